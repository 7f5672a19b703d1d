"""The encounter's whole state (:class:`EncounterState`), typed, and its JSON form.

``EncounterState.to_dict()`` is the persistence contract (``docs/encounter-json.md``); its
top-level layout is::

    {"schema": 1, "mode": ..., "asalto": int, "phase": "jugadores" | "enemigos",
     "settings": {...}, "combatants": [...], "pending": [...], "retos": [...], "extra": {...}}

Every value in it is JSON (lists, strings, ints, bools, None, objects). ``from_dict`` reads
every form an earlier release stored: a key it did not write yet takes its default.
The operations live in modules of functions over this state; :class:`~.Encounter` is their
facade.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import UmbralError
from ..tablero import Tablero
from ..tables import ENCOUNTER_SCHEMA
from ..text import name_key, name_not_found
from .codec import JsonDict, ints, opt_int, opt_str, strs
from .combatant import Combatant
from .kinds import Mode, Phase, Respuesta, Side
from .pieces import Reto
from .plans import DefendArgs, Pending, pending_from_dict
from .settings import Settings


@dataclass(frozen=True)
class Guard:
    """Interponerse: ``protector`` takes the attacks aimed at ``protegido`` this asalto."""

    protector: str
    protegido: str
    asalto: int

    def to_dict(self) -> JsonDict:
        return {"protector": self.protector, "protegido": self.protegido, "asalto": self.asalto}


@dataclass(frozen=True)
class DefenseReading:
    """Mesa: the Defensa roll a PC made against this asalto's attacks, kept so that a late
    attack is read against it (:mod:`.late`): the die's faces, the ventaja sources, the
    player's ``args``, the grades Aliento added, the attacks read so far, the damage taken
    from them and the Aguante before them (None in a record of an older release)."""

    asalto: int
    faces: tuple[int, ...]
    ventajas: tuple[str, ...]
    desventajas: tuple[str, ...]
    args: DefendArgs
    shift: int
    resolved: tuple[Pending, ...]
    damage: int
    aguante: int | None

    def to_dict(self) -> JsonDict:
        return {
            "asalto": self.asalto,
            "faces": list(self.faces),
            "ventajas": list(self.ventajas),
            "desventajas": list(self.desventajas),
            "args": self.args.to_dict(),
            "shift": self.shift,
            "resolved": [p.to_dict() for p in self.resolved],
            "damage": self.damage,
            "aguante": self.aguante,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], asalto: int) -> DefenseReading:
        return cls(
            asalto=int(data["asalto"]),
            faces=ints(data["faces"]),
            ventajas=strs(data.get("ventajas")),
            desventajas=strs(data.get("desventajas")),
            args=DefendArgs.from_dict(data.get("args") or {}),
            shift=int(data.get("shift", 0)),
            resolved=tuple(pending_from_dict(p, asalto) for p in data.get("resolved") or ()),
            damage=int(data.get("damage", 0)),
            aguante=opt_int(data.get("aguante")),
        )


@dataclass(frozen=True)
class Offer:
    """Táctico: a respuesta a walk offered ``de`` against ``contra``, where it happened."""

    de: str
    contra: str
    tipo: Respuesta
    casilla: str

    def to_dict(self) -> JsonDict:
        return {"de": self.de, "contra": self.contra, "tipo": self.tipo.value,
                "casilla": self.casilla}  # fmt: skip


@dataclass(frozen=True)
class TableroTurn:
    """Táctico: what happened on the board in asalto ``asalto`` — squares walked, the
    enemies each one tried to Despegarse from, the respuestas walks offered."""

    asalto: int
    movido: Mapping[str, int] = field(default_factory=dict)
    despegado: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ofertas: tuple[Offer, ...] = ()

    def to_dict(self) -> JsonDict:
        return {
            "asalto": self.asalto,
            "movido": dict(self.movido),
            "despegado": {k: list(v) for k, v in self.despegado.items()},
            "ofertas": [o.to_dict() for o in self.ofertas],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableroTurn:
        return cls(
            asalto=int(data["asalto"]),
            movido={str(k): int(v) for k, v in (data.get("movido") or {}).items()},
            despegado={str(k): strs(v) for k, v in (data.get("despegado") or {}).items()},
            ofertas=tuple(
                Offer(str(o["de"]), str(o["contra"]), Respuesta(o["tipo"]), str(o["casilla"]))
                for o in data.get("ofertas") or ()
            ),
        )


@dataclass(frozen=True)
class Counters:
    """The last number given to each id sequence: ``c1``, ``p1``, ``r1``..."""

    combatant: int = 0
    pending: int = 0
    reto: int = 0

    def to_dict(self) -> JsonDict:
        return {"combatant": self.combatant, "pending": self.pending, "reto": self.reto}


@dataclass
class EncounterState:
    """The whole state of one fight: who is in it, what waits, and what the asalto
    remembers (``interponerse``; ``attacked_by``: target id → who attacked it, for acoso;
    ``defensas``: the Mesa Defensa rolls kept; ``despegues``: who left whom cleanly with
    Despegarse, so that one does not roll; Táctico's ``tablero`` and ``turn``).
    ``escena`` is the caller's mark of what the encounter is for it (the bot: "reto" for a
    reto's scene); the rules only keep it."""

    mode: Mode
    asalto: int = 1
    phase: Phase = Phase.JUGADORES
    settings: Settings = field(default_factory=Settings)
    combatants: list[Combatant] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    retos: list[Reto] = field(default_factory=list)
    counters: Counters = Counters()
    interponerse: list[Guard] = field(default_factory=list)
    attacked_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    defensas: dict[str, DefenseReading] = field(default_factory=dict)
    despegues: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tablero: Tablero | None = None
    turn: TableroTurn | None = None
    escena: str | None = None

    def copy(self) -> EncounterState:
        """An independent copy (its lists and dicts new, each combatant copied)."""
        return replace(
            self,
            combatants=[c.copy() for c in self.combatants],
            pending=self.pending[:],
            retos=self.retos[:],
            interponerse=self.interponerse[:],
            attacked_by=dict(self.attacked_by),
            defensas=dict(self.defensas),
            despegues=dict(self.despegues),
        )

    # --- the JSON form ------------------------------------------------------------------

    def to_dict(self, *, combatants: bool = True) -> JsonDict:
        """The lossless plain-dict form; ``combatants=False`` leaves their list empty (for a
        caller that turns only the combatants that changed into dicts)."""
        extra: JsonDict = {
            "counters": self.counters.to_dict(),
            "interponerse": [g.to_dict() for g in self.interponerse],
            "attacked_by": {k: list(v) for k, v in self.attacked_by.items()},
            "defensas": {k: r.to_dict() for k, r in self.defensas.items()},
            "tablero": None if self.tablero is None else self.tablero.to_dict(),
            "tactico": None if self.turn is None else self.turn.to_dict(),
            "escena": self.escena,
        }
        if self.despegues:  # written while someone left cleanly this asalto (issue 34)
            extra["despegues"] = {k: list(v) for k, v in self.despegues.items()}
        return {
            "schema": ENCOUNTER_SCHEMA,
            "mode": self.mode.value,
            "asalto": self.asalto,
            "phase": self.phase.value,
            "settings": self.settings.to_dict(),
            "combatants": [c.to_dict() for c in self.combatants] if combatants else [],
            "pending": [p.to_dict() for p in self.pending],
            "retos": [r.to_dict() for r in self.retos],
            "extra": extra,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EncounterState:
        """The state in ``data`` (the inverse of :meth:`to_dict`, and every older form)."""
        schema = data.get("schema")
        if schema != ENCOUNTER_SCHEMA:
            raise UmbralError(
                f"Versión de encuentro desconocida ({schema}); se esperaba {ENCOUNTER_SCHEMA}."
            )
        try:
            mode = Mode(str(data["mode"]))
        except ValueError:
            known = ", ".join(Mode)
            raise UmbralError(f"Modo desconocido «{data['mode']}»: usa {known}.") from None
        try:
            phase = Phase(str(data["phase"]))
        except ValueError:
            msg = f"Fase desconocida «{data['phase']}»: usa jugadores o enemigos."
            raise UmbralError(msg) from None
        asalto = int(data["asalto"])
        extra: Mapping[str, Any] = data.get("extra") or {}
        counters = extra.get("counters") or {}
        tablero, turn = extra.get("tablero"), extra.get("tactico")  # Táctico only
        return cls(
            mode=mode,
            asalto=asalto,
            phase=phase,
            settings=Settings.from_dict(data.get("settings") or {}),
            combatants=[Combatant.from_dict(c, asalto) for c in data.get("combatants") or ()],
            pending=[pending_from_dict(p, asalto) for p in data.get("pending") or ()],
            retos=[Reto.from_dict(r) for r in data.get("retos") or ()],
            counters=Counters(
                int(counters.get("combatant", 0)),
                int(counters.get("pending", 0)),
                int(counters.get("reto", 0)),
            ),
            interponerse=[
                Guard(str(g["protector"]), str(g["protegido"]), int(g.get("asalto", asalto)))
                for g in extra.get("interponerse") or ()
            ],
            attacked_by={str(k): strs(v) for k, v in (extra.get("attacked_by") or {}).items()},
            defensas={
                str(k): DefenseReading.from_dict(r, asalto)
                for k, r in (extra.get("defensas") or {}).items()
                if isinstance(r, Mapping)
            },
            despegues={str(k): strs(v) for k, v in (extra.get("despegues") or {}).items()},
            tablero=None if tablero is None else Tablero.from_dict(tablero),
            turn=TableroTurn.from_dict(turn) if isinstance(turn, Mapping) else None,
            escena=opt_str(extra.get("escena")),
        )

    # --- lookups and ids ----------------------------------------------------------------

    def lookup(self, combatant_id: str) -> Combatant | None:
        """The combatant with this id, or ``None`` when there is none (removed meanwhile):
        for who shows an event or a pending defense, where missing is not an error."""
        return next((c for c in self.combatants if c.id == combatant_id), None)

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
            raise name_not_found(
                f"No hay nadie llamado «{name_or_id.strip()}» en el combate: "
                "/encuentro ver dice quién está.",
                name_or_id,
                (c.nombre for c in self.combatants),
            )
        if len(matches) > 1:
            names = ", ".join(f"{c.nombre} ({c.id})" for c in matches)
            raise UmbralError(f"«{name_or_id.strip()}» puede ser varios: {names}. Sé más preciso.")
        return matches[0]

    def side_of(self, side: Side) -> list[Combatant]:
        return [c for c in self.combatants if c.side is side]

    def new_combatant_id(self) -> str:
        self.counters = replace(self.counters, combatant=self.counters.combatant + 1)
        return f"c{self.counters.combatant}"

    def new_pending_id(self) -> str:
        self.counters = replace(self.counters, pending=self.counters.pending + 1)
        return f"p{self.counters.pending}"

    def new_reto_id(self) -> str:
        self.counters = replace(self.counters, reto=self.counters.reto + 1)
        return f"r{self.counters.reto}"

    def pending_for(self, defender_id: str) -> list[Pending]:
        return [p for p in self.pending if p.defender == defender_id]
