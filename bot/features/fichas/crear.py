"""``/ficha crear``: a new character, active at once; typed without options, its form (two
pages: the name and the four attributes, then protection and the rest)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import discord

from bot.features.common import send
from bot.features.fichas.shared import sheet_embed
from bot.features.forms import FormSpec, OptionValue
from bot.render.safe import shown
from umbral_rules import CharacterSheet, UmbralError
from umbral_rules.genero import agree

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.features.cog import FeatureCog

ATTRIBUTES = ("vigor", "destreza", "percepcion", "voluntad")
TAKEN = "Ya tienes un personaje llamado «{}»."


async def name_free(
    cog: FeatureCog, interaction: discord.Interaction, values: Mapping[str, OptionValue]
) -> None:
    """The form's first page: refused when the user already has a character of that name
    (by the name key), before the second page is asked for."""
    nombre = str(values.get("nombre") or "").strip()
    if not nombre or interaction.guild_id is None:
        return
    async with cog.services.require_storage().guild(interaction.guild_id) as uow:
        if await uow.characters.by_name(interaction.user.id, nombre) is not None:
            raise UmbralError(TAKEN.format(nombre))


CREAR_FORM = FormSpec(
    "Crear ficha",
    (("nombre", *ATTRIBUTES), ("proteccion", "aguante_extra", "aliento", "genero")),
    frozenset({"nombre", *ATTRIBUTES, "proteccion"}),
    {"genero": "Género"},
    first_page=name_free,
)


async def run_crear(
    ctx: Context,
    nombre: str,
    atributos: dict[str, int],
    proteccion: int,
    aguante_extra: int,
    aliento: int,
    genero: str | None,
) -> None:
    interaction = ctx.interaction
    sheet = CharacterSheet(nombre.strip(), atributos, proteccion, aguante_extra=aguante_extra)
    await interaction.response.defer(thinking=True)
    async with ctx.storage.guild(ctx.guild_id) as uow:
        row = await uow.characters.create(
            interaction.user.id,
            sheet.nombre,
            atributos=atributos,
            aguante_max=sheet.aguante_max,
            proteccion=proteccion,
            aguante_extra=aguante_extra,
            aliento_max=aliento,
            genero=genero,
        )
        embed = sheet_embed(row, interaction.user.mention)
    await send(
        interaction,
        content=f"{shown(sheet.nombre)} está {agree(genero, 'listo', 'lista')} "
        "y es tu personaje activo.",
        embed=embed,
    )
