"""The encounter's data: combatants, pending defenses, retos, and a lossless plain-dict form.

``EncounterState.to_dict()`` is the persistence contract; its top-level layout is::

    {"schema": 1, "mode": ..., "asalto": int, "phase": "jugadores" | "enemigos",
     "settings": {...}, "combatants": [...], "pending": [...], "retos": [...], "extra": {...}}

Every value in it is JSON-serialisable (lists, strings, ints, bools, None, dicts).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import UmbralError
from ..sheets import CharacterSheet, EnemySheet, Weapon
from ..tables import ENCOUNTER_SCHEMA, MODES
from ..text import name_key

JsonDict = dict[str, Any]

PHASES = ("jugadores", "enemigos")
SIDES = ("pj", "enemigo")
#: A combatant's standing. Only ``activo`` acts, attacks and is attacked normally.
STATUSES = ("activo", "malherido", "estabilizado", "muerto", "fuera")
#: What an acción has become this asalto.
ACCION_STATES = ("libre", "gastada", "movimiento")


def sheet_to_dict(sheet: CharacterSheet) -> JsonDict:
    return {
        "nombre": sheet.nombre,
        "atributos": dict(sheet.atributos),
        "proteccion": sheet.proteccion,
        "oficios": dict(sheet.oficios),
        "aguante_extra": sheet.aguante_extra,
        "size": sheet.size,
    }


def sheet_from_dict(data: Mapping[str, Any]) -> CharacterSheet:
    return CharacterSheet(
        nombre=str(data["nombre"]),
        atributos={str(k): int(v) for k, v in dict(data["atributos"]).items()},
        proteccion=int(data["proteccion"]),
        oficios={str(k): int(v) for k, v in dict(data.get("oficios", {})).items()},
        aguante_extra=int(data.get("aguante_extra", 0)),
        size=str(data.get("size", "normal")),
    )


def enemy_to_dict(enemy: EnemySheet) -> JsonDict:
    return {
        "nombre": enemy.nombre,
        "ataque": enemy.ataque,
        "defensa": enemy.defensa,
        "aguante": enemy.aguante,
        "potencia": enemy.potencia,
        "arma": enemy.arma,
        "size": enemy.size,
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
        size=str(data.get("size", "normal")),
        proteccion=int(data.get("proteccion", 0)),
        bono_ataque=None if bono_a is None else int(bono_a),
        bono_defensa=None if bono_d is None else int(bono_d),
        cualidades=frozenset(str(c) for c in data.get("cualidades", ())),
        acciones_extra=int(data.get("acciones_extra", 0)),
        respuestas_extra=int(data.get("respuestas_extra", 0)),
    )


_SCALARS = frozenset({str, int, float, bool, type(None)})


def json_copy(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars), several times faster than
    ``copy.deepcopy``; anything else inside goes through ``copy.deepcopy``."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list:
        return [json_copy(v) for v in value]
    return copy.deepcopy(value)


@dataclass
class Combatant:
    """One fighter. A PC carries ``sheet`` and ``weapons``; an enemy carries ``enemy``."""

    id: str
    nombre: str
    side: str
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
    defensa_oficio: str | None = None
    defensa_cobertura: str = "entero"
    status: str = "activo"
    secuelas: list[JsonDict] = field(default_factory=list)
    secuelas_pendiente: bool = False
    reserva_aliento: bool = False  # a point of Aliento kept for the secuelas roll
    #: per asalto: what the acción became, whether the movimiento went, the respuesta used
    accion: str = "libre"
    movimiento: bool = False
    respuesta: str | None = None
    #: the extra acciones / respuestas of an enemy's sheet already used this asalto
    acciones_extra_usadas: int = 0
    respuestas_extra_usadas: int = 0
    acted: bool = False
    defended: bool = False
    #: maniobras in force
    cargando: int | None = None  # the asalto of the charge
    apuntando: bool = False
    sosteniendo: JsonDict | None = None  # {"condicion", "asalto", "weapon"}
    #: what Aliento can act on
    last_roll: JsonDict | None = None
    last_hit: JsonDict | None = None
    #: "masculino" / "femenino" for the agreement of messages (None: not said, masculine)
    genero: str | None = None

    @property
    def is_pc(self) -> bool:
        return self.side == "pj"

    @property
    def active(self) -> bool:
        return self.status == "activo"

    @property
    def size(self) -> str:
        if self.sheet is not None:
            return self.sheet.size
        return self.enemy.size if self.enemy is not None else "normal"

    def copy(self) -> Combatant:
        """An independent copy: its lists and JSON fields copied, its frozen sheets shared
        (equal to ``self``, and ``from_dict(to_dict())`` without building the dict)."""
        fields = self.__dict__.copy()  # copy.copy without its __reduce_ex__ detour
        fields["estados"] = self.estados[:]
        fields["weapons"] = self.weapons[:]
        fields["secuelas"] = json_copy(self.secuelas) if self.secuelas else []
        for name in ("sosteniendo", "last_roll", "last_hit"):
            value = fields[name]
            if value is not None:
                fields[name] = json_copy(value)
        new = object.__new__(type(self))
        new.__dict__ = fields
        return new

    def same(self, other: Combatant) -> bool:
        """Whether ``other`` holds exactly this state (``==`` field by field, without building
        the tuples of the dataclass's ``__eq__``)."""
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def to_dict(self) -> JsonDict:
        return {
            "id": self.id,
            "nombre": self.nombre,
            "side": self.side,
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
            "defensa_oficio": self.defensa_oficio,
            "defensa_cobertura": self.defensa_cobertura,
            "status": self.status,
            "secuelas": json_copy(self.secuelas),
            "secuelas_pendiente": self.secuelas_pendiente,
            "reserva_aliento": self.reserva_aliento,
            "accion": self.accion,
            "movimiento": self.movimiento,
            "respuesta": self.respuesta,
            "acciones_extra_usadas": self.acciones_extra_usadas,
            "respuestas_extra_usadas": self.respuestas_extra_usadas,
            "acted": self.acted,
            "defended": self.defended,
            "cargando": self.cargando,
            "apuntando": self.apuntando,
            "sosteniendo": json_copy(self.sosteniendo),
            "last_roll": json_copy(self.last_roll),
            "last_hit": json_copy(self.last_hit),
            "genero": self.genero,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Combatant:
        sheet = data.get("sheet")
        enemy = data.get("enemy")
        side = str(data["side"])
        if side not in SIDES:
            raise UmbralError(f"Bando desconocido «{side}»: usa pj o enemigo.")
        return cls(
            id=str(data["id"]),
            nombre=str(data["nombre"]),
            side=side,
            aguante=int(data["aguante"]),
            aguante_max=int(data["aguante_max"]),
            estados=[str(e) for e in data.get("estados", [])],
            character_id=_opt_int(data.get("character_id")),
            owner_id=_opt_int(data.get("owner_id")),
            sheet=None if sheet is None else sheet_from_dict(sheet),
            weapons=[Weapon.from_dict(w) for w in data.get("weapons", [])],
            enemy=None if enemy is None else enemy_from_dict(enemy),
            aliento=int(data.get("aliento", 0)),
            aliento_max=int(data.get("aliento_max", 0)),
            esencia=int(data.get("esencia", 0)),
            esencia_max=int(data.get("esencia_max", 0)),
            defensa_oficio=_opt_str(data.get("defensa_oficio")),
            defensa_cobertura=str(data.get("defensa_cobertura", "entero")),
            status=str(data.get("status", "activo")),
            secuelas=json_copy(list(data.get("secuelas", []))),
            secuelas_pendiente=bool(data.get("secuelas_pendiente", False)),
            reserva_aliento=bool(data.get("reserva_aliento", False)),
            accion=str(data.get("accion", "libre")),
            movimiento=bool(data.get("movimiento", False)),
            respuesta=_opt_str(data.get("respuesta")),
            acciones_extra_usadas=int(data.get("acciones_extra_usadas", 0)),
            respuestas_extra_usadas=int(data.get("respuestas_extra_usadas", 0)),
            acted=bool(data.get("acted", False)),
            defended=bool(data.get("defended", False)),
            cargando=_opt_int(data.get("cargando")),
            apuntando=bool(data.get("apuntando", False)),
            sosteniendo=json_copy(data.get("sosteniendo")),
            last_roll=json_copy(data.get("last_roll")),
            last_hit=json_copy(data.get("last_hit")),
            genero=_opt_str(data.get("genero")),
        )


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def default_settings() -> JsonDict:
    """[D] Defaults of an encounter's settings (see ``tables.ENCOUNTER_DEFAULT_SETTINGS``)."""
    from ..tables import ENCOUNTER_DEFAULT_SETTINGS

    return copy.deepcopy(dict(ENCOUNTER_DEFAULT_SETTINGS))


@dataclass
class EncounterState:
    """The whole state of one fight. Operations live in :class:`~.Encounter`."""

    mode: str
    asalto: int = 1
    phase: str = "jugadores"
    settings: JsonDict = field(default_factory=default_settings)
    combatants: list[Combatant] = field(default_factory=list)
    pending: list[JsonDict] = field(default_factory=list)
    retos: list[JsonDict] = field(default_factory=list)
    extra: JsonDict = field(default_factory=dict)
    #: ``extra["tablero"]`` parsed, with that dict (``tablero.board_of``); never compared, saved
    board_memo: tuple[JsonDict, Any] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def to_dict(self, *, combatants: bool = True) -> JsonDict:
        """The lossless plain-dict form; ``combatants=False`` leaves their list empty (for a
        caller that turns only the combatants that changed into dicts)."""
        return {
            "schema": ENCOUNTER_SCHEMA,
            "mode": self.mode,
            "asalto": self.asalto,
            "phase": self.phase,
            "settings": json_copy(self.settings),
            "combatants": [c.to_dict() for c in self.combatants] if combatants else [],
            "pending": json_copy(self.pending),
            "retos": json_copy(self.retos),
            "extra": json_copy(self.extra),
        }

    def load_dict(self, data: Mapping[str, Any]) -> None:
        """Replace this state with the one in ``data`` (the inverse of :meth:`to_dict`)."""
        schema = data.get("schema")
        if schema != ENCOUNTER_SCHEMA:
            raise UmbralError(
                f"Versión de encuentro desconocida ({schema}); se esperaba {ENCOUNTER_SCHEMA}."
            )
        mode = str(data["mode"])
        if mode not in MODES:
            raise UmbralError(f"Modo desconocido «{mode}»: usa {', '.join(MODES)}.")
        phase = str(data["phase"])
        if phase not in PHASES:
            raise UmbralError(f"Fase desconocida «{phase}»: usa jugadores o enemigos.")
        self.mode = mode
        self.asalto = int(data["asalto"])
        self.phase = phase
        self.settings = json_copy(dict(data.get("settings", {})))
        self.combatants = [Combatant.from_dict(c) for c in data.get("combatants", [])]
        self.pending = json_copy(list(data.get("pending", [])))
        self.retos = json_copy(list(data.get("retos", [])))
        self.extra = json_copy(dict(data.get("extra", {})))

    # --- lookups ---------------------------------------------------------------------------

    def get(self, combatant_id: str) -> Combatant:
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise UmbralError(f"No hay nadie con el identificador «{combatant_id}» en el combate.")

    def find(self, name_or_id: str) -> Combatant:
        """By id, then by name (case- and accent-insensitive), then by a unique prefix."""
        key = name_key(name_or_id)
        if not key:
            raise UmbralError("Indica a quién: el nombre o el identificador.")
        for c in self.combatants:
            if c.id == name_or_id.strip():
                return c
        exact = [c for c in self.combatants if name_key(c.nombre) == key]
        if len(exact) == 1:
            return exact[0]
        matches = exact or [c for c in self.combatants if name_key(c.nombre).startswith(key)]
        if not matches:
            raise UmbralError(f"No hay nadie llamado «{name_or_id.strip()}» en el combate.")
        if len(matches) > 1:
            names = ", ".join(f"{c.nombre} ({c.id})" for c in matches)
            raise UmbralError(f"«{name_or_id.strip()}» puede ser varios: {names}. Sé más preciso.")
        return matches[0]

    def counter(self, key: str) -> int:
        """The next number of a deterministic id sequence (``c1``, ``p1``, ``r1``...)."""
        counters: dict[str, int] = self.extra.setdefault("counters", {})
        counters[key] = counters.get(key, 0) + 1
        return counters[key]

    def side_of(self, side: str) -> list[Combatant]:
        return [c for c in self.combatants if c.side == side]
