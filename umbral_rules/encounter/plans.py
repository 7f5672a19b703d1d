"""Planned attacks and the attacks waiting for a defense roll, as frozen values.

An attack is first *planned* (:class:`AttackPlan`: validated, every choice fixed) and then
executed; an attack on a PC that waits for the player's own roll is a *pending defense*
(:class:`PendingDefense`, with a :class:`MesaAttack` or an :class:`OpposedAttack`). Each
has ``to_dict`` / ``from_dict`` with the JSON keys the stored encounters have always used
(see ``docs/encounter-json.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..combat import Incoming
from ..dice import DieRoll, Ventaja
from ..rolls import Modifier, Static
from ..sheets import Weapon
from ..tiradas import OficioCobertura, parse_oficio_cobertura
from .codec import JsonDict, enum_value, mods_from_json, mods_to_json, opt_str, strs, word
from .kinds import PendingKind, PlanKind, Respuesta


def _respuesta(value: Any) -> Respuesta | None:
    return None if value is None else word(Respuesta, value)


@dataclass(frozen=True)
class AttackChoice:
    """What whoever attacks chose (the options of /atacar, /disparar, /maniobra,
    /respuesta): the weapon by name (``arma``; the first by default), the Oficio and how much
    it covers, a ventaja or desventaja named, a shot, a target that cannot defend
    (``indefenso``) or is under cover (``a_cubierto``), and whether the target is standing
    still (``quieto``, for a Certera weapon; None: what the asalto says, see
    :func:`.attacks.target_still`)."""

    arma: str | None = None
    oficio: str | None = None
    oficio_cobertura: OficioCobertura | str = OficioCobertura.ENTERO
    ventaja: str | Ventaja | None = None
    shot: bool = False
    indefenso: bool = False
    a_cubierto: bool = False
    quieto: bool | None = None


#: Nothing chosen: the first weapon, no Oficio, no ventaja named.
NOTHING_CHOSEN = AttackChoice()


@dataclass(frozen=True)
class AttackPlan:
    """Every choice of one attack, fixed before any die: what Aliento replays.

    ``aimed_at`` is who it was aimed at, ``target`` who takes it (a protector who interposed:
    ``interposed_by``); ``mods`` the attacker's roll, ``ataque`` its static Ataque (what a
    Mesa defender rolls against); ``a_cubierto``: the target is under cover (a shot);
    ``companions``: the acoso of an opposed attack; ``respuesta``: the respuesta it is.
    """

    attacker: str
    aimed_at: str
    target: str
    interposed_by: str | None
    weapon: Weapon
    mods: tuple[Modifier, ...]
    ataque: Static
    kind: PlanKind
    shot: bool
    a_cubierto: bool
    ventajas: tuple[str, ...]
    desventajas: tuple[str, ...]
    companions: int
    respuesta: Respuesta | None

    def to_dict(self) -> JsonDict:
        return {
            "attacker": self.attacker,
            "aimed_at": self.aimed_at,
            "target": self.target,
            "interposed_by": self.interposed_by,
            "weapon": self.weapon.to_dict(),
            "mods": mods_to_json(self.mods),
            "ataque": self.ataque.to_dict(),
            "kind": self.kind.value,
            "shot": self.shot,
            "cover": self.a_cubierto,
            "ventajas": list(self.ventajas),
            "desventajas": list(self.desventajas),
            "companions": self.companions,
            "respuesta": enum_value(self.respuesta),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AttackPlan:
        return cls(
            attacker=str(data["attacker"]),
            aimed_at=str(data["aimed_at"]),
            target=str(data["target"]),
            interposed_by=opt_str(data.get("interposed_by")),
            weapon=Weapon.from_dict(data["weapon"]),
            mods=mods_from_json(data["mods"]),
            ataque=Static.from_dict(data["ataque"]),
            kind=PlanKind(data["kind"]),
            shot=bool(data.get("shot", False)),
            a_cubierto=bool(data.get("cover", False)),
            ventajas=strs(data.get("ventajas")),
            desventajas=strs(data.get("desventajas")),
            companions=int(data.get("companions", 0)),
            respuesta=_respuesta(data.get("respuesta")),
        )


@dataclass(frozen=True)
class MesaAttack:
    """Mesa: what the Defensa roll is against — the attacker's static ``ataque`` and how the
    attacker would have rolled (``ventaja``, which the defender then rolls against)."""

    ataque: Static
    ventaja: Ventaja = Ventaja.NORMAL


@dataclass(frozen=True)
class OpposedAttack:
    """Narrativo/Táctico with ``defensa_inmediata`` off: the attack ``die`` already rolled,
    with its ``mods`` and acoso ``companions``, waiting for the defender's own die."""

    die: DieRoll
    mods: tuple[Modifier, ...]
    companions: int = 0


@dataclass(frozen=True)
class PendingDefense:
    """An attack on ``defender`` waiting for their own roll: in Mesa one Defensa roll per
    asalto answers them all (``attack`` a :class:`MesaAttack`), else each waits for a die of
    its own (an :class:`OpposedAttack`).

    ``asalto``: the asalto it came in (each asalto is its own roll); ``nombre``: the
    attacker's name as shown; ``shift``: grades the attacker's Aliento already added.
    """

    id: str
    defender: str
    attacker: str
    aimed_at: str
    asalto: int
    nombre: str
    potencia: int
    perforante: bool
    attack: MesaAttack | OpposedAttack
    interposed_by: str | None = None
    respuesta: Respuesta | None = None
    shift: int = 0

    @property
    def kind(self) -> PendingKind:
        return PendingKind.MESA if isinstance(self.attack, MesaAttack) else PendingKind.ENFRENTADO

    def to_dict(self) -> JsonDict:
        data: JsonDict = {
            "id": self.id,
            "defender": self.defender,
            "attacker": self.attacker,
            "aimed_at": self.aimed_at,
            "asalto": self.asalto,
            "kind": self.kind.value,
            "nombre": self.nombre,
            "potencia": self.potencia,
            "perforante": self.perforante,
            "interposed_by": self.interposed_by,
            "respuesta": enum_value(self.respuesta),
            "shift": self.shift,
        }
        if isinstance(self.attack, MesaAttack):
            data.update(ataque=self.attack.ataque.to_dict(), ventaja=self.attack.ventaja.value)
        else:
            data.update(
                die=self.attack.die.to_dict(),
                mods=mods_to_json(self.attack.mods),
                companions=self.attack.companions,
            )
        return data


#: A pending defense (the name the state's lists use).
Pending = PendingDefense


def pending_from_dict(data: Mapping[str, Any], asalto: int) -> Pending:
    """A pending defense from its dict (``asalto``: the one to assume if it has none)."""
    attack: MesaAttack | OpposedAttack
    if word(PendingKind, data.get("kind", PendingKind.MESA)) is PendingKind.MESA:
        ventaja = word(Ventaja, data.get("ventaja") or Ventaja.NORMAL.value)
        attack = MesaAttack(Static.from_dict(data["ataque"]), ventaja)
    else:
        die, mods = DieRoll.from_dict(data["die"]), mods_from_json(data.get("mods"))
        attack = OpposedAttack(die, mods, int(data.get("companions", 0)))
    return PendingDefense(
        id=str(data["id"]),
        defender=str(data["defender"]),
        attacker=str(data["attacker"]),
        aimed_at=str(data.get("aimed_at", data["defender"])),
        asalto=int(data.get("asalto", asalto)),
        nombre=str(data.get("nombre", "")),
        potencia=int(data["potencia"]),
        perforante=bool(data.get("perforante", False)),
        attack=attack,
        interposed_by=opt_str(data.get("interposed_by")),
        respuesta=_respuesta(data.get("respuesta")),
        shift=int(data.get("shift") or 0),
    )


def mesa_attack_of(p: Pending) -> MesaAttack:
    """The Mesa part of a pending defense that one Defensa roll answers."""
    assert isinstance(p.attack, MesaAttack), p.id  # a Mesa roll answers only Mesa attacks
    return p.attack


def incoming(p: Pending) -> Incoming:
    """A Mesa pending attack as the Defensa roll sees it."""
    return Incoming(p.nombre, mesa_attack_of(p).ataque, p.potencia, p.perforante)


def danger(p: Pending) -> tuple[int, int]:
    """[D] Highest Ataque, then Potencia, makes the most dangerous Mesa attack."""
    return mesa_attack_of(p).ataque.value, p.potencia


@dataclass(frozen=True)
class DefendArgs:
    """What a player chose for their defense roll: the Oficio (None: the one they joined
    with), how much it covers, and a ventaja or desventaja they named."""

    oficio: str | None = None
    oficio_cobertura: OficioCobertura | None = None
    ventaja: Ventaja | None = None

    def to_dict(self) -> JsonDict:
        return {
            "oficio": self.oficio,
            "cobertura": enum_value(self.oficio_cobertura),
            "ventaja": enum_value(self.ventaja),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DefendArgs:
        cobertura, ventaja = data.get("cobertura"), data.get("ventaja")
        return cls(
            oficio=opt_str(data.get("oficio")),
            oficio_cobertura=None if cobertura is None else parse_oficio_cobertura(cobertura),
            ventaja=None if ventaja is None else Ventaja(ventaja),
        )
