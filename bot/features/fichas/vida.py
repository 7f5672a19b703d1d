"""Death and retirement of characters.

A character whose secuelas say «Muerte» is marked dead on its sheet (the encounter writes it
back, see :mod:`bot.storage.sheet_link`); it keeps its sheet in the archive but joins no
encounter. [D] The texts have no resurrection rule: ``/ficha revivir`` is the GM's word. A
retired character is kept, read-only, and out of ``/ficha lista`` unless asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.features.common import send
from bot.features.fichas.lookup import named_character
from bot.render.fichas import notice_embed
from bot.storage.models import VITAL_ACTIVE, VITAL_DEAD, VITAL_RETIRED, Character
from umbral_rules import UmbralError
from umbral_rules.genero import agree

if TYPE_CHECKING:
    from bot.edge.context import Context

LABELS = {VITAL_DEAD: "muerto", VITAL_RETIRED: "retirado"}


def vital_label(row: Character) -> str | None:
    """«muerto» / «retirado», or None for a character in play (the key: compare with this)."""
    return LABELS.get(row.estado_vital)


def vital_shown(row: Character) -> str | None:
    """:func:`vital_label` as shown, agreeing with the character («muerta», «retirada»)."""
    label = vital_label(row)
    return None if label is None else agree(row.genero, label, label[:-1] + "a")


def require_editable(row: Character) -> None:
    """A retired character is read-only."""
    if row.estado_vital == VITAL_RETIRED:
        raise UmbralError(
            f"{row.nombre} se ha retirado: su ficha solo se puede ver o exportar "
            f"(el máster puede {agree(row.genero, 'traerlo', 'traerla')} de vuelta con "
            "/ficha revivir)."
        )


def revive(row: Character) -> str:
    """[D] The GM's word brings a dead or retired character back into play."""
    if row.estado_vital == VITAL_ACTIVE:
        raise UmbralError(
            f"{row.nombre} no está {agree(row.genero, 'muerto ni retirado', 'muerta ni retirada')}."
        )
    was = row.estado_vital
    row.estado_vital = VITAL_ACTIVE
    if was == VITAL_DEAD:
        return f"{row.nombre} vuelve a la vida por decisión del máster (Aguante {row.aguante})."
    return f"{row.nombre} vuelve a la campaña."


def retire(row: Character) -> str:
    if row.estado_vital == VITAL_RETIRED:
        raise UmbralError(f"{row.nombre} ya se había retirado.")
    if row.encounter_id is not None:
        lo = agree(row.genero, "lo", "la")
        raise UmbralError(
            f"{row.nombre} está en un encuentro: sáca{lo} con /encuentro quitar antes de "
            f"retirar{lo}."
        )
    row.estado_vital = VITAL_RETIRED
    row.is_active = False
    return f"{row.nombre} se retira: su ficha se guarda, sin cambios, fuera de /ficha lista."


async def run_vida(
    ctx: Context,
    personaje: str,
    dueno: discord.abc.User | None,
    change: Callable[[Character], str],
) -> None:
    """``/ficha revivir`` / ``retirar`` (the GM): the named character of the server."""
    interaction = ctx.interaction
    guild_id = ctx.guild_id
    await interaction.response.defer(thinking=True)
    async with ctx.storage.guild(guild_id) as uow:
        ctx.require((await uow.guild.get()).gm_role_id)
        row = await named_character(uow, interaction, personaje, dueno, others_allowed=True)
        text = change(row)
    await send(interaction, embed=notice_embed(text))
