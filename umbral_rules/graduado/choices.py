"""The typed choices of a round: what a hero declares, what an enemy announces.

The narrator grades (Tácticas, Riesgo, Objetivo, whether it is creative); the engine does
the rest. Each choice has its JSON form, since a declared round is kept between posts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .chance import Grados
from .damage import Intencion
from .defense import Defensa
from .sheets import Via


def _check_points(value: int, what: str) -> None:
    if value < 0:
        raise UmbralError(f"{what} no puede ser negativo ({value}).")


@dataclass(frozen=True)
class Ataque:
    """Strike ``objetivo``; ``esfuerzo``: points of the reserve put into the blow;
    ``sobregiro``: the player said clearly they go past their limit; ``flanqueo``: they
    take the target from another side than an ally who also strikes it."""

    objetivo: str
    grados: Grados = field(default_factory=Grados)
    via: Via = Via.FUERZA
    esfuerzo: int = 0
    sobregiro: bool = False
    intencion: Intencion = Intencion.GOLPEAR
    flanqueo: bool = False

    def __post_init__(self) -> None:
        _check_points(self.esfuerzo, "El esfuerzo")


@dataclass(frozen=True)
class Interponerse:
    """«Ponerse delante de un aliado da sus golpes a un solo objetivo, contra tu propia
    defensa.»"""

    aliado: str


class Medio(Enum):
    MAGIA = "magia"
    OBJETO = "objeto"
    MANOS = "manos"


@dataclass(frozen=True)
class Curar:
    """Heal ``aliado``: with magic (``puntos`` of maná become aguante), with a healing item
    (``objeto``, ``puntos`` of aguante) or with bare hands (only the bleeding stops)."""

    aliado: str
    medio: Medio = Medio.MANOS
    puntos: int = 0
    objeto: str = ""
    sobregiro: bool = False

    def __post_init__(self) -> None:
        _check_points(self.puntos, "Lo que se cura")
        if self.medio is Medio.OBJETO and not self.objeto.strip():
            raise UmbralError("Curar con un objeto necesita el nombre del objeto.")


@dataclass(frozen=True)
class Hazana:
    """Any other deed, priced by its effect («desde hablar y caminar … mucho más allá»):
    ``efecto`` on the power's scale, as the narrator sizes it."""

    descripcion: str
    efecto: int
    via: Via = Via.FUERZA
    sobregiro: bool = False

    def __post_init__(self) -> None:
        _check_points(self.efecto, "El tamaño del efecto")


Accion = Ataque | Interponerse | Curar | Hazana


@dataclass(frozen=True)
class Declaracion:
    """One hero's declared turn: an action, how they meet what comes at them, and whether
    the narrator found it creative or coordinated."""

    accion: Accion | None = None
    defensa: Defensa | None = None
    creativo: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "accion": None if self.accion is None else accion_to_dict(self.accion),
            "defensa": None if self.defensa is None else self.defensa.to_dict(),
            "creativo": self.creativo,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Declaracion:
        accion = data.get("accion")
        defensa = data.get("defensa")
        return cls(
            None if accion is None else accion_from_dict(accion),
            None if defensa is None else Defensa.from_dict(defensa),
            bool(data.get("creativo", False)),
        )


@dataclass(frozen=True)
class Anuncio:
    """An enemy's attack, declared a turn ahead: it lands at the end of the next round.

    ``inbloqueable``: the enemy's own abilities make it impossible to dodge or block."""

    id: int
    ronda: int
    atacante: str
    objetivo: str
    grados: Grados = field(default_factory=Grados)
    via: Via = Via.FUERZA
    esfuerzo: int = 0
    intencion: Intencion = Intencion.GOLPEAR
    inbloqueable: bool = False

    def __post_init__(self) -> None:
        _check_points(self.esfuerzo, "El esfuerzo")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ronda": self.ronda,
            "atacante": self.atacante,
            "objetivo": self.objetivo,
            "grados": self.grados.to_dict(),
            "via": self.via.value,
            "esfuerzo": self.esfuerzo,
            "intencion": self.intencion.value,
            "inbloqueable": self.inbloqueable,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Anuncio:
        return cls(
            id=int(data["id"]),
            ronda=int(data["ronda"]),
            atacante=str(data["atacante"]),
            objetivo=str(data["objetivo"]),
            grados=Grados.from_dict(data.get("grados")),
            via=Via(data.get("via", "fuerza")),
            esfuerzo=int(data.get("esfuerzo", 0)),
            intencion=Intencion(data.get("intencion", "golpear")),
            inbloqueable=bool(data.get("inbloqueable", False)),
        )


def accion_to_dict(accion: Accion) -> dict[str, Any]:
    if isinstance(accion, Ataque):
        return {
            "tipo": "ataque",
            "objetivo": accion.objetivo,
            "grados": accion.grados.to_dict(),
            "via": accion.via.value,
            "esfuerzo": accion.esfuerzo,
            "sobregiro": accion.sobregiro,
            "intencion": accion.intencion.value,
            "flanqueo": accion.flanqueo,
        }
    if isinstance(accion, Interponerse):
        return {"tipo": "interponerse", "aliado": accion.aliado}
    if isinstance(accion, Curar):
        return {
            "tipo": "curar",
            "aliado": accion.aliado,
            "medio": accion.medio.value,
            "puntos": accion.puntos,
            "objeto": accion.objeto,
            "sobregiro": accion.sobregiro,
        }
    return {
        "tipo": "hazana",
        "descripcion": accion.descripcion,
        "efecto": accion.efecto,
        "via": accion.via.value,
        "sobregiro": accion.sobregiro,
    }


def accion_from_dict(data: Mapping[str, Any]) -> Accion:
    kind = data.get("tipo")
    if kind == "ataque":
        return Ataque(
            objetivo=str(data["objetivo"]),
            grados=Grados.from_dict(data.get("grados")),
            via=Via(data.get("via", "fuerza")),
            esfuerzo=int(data.get("esfuerzo", 0)),
            sobregiro=bool(data.get("sobregiro", False)),
            intencion=Intencion(data.get("intencion", "golpear")),
            flanqueo=bool(data.get("flanqueo", False)),
        )
    if kind == "interponerse":
        return Interponerse(str(data["aliado"]))
    if kind == "curar":
        return Curar(
            aliado=str(data["aliado"]),
            medio=Medio(data.get("medio", "manos")),
            puntos=int(data.get("puntos", 0)),
            objeto=str(data.get("objeto", "")),
            sobregiro=bool(data.get("sobregiro", False)),
        )
    if kind == "hazana":
        return Hazana(
            descripcion=str(data["descripcion"]),
            efecto=int(data["efecto"]),
            via=Via(data.get("via", "fuerza")),
            sobregiro=bool(data.get("sobregiro", False)),
        )
    raise UmbralError(f"No conozco esa acción ({kind!r}).")
