"""Defence: one roll per turn, compared with each attack that comes at you.

«Una buena defensa convierte un ataque en un FALLO, o al menos lo limita a ROZADURA. Una
defensa fallida hace que un ataque tenga una calificación mejor. Cubrir varios ataques con
una sola defensa es más difícil por cada ataque extra. Algunos ataques no se pueden esquivar
ni bloquear.»
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .bands import Calificacion, calificacion
from .chance import Chance, Grados
from .tables import DEFENSA_EXTRA


class DefensaTipo(Enum):
    """«esquivar, bloquear, parar, apartarte o contraatacar»: how the player meets it (the
    narrator grades it like an action)."""

    ESQUIVAR = "esquivar"
    BLOQUEAR = "bloquear"
    PARAR = "parar"
    APARTARSE = "apartarse"
    CONTRAATACAR = "contraatacar"


@dataclass(frozen=True)
class Defensa:
    tipo: DefensaTipo = DefensaTipo.ESQUIVAR
    grados: Grados = field(default_factory=Grados)

    def to_dict(self) -> dict[str, Any]:
        return {"tipo": self.tipo.value, "grados": self.grados.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Defensa:
        return cls(DefensaTipo(data["tipo"]), Grados.from_dict(data.get("grados")))


@dataclass(frozen=True)
class Comparacion:
    """The defence's roll read against one attack: ``cubiertos`` attacks were covered before
    this one (each makes the mark harder)."""

    chance: Chance
    roll: int
    cubiertos: int
    antes: Calificacion
    despues: Calificacion
    inbloqueable: bool = False

    @property
    def marca(self) -> int:
        return self.chance.total + DEFENSA_EXTRA * self.cubiertos

    @property
    def margen(self) -> int:
        return self.marca - self.roll

    @property
    def calificacion(self) -> Calificacion:
        return calificacion(self.margen)

    def line(self) -> str:
        if self.inbloqueable:
            return "no se puede esquivar ni bloquear: la defensa no cuenta"
        extra = (
            f" − {-DEFENSA_EXTRA * self.cubiertos} por {self.cubiertos} ataque(s) más = "
            f"{self.marca}"
            if self.cubiertos
            else ""
        )
        text = (
            f"defensa d100 {self.roll} contra {self.chance.total}{extra}: {self.calificacion.label}"
        )
        if self.despues is not self.antes:
            text += f"; el ataque pasa de {self.antes.label} a {self.despues.label}"
        return text


def compare(
    chance: Chance, roll: int, cubiertos: int, ataque: Calificacion, *, inbloqueable: bool = False
) -> Comparacion:
    """What the defence does to one attack of grade ``ataque``.

    [D] CRÍTICO or LIMPIO turns it into FALLO; SÓLIDO limits it to ROZADURA; ROZADURA
    leaves it as it is; DESVIADO or worse makes it one grade better. An attack that cannot
    be dodged or blocked is left as it is."""
    if inbloqueable:
        return Comparacion(chance, roll, cubiertos, ataque, ataque, inbloqueable=True)
    defence = calificacion(chance.total + DEFENSA_EXTRA * cubiertos - roll)
    after = ataque
    if defence in (Calificacion.CRITICO, Calificacion.LIMPIO):
        if ataque.index < Calificacion.FALLO.index:
            after = Calificacion.FALLO
    elif defence is Calificacion.SOLIDO:
        if ataque.index < Calificacion.ROZADURA.index:
            after = Calificacion.ROZADURA
    elif defence is not Calificacion.ROZADURA:
        after = ataque.shifted(1)
    return Comparacion(chance, roll, cubiertos, ataque, after)
