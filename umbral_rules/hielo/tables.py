"""The tables the seed names but does not print (criticals, fumbles, manoeuvres, attitudes):
the GM loads the group's own. The rules never invent their content: without a table they
return the number to look up, with one they show its text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .common import JsonDict, check_name, check_range, reading
from .constants import ACTITUD_NEUTRA, ACTITUDES


class TipoTabla(Enum):
    """How a number is read: a critical is chosen «hasta el máximo del resultado», a
    manoeuvre is «la correspondiente al número resultante o a uno menor» (both: any row up to
    the number), a fumble «se compara con la tabla de pifias» (the row of the number)."""

    CRITICOS = "criticos"
    PIFIAS = "pifias"
    MANIOBRAS = "maniobras"


#: What the seed calls each table, for «busca el N en …».
TABLE_NAMES = {
    TipoTabla.CRITICOS: "la tabla de críticos",
    TipoTabla.PIFIAS: "la tabla de pifias",
    TipoTabla.MANIOBRAS: "la tabla de maniobras",
}


@dataclass(frozen=True)
class TablaNumerada:
    """A table the GM loaded: number → text."""

    tipo: TipoTabla
    filas: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.filas:
            raise UmbralError(f"{TABLE_NAMES[self.tipo].capitalize()} no tiene ninguna fila.")
        for number, text in self.filas.items():
            check_range(number, -99, 99, "El número de una fila")
            check_name(text, f"la fila {number}")
        object.__setattr__(self, "filas", dict(sorted(self.filas.items())))

    def choices(self, number: int) -> tuple[tuple[int, str], ...]:
        """The rows a result lets one pick: up to ``number`` for criticals and manoeuvres,
        exactly ``number`` for fumbles."""
        if self.tipo is TipoTabla.PIFIAS:
            return tuple((n, t) for n, t in self.filas.items() if n == number)
        return tuple((n, t) for n, t in self.filas.items() if n <= number)

    def to_dict(self) -> JsonDict:
        return {"tipo": self.tipo.value, "filas": {str(n): t for n, t in self.filas.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TablaNumerada:
        with reading("La tabla"):
            rows = {int(n): str(t) for n, t in dict(data["filas"]).items()}
            return cls(TipoTabla(data["tipo"]), rows)


@dataclass(frozen=True)
class Lectura:
    """A number read on a table: the rows it gives, or where to look it up."""

    tipo: TipoTabla
    numero: int
    filas: tuple[tuple[int, str], ...] = ()
    cargada: bool = False

    def texto(self) -> str:
        where = TABLE_NAMES[self.tipo]
        if not self.cargada:
            return f"busca el {self.numero} en {where} de vuestro grupo"
        if not self.filas:
            return f"el {self.numero} no está en {where} cargada"
        if self.tipo is TipoTabla.PIFIAS:
            return self.filas[0][1]
        rows = "; ".join(f"{n}: {t}" for n, t in self.filas)
        return f"a elegir hasta el {self.numero}: {rows}"

    def to_dict(self) -> JsonDict:
        return {
            "tipo": self.tipo.value,
            "numero": self.numero,
            "filas": [[n, t] for n, t in self.filas],
            "cargada": self.cargada,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lectura:
        return cls(
            TipoTabla(data["tipo"]),
            int(data["numero"]),
            tuple((int(n), str(t)) for n, t in data.get("filas", ())),
            bool(data.get("cargada", False)),
        )


def read(tipo: TipoTabla, numero: int, tabla: TablaNumerada | None) -> Lectura:
    if tabla is None:
        return Lectura(tipo, numero)
    if tabla.tipo is not tipo:
        raise UmbralError(f"Esa tabla es {TABLE_NAMES[tabla.tipo]}, no {TABLE_NAMES[tipo]}.")
    return Lectura(tipo, numero, tabla.choices(numero), cargada=True)


@dataclass(frozen=True)
class FactorActitud:
    """What an attitude does: its factor FA («la armadura contra las intrigas») and the
    modifiers to Engaño and Persuasión («una bonificación o penalización»), in points
    [D]. ``nombre``: the category's name in the group's table."""

    nombre: str
    fa: int
    engano: int = 0
    persuasion: int = 0

    def __post_init__(self) -> None:
        check_name(self.nombre, "una actitud")
        check_range(self.fa, 0, None, f"El factor de actitud de {self.nombre}")
        check_range(self.engano, -99, 99, f"El modificador a Engaño de {self.nombre}")
        check_range(self.persuasion, -99, 99, f"El modificador a Persuasión de {self.nombre}")

    def to_dict(self) -> JsonDict:
        return {
            "nombre": self.nombre,
            "fa": self.fa,
            "engano": self.engano,
            "persuasion": self.persuasion,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FactorActitud:
        return cls(
            str(data["nombre"]),
            int(data["fa"]),
            int(data.get("engano", 0)),
            int(data.get("persuasion", 0)),
        )


@dataclass(frozen=True)
class TablaActitudes:
    """The group's attitude table: seven rows, best first («Existen siete tipos de actitud
    … de mejor actitud a peor actitud»); the fourth is the neutral one."""

    filas: tuple[FactorActitud, ...]

    def __post_init__(self) -> None:
        if len(self.filas) != ACTITUDES:
            raise UmbralError(
                f"La tabla de actitudes tiene {ACTITUDES} filas, de la mejor a la peor "
                f"(se dieron {len(self.filas)})."
            )
        object.__setattr__(self, "filas", tuple(self.filas))

    def row(self, categoria: int) -> FactorActitud:
        check_categoria(categoria)
        return self.filas[categoria - 1]

    def to_dict(self) -> JsonDict:
        return {"filas": [f.to_dict() for f in self.filas]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TablaActitudes:
        with reading("La tabla de actitudes"):
            return cls(tuple(FactorActitud.from_dict(f) for f in data["filas"]))


def check_categoria(categoria: int) -> int:
    return check_range(
        categoria, 1, ACTITUDES, f"La actitud (1 la mejor, {ACTITUD_NEUTRA} la neutra)"
    )
