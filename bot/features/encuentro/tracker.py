"""The tracker message: one per encounter, edited in place after every change."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.features.common import choices, ids, storage_of
from bot.render.tracker import tracker_embed
from bot.render.waiting import waiting_lines
from bot.storage.waiting import waiting

log = logging.getLogger(__name__)


async def refresh_tracker(
    interaction: discord.Interaction, enc: Any, tracker_id: int | None, *, ended: bool = False
) -> None:
    """Edit the tracker in place; post a new one (and remember it) if it is gone."""
    channel: Any = interaction.channel
    if channel is None or not hasattr(channel, "send"):
        return
    embed = tracker_embed(
        enc, ended=ended, waiting=[] if ended else await _waiting(interaction, enc)
    )
    if tracker_id is not None:
        try:
            await channel.get_partial_message(tracker_id).edit(embed=embed)
            return
        except discord.NotFound:
            log.info("El mensaje del tracker %s ya no existe: se publica otro", tracker_id)
        except discord.HTTPException:
            log.warning("No se pudo editar el tracker %s", tracker_id, exc_info=True)
            return
    if ended:
        return
    message = await channel.send(embed=embed)
    guild_id, channel_id = ids(interaction)
    async with storage_of(interaction).channel(guild_id, channel_id) as uow:
        if await uow.encounter.get() is not None:
            await uow.encounter.set_tracker_message(message.id)


async def waiting_of(uow: Any, enc: Any) -> list[str]:
    """The «Se espera a» lines of the unit's encounter (its times read in that unit)."""
    info = uow.encounter.info
    times = await waiting(uow.session, info.id, info.phase_since)
    return waiting_lines(enc, times.phase_since, times.pending_since)


async def _waiting(interaction: discord.Interaction, enc: Any) -> list[str]:
    guild_id, channel_id = ids(interaction)
    async with storage_of(interaction).channel(guild_id, channel_id) as uow:
        if await uow.encounter.get() is None:
            return []
        return await waiting_of(uow, enc)


async def autocomplete_combatant(
    interaction: discord.Interaction, current: str
) -> list[discord.app_commands.Choice[str]]:
    """Combatants of this channel's encounter."""
    guild_id, channel_id = ids(interaction)
    async with storage_of(interaction).channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.get()
    return choices([c.nombre for c in enc.combatants] if enc is not None else [], current)
