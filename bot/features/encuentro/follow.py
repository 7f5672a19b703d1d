"""A sheet changed outside its encounter (``/ficha editar``, ``oficio``, ``arma``): the
encounter takes it at once and its tracker shows it."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.features.common import storage_of
from bot.render.tracker import tracker_embed
from bot.storage.sheet_link import channel_of

log = logging.getLogger(__name__)


async def follow_sheet(interaction: discord.Interaction, encounter_id: int | None) -> None:
    """Save the encounter ``encounter_id`` (reading it copies the changed sheet into its
    combatant) and edit its tracker."""
    guild_id = interaction.guild_id
    if encounter_id is None or guild_id is None:
        return
    storage = storage_of(interaction)
    async with storage.guild(guild_id) as uow:
        channel_id = await channel_of(await uow.session.connection(), guild_id, encounter_id)
    if channel_id is None:
        return

    async def work(uow: Any) -> tuple[Any, int | None] | None:
        enc = await uow.encounter.get()
        if enc is None or uow.encounter.info.id != encounter_id:
            return None
        await uow.encounter.save(enc)
        return enc, uow.encounter.info.tracker_message_id

    found = await storage.run_in_channel(guild_id, channel_id, work)
    if found is None or found[1] is None:
        return
    channel = interaction.client.get_partial_messageable(channel_id, guild_id=guild_id)
    try:
        await channel.get_partial_message(found[1]).edit(embed=tracker_embed(found[0]))
    except discord.HTTPException:
        log.warning("No se pudo editar el tracker de <#%s>", channel_id, exc_info=True)
