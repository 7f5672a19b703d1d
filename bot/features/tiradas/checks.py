"""Who makes a ``/tirada`` and where its answer goes.

Without ``personaje`` the roller is the player's character in this channel's encounter if
there is one, else their active character; with it, one of theirs by name (the GM: anyone's).
Name and numbers always come from that one character: inside the encounter, its combatant
(which mirrors its sheet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.features.combate.acting import own_combatants
from bot.features.common import send
from bot.features.encuentro.joining import joining_character
from bot.permissions import is_gm
from bot.render.safe import shown
from bot.storage import character_sheet
from umbral_rules import CharacterSheet, UmbralError
from umbral_rules.encounter import Combatant, Encounter

PRIVATE_FOOTER = "Tirada privada: la ves tú y el máster"


@dataclass
class Roller:
    nombre: str
    sheet: CharacterSheet
    combatant: Combatant | None
    #: The character's own estados (outside an encounter; inside, its combatant has them).
    estados: tuple[str, ...] = ()
    #: The character's id (for the roll log).
    character_id: int | None = None


async def roller(
    uow: Any,
    interaction: discord.Interaction,
    enc: Encounter | None,
    personaje: str | None,
    gm_role_id: int | None,
) -> Roller:
    user_id = interaction.user.id
    if personaje:
        gm = is_gm(interaction, gm_role_id, uow.encounter.info.creator_id if enc else None)
        row = await joining_character(uow, user_id, personaje, gm)
        found = [c for c in enc.combatants if c.character_id == row.id] if enc else []
        if found and found[0].sheet is not None:
            return Roller(found[0].nombre, found[0].sheet, found[0], character_id=row.id)
        return Roller(row.nombre, character_sheet(row), None, tuple(map(str, row.estados)), row.id)
    mine = [c for c in own_combatants(enc, user_id) if c.is_pc] if enc is not None else []
    if mine and mine[0].sheet is not None:
        return Roller(mine[0].nombre, mine[0].sheet, mine[0], character_id=mine[0].character_id)
    row = await uow.characters.active(user_id)
    if row is None:
        raise UmbralError(
            "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."
        )
    return Roller(row.nombre, character_sheet(row), None, tuple(map(str, row.estados)), row.id)


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
