"""Rank over power: the letters (renameable per world) and who is stronger.

«El rango es logarítmico: diez puntos de diferencia entre dos guerreros significa que uno
es diez veces más poderoso que el otro.»
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .tables import CIEN_VECES, PODER_MAXIMO, PUNTOS_POR_RANGO, RANGOS, RANGOS_DE_PERSONAJE


@dataclass(frozen=True)
class RankNames:
    """The nine names of the ranks, weakest first (D … SSS, then X and XX for the world).

    «El mundo de un creador puede dar a los rangos sus propios nombres»: the rules take
    them as data."""

    names: tuple[str, ...] = RANGOS

    def __post_init__(self) -> None:
        cleaned = tuple(n.strip() for n in self.names)
        if len(cleaned) != len(RANGOS):
            raise UmbralError(
                f"Hacen falta {len(RANGOS)} nombres de rango (D, C, B, A, S, SS, SSS, X, XX); "
                f"se dieron {len(cleaned)}."
            )
        if any(not n for n in cleaned):
            raise UmbralError("Un nombre de rango no puede estar vacío.")
        if len({n.casefold() for n in cleaned}) != len(cleaned):
            raise UmbralError("Dos rangos no pueden llamarse igual.")
        object.__setattr__(self, "names", cleaned)

    def of(self, poder: int) -> str:
        """The name of the rank that ``poder`` falls in."""
        return self.names[rank_index(poder)]

    def to_list(self) -> list[str]:
        return list(self.names)

    @classmethod
    def from_list(cls, data: Sequence[Any] | None) -> RankNames:
        return cls() if not data else cls(tuple(str(n) for n in data))


def check_poder(poder: int, *, world: bool = False) -> None:
    """A character's power stays within D … SSS; X and XX are only for the world."""
    top = PODER_MAXIMO if world else PUNTOS_POR_RANGO * RANGOS_DE_PERSONAJE - 1
    if not 0 <= poder <= top:
        if not world and 0 <= poder <= PODER_MAXIMO:
            raise UmbralError(
                f"Un poder de {poder} es de rango X o XX: esos rangos son solo para cosas del "
                f"mundo, nunca para un personaje (el poder de un personaje va de 0 a {top})."
            )
        raise UmbralError(f"El poder va de 0 a {top} (se dio {poder}).")


def rank_index(poder: int) -> int:
    """0 for D … 8 for XX."""
    return max(0, min(len(RANGOS) - 1, poder // PUNTOS_POR_RANGO))


class Diferencia(Enum):
    """Who is stronger, from the seed's table, seen from the one who acts."""

    MUY_POR_ENCIMA = "muy_por_encima"
    ALGO_POR_ENCIMA = "algo_por_encima"
    IGUALADOS = "igualados"
    POR_DEBAJO = "por_debajo"
    MUY_POR_DEBAJO = "muy_por_debajo"
    CIEN_VECES = "cien_veces"

    @property
    def grado(self) -> int:
        """Its grade on the chance: «hasta +12 … hasta −10»."""
        return _DIFERENCIA[self][1]

    @property
    def dicho(self) -> str:
        """«Lo que se te dice»."""
        return _DIFERENCIA[self][2]

    @property
    def can_harm(self) -> bool:
        """«Nada de lo que hagas puede herirlo.»"""
        return self is not Diferencia.CIEN_VECES


#: [D] The steps between: (lowest difference of power, grade, what you are told).
_DIFERENCIA: Mapping[Diferencia, tuple[int, int, str]] = {
    Diferencia.MUY_POR_ENCIMA: (PUNTOS_POR_RANGO, 12, "Por debajo de ti."),
    Diferencia.ALGO_POR_ENCIMA: (4, 6, "ventaja"),
    Diferencia.IGUALADOS: (-3, 0, "igualados"),
    Diferencia.POR_DEBAJO: (-9, -5, "superado"),
    Diferencia.MUY_POR_DEBAJO: (-CIEN_VECES + 1, -10, "Suicida."),
    Diferencia.CIEN_VECES: (-10_000, -10, "no puede dañar de forma significativa"),
}


def diferencia(own: int, theirs: int) -> Diferencia:
    """The row of the seed's table for ``own`` power against ``theirs``."""
    gap = own - theirs
    for row, (low, _, _) in _DIFERENCIA.items():
        if gap >= low:
            return row
    raise AssertionError("unreachable")  # pragma: no cover


def ratio(own: int, theirs: int) -> float:
    """How many times more powerful: ten points are ten times."""
    return float(10 ** ((own - theirs) / PUNTOS_POR_RANGO))
