"""The tables the seed names but does not print, as typed inputs the GM loads.

The seed says «localiza el valor de la característica base del arma que estás usando en la
siguiente tabla:» and then prints nothing; it names the localización de impactos, the Tabla
de Armas and the Tabla de Modificadores al Combate without their rows. The rules never
invent them: they take them as arguments and, when one is missing, raise
:class:`TablaFaltante`, which says what to look up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .tiradas import DiceExpr


class TablaFaltante(UmbralError):
    """A table the seed names is not loaded: ``tabla`` is which, ``consulta`` the value to
    look up in it."""

    def __init__(self, tabla: str, consulta: str) -> None:
        super().__init__(
            f"Falta la {tabla}: el libro la nombra pero no la imprime; cárgala "
            f"(hay que consultar {consulta})."
        )
        self.tabla = tabla
        self.consulta = consulta


DAMAGE_BONUS_TABLE = "Tabla de Bonificador de Daño"
HIT_LOCATION_TABLE = "tabla de localización de impactos"
COMBAT_MODIFIERS_TABLE = "Tabla de Modificadores al Combate"


@dataclass(frozen=True)
class BonusRow:
    """Characteristic values ``desde``–``hasta`` (inclusive) give the bonus ``paso``."""

    desde: int
    hasta: int
    paso: int


@dataclass(frozen=True)
class DamageBonusTable:
    """Characteristic value → bonus dice. ``pasos`` is the ordered scale of bonuses (Ataque
    Recio climbs it: «+1D4 … +1D6 si reducimos en 25% … +2D6 si lo bajamos en -50%»)."""

    pasos: tuple[DiceExpr, ...]
    filas: tuple[BonusRow, ...]

    def __post_init__(self) -> None:
        for row in self.filas:
            if not 0 <= row.paso < len(self.pasos) or row.desde > row.hasta:
                raise UmbralError("La tabla de bonificador de daño tiene una fila imposible.")

    def paso(self, valor: int) -> int:
        for row in self.filas:
            if row.desde <= valor <= row.hasta:
                return row.paso
        raise TablaFaltante(DAMAGE_BONUS_TABLE, f"la fila del valor {valor}")

    def bonus(self, valor: int, aumentos: int = 0) -> DiceExpr:
        step = self.paso(valor) + aumentos
        if step >= len(self.pasos):
            raise UmbralError(
                "La Tabla de Bonificador de Daño no tiene tantos aumentos "
                f"(el último es {self.pasos[-1]})."
            )
        return self.pasos[step]

    def to_dict(self) -> dict[str, Any]:
        return {
            "pasos": [str(p) for p in self.pasos],
            "filas": [[r.desde, r.hasta, r.paso] for r in self.filas],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DamageBonusTable:
        return cls(
            tuple(DiceExpr.parse(str(p)) for p in data["pasos"]),
            tuple(BonusRow(int(a), int(b), int(c)) for a, b, c in data["filas"]),
        )


class Zona(Enum):
    """How a location changes the damage: «todo daño sufrido en la cabeza se multiplicará
    por dos … los PD que se reciban en las extremidades se dividen entre dos»."""

    CABEZA = "cabeza"
    TRONCO = "tronco"
    EXTREMIDAD = "extremidad"


class Lado(Enum):
    IZQUIERDO = "izquierdo"
    DERECHO = "derecho"


@dataclass(frozen=True)
class Localizacion:
    """One row of the hit-location table. ``pierna``: a leg (a rider's far leg is the
    horse's); ``lado``: its side, when it has one."""

    nombre: str
    zona: Zona
    pierna: bool = False
    lado: Lado | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "nombre": self.nombre,
            "zona": self.zona.value,
            "pierna": self.pierna,
            "lado": None if self.lado is None else self.lado.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Localizacion:
        lado = data.get("lado")
        return cls(
            str(data["nombre"]),
            Zona(data["zona"]),
            bool(data.get("pierna", False)),
            None if lado is None else Lado(lado),
        )


@dataclass(frozen=True)
class HitLocationTable:
    """1D10 → location («se debe tirar 1D10 para determinar en qué zona del cuerpo ha
    impactado»). [D] A rider's 1D5 («siempre tiraremos 1D5») reads rows 1–5 of the same
    table."""

    filas: tuple[Localizacion, ...]

    def __post_init__(self) -> None:
        if len(self.filas) != 10:
            raise UmbralError("La tabla de localización de impactos necesita 10 filas (1D10).")

    def lookup(self, face: int) -> Localizacion:
        return self.filas[face - 1]

    def to_dict(self) -> dict[str, Any]:
        return {"filas": [f.to_dict() for f in self.filas]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HitLocationTable:
        return cls(tuple(Localizacion.from_dict(f) for f in data["filas"]))


@dataclass(frozen=True)
class CombatModifierTable:
    """The Tabla de Modificadores al Combate as the GM loads it: name → %. The seed prints
    only its title; what its text gives (mounted +25 %, emboscada, distances…) is in
    :mod:`.modificadores`."""

    filas: tuple[tuple[str, int], ...]

    def value(self, nombre: str) -> int:
        for name, value in self.filas:
            if name == nombre:
                return value
        raise TablaFaltante(COMBAT_MODIFIERS_TABLE, f"el modificador «{nombre}»")

    def to_dict(self) -> dict[str, Any]:
        return {"filas": [[n, v] for n, v in self.filas]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CombatModifierTable:
        return cls(tuple((str(n), int(v)) for n, v in data["filas"]))


@dataclass(frozen=True)
class Tablas:
    """What the GM has loaded; ``None`` for a table not loaded yet."""

    bonificador: DamageBonusTable | None = None
    localizacion: HitLocationTable | None = None
    modificadores: CombatModifierTable | None = None

    def bonus_table(self) -> DamageBonusTable:
        if self.bonificador is None:
            raise TablaFaltante(DAMAGE_BONUS_TABLE, "el bonificador de daño")
        return self.bonificador

    def location_table(self) -> HitLocationTable:
        if self.localizacion is None:
            raise TablaFaltante(HIT_LOCATION_TABLE, "la localización del impacto")
        return self.localizacion

    def modifier(self, nombre: str) -> int:
        if self.modificadores is None:
            raise TablaFaltante(COMBAT_MODIFIERS_TABLE, f"el modificador «{nombre}»")
        return self.modificadores.value(nombre)

    def to_dict(self) -> dict[str, Any]:
        return {
            "bonificador": None if self.bonificador is None else self.bonificador.to_dict(),
            "localizacion": None if self.localizacion is None else self.localizacion.to_dict(),
            "modificadores": None if self.modificadores is None else self.modificadores.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tablas:
        b, loc, m = data.get("bonificador"), data.get("localizacion"), data.get("modificadores")
        return cls(
            None if b is None else DamageBonusTable.from_dict(b),
            None if loc is None else HitLocationTable.from_dict(loc),
            None if m is None else CombatModifierTable.from_dict(m),
        )
