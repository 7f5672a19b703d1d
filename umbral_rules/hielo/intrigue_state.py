"""The state of an intrigue: its participants with their Compostura, Frustración, attitude,
setting, objective and technique; the exchange, its order and whose turn it is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .common import JsonDict, Termino, check_name, check_range
from .constants import ACTITUD_NEUTRA, VOLUNTAD
from .sheet import Sheet
from .tables import FactorActitud, TablaActitudes


class TipoIntriga(Enum):
    SIMPLE = "simple"
    NORMAL = "normal"
    COMPLEJA = "compleja"  # «por la duración de nuestra partida … no se llevarán a cabo»


class Escenario(Enum):
    """«puede conferir un beneficio a la Defensa en intrigas de un personaje»."""

    NEUTRO = "neutro"
    POCO_PRACTICO = "poco_practico"  # «Entorno poco práctico: +3»
    INAPROPIADO = "inapropiado"  # «Entorno inapropiado: +6»
    INCREIBLEMENTE_INADECUADO = "increiblemente_inadecuado"  # «… increíblemente inadecuado: +12»

    @property
    def bonus(self) -> int:
        return _SETTING_BONUS[self]


_SETTING_BONUS = {
    Escenario.NEUTRO: 0,
    Escenario.POCO_PRACTICO: 3,
    Escenario.INAPROPIADO: 6,
    Escenario.INCREIBLEMENTE_INADECUADO: 12,
}
#: The objectives the seed offers («Algunos posibles (pero no excluyentes)»).
OBJETIVOS_SEMILLA = ("Amistad", "Información", "Servicio", "Mentira")
#: «Mentira: engañar al adversario. En este caso se usan tiradas de Engaño».
MENTIRA = "mentira"


@dataclass(frozen=True)
class Tecnica:
    """A technique (one of Persuasión's specialties) and the Influencia it exerts per
    degree [D]: the seed's table 8-4 gives it and is not printed, so the group says it."""

    nombre: str
    influencia: int

    def __post_init__(self) -> None:
        check_name(self.nombre, "una técnica")
        check_range(self.influencia, 1, None, f"La Influencia de {self.nombre}")

    def to_dict(self) -> JsonDict:
        return {"nombre": self.nombre, "influencia": self.influencia}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tecnica:
        return cls(str(data["nombre"]), int(data["influencia"]))


@dataclass(frozen=True)
class Intrigante:
    """A participant. ``actitud``: its attitude towards its adversaries, 1 (best) to 7
    (worst); ``factor``: what that attitude does, from the loaded table or given by the GM;
    ``influido``: it was influenced successfully in this exchange; ``menos_d``: −1D an
    adversary's destiny point imposed on its next roll."""

    id: str
    sheet: Sheet
    bando: str
    objetivo: str
    compostura: int
    destino: int
    actitud: int = ACTITUD_NEUTRA
    factor: FactorActitud | None = None
    escenario: Escenario = Escenario.NEUTRO
    tecnica: Tecnica | None = None
    frustracion: int = 0
    influido: bool = False
    menos_d: int = 0
    vencido: bool = False

    @property
    def voluntad(self) -> int:
        return self.sheet.rango(VOLUNTAD)

    @property
    def defensa(self) -> int:
        return self.sheet.defensa_intrigas(self.escenario.bonus)

    def dados(self) -> tuple[Termino, ...]:
        """The −1D on its Engaño and Persuasión: «Cada punto de Frustración impone -1D a
        Engaño y Persuasión hasta el final de la intriga» (an adversary's destiny −1D is
        added by the roll itself, on whatever it rolls next)."""
        return (Termino("Frustración", -self.frustracion),) if self.frustracion else ()

    def to_dict(self) -> JsonDict:
        return {
            "id": self.id,
            "sheet": self.sheet.to_dict(),
            "bando": self.bando,
            "objetivo": self.objetivo,
            "compostura": self.compostura,
            "destino": self.destino,
            "actitud": self.actitud,
            "factor": self.factor.to_dict() if self.factor else None,
            "escenario": self.escenario.value,
            "tecnica": self.tecnica.to_dict() if self.tecnica else None,
            "frustracion": self.frustracion,
            "influido": self.influido,
            "menos_d": self.menos_d,
            "vencido": self.vencido,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Intrigante:
        factor, tecnica = data.get("factor"), data.get("tecnica")
        return cls(
            id=str(data["id"]),
            sheet=Sheet.from_dict(data["sheet"]),
            bando=str(data["bando"]),
            objetivo=str(data["objetivo"]),
            compostura=int(data["compostura"]),
            destino=int(data["destino"]),
            actitud=int(data.get("actitud", ACTITUD_NEUTRA)),
            factor=None if factor is None else FactorActitud.from_dict(factor),
            escenario=Escenario(data.get("escenario", "neutro")),
            tecnica=None if tecnica is None else Tecnica.from_dict(tecnica),
            frustracion=int(data.get("frustracion", 0)),
            influido=bool(data.get("influido", False)),
            menos_d=int(data.get("menos_d", 0)),
            vencido=bool(data.get("vencido", False)),
        )


@dataclass(frozen=True)
class PendingInfluence:
    """Influencia that landed, after FA, waiting for the target's Frustración choice;
    ``seises``: the sixes of the roll, for the manoeuvre."""

    actor: str
    objetivo: str
    influencia: int
    seises: int

    def to_dict(self) -> JsonDict:
        return {
            "actor": self.actor,
            "objetivo": self.objetivo,
            "influencia": self.influencia,
            "seises": self.seises,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PendingInfluence:
        return cls(
            str(data["actor"]), str(data["objetivo"]), int(data["influencia"]), int(data["seises"])
        )


@dataclass(frozen=True)
class Intrigue:
    """A normal intrigue. ``intercambio``: 0 before the first; ``orden``/``turno``: this
    exchange's order and whose turn it is (``len(orden)`` when every turn is over)."""

    participantes: tuple[Intrigante, ...]
    tabla: TablaActitudes | None = None
    intercambio: int = 0
    orden: tuple[str, ...] = ()
    turno: int = 0
    pendiente: PendingInfluence | None = None
    vencedor: str | None = None
    terminada: bool = False

    def participante(self, pid: str) -> Intrigante:
        for p in self.participantes:
            if p.id == pid:
                return p
        raise UmbralError(f"No hay nadie con el identificador «{pid}» en la intriga.")

    @property
    def current(self) -> str | None:
        if self.terminada or self.turno >= len(self.orden):
            return None
        return self.orden[self.turno]

    def put(self, p: Intrigante) -> Intrigue:
        return replace(
            self, participantes=tuple(p if q.id == p.id else q for q in self.participantes)
        )

    def factor(self, p: Intrigante) -> FactorActitud | None:
        """What ``p``'s attitude does: the loaded table's row, else what the GM gave."""
        return self.tabla.row(p.actitud) if self.tabla else p.factor

    def to_dict(self) -> JsonDict:
        return {
            "sistema": "hielo",
            "participantes": [p.to_dict() for p in self.participantes],
            "tabla": self.tabla.to_dict() if self.tabla else None,
            "intercambio": self.intercambio,
            "orden": list(self.orden),
            "turno": self.turno,
            "pendiente": self.pendiente.to_dict() if self.pendiente else None,
            "vencedor": self.vencedor,
            "terminada": self.terminada,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Intrigue:
        tabla, pending, winner = data.get("tabla"), data.get("pendiente"), data.get("vencedor")
        return cls(
            participantes=tuple(Intrigante.from_dict(p) for p in data["participantes"]),
            tabla=None if tabla is None else TablaActitudes.from_dict(tabla),
            intercambio=int(data.get("intercambio", 0)),
            orden=tuple(str(i) for i in data.get("orden", ())),
            turno=int(data.get("turno", 0)),
            pendiente=None if pending is None else PendingInfluence.from_dict(pending),
            vencedor=None if winner is None else str(winner),
            terminada=bool(data.get("terminada", False)),
        )
