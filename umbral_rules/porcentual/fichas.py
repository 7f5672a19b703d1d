"""Sheets of the percentile game: characteristics, competencias in %, weapons, armour,
shields and PV. Player characters and enemies use the same :class:`Ficha`.

The Tabla de Armas is not printed in the seed: a weapon is whatever the GM writes in the sheet
(damage dice, base characteristic, Fuerza mínima, tamaño, Alcance, Recarga).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .tiradas import DiceExpr

FUERZA = "fuerza"
AGILIDAD = "agilidad"
PERCEPCION = "percepcion"
RESISTENCIA = "resistencia"
#: The competencias the seed's manoeuvres name (a sheet may hold any other).
PELEA = "Pelea"
LANZAR = "Lanzar"
ESCUDOS = "Escudos"
ESQUIVAR = "Esquivar"
CORRER = "Correr"
SALTAR = "Saltar"
CABALGAR = "Cabalgar"
TREPAR = "Trepar"
LANZAS = "Lanzas"


class Tamano(Enum):
    """«todas ellas poseen un valor de tamaño, ya sea ligero, medio o pesado»."""

    LIGERO = "ligero"
    MEDIO = "medio"
    PESADO = "pesado"

    @property
    def rank(self) -> int:
        return {"ligero": 0, "medio": 1, "pesado": 2}[self.value]


class TipoArma(Enum):
    CUERPO_A_CUERPO = "cuerpo_a_cuerpo"
    PROYECTIL = "proyectil"  # arcos, ballestas, hondas: they have Recarga
    ARROJADIZA = "arrojadiza"  # cuchillo, piedra, lanza arrojada: Alcance «FUE»


class Rasgo(Enum):
    """What a manoeuvre asks of a weapon."""

    CONTUNDENTE = "contundente"
    CORTE = "corte"
    PERFORANTE = "perforante"
    LANZA = "lanza"  # «cualquier arma que pertenezca al grupo de las lanzas»
    HACHA = "hacha"  # Clava de Escudo: «sólo puede llevarse a cabo con hachas»
    PALO = "palo"  # Tropiezo: «con una lanza, palo o bien desarmado»
    GANCHO = "gancho"  # Descabalgar: «una punta diseñada específicamente para ello»
    ARCO = "arco"
    BALLESTA = "ballesta"
    HONDA = "honda"


@dataclass(frozen=True)
class Alcance:
    """«tres números separados por barras (… el arco corto, que tiene 15/40/60)», or «FUE»."""

    corta: int = 0
    media: int = 0
    larga: int = 0
    fue: bool = False

    def __post_init__(self) -> None:
        if not self.fue and not 0 < self.corta <= self.media <= self.larga:
            raise UmbralError("El alcance son tres distancias crecientes (p. ej. 15/40/60).")

    def para(self, fuerza: int) -> tuple[int, int, int]:
        """The three distances in varas: «FUE» is Fuerza ÷ 2 rounded up / Fuerza / Fuerza x2."""
        if self.fue:
            return (math.ceil(fuerza / 2), fuerza, fuerza * 2)
        return (self.corta, self.media, self.larga)

    def __str__(self) -> str:
        return "FUE" if self.fue else f"{self.corta}/{self.media}/{self.larga}"

    @classmethod
    def parse(cls, text: str) -> Alcance:
        if text.strip().upper() == "FUE":
            return cls(fue=True)
        try:
            a, b, c = (int(p) for p in text.split("/"))
        except ValueError:
            raise UmbralError(f"No entiendo el alcance «{text}»: escribe 15/40/60 o FUE.") from None
        return cls(a, b, c)


@dataclass(frozen=True)
class Arma:
    nombre: str
    competencia: str
    danio: DiceExpr
    caracteristica_base: str = FUERZA
    fuerza_minima: int = 0
    tamano: Tamano = Tamano.MEDIO
    tipo: TipoArma = TipoArma.CUERPO_A_CUERPO
    rasgos: frozenset[Rasgo] = frozenset()
    alcance: Alcance | None = None
    recarga: int = 0

    def __post_init__(self) -> None:
        if self.tipo is not TipoArma.CUERPO_A_CUERPO and self.alcance is None:
            raise UmbralError(f"«{self.nombre}» es un arma a distancia y necesita su Alcance.")
        if self.tipo is TipoArma.PROYECTIL and self.recarga < 1:
            raise UmbralError(f"«{self.nombre}» es un arma de proyectil y necesita su Recarga.")

    @property
    def bonus_characteristic(self) -> str:
        """«En el caso de que se trate de un arma arrojadiza … o de la competencia Pelea, el
        bonificador de daño se calculará usando la característica de Fuerza»."""
        if self.tipo is TipoArma.ARROJADIZA or self.competencia == PELEA:
            return FUERZA
        return self.caracteristica_base

    @property
    def a_distancia(self) -> bool:
        return self.tipo is not TipoArma.CUERPO_A_CUERPO

    def to_dict(self) -> dict[str, Any]:
        return {
            "nombre": self.nombre,
            "competencia": self.competencia,
            "danio": str(self.danio),
            "caracteristica_base": self.caracteristica_base,
            "fuerza_minima": self.fuerza_minima,
            "tamano": self.tamano.value,
            "tipo": self.tipo.value,
            "rasgos": sorted(r.value for r in self.rasgos),
            "alcance": None if self.alcance is None else str(self.alcance),
            "recarga": self.recarga,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Arma:
        alcance = data.get("alcance")
        return cls(
            nombre=str(data["nombre"]),
            competencia=str(data["competencia"]),
            danio=DiceExpr.parse(str(data["danio"])),
            caracteristica_base=str(data.get("caracteristica_base", FUERZA)),
            fuerza_minima=int(data.get("fuerza_minima", 0)),
            tamano=Tamano(data.get("tamano", "medio")),
            tipo=TipoArma(data.get("tipo", "cuerpo_a_cuerpo")),
            rasgos=frozenset(Rasgo(r) for r in data.get("rasgos", ())),
            alcance=None if alcance is None else Alcance.parse(str(alcance)),
            recarga=int(data.get("recarga", 0)),
        )


#: Bare hands: Pelea, «puñetazos, patadas, cabezazos». [D] Its damage is not printed: the
#: GM writes it in the sheet as a weapon with competencia Pelea; this is only its shape.
def manos(danio: str) -> Arma:
    return Arma("manos", PELEA, DiceExpr.parse(danio), FUERZA, 0, Tamano.LIGERO)


@dataclass(frozen=True)
class Armadura:
    """«toda armadura posee un valor de Protección: ese valor se restará a la cantidad de PD
    sufridos»; Resistencia is what criticals take away. ``iniciativa``: its Mod. por
    Armadura. ``casco_metal``: a casco de metal or yelmo (no Aturdir)."""

    nombre: str
    proteccion: int
    resistencia: int
    iniciativa: int = 0
    casco_metal: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "nombre": self.nombre,
            "proteccion": self.proteccion,
            "resistencia": self.resistencia,
            "iniciativa": self.iniciativa,
            "casco_metal": self.casco_metal,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Armadura:
        return cls(
            str(data["nombre"]),
            int(data["proteccion"]),
            int(data["resistencia"]),
            int(data.get("iniciativa", 0)),
            bool(data.get("casco_metal", False)),
        )


class TamanoEscudo(Enum):
    """«adarga, rodela y broquel» are pequeños; «escudo de madera y de metal» medios; tarja
    and pavés cannot strike (Ataque de Escudo)."""

    PEQUENO = "pequeno"
    MEDIO = "medio"
    TARJA = "tarja"
    PAVES = "paves"


@dataclass(frozen=True)
class Escudo:
    nombre: str
    tamano: TamanoEscudo
    resistencia: int
    #: The locations it covers against shots (and in Guardia Completa), as its description
    #: says: «tal y como se indica en la descripción del escudo».
    protege: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "nombre": self.nombre,
            "tamano": self.tamano.value,
            "resistencia": self.resistencia,
            "protege": list(self.protege),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Escudo:
        return cls(
            str(data["nombre"]),
            TamanoEscudo(data["tamano"]),
            int(data["resistencia"]),
            tuple(str(p) for p in data.get("protege", ())),
        )


@dataclass(frozen=True)
class Ficha:
    """A character's or enemy's sheet. Characteristics and competencias are keyed by name
    (``fuerza``, ``agilidad``, ``percepcion``, ``resistencia``…; ``Espadas``, ``Pelea``…)."""

    nombre: str
    caracteristicas: Mapping[str, int]
    competencias: Mapping[str, int] = field(default_factory=dict)
    armas: tuple[Arma, ...] = ()
    armadura: Armadura | None = None
    escudo: Escudo | None = None
    pv: int = 10
    #: Mod. por Hechizos of the Iniciativa («algún hechizo que modifique su Iniciativa»).
    iniciativa_hechizos: int = 0
    #: Tropiezo «sólo puede usarse sobre seres humanos o criaturas bípedas».
    bipedo: bool = True

    def __post_init__(self) -> None:
        for key in (FUERZA, AGILIDAD, PERCEPCION):
            if key not in self.caracteristicas:
                raise UmbralError(f"A la ficha de {self.nombre} le falta la característica {key}.")
        for name, value in self.caracteristicas.items():
            if not 0 <= value <= 50:
                raise UmbralError(f"La característica {name} va de 0 a 50 (se dio {value}).")
        for name, value in self.competencias.items():
            if not 0 <= value <= 200:
                raise UmbralError(f"La competencia {name} va de 0 a 200 % (se dio {value}).")
        if self.pv < 1:
            raise UmbralError("Los PV de una ficha son al menos 1.")

    def caracteristica(self, name: str) -> int:
        if name not in self.caracteristicas:
            raise UmbralError(f"{self.nombre} no tiene la característica {name} en su ficha.")
        return self.caracteristicas[name]

    def competencia(self, name: str) -> int:
        if name not in self.competencias:
            raise UmbralError(f"{self.nombre} no tiene la competencia {name} en su ficha.")
        return self.competencias[name]

    def arma(self, nombre: str) -> Arma:
        for arma in self.armas:
            if arma.nombre == nombre:
                return arma
        raise UmbralError(f"{self.nombre} no lleva el arma «{nombre}».")

    @property
    def fuerza(self) -> int:
        return self.caracteristicas[FUERZA]

    @property
    def agilidad(self) -> int:
        return self.caracteristicas[AGILIDAD]

    @property
    def percepcion(self) -> int:
        return self.caracteristicas[PERCEPCION]

    def to_dict(self) -> dict[str, Any]:
        return {
            "nombre": self.nombre,
            "caracteristicas": dict(self.caracteristicas),
            "competencias": dict(self.competencias),
            "armas": [a.to_dict() for a in self.armas],
            "armadura": None if self.armadura is None else self.armadura.to_dict(),
            "escudo": None if self.escudo is None else self.escudo.to_dict(),
            "pv": self.pv,
            "iniciativa_hechizos": self.iniciativa_hechizos,
            "bipedo": self.bipedo,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ficha:
        armadura, escudo = data.get("armadura"), data.get("escudo")
        return cls(
            nombre=str(data["nombre"]),
            caracteristicas={str(k): int(v) for k, v in data["caracteristicas"].items()},
            competencias={str(k): int(v) for k, v in data.get("competencias", {}).items()},
            armas=tuple(Arma.from_dict(a) for a in data.get("armas", ())),
            armadura=None if armadura is None else Armadura.from_dict(armadura),
            escudo=None if escudo is None else Escudo.from_dict(escudo),
            pv=int(data.get("pv", 10)),
            iniciativa_hechizos=int(data.get("iniciativa_hechizos", 0)),
            bipedo=bool(data.get("bipedo", True)),
        )
