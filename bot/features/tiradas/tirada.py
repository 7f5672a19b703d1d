"""Who makes a ``/tirada`` and where its answer goes.

Without ``personaje`` the roller is the player's character in this channel's encounter if
there is one, else their active character; with it, one of theirs by name (the GM: anyone's).
Name and numbers always come from that one character: inside the encounter, its combatant
(which mirrors its sheet).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.edge.context import is_gm
from bot.features.common import send, ventaja_sources
from bot.features.fichas.lookup import custody_character
from bot.features.system import guild_estados_extra, own_combatants
from bot.features.tiradas.contra import Contra
from bot.render.safe import shown
from bot.storage import character_sheet
from umbral_rules import (
    CharacterSheet,
    DiceSource,
    Modifier,
    TiradaResult,
    UmbralError,
    oficio_modifier,
    tirada,
)
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.ambitos import require_ambitos, tirada_desventajas
from umbral_rules.rolls import Static
from umbral_rules.tables import ATRIBUTO_LABELS
from umbral_rules.tiradas import tirada_against, umbral_name

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

PRIVATE_FOOTER = "Tirada privada: la ves tú y el máster"


@dataclass
class Roller:
    nombre: str
    sheet: CharacterSheet
    combatant: Combatant | None
    #: The character's own estados (outside an encounter; inside, its combatant has them).
    estados: tuple[str, ...] = ()
    #: For the agreement of its messages (None: not said, masculine).
    genero: str | None = None
    #: The character's id (for the roll log).
    character_id: int | None = None


async def roller(
    uow: UnitOfWork,
    interaction: discord.Interaction,
    enc: Encounter | None,
    personaje: str | None,
    gm_role_id: int | None,
    dueno: discord.abc.User | None = None,
) -> Roller:
    user_id = interaction.user.id
    if personaje or (dueno is not None and dueno.id != user_id):
        gm = is_gm(interaction, gm_role_id, uow.encounter.current_info.creator_id if enc else None)
        row = await custody_character(uow, interaction, personaje, dueno, gm=gm)
        found = [c for c in enc.combatants if c.character_id == row.id] if enc else []
        if found and found[0].sheet is not None:
            c, sheet = found[0], found[0].sheet
            return Roller(c.nombre, sheet, c, genero=c.genero, character_id=row.id)
        estados = tuple(map(str, row.estados))
        return Roller(
            row.nombre, character_sheet(row), None, estados, genero=row.genero, character_id=row.id
        )
    mine = [c for c in own_combatants(enc, user_id) if c.is_pc] if enc is not None else []
    if mine and mine[0].sheet is not None:
        c, sheet = mine[0], mine[0].sheet
        return Roller(c.nombre, sheet, c, genero=c.genero, character_id=c.character_id)
    active = await uow.characters.active(user_id)
    if active is None:
        raise UmbralError(
            "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."
        )
    estados = tuple(map(str, active.estados))
    return Roller(
        active.nombre,
        character_sheet(active),
        None,
        estados,
        genero=active.genero,
        character_id=active.id,
    )


async def deliver(
    interaction: discord.Interaction,
    embed: discord.Embed,
    privada: bool,
    gm_channel: int | None,
) -> None:
    """The check's answer: public, or private to the roller with a copy in the GM's channel."""
    if privada:
        embed.set_footer(
            text=PRIVATE_FOOTER + (" (enviada a su canal)." if gm_channel else " (en /historial).")
        )
    await send(interaction, embed=embed, ephemeral=privada)
    if privada and gm_channel and interaction.guild_id is not None:
        copy = embed.copy()
        copy.title = f"Tirada privada de {shown(interaction.user.display_name)}: {embed.title}"
        channel = interaction.client.get_partial_messageable(
            gm_channel, guild_id=interaction.guild_id
        )
        await channel.send(embed=copy)


def sheet_tirada(
    roller: Roller,
    extra_estados: Iterable[object] | None,
    dice: DiceSource,
    atributo: str,
    target: int | Static,
    oficio: str | None,
    oficio_cobertura: str,
    ventaja: str | None,
    ambitos: tuple[str, ...],
) -> TiradaResult:
    """A check outside any encounter: the character's sheet and its own estados, read with
    the guild's estados table, against an Umbral or a person's number (``target``)."""
    sheet = roller.sheet
    mods = [Modifier(ATRIBUTO_LABELS[atributo], sheet.atributo(atributo))]
    if oficio:
        nombre, valor = sheet.oficio(oficio)
        mod = oficio_modifier(nombre, valor, oficio_cobertura)
        mods.extend([mod] if mod else [])
    guild = guild_estados_extra(extra_estados)
    ambitos = require_ambitos(guild, sheet.nombre, roller.estados, ambitos, roller.genero)
    vent, desv = ventaja_sources(ventaja)
    desv += tirada_desventajas(guild, roller.estados, ambitos)
    if isinstance(target, Static):
        return tirada_against(dice, mods, target, vent, desv)
    return tirada(dice, mods, target, vent, desv)


def what_text(atributo: str, umbral: int | None, against: Contra | None) -> str:
    """«Vigor contra Umbral Peliaguda (12)», «Vigor: resiste a Bran»… (for an embed's title:
    the name escaped)."""
    label = ATRIBUTO_LABELS[atributo]
    if against is None:
        return f"{label} contra Umbral {umbral_name(umbral or 0)}"
    if against.enemy_resists:
        return f"{label}: empuja a {shown(against.nombre)}, que resiste"
    return f"{label}: resiste a {shown(against.nombre)}"
