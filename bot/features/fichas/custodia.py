"""The GM's custody of the server's characters: the ``/ficha`` commands that change
or read a sheet take ``personaje`` and ``dueño``; the GM reaches any character of the server,
a player only their own (naming someone else as ``dueño`` is refused).

Also ``/ficha oficio``, ``/ficha arma`` and ``/ficha editar``, which change a sheet so reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.edge.context import is_gm
from bot.features.common import send
from bot.features.fichas.editar import Edit, apply_edit, put_weapon, remove_weapon, set_oficio
from bot.features.fichas.follow import follow_sheet
from bot.features.fichas.lookup import custody_character
from bot.features.fichas.vida import require_editable
from bot.render.fichas import notice_embed, weapon_text
from bot.storage.models import Character
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError, Weapon
from umbral_rules.sheets import validate_oficio
from umbral_rules.text import clean_name

if TYPE_CHECKING:
    from bot.edge.context import Context

#: ``/ficha arma``'s classes, with their Potencia.
CLASE_CHOICES = [
    app_commands.Choice(name="Daga (2)", value="daga"),
    app_commands.Choice(name="Arma de mano (4)", value="mano"),
    app_commands.Choice(name="Arma de dos manos (6)", value="dos_manos"),
    app_commands.Choice(name="Arco (4)", value="arco"),
    app_commands.Choice(name="Ballesta (5)", value="ballesta"),
    app_commands.Choice(name="Pólvora (7)", value="polvora"),
]
DUENO_HELP = "Máster: de quién es el personaje (los jugadores, solo los suyos)"


async def gm_in_guild(uow: UnitOfWork, interaction: discord.Interaction) -> bool:
    """Whether the user is the server's GM (its GM role, or «Gestionar servidor»)."""
    return is_gm(interaction, (await uow.guild.get()).gm_role_id)


async def kept_character(
    uow: UnitOfWork,
    interaction: discord.Interaction,
    personaje: str | None,
    dueno: discord.abc.User | None,
) -> Character:
    """The character a ``/ficha`` command works on: the user's own (by name, or the active
    one); the GM's, any character of the server (``dueno`` says whose when names clash)."""
    gm = await gm_in_guild(uow, interaction) if _needs_gm(interaction, personaje, dueno) else False
    row: Character = await custody_character(uow, interaction, personaje, dueno, gm=gm)
    return row


def _needs_gm(
    interaction: discord.Interaction, personaje: str | None, dueno: discord.abc.User | None
) -> bool:
    """Whether the GM question matters (a player's own active character needs no settings)."""
    return bool(personaje) or (dueno is not None and dueno.id != interaction.user.id)


async def run_oficio(
    ctx: Context,
    nombre: str,
    valor: int | None,
    personaje: str | None,
    dueno: discord.abc.User | None,
    quitar: bool,
) -> None:
    """``/ficha oficio``: set (or, with ``quitar``, remove) an Oficio of a sheet."""
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    nombre = clean_name(nombre, "El nombre del Oficio")
    if not quitar:
        if valor is None:
            raise UmbralError("Di el valor del Oficio (0 a 5), o quitar:sí para quitarlo.")
        validate_oficio(nombre, valor)
    await interaction.response.defer(thinking=True)
    async with ctx.storage.guild(guild_id) as uow:
        row = await kept_character(uow, interaction, personaje, dueno)
        title = set_oficio(row, nombre, valor, quitar)
    await send(
        interaction,
        embed=notice_embed(title, f"Anotado en la ficha de {row.nombre}."),
    )
    await follow_sheet(ctx, row.encounter_id)


async def run_arma(
    ctx: Context,
    nombre: str,
    clase: str | None,
    atributo: str | None,
    potencia: int | None,
    cualidades: str | None,
    kept: tuple[str | None, discord.abc.User | None],
    quitar: bool,
) -> None:
    """``/ficha arma``: add or update a weapon, or (``quitar``) remove the one so named;
    ``kept``: the command's ``personaje`` and ``dueño``."""
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    weapon = None
    if not quitar:
        if clase is None:
            raise UmbralError("Di la clase del arma, o quitar:sí para quitarla.")
        quals = [q for q in (cualidades or "").replace(";", ",").split(",") if q.strip()]
        weapon = Weapon.make(
            clean_name(nombre, "El nombre del arma"), clase, atributo, potencia, quals
        )
    await interaction.response.defer(thinking=True)
    async with ctx.storage.guild(guild_id) as uow:
        row = await kept_character(uow, interaction, *kept)
        require_editable(row)
        if weapon is None:
            notice = notice_embed(f"{remove_weapon(row, nombre)} quitada de {row.nombre}")
        else:
            updated = put_weapon(row, weapon)
            notice = notice_embed(
                f"Arma {'cambiada' if updated else 'para'} {row.nombre}", weapon_text(weapon)
            )
    await send(interaction, embed=notice)
    await follow_sheet(ctx, row.encounter_id)


async def run_edit(
    ctx: Context,
    edit: Edit,
    personaje: str | None,
    dueno: discord.abc.User | None = None,
) -> None:
    """``/ficha editar``: the sheet changes, and so does its running encounter at once (the
    GM may edit any character of the server)."""
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    await interaction.response.defer(thinking=True)
    async with ctx.storage.guild(guild_id) as uow:
        row = await kept_character(uow, interaction, personaje, dueno)
        lines = apply_edit(row, edit)
    await send(interaction, embed=notice_embed(f"Ficha de {row.nombre}", "\n".join(lines)))
    await follow_sheet(ctx, row.encounter_id)
