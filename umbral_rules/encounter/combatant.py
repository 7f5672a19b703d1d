"""One fighter of an encounter (:class:`Combatant`) and the JSON form of the sheets it
carries. A combatant is the one mutable piece of the state besides the encounter's own
lists: operations change its numbers in place; everything it holds is a frozen value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import UmbralError
from ..sheets import CharacterSheet, EnemySheet, Weapon
from ..tiradas import OficioCobertura
from .codec import JsonDict, enum_value, opt_int, opt_str, word
from .kinds import Accion, Respuesta, Side, Status
from .pieces import Hit, SecuelasRoll, Sostenido
from .records import RollRecord, record_from_dict


def sheet_to_dict(sheet: CharacterSheet) -> JsonDict:
    return {
        "nombre": sheet.nombre,
        "atributos": dict(sheet.atributos),
        "proteccion": sheet.proteccion,
        "oficios": dict(sheet.oficios),
        "aguante_extra": sheet.aguante_extra,
        "size": sheet.tamano,
    }


def sheet_from_dict(data: Mapping[str, Any]) -> CharacterSheet:
    return CharacterSheet(
        nombre=str(data["nombre"]),
        atributos={str(k): int(v) for k, v in dict(data["atributos"]).items()},
        proteccion=int(data["proteccion"]),
        oficios={str(k): int(v) for k, v in dict(data.get("oficios", {})).items()},
        aguante_extra=int(data.get("aguante_extra", 0)),
        tamano=str(data.get("size", "normal")),
    )


def enemy_to_dict(enemy: EnemySheet) -> JsonDict:
    return {
        "nombre": enemy.nombre,
        "ataque": enemy.ataque,
        "defensa": enemy.defensa,
        "aguante": enemy.aguante,
        "potencia": enemy.potencia,
        "arma": enemy.arma,
        "size": enemy.tamano,
        "proteccion": enemy.proteccion,
        "bono_ataque": enemy.bono_ataque,
        "bono_defensa": enemy.bono_defensa,
        "cualidades": sorted(enemy.cualidades),
        "acciones_extra": enemy.acciones_extra,
        "respuestas_extra": enemy.respuestas_extra,
    }


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()
_ENEMY_KEYS = ("nombre", "ataque", "defensa", "aguante", "potencia", "arma", "size",
               "proteccion", "bono_ataque", "bono_defensa", "cualidades", "acciones_extra",
               "respuestas_extra")  # fmt: skip
#: One shared (frozen) ``EnemySheet`` per distinct enemy dict: an encounter of 200 copies of
#: the same bestiary entry builds its sheet once. Keyed by the ``repr`` of the values read, so
#: ``1``, ``True`` and ``"1"`` stay apart; bounded (cleared when full).
_ENEMY_CACHE: dict[str, EnemySheet] = {}
_ENEMY_CACHE_MAX = 1024


def enemy_from_dict(data: Mapping[str, Any]) -> EnemySheet:
    key = repr(tuple(data.get(k, _MISSING) for k in _ENEMY_KEYS))
    enemy = _ENEMY_CACHE.get(key)
    if enemy is None:
        enemy = _enemy_from_dict(data)
        if len(_ENEMY_CACHE) >= _ENEMY_CACHE_MAX:
            _ENEMY_CACHE.clear()
        _ENEMY_CACHE[key] = enemy
    return enemy


def _enemy_from_dict(data: Mapping[str, Any]) -> EnemySheet:
    bono_a = data.get("bono_ataque")
    bono_d = data.get("bono_defensa")
    return EnemySheet(
        nombre=str(data["nombre"]),
        ataque=int(data["ataque"]),
        defensa=int(data["defensa"]),
        aguante=int(data["aguante"]),
        potencia=int(data["potencia"]),
        arma=str(data.get("arma", "arma")),
        tamano=str(data.get("size", "normal")),
        proteccion=int(data.get("proteccion", 0)),
        bono_ataque=None if bono_a is None else int(bono_a),
        bono_defensa=None if bono_d is None else int(bono_d),
        cualidades=frozenset(str(c) for c in data.get("cualidades", ())),
        acciones_extra=int(data.get("acciones_extra", 0)),
        respuestas_extra=int(data.get("respuestas_extra", 0)),
    )


@dataclass
class Combatant:
    """One fighter. A PC carries ``sheet`` and ``weapons``; an enemy carries ``enemy``.

    ``oficio_defensa`` / ``oficio_defensa_cobertura``: the Oficio that covers its defenses in
    this fight and how much. Per asalto: what the ``accion`` became, whether the
    ``movimiento`` went, the ``respuesta`` used, the extra acciones / respuestas of an
    enemy's sheet used, whether it ``acted`` and ``defended``. Maniobras in force:
    ``cargando`` (the asalto of the charge), ``apuntando``, ``sosteniendo``. What Aliento
    acts on: ``last_roll``, ``last_hit``; ``reserva_aliento``: a point kept for the secuelas
    roll. ``genero``: "masculino" / "femenino" for the agreement of messages (None: not
    said, masculine).
    """

    id: str
    nombre: str
    side: Side
    aguante: int
    aguante_max: int
    estados: list[str] = field(default_factory=list)
    character_id: int | None = None
    owner_id: int | None = None
    sheet: CharacterSheet | None = None
    weapons: list[Weapon] = field(default_factory=list)
    enemy: EnemySheet | None = None
    aliento: int = 0
    aliento_max: int = 0
    esencia: int = 0
    esencia_max: int = 0
    oficio_defensa: str | None = None
    oficio_defensa_cobertura: OficioCobertura = OficioCobertura.ENTERO
    status: Status = Status.ACTIVO
    secuelas: list[SecuelasRoll] = field(default_factory=list)
    secuelas_pendiente: bool = False
    reserva_aliento: bool = False
    accion: Accion = Accion.LIBRE
    movimiento: bool = False
    respuesta: Respuesta | None = None
    acciones_extra_usadas: int = 0
    respuestas_extra_usadas: int = 0
    acted: bool = False
    defended: bool = False
    cargando: int | None = None
    apuntando: bool = False
    sosteniendo: Sostenido | None = None
    last_roll: RollRecord | None = None
    last_hit: Hit | None = None
    genero: str | None = None
    movido_asalto: int | None = None
    malherido_asalto: int | None = None
    malherido_avisado: bool = False

    @property
    def is_pc(self) -> bool:
        return self.side is Side.PJ

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVO

    @property
    def tamano(self) -> str:
        if self.sheet is not None:
            return self.sheet.tamano
        return self.enemy.tamano if self.enemy is not None else "normal"

    def copy(self) -> Combatant:
        """An independent copy: its lists copied, everything else (frozen) shared."""
        fields = self.__dict__.copy()  # copy.copy without its __reduce_ex__ detour
        fields["estados"] = self.estados[:]
        fields["weapons"] = self.weapons[:]
        fields["secuelas"] = self.secuelas[:]
        new = object.__new__(type(self))
        new.__dict__ = fields
        return new

    def same(self, other: Combatant) -> bool:
        """Whether ``other`` holds exactly this state (``==`` field by field, without building
        the tuples of the dataclass's ``__eq__``)."""
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def to_dict(self) -> JsonDict:
        data: JsonDict = {
            "id": self.id,
            "nombre": self.nombre,
            "side": self.side.value,
            "aguante": self.aguante,
            "aguante_max": self.aguante_max,
            "estados": list(self.estados),
            "character_id": self.character_id,
            "owner_id": self.owner_id,
            "sheet": None if self.sheet is None else sheet_to_dict(self.sheet),
            "weapons": [w.to_dict() for w in self.weapons],
            "enemy": None if self.enemy is None else enemy_to_dict(self.enemy),
            "aliento": self.aliento,
            "aliento_max": self.aliento_max,
            "esencia": self.esencia,
            "esencia_max": self.esencia_max,
            "defensa_oficio": self.oficio_defensa,
            "defensa_cobertura": self.oficio_defensa_cobertura.value,
            "status": self.status.value,
            "secuelas": [s.to_dict() for s in self.secuelas],
            "secuelas_pendiente": self.secuelas_pendiente,
            "reserva_aliento": self.reserva_aliento,
            "accion": self.accion.value,
            "movimiento": self.movimiento,
            "respuesta": enum_value(self.respuesta),
            "acciones_extra_usadas": self.acciones_extra_usadas,
            "respuestas_extra_usadas": self.respuestas_extra_usadas,
            "acted": self.acted,
            "defended": self.defended,
            "cargando": self.cargando,
            "apuntando": self.apuntando,
            "sosteniendo": None if self.sosteniendo is None else self.sosteniendo.to_dict(),
            "last_roll": None if self.last_roll is None else self.last_roll.to_dict(),
            "last_hit": None if self.last_hit is None else self.last_hit.to_dict(),
            "genero": self.genero,
        }
        if self.movido_asalto is not None:  # written once it moved (issue 34)
            data["movido_asalto"] = self.movido_asalto
        if self.malherido_asalto is not None:  # written once it fell (issue 34)
            data["malherido_asalto"] = self.malherido_asalto
            data["malherido_avisado"] = self.malherido_avisado
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], asalto: int = 1) -> Combatant:
        """The inverse of :meth:`to_dict`; the keys an older release did not write take their
        defaults (``asalto``: the encounter's, for records that lack one)."""
        sheet, enemy = data.get("sheet"), data.get("enemy")
        try:
            side = word(Side, data["side"])
        except ValueError:
            raise UmbralError(f"Bando desconocido «{data['side']}»: usa pj o enemigo.") from None
        respuesta, held = data.get("respuesta"), data.get("sosteniendo")
        roll, hit = data.get("last_roll"), data.get("last_hit")
        return cls(
            id=str(data["id"]),
            nombre=str(data["nombre"]),
            side=side,
            aguante=int(data["aguante"]),
            aguante_max=int(data["aguante_max"]),
            estados=[str(e) for e in data.get("estados", [])],
            character_id=opt_int(data.get("character_id")),
            owner_id=opt_int(data.get("owner_id")),
            sheet=None if sheet is None else sheet_from_dict(sheet),
            weapons=[Weapon.from_dict(w) for w in data.get("weapons", [])],
            enemy=None if enemy is None else enemy_from_dict(enemy),
            aliento=int(data.get("aliento", 0)),
            aliento_max=int(data.get("aliento_max", 0)),
            esencia=int(data.get("esencia", 0)),
            esencia_max=int(data.get("esencia_max", 0)),
            oficio_defensa=opt_str(data.get("defensa_oficio")),
            oficio_defensa_cobertura=word(
                OficioCobertura, data.get("defensa_cobertura") or OficioCobertura.ENTERO
            ),
            status=word(Status, data.get("status", Status.ACTIVO)),
            secuelas=[SecuelasRoll.from_dict(s) for s in data.get("secuelas") or ()],
            secuelas_pendiente=bool(data.get("secuelas_pendiente", False)),
            reserva_aliento=bool(data.get("reserva_aliento", False)),
            accion=word(Accion, data.get("accion", Accion.LIBRE)),
            movimiento=bool(data.get("movimiento", False)),
            respuesta=None if respuesta is None else word(Respuesta, respuesta),
            acciones_extra_usadas=int(data.get("acciones_extra_usadas", 0)),
            respuestas_extra_usadas=int(data.get("respuestas_extra_usadas", 0)),
            acted=bool(data.get("acted", False)),
            defended=bool(data.get("defended", False)),
            cargando=opt_int(data.get("cargando")),
            apuntando=bool(data.get("apuntando", False)),
            sosteniendo=None if held is None else Sostenido.from_dict(held),
            last_roll=None if roll is None else record_from_dict(roll, asalto),
            last_hit=None if hit is None else Hit.from_dict(hit),
            genero=opt_str(data.get("genero")),
            movido_asalto=opt_int(data.get("movido_asalto")),
            malherido_asalto=opt_int(data.get("malherido_asalto")),
            malherido_avisado=bool(data.get("malherido_avisado", False)),
        )
