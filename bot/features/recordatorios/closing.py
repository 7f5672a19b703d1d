"""The rounds that close by themselves when their window runs out (issue 46: the graded
fight's), run in the reminders' task's rounds (:mod:`.scheduler`): each is closed as its
game system says (:meth:`bot.edge.systems.Systems.close`), by the bot acting by itself
(:class:`~bot.edge.unattended.Unattended`), in the process of the guild's shard — another
process's only once overdue by a claim's lease (its process is down; a second try finds the
round already closed: the close is one versioned transaction)."""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta

import discord

from bot.edge.services import Services
from bot.edge.unattended import Unattended
from bot.features.delivery import shard_scope
from bot.storage import UnitOfWork
from bot.storage.closing import closing_due
from bot.storage.unit import operation

log = logging.getLogger(__name__)

#: What ``/deshacer`` names a round the bot closed by itself: the GM's command that does it.
CLOSING_COMMAND = "asalto"
#: A round that failed to close is looked at again this much later.
RETRY_S = 60


class RoundCloser:
    """Closes the rounds due of the guilds this process sees to (:func:`shard_scope`)."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services

    async def run_due(self, now: datetime) -> int:
        """Close every round due by ``now``; how many were looked at."""
        storage = self.services.storage
        if storage is None:
            return 0
        async with storage.across_guilds() as session:
            due = await closing_due(session, now, shard_scope(self.client))
        done = 0
        for round_ in due:
            caller = Unattended(self.client, self.services, round_.guild_id, round_.channel_id, now)
            try:
                with operation(CLOSING_COMMAND, caller.user_id):
                    await self.services.systems.close(round_.system, caller)
            except Exception:
                log.exception("No se pudo cerrar la ronda del canal %s", round_.channel_id)
                await self._later(round_.guild_id, round_.channel_id, now)
                continue
            caller.finish()
            done += 1
        return done

    async def _later(self, guild_id: int, channel_id: int, now: datetime) -> None:
        """Look at a round that failed to close again :data:`RETRY_S` later (not at once:
        the task would try it every second)."""

        async def later(uow: UnitOfWork) -> None:
            if await uow.encounter.facts() is not None:
                await uow.encounter.close_at(now + timedelta(seconds=RETRY_S))

        with contextlib.suppress(Exception):  # (logged by the caller; tried again later)
            await self.services.require_storage().run_in_channel(guild_id, channel_id, later)
