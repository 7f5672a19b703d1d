"""The record of a PC's last roll, as frozen values: what Aliento «repetir» and «subir»
replay (an attack, a defense, a check), with the JSON keys stored encounters have always
used (``op`` says which record it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rolls import Modifier, Static
from .codec import JsonDict, ints, mods_from_json, mods_to_json, opt_int, opt_str, strs
from .kinds import TiradaPurpose
from .pieces import Reto, Touched, touched_from_dict, touched_to_dict
from .plans import AttackPlan, DefendArgs, Pending, pending_from_dict


@dataclass(frozen=True)
class AttackRecord:
    """A PC's attack roll, or (``defending``) its defense die against an opposed attack
    rolled at once: the plan, both dice's faces, the grades Aliento added (``shift``), the
    roller's grade, and the wounds of the one who took the blow as they were."""

    asalto: int
    plan: AttackPlan
    faces: tuple[int, ...]
    other_faces: tuple[int, ...] | None
    shift: int
    grade: int
    touched: Touched
    defending: bool = False

    def to_dict(self) -> JsonDict:
        return {
            "op": "attack_defense" if self.defending else "attack",
            "asalto": self.asalto,
            "plan": self.plan.to_dict(),
            "faces": list(self.faces),
            "other_faces": None if self.other_faces is None else list(self.other_faces),
            "shift": self.shift,
            "grade": self.grade,
            "touched": touched_to_dict(self.touched),
        }


@dataclass(frozen=True)
class PendingAttackRecord:
    """A PC's opposed attack whose die waits as the pending defense ``pending``."""

    asalto: int
    pending: str
    grade: int = -1

    def to_dict(self) -> JsonDict:
        return {"op": "attack_pending", "asalto": self.asalto, "pending": self.pending,
                "grade": self.grade}  # fmt: skip


@dataclass(frozen=True)
class DefendRecord:
    """A PC's defense rolls answering the pending attacks of asalto ``answers`` (the
    ``resolved`` ones, with the player's ``args``): one group of faces per roll. (A record
    of a release before one Defensa per asalto has no ``answers``: None.)"""

    asalto: int
    answers: int | None
    resolved: tuple[Pending, ...]
    args: DefendArgs
    faces: tuple[tuple[int, ...], ...]
    shift: int
    grade: int
    touched: Touched

    def to_dict(self) -> JsonDict:
        return {
            "op": "defend",
            "asalto": self.asalto,
            "answers": self.answers,
            "resolved": [p.to_dict() for p in self.resolved],
            "args": self.args.to_dict(),
            "faces": [list(f) for f in self.faces],
            "shift": self.shift,
            "grade": self.grade,
            "touched": touched_to_dict(self.touched),
        }


@dataclass(frozen=True)
class TiradaRecord:
    """A check (``purpose``): its modifiers, Umbral and named ventaja sources, then as
    rolled (``faces``, ``shift``, ``grade``, ``asalto``). A reto's carries the reto, the
    Oficio key it used and the reto before it; stabilising carries the ``target``; a check
    against a person carries the number rolled against (``contra``: «8 + Atributo + Oficio»
    of the one who pushes; ``umbral`` is then its value)."""

    purpose: TiradaPurpose
    mods: tuple[Modifier, ...]
    umbral: int
    ventajas: tuple[str, ...]
    desventajas: tuple[str, ...]
    touched: Touched
    faces: tuple[int, ...] = ()
    shift: int = 0
    grade: int = 0
    asalto: int = 0
    reto: str | None = None
    oficio_key: str | None = None
    reto_before: Reto | None = None
    target: str | None = None
    contra: Static | None = None

    def to_dict(self) -> JsonDict:
        data: JsonDict = {
            "op": "check",
            "purpose": self.purpose.value,
            "mods": mods_to_json(self.mods),
            "umbral": self.umbral,
            "ventajas": list(self.ventajas),
            "desventajas": list(self.desventajas),
            "touched": touched_to_dict(self.touched),
            "faces": list(self.faces),
            "shift": self.shift,
            "grade": self.grade,
            "asalto": self.asalto,
        }
        if self.purpose is TiradaPurpose.RETO:
            data["reto"] = self.reto
            data["oficio_key"] = self.oficio_key
            data["reto_before"] = None if self.reto_before is None else self.reto_before.to_dict()
        if self.target is not None:
            data["target"] = self.target
        if self.contra is not None:
            data["contra"] = self.contra.to_dict()
        return data


RollRecord = AttackRecord | PendingAttackRecord | DefendRecord | TiradaRecord


def record_from_dict(data: Mapping[str, Any], asalto: int) -> RollRecord:
    """The record of a last roll from its dict (``asalto``: for pending defenses without
    one, see :func:`.plans.pending_from_dict`)."""
    op = str(data["op"])
    touched = touched_from_dict(data.get("touched"))
    if op in ("attack", "attack_defense"):
        other = data.get("other_faces")
        return AttackRecord(
            asalto=int(data["asalto"]),
            plan=AttackPlan.from_dict(data["plan"]),
            faces=ints(data["faces"]),
            other_faces=None if other is None else ints(other),
            shift=int(data.get("shift", 0)),
            grade=int(data["grade"]),
            touched=touched,
            defending=op == "attack_defense",
        )
    if op == "attack_pending":
        return PendingAttackRecord(int(data["asalto"]), str(data["pending"]),
                                   int(data.get("grade", -1)))  # fmt: skip
    if op == "defend":
        return DefendRecord(
            asalto=int(data["asalto"]),
            answers=opt_int(data.get("answers")),
            resolved=tuple(pending_from_dict(p, asalto) for p in data["resolved"]),
            args=DefendArgs.from_dict(data.get("args") or {}),
            faces=tuple(ints(group) for group in data["faces"]),
            shift=int(data.get("shift", 0)),
            grade=int(data["grade"]),
            touched=touched,
        )
    before, contra = data.get("reto_before"), data.get("contra")
    return TiradaRecord(
        purpose=TiradaPurpose(data["purpose"]),
        mods=mods_from_json(data["mods"]),
        umbral=int(data["umbral"]),
        ventajas=strs(data.get("ventajas")),
        desventajas=strs(data.get("desventajas")),
        touched=touched,
        faces=ints(data.get("faces")),
        shift=int(data.get("shift", 0)),
        grade=int(data.get("grade", 0)),
        asalto=int(data.get("asalto", 0)),
        reto=opt_str(data.get("reto")),
        oficio_key=opt_str(data.get("oficio_key")),
        reto_before=None if before is None else Reto.from_dict(before),
        target=opt_str(data.get("target")),
        contra=None if contra is None else Static.from_dict(contra),
    )
