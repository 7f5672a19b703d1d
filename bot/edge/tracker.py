"""The tracker message: one per encounter, kept up to date after every committed change.

A command asks for it through its context (:meth:`bot.edge.context.Context.show_tracker`,
an after-commit hook of its unit of work); once the command has answered, the context calls
:func:`refresh` or :func:`refresh_elsewhere`, which hand the channel to the background
:class:`~bot.edge.publisher.TrackerPublisher`. Also what the tracker shows as «Se espera a»
(:func:`waiting_of`), read by the publisher and by ``/encuentro pendientes``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.edge.channel_access import (
    closed_thread,
    in_thread,
    map_needs,
    missing,
    refusal,
    tracker_needs,
    tracker_note,
)
from bot.render.tracker import tracker_embed
from bot.render.waiting import waiting_lines
from bot.storage.encounter_info import EncounterInfo
from bot.storage.waiting import waiting
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter

if TYPE_CHECKING:
    from bot.edge.publisher import TrackerPublisher
    from bot.storage import UnitOfWork

log = logging.getLogger(__name__)


#: Where a tracker can be posted and edited: a server's text channels and threads (and a
#: channel known only by id, for a tracker in another channel).
TrackerChannel = (
    discord.TextChannel
    | discord.Thread
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.PartialMessageable
)
TRACKER_CHANNELS = (
    discord.TextChannel,
    discord.Thread,
    discord.VoiceChannel,
    discord.StageChannel,
    discord.PartialMessageable,
)


@dataclass(frozen=True)
class TrackerChange:
    """A committed change of the command's channel's encounter, to show in its tracker:
    ``tracker_id`` the message it had; ``ended``: show the final state; ``repost``: post
    the tracker again at the bottom of the channel (and keep that one up to date)."""

    enc: Encounter
    tracker_id: int | None
    ended: bool = False
    repost: bool = False


async def refresh(
    interaction: discord.Interaction, publisher: TrackerPublisher, change: TrackerChange
) -> None:
    """After a committed change: the channel's tracker is brought up to date in the background
    (:class:`~.publisher.TrackerPublisher`). When the bot may not post it here, the user gets
    a short private note saying which permission is missing — never an error: the change
    was saved."""
    channel = interaction.channel
    if not isinstance(channel, TRACKER_CHANNELS):
        return
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        return
    perms = interaction.app_permissions
    if change.ended:
        embed = tracker_embed(change.enc, ended=True)
        publisher.ended(guild_id, channel_id, channel, perms, change.tracker_id, embed)
        return
    lacking = missing(perms, tracker_needs(in_thread(interaction)))
    closed = closed_thread(interaction) or ""
    if lacking or closed:
        note = tracker_note(lacking) if lacking else f"Hecho, pero {closed[:1].lower()}{closed[1:]}"
        try:
            await interaction.followup.send(note, ephemeral=True)
        except discord.HTTPException:
            log.warning("No se pudo avisar de los permisos que faltan", exc_info=True)
        return
    publisher.changed(
        guild_id, channel_id, channel, perms, repost=change.repost, committed=change.enc
    )


def refresh_elsewhere(
    interaction: discord.Interaction, publisher: TrackerPublisher, channel_id: int
) -> None:
    """The encounter of another channel changed (a character moved out of it, or its sheet
    changed): its tracker is brought up to date in the background too. The bot's permissions
    there come from discord.py's cache; where it may not post the tracker nothing is asked of
    Discord (the next command in that channel says what is missing). A channel not in the
    cache gets its tracker edited (or posted again), never pinned."""
    guild_id = interaction.guild_id
    if guild_id is None:
        return
    guild = interaction.client.get_guild(guild_id)
    target = guild.get_channel_or_thread(channel_id) if guild is not None else None
    me = guild.me if guild is not None else None
    if isinstance(target, discord.TextChannel | discord.Thread) and me is not None:
        perms = target.permissions_for(me)
        lacking = missing(perms, tracker_needs(isinstance(target, discord.Thread)))
        if lacking:
            log.info("No actualizo el tracker del canal %s: me falta %s", channel_id, lacking)
            return
        publisher.changed(guild_id, channel_id, target, perms)
        return
    channel = interaction.client.get_partial_messageable(channel_id, guild_id=guild_id)
    publisher.changed(guild_id, channel_id, channel, None)


def require_channel_permissions(
    interaction: discord.Interaction, what: str, *, board: bool
) -> None:
    """Refuse (before anything is created) when the bot can't show the encounter here."""
    thread = in_thread(interaction)
    lacking = missing(
        interaction.app_permissions, map_needs(thread) if board else tracker_needs(thread)
    )
    if lacking:
        raise UmbralError(refusal(what, lacking))
    closed = closed_thread(interaction)
    if closed:
        raise UmbralError(closed)


async def waiting_of(
    uow: UnitOfWork, enc: Encounter, info: EncounterInfo | None = None
) -> list[str]:
    """The «Se espera a» lines of the unit's encounter (its times read in that unit); of
    another channel's encounter read in this unit when its ``info`` is given."""
    info = info or uow.encounter.current_info
    lines = waiting_without_rows(enc, info)
    if lines is not None:
        return lines
    times = await waiting(uow.session, info.id, info.phase_since)
    return waiting_lines(enc, times.phase_since, times.pending_since)


def waiting_without_rows(enc: Encounter, info: EncounterInfo) -> list[str] | None:
    """The «Se espera a» lines when there is no pending defense (only those have times of
    their own, read from the rows); ``None`` when there is one."""
    return None if enc.pending else waiting_lines(enc, info.phase_since, {})
