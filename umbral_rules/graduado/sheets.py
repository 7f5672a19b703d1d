"""Sheets of the graded combat: reserves (Fuerza: power and aguante; magia: power and maná),
weapon and armour quality, and the state of a fighter in a fight.

This «aguante» is this seed's reserve of Fuerza, not Umbral's Aguante: it lives only here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .ranks import check_poder
from .tables import CALIDAD_MAXIMA


class Via(Enum):
    """Which power an action draws on, and so which reserve pays."""

    FUERZA = "fuerza"
    MAGIA = "magia"

    @property
    def reserva_label(self) -> str:
        return "aguante" if self is Via.FUERZA else "maná"


class Bando(Enum):
    HEROES = "heroes"
    ENEMIGOS = "enemigos"

    @property
    def label(self) -> str:
        return "los héroes" if self is Bando.HEROES else "los enemigos"

    @property
    def other(self) -> Bando:
        return Bando.ENEMIGOS if self is Bando.HEROES else Bando.HEROES


@dataclass(frozen=True)
class Reserva:
    """A power that is also a reserve: ``poder`` (the rank's scale), ``maximo`` and what of it
    is ``gastado``."""

    poder: int
    maximo: int
    gastado: int = 0

    def __post_init__(self) -> None:
        if self.maximo < 0:
            raise UmbralError(f"El máximo de una reserva no puede ser negativo ({self.maximo}).")
        if not 0 <= self.gastado <= self.maximo:
            raise UmbralError(
                f"Lo gastado de una reserva va de 0 a su máximo, {self.maximo} "
                f"(se dio {self.gastado})."
            )

    @property
    def restante(self) -> int:
        return self.maximo - self.gastado

    def spend(self, points: int) -> Reserva:
        return replace(self, gastado=min(self.maximo, self.gastado + points))

    def recover(self, points: int) -> Reserva:
        return replace(self, gastado=max(0, self.gastado - points))

    def to_dict(self) -> dict[str, int]:
        return {"poder": self.poder, "maximo": self.maximo, "gastado": self.gastado}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reserva:
        return cls(int(data["poder"]), int(data["maximo"]), int(data.get("gastado", 0)))


def _check_calidad(value: int, what: str) -> None:
    if not 0 <= value <= CALIDAD_MAXIMA:
        raise UmbralError(f"La calidad de {what} va de 0 a {CALIDAD_MAXIMA} (se dio {value}).")


@dataclass(frozen=True)
class Ficha:
    """A hero or an enemy of the bestiary: reserves, gear and (enemies) their own base.

    ``base``: the chance it starts from; None takes the world's (80 heroes, 65 enemies).
    ``mundo``: a thing of the world, which may be of rank X or XX."""

    nombre: str
    fuerza: Reserva
    magia: Reserva | None = None
    arma: int = 0
    armadura: int = 0
    base: int | None = None
    mundo: bool = False

    def __post_init__(self) -> None:
        if not self.nombre.strip():
            raise UmbralError("La ficha necesita un nombre.")
        check_poder(self.fuerza.poder, world=self.mundo)
        if self.magia is not None:
            check_poder(self.magia.poder, world=self.mundo)
        _check_calidad(self.arma, "un arma")
        _check_calidad(self.armadura, "una armadura")
        if self.base is not None and not 0 <= self.base <= 100:
            raise UmbralError(f"La probabilidad base va de 0 a 100 (se dio {self.base}).")

    @property
    def poder(self) -> int:
        """The fighter's rank power: its greatest."""
        return max(self.fuerza.poder, self.magia.poder if self.magia else 0)

    def reserva(self, via: Via) -> Reserva:
        if via is Via.MAGIA:
            if self.magia is None:
                raise UmbralError(f"{self.nombre} no tiene magia: no tiene maná que gastar.")
            return self.magia
        return self.fuerza

    def with_reserva(self, via: Via, reserva: Reserva) -> Ficha:
        return replace(self, magia=reserva) if via is Via.MAGIA else replace(self, fuerza=reserva)

    @property
    def gastado_pct(self) -> float:
        """What is spent of all the reserves, in percent of all their maxima."""
        reservas = [self.fuerza] + ([self.magia] if self.magia else [])
        total = sum(r.maximo for r in reservas)
        return 0.0 if total == 0 else 100 * sum(r.gastado for r in reservas) / total

    def to_dict(self) -> dict[str, Any]:
        return {
            "nombre": self.nombre,
            "fuerza": self.fuerza.to_dict(),
            "magia": None if self.magia is None else self.magia.to_dict(),
            "arma": self.arma,
            "armadura": self.armadura,
            "base": self.base,
            "mundo": self.mundo,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ficha:
        magia = data.get("magia")
        base = data.get("base")
        return cls(
            nombre=str(data["nombre"]),
            fuerza=Reserva.from_dict(data["fuerza"]),
            magia=None if magia is None else Reserva.from_dict(magia),
            arma=int(data.get("arma", 0)),
            armadura=int(data.get("armadura", 0)),
            base=None if base is None else int(base),
            mundo=bool(data.get("mundo", False)),
        )
