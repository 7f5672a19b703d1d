"""How a d100 falls against a chance: the seven calificaciones of seed 003 and their bands.

This module is the one home of the bands; ``/tirar porcentaje:`` reads them from here.
"""

from __future__ import annotations

from enum import Enum

from .tables import BANDAS


class Calificacion(Enum):
    """Best first; the value is the word kept in JSON."""

    CRITICO = "critico"
    LIMPIO = "limpio"
    SOLIDO = "solido"
    ROZADURA = "rozadura"
    DESVIADO = "desviado"
    FALLO = "fallo"
    CONTRAGOLPE = "contragolpe"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def multiplier(self) -> float:
        """The damage multiplier (0 for FALLO and CONTRAGOLPE)."""
        return BANDAS[self.index][1]

    @property
    def minimum(self) -> int | None:
        """The lowest margen of the band (None: everything below)."""
        return BANDAS[self.index][0]

    @property
    def index(self) -> int:
        """0 for CRÍTICO … 6 for CONTRAGOLPE."""
        return _ORDER.index(self)

    @property
    def hits(self) -> bool:
        """Whether it does any damage at all."""
        return self.multiplier > 0

    def shifted(self, steps: int) -> Calificacion:
        """``steps`` better (positive) or worse (negative), clamped at both ends."""
        return _ORDER[max(0, min(len(_ORDER) - 1, self.index - steps))]


_ORDER = tuple(Calificacion)
_LABELS = {
    Calificacion.CRITICO: "CRÍTICO",
    Calificacion.LIMPIO: "LIMPIO",
    Calificacion.SOLIDO: "SÓLIDO",
    Calificacion.ROZADURA: "ROZADURA",
    Calificacion.DESVIADO: "DESVIADO",
    Calificacion.FALLO: "FALLO",
    Calificacion.CONTRAGOLPE: "CONTRAGOLPE",
}


def calificacion(margen: int) -> Calificacion:
    """The band of a margen (chance − d100)."""
    for member in _ORDER:
        low = member.minimum
        if low is None or margen >= low:
            return member
    raise AssertionError("unreachable: the last band takes everything")  # pragma: no cover


#: The bands as ``/tirar porcentaje:`` has always read them: (minimum margen, label,
#: multiplier), best first, the last row taking everything below.
D100_GRADES: tuple[tuple[int, str, float], ...] = tuple(
    (-10_000 if c.minimum is None else c.minimum, c.label, c.multiplier) for c in _ORDER
)
