"""``/ficha importar`` and ``/ficha exportar``: a player's characters to and from files."""

from __future__ import annotations

import io

import discord

from bot.features.bestiario.files import Conflictos, read_attachment
from bot.features.common import send, storage_of
from bot.features.fichas.files import (
    entry_of,
    export_characters,
    import_characters,
    parse_characters,
)
from bot.features.fichas.shared import own_character
from bot.permissions import require_guild
from bot.render.fichas import notice_embed
from bot.sheetfiles import CHARACTERS, Format, filename_for
from umbral_rules import UmbralError


async def run_import(
    interaction: discord.Interaction, archivo: discord.Attachment, conflictos: Conflictos | None
) -> None:
    guild_id = require_guild(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    entries = await parse_characters(await read_attachment(archivo), archivo.filename)
    async with storage_of(interaction).guild(guild_id) as uow:
        result = await import_characters(uow, interaction.user.id, entries, conflictos)
    await send(
        interaction,
        embed=notice_embed("Personajes importados", "\n".join(result.lines("personajes"))),
        ephemeral=True,
    )


async def run_export(
    interaction: discord.Interaction, personaje: str | None, formato: Format
) -> None:
    guild_id = require_guild(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with storage_of(interaction).guild(guild_id) as uow:
        if personaje:
            rows = [await own_character(uow, interaction.user.id, personaje)]
        else:
            rows = await uow.characters.list_for_owner(interaction.user.id)
        entries = [entry_of(row) for row in rows]
    if not entries:
        raise UmbralError("No tienes personajes en este servidor: no hay nada que exportar.")
    data = await export_characters(entries, formato)
    file = discord.File(io.BytesIO(data), filename=filename_for(CHARACTERS, formato))
    names = ", ".join(e.nombre for e in entries[:10]) + ("…" if len(entries) > 10 else "")
    await interaction.followup.send(f"Tus personajes: {names}.", file=file, ephemeral=True)
