"""Esencia spent (issue 18 item 9): tracked only.

The texts name Esencia and its maximum on the sheet but give no rule for what it buys (no
spell list, no costs): [D] the bot only counts it — a player says how many points and why,
the GM judges the effect. The check is shared by a combatant and a sheet outside any fight.
"""

from __future__ import annotations

from ..errors import UmbralError
from .combatant import Combatant
from .events import EsenciaSpent


def check_spend(nombre: str, esencia: int, puntos: int) -> int:
    """The Esencia left after spending ``puntos`` of ``esencia``; refused when it can't."""
    if puntos < 1:
        raise UmbralError("Se gasta al menos 1 punto de Esencia.")
    if puntos > esencia:
        if esencia == 0:
            raise UmbralError(f"{nombre} no tiene Esencia que gastar (le quedan 0).")
        raise UmbralError(
            f"{nombre} no tiene tanta Esencia: le quedan {esencia} y quieres gastar {puntos}."
        )
    return esencia - puntos


def spend(c: Combatant, puntos: int, motivo: str) -> EsenciaSpent:
    before = c.esencia
    c.esencia = check_spend(c.nombre, before, puntos)
    return EsenciaSpent(
        f"{c.nombre} gasta {puntos} de Esencia: {before} → {c.esencia}.",
        c.id,
        puntos,
        before,
        c.esencia,
        motivo,
    )
