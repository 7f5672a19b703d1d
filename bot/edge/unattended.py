"""The bot acting by itself in a channel, with no command behind it: a graded fight's round
whose window ran out is closed by the reminders' task (issue 46). It runs the same path as
a command (:func:`bot.edge.path.run_step`, as the :class:`~bot.edge.path.Caller` it asks
for): its rolls are logged under the bot's own user, nobody's permission is checked (the
bot does what the rules and the GM's settings say), its reply is posted in the channel by
the channel's id over HTTP by the game (as the reminders are) and the channel's tracker is
brought up to date once the change has committed, as a command's is.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.edge.channel_access import TrackerChange
from bot.edge.context import ShowsTrackers
from bot.render.tracker import tracker_embed
from bot.render.trackers import system_tracker
from umbral_rules import DiceSource
from umbral_rules.encounter import Encounter

if TYPE_CHECKING:
    from bot.edge.services import Services
    from bot.storage import Storage


class Unattended(ShowsTrackers):
    """The bot in one channel at ``now`` (its clock: the console's, in the console)."""

    def __init__(
        self,
        client: discord.Client,
        services: Services,
        guild_id: int,
        channel_id: int,
        now: datetime,
    ) -> None:
        self.client = client
        self.services = services
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.now = now
        self._here: list[TrackerChange] = []

    @property
    def storage(self) -> Storage:
        return self.services.require_storage()

    @property
    def dice(self) -> DiceSource:
        return self.services.dice

    @property
    def user_id(self) -> int:
        """The bot's own user: the one its rolls are logged under."""
        user = self.client.user
        return 0 if user is None else user.id

    def ids(self) -> tuple[int, int]:
        return self.guild_id, self.channel_id

    def require(self, gm_role_id: int | None, creator_id: int | None = None) -> None:
        """Nobody to check: the bot acts as the rules and the GM's settings say."""

    def finish(self) -> None:
        """After the change committed: the channel's tracker, in the background."""
        here, self._here = self._here, []
        publisher = self.services.trackers
        channel = self.client.get_partial_messageable(self.channel_id, guild_id=self.guild_id)
        for change in here:
            if not change.ended:
                publisher.changed(
                    self.guild_id, self.channel_id, channel, None, committed=change.enc
                )
                continue
            if isinstance(change.enc, Encounter):
                embed = tracker_embed(change.enc, ended=True)
            else:
                embed = system_tracker(change.system, change.enc, ended=True)
            publisher.ended(self.guild_id, self.channel_id, channel, None, change.tracker_id, embed)
