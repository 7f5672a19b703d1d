"""What an operation reports: immutable events holding every die and every term, so a
renderer can show all of it. Every event has ``message``: one Spanish line."""

from __future__ import annotations

from dataclasses import dataclass

from .bands import Calificacion
from .chance import Chance
from .choices import Anuncio, Declaracion
from .damage import Dano
from .defense import Comparacion, Defensa
from .effort import Efecto, Pago
from .roll import D100
from .sheets import Bando


@dataclass(frozen=True)
class Event:
    message: str


@dataclass(frozen=True)
class Declarado(Event):
    combatiente: str
    declaracion: Declaracion


@dataclass(frozen=True)
class Anunciado(Event):
    anuncio: Anuncio


@dataclass(frozen=True)
class EsfuerzoPagado(Event):
    """A reserve paid (maybe cut down, maybe past the limit)."""

    combatiente: str
    pago: Pago
    efecto: Efecto | None = None


@dataclass(frozen=True)
class DefensaTirada(Event):
    """A hero's one defence roll of the turn (compared with each attack in :class:`Golpe`)."""

    combatiente: str
    defensa: Defensa
    chance: Chance
    tirada: D100


@dataclass(frozen=True)
class Golpe(Event):
    """One blow: its chance (every term), the d100, the defence read against it (if any),
    the grade it ends with, its damage (every factor) and the target's reserve."""

    atacante: str
    objetivo: str
    apuntado: str
    chance: Chance
    tirada: D100
    comparacion: Comparacion | None
    calificacion: Calificacion
    dano: Dano
    antes: int
    despues: int


@dataclass(frozen=True)
class GolpeCancelado(Event):
    """An announced blow that never lands: its enemy is dead, disabled, or its target is
    already down."""

    anuncio: Anuncio
    razon: str


@dataclass(frozen=True)
class SinEfecto(Event):
    """A declared action that could not happen (its target is no longer standing)."""

    combatiente: str


@dataclass(frozen=True)
class Cae(Event):
    combatiente: str
    bando: Bando
    muerto: bool = False
    inutilizado: bool = False


@dataclass(frozen=True)
class ImpulsoCambia(Event):
    bando: Bando
    antes: int
    despues: int
    razon: str


@dataclass(frozen=True)
class Interpuesto(Event):
    protector: str
    protegido: str


@dataclass(frozen=True)
class Curado(Event):
    sanador: str
    aliado: str
    puntos: int
    levanta: bool
    detiene_hemorragia: bool


@dataclass(frozen=True)
class Hecho(Event):
    """A deed priced by its effect happened (``efecto`` None: nothing was left to pay it)."""

    combatiente: str
    descripcion: str
    efecto: Efecto


@dataclass(frozen=True)
class RondaCerrada(Event):
    ronda: int
    por_ventana: bool
    sin_declarar: tuple[str, ...]


@dataclass(frozen=True)
class CombateTermina(Event):
    final: str
