"""``/ficha crear``: a new character, active at once; typed without options, its form (two
pages: the name and the four attributes, then protection and the rest)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.features.common import send
from bot.features.fichas.shared import sheet_embed
from bot.features.forms import FormSpec
from bot.render.safe import shown
from umbral_rules import CharacterSheet
from umbral_rules.genero import agree

if TYPE_CHECKING:
    from bot.edge.context import Context

ATTRIBUTES = ("vigor", "destreza", "percepcion", "voluntad")
CREAR_FORM = FormSpec(
    "Crear ficha",
    (("nombre", *ATTRIBUTES), ("proteccion", "aguante_extra", "aliento", "genero")),
    frozenset({"nombre", *ATTRIBUTES, "proteccion"}),
    {"genero": "Género"},
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
