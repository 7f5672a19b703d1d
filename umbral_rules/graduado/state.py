"""The state of one graded fight, typed, and its JSON form (``to_dict`` / ``from_dict``).

Layout::

    {"schema": 1, "mundo": {...}, "ronda": int, "impulso": {"heroes": int, "enemigos": int},
     "combatientes": [...], "declaraciones": {id: {...}}, "anunciados": [...],
     "proximos": [...], "next_id": int, "final": null | "victoria" | "derrota" | "huida"}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import UmbralError
from ..text import name_key
from .chance import Riesgo, Tacticas
from .choices import Anuncio, Declaracion
from .ranks import RankNames
from .sheets import Bando, Ficha
from .tables import BASE_ENEMIGOS, BASE_HEROES, VENTANA_VIVO

SCHEMA = 1


@dataclass(frozen=True)
class Ventana:
    """When a round closes by itself: ``segundos`` after it opens (live play: 90, waiting
    while someone types; by post: the period the GM sets). The rules only keep it: the bot
    times it and calls «cerrar la ronda»."""

    segundos: int = VENTANA_VIVO
    por_turnos: bool = False

    def __post_init__(self) -> None:
        if self.segundos <= 0:
            raise UmbralError(f"La ventana de la ronda dura al menos un segundo ({self.segundos}).")


@dataclass(frozen=True)
class Mundo:
    """The world's rules: the bases («una regla del mundo»), the names of the ranks, whether
    healing may raise a fallen ally, the round's window."""

    base_heroes: int = BASE_HEROES
    base_enemigos: int = BASE_ENEMIGOS
    rangos: RankNames = field(default_factory=RankNames)
    curacion_levanta: bool = True
    ventana: Ventana = field(default_factory=Ventana)

    def __post_init__(self) -> None:
        for value in (self.base_heroes, self.base_enemigos):
            if not 0 <= value <= 100:
                raise UmbralError(f"La probabilidad base va de 0 a 100 (se dio {value}).")

    def to_dict(self) -> dict[str, Any]:
        return {
            "base_heroes": self.base_heroes,
            "base_enemigos": self.base_enemigos,
            "rangos": self.rangos.to_list(),
            "curacion_levanta": self.curacion_levanta,
            "ventana": {"segundos": self.ventana.segundos, "por_turnos": self.ventana.por_turnos},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Mundo:
        data = data or {}
        ventana = data.get("ventana") or {}
        return cls(
            base_heroes=int(data.get("base_heroes", BASE_HEROES)),
            base_enemigos=int(data.get("base_enemigos", BASE_ENEMIGOS)),
            rangos=RankNames.from_list(data.get("rangos")),
            curacion_levanta=bool(data.get("curacion_levanta", True)),
            ventana=Ventana(
                int(ventana.get("segundos", VENTANA_VIVO)), bool(ventana.get("por_turnos", False))
            ),
        )


@dataclass
class Combatiente:
    """A fighter in the fight: its sheet and what the fight did to it.

    A hero whose aguante runs out is ``caido`` (down, not dead: the seed says nothing more);
    an enemy whose aguante runs out is ``muerto``. ``riesgo_anterior``: the Riesgo it fought
    with last; ``historial``: the (Tácticas, Riesgo) of each of its attacks (experience)."""

    id: str
    ficha: Ficha
    bando: Bando
    caido: bool = False
    muerto: bool = False
    inutilizado: bool = False
    desangrandose: bool = False
    heridas: tuple[str, ...] = ()
    riesgo_anterior: Riesgo | None = None
    historial: tuple[tuple[Tacticas, Riesgo], ...] = ()

    @property
    def nombre(self) -> str:
        return self.ficha.nombre

    @property
    def fuera(self) -> bool:
        """Out of the fight: down, dead or disabled."""
        return self.caido or self.muerto or self.inutilizado

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ficha": self.ficha.to_dict(),
            "bando": self.bando.value,
            "caido": self.caido,
            "muerto": self.muerto,
            "inutilizado": self.inutilizado,
            "desangrandose": self.desangrandose,
            "heridas": list(self.heridas),
            "riesgo_anterior": None if self.riesgo_anterior is None else self.riesgo_anterior.value,
            "historial": [[t.value, r.value] for t, r in self.historial],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Combatiente:
        riesgo = data.get("riesgo_anterior")
        return cls(
            id=str(data["id"]),
            ficha=Ficha.from_dict(data["ficha"]),
            bando=Bando(data["bando"]),
            caido=bool(data.get("caido", False)),
            muerto=bool(data.get("muerto", False)),
            inutilizado=bool(data.get("inutilizado", False)),
            desangrandose=bool(data.get("desangrandose", False)),
            heridas=tuple(str(h) for h in data.get("heridas", ())),
            riesgo_anterior=None if riesgo is None else Riesgo(riesgo),
            historial=tuple((Tacticas(t), Riesgo(r)) for t, r in data.get("historial", ())),
        )


class Final(Enum):
    VICTORIA = "victoria"
    DERROTA = "derrota"
    HUIDA = "huida"


@dataclass
class CombateState:
    mundo: Mundo = field(default_factory=Mundo)
    combatientes: list[Combatiente] = field(default_factory=list)
    ronda: int = 1
    impulso: dict[Bando, int] = field(default_factory=lambda: {b: 0 for b in Bando})
    declaraciones: dict[str, Declaracion] = field(default_factory=dict)
    anunciados: list[Anuncio] = field(default_factory=list)
    proximos: list[Anuncio] = field(default_factory=list)
    next_id: int = 1
    final: Final | None = None

    # --- lookups ---------------------------------------------------------------------------

    def find(self, name: str) -> Combatiente:
        key = name_key(name)
        for c in self.combatientes:
            if c.id == key:
                return c
        raise UmbralError(f"No hay nadie llamado «{name}» en este combate.")

    def side(self, bando: Bando) -> list[Combatiente]:
        return [c for c in self.combatientes if c.bando is bando]

    def standing(self, bando: Bando) -> list[Combatiente]:
        return [c for c in self.side(bando) if not c.fuera]

    def base(self, c: Combatiente) -> int:
        if c.ficha.base is not None:
            return c.ficha.base
        return self.mundo.base_heroes if c.bando is Bando.HEROES else self.mundo.base_enemigos

    @property
    def pendientes(self) -> list[Combatiente]:
        """The heroes still in the fight who have not declared this round."""
        return [c for c in self.standing(Bando.HEROES) if c.id not in self.declaraciones]

    # --- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "mundo": self.mundo.to_dict(),
            "ronda": self.ronda,
            "impulso": {b.value: v for b, v in self.impulso.items()},
            "combatientes": [c.to_dict() for c in self.combatientes],
            "declaraciones": {k: d.to_dict() for k, d in self.declaraciones.items()},
            "anunciados": [a.to_dict() for a in self.anunciados],
            "proximos": [a.to_dict() for a in self.proximos],
            "next_id": self.next_id,
            "final": None if self.final is None else self.final.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CombateState:
        if int(data.get("schema", SCHEMA)) != SCHEMA:
            raise UmbralError("Este combate se guardó con una versión que no sé leer.")
        impulso = data.get("impulso") or {}
        final = data.get("final")
        declared = data.get("declaraciones") or {}
        return cls(
            mundo=Mundo.from_dict(data.get("mundo")),
            combatientes=[Combatiente.from_dict(c) for c in data.get("combatientes", ())],
            ronda=int(data.get("ronda", 1)),
            impulso={b: int(impulso.get(b.value, 0)) for b in Bando},
            declaraciones={str(k): Declaracion.from_dict(d) for k, d in declared.items()},
            anunciados=[Anuncio.from_dict(a) for a in data.get("anunciados", ())],
            proximos=[Anuncio.from_dict(a) for a in data.get("proximos", ())],
            next_id=int(data.get("next_id", 1)),
            final=None if final is None else Final(final),
        )

    def copy(self) -> CombateState:
        return CombateState.from_dict(self.to_dict())
