"""``/ficha importar`` and ``/ficha exportar``: a player's characters to and from files."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.features.bestiario.files import Conflictos, read_attachment
from bot.features.common import send
from bot.features.dados.service import import_saved, saved_entry, saved_note
from bot.features.fichas.custodia import gm_in_guild, kept_character
from bot.features.fichas.files import (
    entry_of,
    export_characters,
    import_characters,
    parse_sheet,
)
from bot.features.fichas.lookup import owner_text
from bot.render.fichas import notice_embed
from bot.render.party import for_owner_embed
from bot.render.safe import shown
from bot.sheetfiles import CHARACTERS, ExportFormat, filename_for
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError

if TYPE_CHECKING:
    from bot.edge.context import Context


def for_someone_else(interaction: discord.Interaction, dueno: discord.abc.User | None) -> bool:
    return dueno is not None and dueno.id != interaction.user.id


async def require_custody(
    uow: UnitOfWork, interaction: discord.Interaction, dueno: discord.abc.User | None
) -> None:
    """Someone else's characters (``dueno``) are the GM's to import or export."""
    if for_someone_else(interaction, dueno) and not await gm_in_guild(uow, interaction):
        raise UmbralError("Solo puedes elegir tus propios personajes.")
    if dueno is not None and dueno.bot:
        raise UmbralError("Un bot no puede tener personajes.")


async def run_import(
    ctx: Context,
    archivo: discord.Attachment,
    conflictos: Conflictos | None,
    dueno: discord.abc.User | None = None,
) -> None:
    """``/ficha importar``: the characters go to the user, or (the GM) to ``dueno``."""
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    await interaction.response.defer(ephemeral=True, thinking=True)
    entries, saved = await parse_sheet(await read_attachment(archivo), archivo.filename)
    owner = interaction.user.id if dueno is None else dueno.id
    other = for_someone_else(interaction, dueno)
    whose = f"entre los personajes de {owner_text(owner)}" if other else "entre tus personajes"
    rolls_whose = (
        f"Entre las tiradas guardadas de {owner_text(owner)}"
        if other
        else "Entre tus tiradas guardadas"
    )
    async with ctx.storage.guild(guild_id) as uow:
        await require_custody(uow, interaction, dueno)
        result = await import_characters(uow, owner, entries, conflictos, whose=whose)
        rolls = await import_saved(uow, owner, saved, conflictos, rolls_whose)
    lines = (result.lines("personajes") if entries else []) + rolls.lines()
    embed = (
        for_owner_embed("Personajes importados", owner, lines)
        if other
        else notice_embed("Personajes importados", "\n".join(lines))
    )
    await send(interaction, embed=embed, ephemeral=True)


async def run_export(
    ctx: Context,
    personaje: str | None,
    formato: ExportFormat,
    dueno: discord.abc.User | None = None,
) -> None:
    """``/ficha exportar``: one character or all of the user's (the GM: anyone's)."""
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        owner = interaction.user.id if dueno is None else dueno.id
        if personaje:
            rows = [await kept_character(uow, interaction, personaje, dueno)]
        else:
            await require_custody(uow, interaction, dueno)
            rows = await uow.characters.list_for_owner(owner)
        entries = [entry_of(row) for row in rows]
        owners = {row.owner_id for row in rows} or {owner}
        # the player's saved rolls go with their characters (YAML and JSON)
        saved = await uow.saved_rolls.of(next(iter(owners))) if len(owners) == 1 else []
    carried = [] if formato == "csv" else [saved_entry(s) for s in saved]
    if not entries and not carried:
        if for_someone_else(interaction, dueno):
            assert dueno is not None
            raise UmbralError(
                f"{owner_text(dueno.id)} no tiene personajes en este servidor.", formatted=True
            )
        raise UmbralError("No tienes personajes en este servidor: crea uno con /ficha crear.")
    data = await export_characters(entries, formato, carried)
    file = discord.File(io.BytesIO(data), filename=filename_for(CHARACTERS, formato))
    names = ", ".join(shown(e.nombre) for e in entries[:10]) + ("…" if len(entries) > 10 else "")
    mine = owners == {interaction.user.id}
    whose = (
        "Tus personajes"
        if mine
        else f"Personajes de {', '.join(owner_text(o) for o in sorted(owners))}"
    )
    text = f"{whose}: {names}." if entries else f"{whose}: ninguno."
    await interaction.followup.send(
        text + saved_note(len(saved), formato, mine), file=file, ephemeral=True
    )
