"""What the operations report: immutable events holding what a renderer shows, every die
included. Each has ``message``: one Spanish line a renderer may show as it is."""

from __future__ import annotations

from dataclasses import dataclass

from .checks import Tirada
from .tables import Lectura


@dataclass(frozen=True)
class Event:
    message: str


@dataclass(frozen=True)
class CheckRolled(Event):
    """A test: ``proposito`` says what for («iniciativa», «ataque», «deteccion», …)."""

    quien: str
    proposito: str
    tirada: Tirada


@dataclass(frozen=True)
class InitiativeOrder(Event):
    asalto: int
    orden: tuple[str, ...]


@dataclass(frozen=True)
class TurnStarted(Event):
    quien: str


@dataclass(frozen=True)
class TurnHeld(Event):
    quien: str


@dataclass(frozen=True)
class ActionSpent(Event):
    quien: str
    tamano: str
    restantes: int


@dataclass(frozen=True)
class SurpriseResolved(Event):
    acechante: str
    atacado: str
    sorpresa: bool


@dataclass(frozen=True)
class AttackResolved(Event):
    """``dano``: what is left after Protección (0 on a miss)."""

    atacante: str
    defensor: str
    arma: str
    defensa: int
    grados: int
    dano_arma: int
    proteccion: int
    dano: int


@dataclass(frozen=True)
class TableRolled(Event):
    """A critical, a fumble or a manoeuvre: its dice, the number and its reading."""

    quien: str
    dados: tuple[int, ...]
    sumandos: int
    lectura: Lectura


@dataclass(frozen=True)
class DamagePending(Event):
    defensor: str
    dano: int


@dataclass(frozen=True)
class DamageTaken(Event):
    defensor: str
    dano: int
    leves: int
    grave: bool
    absorbido: int
    salud_antes: int
    salud_despues: int


@dataclass(frozen=True)
class FatigueUsed(Event):
    quien: str
    uso: str
    fatiga: int


@dataclass(frozen=True)
class DestinySpent(Event):
    """``aplicado``: the rules applied it; otherwise it is only recorded for the GM."""

    quien: str
    uso: str
    restantes: int
    aplicado: bool
    objetivo: str | None = None
    detalle: str | None = None


@dataclass(frozen=True)
class Out(Event):
    """A combatant or a participant is out: ``motivo`` «salud», «rendicion»."""

    quien: str
    motivo: str


@dataclass(frozen=True)
class BackIn(Event):
    """A combatant vencido at Salud 0 is back in the fight: the GM raised its Salud."""

    quien: str


@dataclass(frozen=True)
class Corregido:
    """One value the GM set by hand: its Spanish label, before and after."""

    campo: str
    antes: int
    despues: int


@dataclass(frozen=True)
class Corrected(Event):
    """The GM's hand correction of a combatant: each value it changed."""

    quien: str
    cambios: tuple[Corregido, ...]


@dataclass(frozen=True)
class Ended(Event):
    """A combat or an intrigue is over; ``vencedor``: the winning side (None: nobody)."""

    vencedor: str | None


@dataclass(frozen=True)
class ExchangeStarted(Event):
    intercambio: int
    orden: tuple[str, ...]


@dataclass(frozen=True)
class AttitudeChanged(Event):
    quien: str
    antes: int
    despues: int


@dataclass(frozen=True)
class ObjectiveChanged(Event):
    quien: str
    objetivo: str
    adversario: str
    recuperada: int


@dataclass(frozen=True)
class InfluenceResolved(Event):
    """An influir roll: ``influencia`` before FA, ``neta`` after FA (what may still be
    cancelled by Frustración)."""

    actor: str
    objetivo: str
    grados: int
    influencia: int
    fa: int
    neta: int


@dataclass(frozen=True)
class InfluenceTaken(Event):
    objetivo: str
    influencia: int
    frustracion: bool
    anulada: int
    compostura_antes: int
    compostura_despues: int
