"""The chance to hit: the base plus the grades the narrator gives the declared action.

«Las calificaciones se convierten en una probabilidad de acierto» — every term is kept, so
the reply can show each of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .ranks import Diferencia, diferencia
from .tables import AGOTAMIENTO


class Tacticas(Enum):
    POBRE = "pobre"
    ESTANDAR = "estandar"
    BUENO = "bueno"
    EXCELENTE = "excelente"
    BRILLANTE = "brillante"

    @property
    def grado(self) -> int:
        return {"pobre": -5, "estandar": 0, "bueno": 5, "excelente": 8, "brillante": 12}[self.value]

    @property
    def label(self) -> str:
        return "estándar" if self is Tacticas.ESTANDAR else self.value


class Riesgo(Enum):
    SEGURO = "seguro"
    MEDIDO = "medido"
    AGRESIVO = "agresivo"
    TEMERARIO = "temerario"

    @property
    def grado(self) -> int:
        return {"seguro": 0, "medido": 0, "agresivo": -8, "temerario": -20}[self.value]

    @property
    def label(self) -> str:
        return self.value


class Objetivo(Enum):
    FACIL = "facil"
    ESTANDAR = "estandar"
    DIFICIL = "dificil"
    EXTREMO = "extremo"

    @property
    def grado(self) -> int:
        return {"facil": 5, "estandar": 0, "dificil": -8, "extremo": -15}[self.value]

    @property
    def label(self) -> str:
        return {"facil": "fácil", "estandar": "estándar", "dificil": "difícil"}.get(
            self.value, self.value
        )


@dataclass(frozen=True)
class Grados:
    """What the narrator graded in a declared action (or defence)."""

    tacticas: Tacticas = Tacticas.ESTANDAR
    riesgo: Riesgo = Riesgo.SEGURO
    objetivo: Objetivo = Objetivo.ESTANDAR

    def to_dict(self) -> dict[str, str]:
        return {
            "tacticas": self.tacticas.value,
            "riesgo": self.riesgo.value,
            "objetivo": self.objetivo.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Grados:
        data = data or {}
        return cls(
            Tacticas(data.get("tacticas", "estandar")),
            Riesgo(data.get("riesgo", "seguro")),
            Objetivo(data.get("objetivo", "estandar")),
        )


@dataclass(frozen=True)
class Termino:
    """One term of a chance: its name as the reply says it, its value, a note (the grade's
    word)."""

    nombre: str
    valor: int
    nota: str = ""


@dataclass(frozen=True)
class Chance:
    terminos: tuple[Termino, ...]
    diferencia: Diferencia

    @property
    def total(self) -> int:
        return sum(t.valor for t in self.terminos)

    def line(self) -> str:
        """«80 base + 5 Tácticas (bueno) … = 77 %»."""
        parts = []
        for i, t in enumerate(self.terminos):
            note = f" ({t.nota})" if t.nota else ""
            value = (
                str(t.valor) if i == 0 else (f"+ {t.valor}" if t.valor >= 0 else f"− {-t.valor}")
            )
            parts.append(f"{value} {t.nombre}{note}")
        return " ".join(parts) + f" = {self.total} %"


def signed(value: int) -> str:
    """``+3``, ``−3``, ``0`` (a true minus sign, as the bot writes numbers)."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def number(value: int) -> str:
    """``3``, ``−3``."""
    return f"−{-value}" if value < 0 else str(value)


def agotamiento(gastado_pct: float) -> int:
    """−5, −10 or −15 once more than 40, 60 or 80 % of the reserves is spent."""
    for above, grade in AGOTAMIENTO:
        if gastado_pct > above:
            return grade
    return 0


def build_chance(
    base: int,
    grados: Grados,
    own_poder: int,
    their_poder: int,
    impulso: int,
    gastado_pct: float,
    extra: tuple[Termino, ...] = (),
) -> Chance:
    """base + Tácticas + Riesgo + Objetivo + who is stronger + Impulso + Agotamiento
    (+ ``extra``: flanking, focused fire, attacks covered)."""
    dif = diferencia(own_poder, their_poder)
    terms = (
        Termino("base", base),
        Termino("Tácticas", grados.tacticas.grado, grados.tacticas.label),
        Termino("Riesgo", grados.riesgo.grado, grados.riesgo.label),
        Termino("Objetivo", grados.objetivo.grado, grados.objetivo.label),
        Termino("Quién es más fuerte", dif.grado, dif.dicho),
        Termino("Impulso", impulso),
        Termino("Agotamiento", agotamiento(gastado_pct), f"{gastado_pct:.0f} % gastado"),
        *extra,
    )
    return Chance(terms, dif)
