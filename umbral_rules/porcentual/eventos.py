"""What an operation of the percentile game reports: immutable events, each with ``message``
(one Spanish line a renderer may show as it is) and every die it rolled."""

from __future__ import annotations

from dataclasses import dataclass

from .acciones import AccionDeclarada
from .estado import Fase, Iniciativa
from .modificadores import Porcentaje
from .tablas import Localizacion
from .tiradas import DamageRoll, Enfrentamiento, PercentileRoll


@dataclass(frozen=True)
class Evento:
    message: str


@dataclass(frozen=True)
class IniciativaTirada(Evento):
    iniciativa: Iniciativa


@dataclass(frozen=True)
class FaseCambiada(Evento):
    numero: int
    fase: Fase


@dataclass(frozen=True)
class Declarado(Evento):
    combatiente_id: str
    acciones: tuple[AccionDeclarada, ...]


@dataclass(frozen=True)
class AccionHecha(Evento):
    combatiente_id: str
    indice: int
    accion: AccionDeclarada


@dataclass(frozen=True)
class AccionPerdida(Evento):
    combatiente_id: str
    indice: int
    motivo: str


@dataclass(frozen=True)
class TurnoPasado(Evento):
    turno: int
    ids: tuple[str, ...]


@dataclass(frozen=True)
class TiradaHecha(Evento):
    """A percentage roll: who, what for, how the percentage was built, and the d100."""

    combatiente_id: str
    que: str
    porcentaje: Porcentaje
    tirada: PercentileRoll


@dataclass(frozen=True)
class EnfrentamientoHecho(Evento):
    enfrentamiento: Enfrentamiento


@dataclass(frozen=True)
class DanioHecho(Evento):
    """Damage to ``objetivo_id`` (or to its horse): the dice, every step, what PV it took."""

    objetivo_id: str
    tirada: DamageRoll
    bonus: DamageRoll | None
    localizacion: Localizacion | None
    localizacion_dado: tuple[int, int] | None  # (sides, face)
    pasos: tuple[tuple[str, int], ...]
    pd: int
    pv_antes: int
    pv_despues: int
    al_caballo: bool = False


@dataclass(frozen=True)
class ResistenciaPerdida(Evento):
    """An armour or shield lost Resistencia (``roto``: the shield broke at 0)."""

    objetivo_id: str
    pieza: str
    antes: int
    despues: int
    roto: bool = False


@dataclass(frozen=True)
class Estado(Evento):
    """A change of standing: melé, inmovilizado, en el suelo, desarmado, inconsciente…"""

    combatiente_id: str
    que: str
