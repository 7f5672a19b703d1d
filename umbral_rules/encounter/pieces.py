"""Small pieces of an encounter's state, as frozen values: the last blow a combatant took,
its secuelas rolls, a held action, what a roll touched (for Aliento to put back) and the
retos — each with the JSON keys stored encounters have always used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..grades import Grade
from .codec import JsonDict, ints, opt_str, strs
from .kinds import RetoEffect, Status


@dataclass(frozen=True)
class Hit:
    """The last blow a combatant took (Aliento «encajar» lowers it a grade): who struck,
    its grade and Potencia, the asalto, the damage it did and the Aguante before it."""

    attacker: str
    grade: Grade
    potencia: int
    asalto: int
    damage: int
    aguante: int

    def to_dict(self) -> JsonDict:
        return {
            "attacker": self.attacker,
            "grade": int(self.grade),
            "potencia": self.potencia,
            "asalto": self.asalto,
            "damage": self.damage,
            "aguante": self.aguante,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hit:
        return cls(
            attacker=str(data["attacker"]),
            grade=Grade(int(data["grade"])),
            potencia=int(data["potencia"]),
            asalto=int(data["asalto"]),
            damage=int(data["damage"]),
            aguante=int(data["aguante"]),
        )


@dataclass(frozen=True)
class SecuelasRoll:
    """One roll on the secuelas table: the die's faces, the Aliento bonus, the total, whether
    it was death, and the table's text."""

    asalto: int
    faces: tuple[int, ...]
    bonus: int
    total: int
    death: bool
    resultado: str

    def to_dict(self) -> JsonDict:
        return {
            "asalto": self.asalto,
            "faces": list(self.faces),
            "bonus": self.bonus,
            "total": self.total,
            "death": self.death,
            "resultado": self.resultado,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SecuelasRoll:
        return cls(
            asalto=int(data["asalto"]),
            faces=ints(data["faces"]),
            bonus=int(data.get("bonus", 0)),
            total=int(data["total"]),
            death=bool(data["death"]),
            resultado=str(data["resultado"]),
        )


@dataclass(frozen=True)
class Sostenido:
    """A held action (Sostener): its condition, the asalto it was held in, the weapon."""

    condicion: str
    asalto: int
    arma: str | None = None

    def to_dict(self) -> JsonDict:
        return {"condicion": self.condicion, "asalto": self.asalto, "weapon": self.arma}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sostenido:
        return cls(str(data["condicion"]), int(data["asalto"]), opt_str(data.get("weapon")))


# --- what a roll touched, as it was before it (Aliento puts it back) ------------------------


@dataclass(frozen=True)
class WoundSnapshot:
    """The fields a blow may change on whoever takes it (``wounds.WOUND_FIELDS``)."""

    aguante: int
    status: Status
    secuelas: tuple[SecuelasRoll, ...]
    secuelas_pendiente: bool
    last_hit: Hit | None
    defended: bool

    def to_dict(self) -> JsonDict:
        return {
            "aguante": self.aguante,
            "status": self.status.value,
            "secuelas": [s.to_dict() for s in self.secuelas],
            "secuelas_pendiente": self.secuelas_pendiente,
            "last_hit": None if self.last_hit is None else self.last_hit.to_dict(),
            "defended": self.defended,
        }


@dataclass(frozen=True)
class EstadosSnapshot:
    """A combatant's estados (shaking off Quebrantado may remove it)."""

    estados: tuple[str, ...]

    def to_dict(self) -> JsonDict:
        return {"estados": list(self.estados)}


@dataclass(frozen=True)
class StatusSnapshot:
    """A combatant's standing (stabilising changes it)."""

    status: Status

    def to_dict(self) -> JsonDict:
        return {"status": self.status.value}


Snapshot = WoundSnapshot | EstadosSnapshot | StatusSnapshot
#: Combatant id → what the roll may change on it, as it was before.
Touched = Mapping[str, Snapshot]


def snapshot_from_dict(data: Mapping[str, Any]) -> Snapshot:
    if "aguante" in data:
        hit = data.get("last_hit")
        return WoundSnapshot(
            aguante=int(data["aguante"]),
            status=Status(data.get("status", Status.ACTIVO)),
            secuelas=tuple(SecuelasRoll.from_dict(s) for s in data.get("secuelas") or ()),
            secuelas_pendiente=bool(data.get("secuelas_pendiente", False)),
            last_hit=None if hit is None else Hit.from_dict(hit),
            defended=bool(data.get("defended", False)),
        )
    if "estados" in data:
        return EstadosSnapshot(strs(data["estados"]))
    return StatusSnapshot(Status(data["status"]))


def touched_to_dict(touched: Touched) -> JsonDict:
    return {cid: snap.to_dict() for cid, snap in touched.items()}


def touched_from_dict(data: Mapping[str, Any] | None) -> dict[str, Snapshot]:
    return {str(cid): snapshot_from_dict(snap) for cid, snap in (data or {}).items()}


# --- retos ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RetoTirada:
    """One roll in a reto: who, the total, its grade and what it did."""

    combatant: str
    total: int
    grade: Grade
    effect: RetoEffect

    def to_dict(self) -> JsonDict:
        return {
            "combatant": self.combatant,
            "total": self.total,
            "grade": int(self.grade),
            "effect": self.effect.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RetoTirada:
        return cls(
            combatant=str(data["combatant"]),
            total=int(data["total"]),
            grade=Grade(int(data["grade"])),
            effect=RetoEffect(data["effect"]),
        )


@dataclass(frozen=True)
class Reto:
    """A reto (§11): an Umbral, the successes needed, what each failure costs; the count so
    far; ``usados``: (combatant, Oficio key) of each Oficio used; ``logrado`` once ended."""

    id: str
    nombre: str
    umbral: int
    exitos_necesarios: int
    coste: str = ""
    exitos: int = 0
    fracasos: int = 0
    usados: tuple[tuple[str, str], ...] = ()
    tiradas: tuple[RetoTirada, ...] = ()
    activo: bool = True
    logrado: bool | None = None

    def to_dict(self) -> JsonDict:
        return {
            "id": self.id,
            "nombre": self.nombre,
            "umbral": self.umbral,
            "exitos_necesarios": self.exitos_necesarios,
            "coste": self.coste,
            "exitos": self.exitos,
            "fracasos": self.fracasos,
            "usados": [list(u) for u in self.usados],
            "tiradas": [t.to_dict() for t in self.tiradas],
            "activo": self.activo,
            "logrado": self.logrado,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reto:
        logrado = data.get("logrado")
        return cls(
            id=str(data["id"]),
            nombre=str(data.get("nombre", "")),
            umbral=int(data["umbral"]),
            exitos_necesarios=int(data["exitos_necesarios"]),
            coste=str(data.get("coste") or ""),
            exitos=int(data.get("exitos", 0)),
            fracasos=int(data.get("fracasos", 0)),
            usados=tuple((str(u[0]), str(u[1])) for u in data.get("usados") or ()),
            tiradas=tuple(RetoTirada.from_dict(t) for t in data.get("tiradas") or ()),
            activo=bool(data.get("activo", True)),
            logrado=None if logrado is None else bool(logrado),
        )
