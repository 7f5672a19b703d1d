"""The state of a combat: its combatants with their wounds, fatigue and destiny points, the
asalto, the initiative order and whose turn it is; JSON at the edge (``to_dict`` /
``from_dict``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .common import JsonDict, Termino
from .constants import CONSTITUCION, MENORES_POR_TURNO
from .sheet import Sheet


class Status(Enum):
    ACTIVO = "activo"
    VENCIDO = "vencido"  # «Una vez que la salud de un personaje llega a 0»
    RENDIDO = "rendido"  # «la opción de una rendición»


class Fase(Enum):
    PREPARACION = "preparacion"  # steps 1–2: battlefield, equipment, detection
    ASALTO = "asalto"  # steps 3–6
    TERMINADO = "terminado"  # step 7


class TipoAccion(Enum):
    """«una acción mayor o bien dos acciones menores»."""

    MAYOR = "mayor"
    MENOR = "menor"


class UsoFatiga(Enum):
    """«Los puntos de fatiga sirven para: a) … d)»."""

    ARMADURA = "armadura"  # a) ignorar la penalización por armadura
    HERIDA_GRAVE = "herida_grave"  # b) ignorar los efectos de una herida grave
    HERIDAS_LEVES = "heridas_leves"  # c) ignorar los efectos de todas las heridas leves
    ACCION_MENOR = "accion_menor"  # d) realizar una acción menor adicional en ese turno


@dataclass(frozen=True)
class Fighter:
    """A combatant. ``ignora_armadura``, ``graves_ignoradas`` and ``ignora_leves`` are the
    fatigue's effects, «hasta el comienzo de su próximo turno»; ``armadura_asalto`` is the
    asalto a destiny point ignores the armour in; ``menos_d``: −1D imposed by an adversary's
    destiny point on its next test; ``menores``: minor actions left in its turn."""

    id: str
    sheet: Sheet
    bando: str
    salud: int
    destino: int
    heridas_leves: int = 0
    heridas_graves: int = 0
    fatiga: int = 0
    status: Status = Status.ACTIVO
    ignora_armadura: bool = False
    graves_ignoradas: int = 0
    ignora_leves: bool = False
    armadura_asalto: int | None = None
    menos_d: int = 0
    menores: int = 0
    sorpresa: bool = False

    @property
    def constitucion(self) -> int:
        return self.sheet.rango(CONSTITUCION)

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVO

    def sin_armadura(self, asalto: int) -> bool:
        """Whether the armour's penalty is ignored now (fatigue, or destiny this asalto)."""
        return self.ignora_armadura or self.armadura_asalto == asalto

    def penalties(self) -> tuple[tuple[Termino, ...], tuple[Termino, ...]]:
        """(points, dice) every test of this combatant carries: «-1 a todas las tiradas»
        per light wound and fatigue point, «-1D» per grave wound, −1D imposed by destiny."""
        points: list[Termino] = []
        dice: list[Termino] = []
        if self.heridas_leves and not self.ignora_leves:
            points.append(Termino("Heridas leves", -self.heridas_leves))
        if self.fatiga:
            points.append(Termino("Fatiga", -self.fatiga))
        graves = self.heridas_graves - self.graves_ignoradas
        if graves > 0:
            dice.append(Termino("Heridas graves", -graves))
        if self.menos_d:
            dice.append(Termino("Destino de un adversario", -self.menos_d))
        return tuple(points), tuple(dice)

    def to_dict(self) -> JsonDict:
        return {
            "id": self.id,
            "sheet": self.sheet.to_dict(),
            "bando": self.bando,
            "salud": self.salud,
            "destino": self.destino,
            "heridas_leves": self.heridas_leves,
            "heridas_graves": self.heridas_graves,
            "fatiga": self.fatiga,
            "status": self.status.value,
            "ignora_armadura": self.ignora_armadura,
            "graves_ignoradas": self.graves_ignoradas,
            "ignora_leves": self.ignora_leves,
            "armadura_asalto": self.armadura_asalto,
            "menos_d": self.menos_d,
            "menores": self.menores,
            "sorpresa": self.sorpresa,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Fighter:
        asalto = data.get("armadura_asalto")
        return cls(
            id=str(data["id"]),
            sheet=Sheet.from_dict(data["sheet"]),
            bando=str(data["bando"]),
            salud=int(data["salud"]),
            destino=int(data["destino"]),
            heridas_leves=int(data.get("heridas_leves", 0)),
            heridas_graves=int(data.get("heridas_graves", 0)),
            fatiga=int(data.get("fatiga", 0)),
            status=Status(data.get("status", "activo")),
            ignora_armadura=bool(data.get("ignora_armadura", False)),
            graves_ignoradas=int(data.get("graves_ignoradas", 0)),
            ignora_leves=bool(data.get("ignora_leves", False)),
            armadura_asalto=None if asalto is None else int(asalto),
            menos_d=int(data.get("menos_d", 0)),
            menores=int(data.get("menores", 0)),
            sorpresa=bool(data.get("sorpresa", False)),
        )


@dataclass(frozen=True)
class PendingHit:
    """A hit whose damage waits for the defender's choice: Salud or wounds."""

    atacante: str
    defensor: str
    dano: int

    def to_dict(self) -> JsonDict:
        return {"atacante": self.atacante, "defensor": self.defensor, "dano": self.dano}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PendingHit:
        return cls(str(data["atacante"]), str(data["defensor"]), int(data["dano"]))


@dataclass(frozen=True)
class Combat:
    """A combat. ``orden``: this asalto's initiative order; ``turno``: the index in it of
    whose turn it is (``len(orden)`` once every turn is over); ``reservados``: who held
    their action; ``actuado``: the one whose turn it is has spent something."""

    fighters: tuple[Fighter, ...]
    asalto: int = 0
    fase: Fase = Fase.PREPARACION
    orden: tuple[str, ...] = ()
    turno: int = 0
    reservados: tuple[str, ...] = ()
    actuado: bool = False
    pendiente: PendingHit | None = None
    vencedor: str | None = None

    def fighter(self, fighter_id: str) -> Fighter:
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        raise UmbralError(f"No hay nadie con el identificador «{fighter_id}» en el combate.")

    @property
    def current(self) -> str | None:
        """Whose turn it is, or None between turns and asaltos."""
        if self.fase is not Fase.ASALTO or self.turno >= len(self.orden):
            return None
        return self.orden[self.turno]

    def put(self, fighter: Fighter) -> Combat:
        """The state with ``fighter`` replacing the one of its id."""
        return replace(
            self, fighters=tuple(fighter if f.id == fighter.id else f for f in self.fighters)
        )

    def starting_turn(self, fighter: Fighter) -> Fighter:
        """A combatant as its turn starts: the fatigue's effects end, a full turn of
        actions."""
        return replace(
            fighter,
            ignora_armadura=False,
            graves_ignoradas=0,
            ignora_leves=False,
            menores=MENORES_POR_TURNO,
        )

    def to_dict(self) -> JsonDict:
        return {
            "sistema": "hielo",
            "fighters": [f.to_dict() for f in self.fighters],
            "asalto": self.asalto,
            "fase": self.fase.value,
            "orden": list(self.orden),
            "turno": self.turno,
            "reservados": list(self.reservados),
            "actuado": self.actuado,
            "pendiente": self.pendiente.to_dict() if self.pendiente else None,
            "vencedor": self.vencedor,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Combat:
        pending, winner = data.get("pendiente"), data.get("vencedor")
        return cls(
            fighters=tuple(Fighter.from_dict(f) for f in data["fighters"]),
            asalto=int(data.get("asalto", 0)),
            fase=Fase(data.get("fase", "preparacion")),
            orden=tuple(str(i) for i in data.get("orden", ())),
            turno=int(data.get("turno", 0)),
            reservados=tuple(str(i) for i in data.get("reservados", ())),
            actuado=bool(data.get("actuado", False)),
            pendiente=None if pending is None else PendingHit.from_dict(pending),
            vencedor=None if winner is None else str(winner),
        )
