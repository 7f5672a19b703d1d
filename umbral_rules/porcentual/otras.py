"""The rolls the seed asks of other actions: a competencia for an action (Tretas with Pelea,
Trepar before climbing, Correr for a carrera, Saltar, Cabalgar on a moving horse) with the
GM's modifiers, and catching a thrown object with Agilidad x5."""

from __future__ import annotations

from collections.abc import Sequence

from ..dice import DiceSource
from ..errors import UmbralError
from .asalto import Result, actuar, puede_actuar
from .estado import Combate
from .eventos import TiradaHecha
from .fichas import AGILIDAD
from .modificadores import ATRAPAR_AGILIDAD, porcentaje
from .tiradas import percentile_against


def tirada_de_accion(
    combate: Combate,
    dice: DiceSource,
    cid: str,
    indice: int,
    competencia: str,
    modificadores: Sequence[tuple[str, int]] = (),
) -> Result:
    """Do the declared action ``indice`` rolling ``competencia`` with the GM's modifiers
    («realizando una tirada de Pelea con los modificadores oportunos»). The effects of a
    Treta are the GM's: «el Director de Juego deberá determinar los efectos concretos»."""
    asalto = combate.asalto
    if asalto is None:
        raise UmbralError("No hay ningún asalto en curso.")
    act = puede_actuar(asalto, cid, indice)
    c = combate.combatiente(cid)
    pct = porcentaje(competencia, c.ficha.competencia(competencia), tabla=modificadores)
    combate, events = actuar(combate, cid, indice)
    roll = percentile_against(dice, pct.final, pct.base)
    steps = "".join(f" {v:+d} {n}" for n, v in modificadores)
    text = (
        f"{cid}: {act.ficha.nombre}, {competencia} {pct.base}%{steps} = {roll.target}%, "
        f"saca {roll.roll} ({roll.label})."
    )
    events.append(TiradaHecha(text, cid, act.ficha.nombre, pct, roll))
    return combate, events


def atrapar(combate: Combate, dice: DiceSource, cid: str) -> TiradaHecha:
    """Dar Objeto arrojado: «la persona que lo recoge otra de Agilidad x5 para atraparlo»."""
    c = combate.combatiente(cid)
    value = c.ficha.caracteristica(AGILIDAD) * ATRAPAR_AGILIDAD
    pct = porcentaje("Agilidad x5", value)
    roll = percentile_against(dice, value)
    text = f"{cid}: atrapar, Agilidad x5 = {value}%, saca {roll.roll} ({roll.label})."
    return TiradaHecha(text, cid, "atrapar", pct, roll)
