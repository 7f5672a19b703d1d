"""A character's sheet: abilities with ranks 1–8, specialties with bonus dice, weapons,
armour, shield and destiny points. The derived numbers (Defensa en combate, Salud,
Compostura, Defensa en intrigas, passive values) are computed from it, never stored."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import UmbralError
from .common import JsonDict, Termino, check_name, check_range, key, reading, suma
from .constants import (
    AGILIDAD,
    BRIO,
    COMBATE_CC,
    CONSTITUCION,
    DESTINO_INICIAL,
    ESPECIALIDADES_SEMILLA,
    ESTATUS,
    FACTOR_COMPOSTURA,
    FACTOR_PASIVO,
    FACTOR_SALUD,
    HABILIDADES_ATAQUE,
    HABILIDADES_SEMILLA,
    INGENIO,
    PERCEPCION,
    RANGO_MAX,
    RANGO_MIN,
    RANGO_NORMAL,
    RAPIDEZ,
    VOLUNTAD,
)

#: The seed's spelling of each ability it names, by key (for the terms a player reads).
_SEED_NAMES = {key(name): name for name in HABILIDADES_SEMILLA} | {
    key(esp): esp for _, esp in ESPECIALIDADES_SEMILLA
}


def display(habilidad: str) -> str:
    """The seed's spelling of an ability or specialty it names («brio» → «Brío»,
    «rapidez» → «Rapidez»), else as given."""
    return _SEED_NAMES.get(key(habilidad), habilidad)


@dataclass(frozen=True)
class Specialty:
    """A specialty of an ability and its bonus dice (``Trepar 2B`` of Brío)."""

    habilidad: str
    nombre: str
    dados_bonificacion: int

    def __post_init__(self) -> None:
        check_name(self.habilidad, "la habilidad de una especialidad")
        check_name(self.nombre, "una especialidad")
        check_range(
            self.dados_bonificacion, 1, RANGO_MAX, f"Los dados de bonificación de {self.nombre}"
        )

    def to_dict(self) -> JsonDict:
        return {
            "habilidad": self.habilidad,
            "nombre": self.nombre,
            "dados_bonificacion": self.dados_bonificacion,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Specialty:
        return cls(str(data["habilidad"]), str(data["nombre"]), int(data["dados_bonificacion"]))


@dataclass(frozen=True)
class Weapon:
    """A weapon: its damage («se multiplica por los grados de éxito») and the ability it
    attacks with (Combate cuerpo a cuerpo or Puntería), with an optional specialty."""

    nombre: str
    dano: int
    habilidad: str = "Combate cuerpo a cuerpo"
    especialidad: str | None = None

    def __post_init__(self) -> None:
        check_name(self.nombre, "un arma")
        check_range(self.dano, 0, None, f"El daño de {self.nombre}")
        if key(self.habilidad) not in HABILIDADES_ATAQUE:
            raise UmbralError(
                f"{self.nombre}: un arma ataca con Combate cuerpo a cuerpo o con Puntería "
                f"(se dio «{self.habilidad}»)."
            )

    @property
    def melee(self) -> bool:
        return key(self.habilidad) == COMBATE_CC

    def to_dict(self) -> JsonDict:
        return {
            "nombre": self.nombre,
            "dano": self.dano,
            "habilidad": self.habilidad,
            "especialidad": self.especialidad,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Weapon:
        esp = data.get("especialidad")
        return cls(
            str(data["nombre"]),
            int(data["dano"]),
            str(data.get("habilidad", "Combate cuerpo a cuerpo")),
            None if esp is None else str(esp),
        )


@dataclass(frozen=True)
class Armour:
    """Armour: Protección (taken off the damage) and Penalización (taken off initiative
    and Defensa en combate), both written as positive numbers."""

    nombre: str
    proteccion: int
    penalizacion: int = 0

    def __post_init__(self) -> None:
        check_name(self.nombre, "una armadura")
        check_range(self.proteccion, 0, None, f"La Protección de {self.nombre}")
        check_range(self.penalizacion, 0, None, f"La Penalización de {self.nombre}")

    def to_dict(self) -> JsonDict:
        return {
            "nombre": self.nombre,
            "proteccion": self.proteccion,
            "penalizacion": self.penalizacion,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Armour:
        return cls(str(data["nombre"]), int(data["proteccion"]), int(data.get("penalizacion", 0)))


@dataclass(frozen=True)
class Sheet:
    """A character of Canción de hielo y fuego. ``habilidades`` maps the names as written
    to their ranks; an ability not written has rank 2 («2 (normal)», [D])."""

    nombre: str
    habilidades: Mapping[str, int] = field(default_factory=dict)
    especialidades: tuple[Specialty, ...] = ()
    armas: tuple[Weapon, ...] = ()
    armadura: Armour | None = None
    escudo: int = 0
    destino: int = DESTINO_INICIAL

    def __post_init__(self) -> None:
        check_name(self.nombre, "un personaje")
        seen: set[str] = set()
        for name, rango in self.habilidades.items():
            check_name(name, "una habilidad")
            check_range(rango, RANGO_MIN, RANGO_MAX, f"El rango de {name}")
            if key(name) in seen:
                raise UmbralError(f"La habilidad {name} está escrita dos veces.")
            seen.add(key(name))
        pairs = [(key(s.habilidad), key(s.nombre)) for s in self.especialidades]
        if len(set(pairs)) != len(pairs):
            raise UmbralError("Una especialidad está escrita dos veces en la misma habilidad.")
        weapons = [key(w.nombre) for w in self.armas]
        if len(set(weapons)) != len(weapons):
            raise UmbralError("Dos armas tienen el mismo nombre.")
        check_range(self.escudo, 0, None, "La bonificación del escudo")
        check_range(self.destino, 0, None, "Los puntos de destino")
        object.__setattr__(self, "habilidades", dict(self.habilidades))
        object.__setattr__(self, "especialidades", tuple(self.especialidades))
        object.__setattr__(self, "armas", tuple(self.armas))

    # --- what the sheet says -------------------------------------------------------------
    def rango(self, habilidad: str) -> int:
        wanted = key(habilidad)
        for name, rango in self.habilidades.items():
            if key(name) == wanted:
                return rango
        return RANGO_NORMAL

    def dados_bonificacion(self, habilidad: str, especialidad: str | None) -> int:
        """The bonus dice of ``especialidad`` in ``habilidad`` (0 without it)."""
        if especialidad is None:
            return 0
        wanted = (key(habilidad), key(especialidad))
        for s in self.especialidades:
            if (key(s.habilidad), key(s.nombre)) == wanted:
                return s.dados_bonificacion
        return 0

    def arma(self, nombre: str) -> Weapon:
        for w in self.armas:
            if key(w.nombre) == key(nombre):
                return w
        have = ", ".join(w.nombre for w in self.armas) or "ninguna"
        raise UmbralError(f"{self.nombre} no lleva el arma «{nombre}» (lleva: {have}).")

    @property
    def proteccion(self) -> int:
        return self.armadura.proteccion if self.armadura else 0

    @property
    def penalizacion_armadura(self) -> int:
        return self.armadura.penalizacion if self.armadura else 0

    # --- derived numbers -----------------------------------------------------------------
    def pasivo(self, habilidad: str, especialidad: str | None = None) -> int:
        """«el rango … multiplicado por cuatro más los dados de bonificación»."""
        return self.rango(habilidad) * FACTOR_PASIVO + self.dados_bonificacion(
            habilidad, especialidad
        )

    def defensa_combate_terminos(self, ignorar_armadura: bool = False) -> tuple[Termino, ...]:
        """«Agilidad + Brío + Percepción + dados de bonificación en Rapidez (+ bonificaciones
        defensivas por escudos o similar - penalización por armadura)», term by term."""
        terms = [
            Termino("Agilidad", self.rango(AGILIDAD)),
            Termino("Brío", self.rango(BRIO)),
            Termino("Percepción", self.rango(PERCEPCION)),
            Termino("Rapidez (B)", self.dados_bonificacion(AGILIDAD, RAPIDEZ)),
        ]
        if self.escudo:
            terms.append(Termino("Escudo", self.escudo))
        if self.penalizacion_armadura and not ignorar_armadura:
            terms.append(Termino("Penalización de armadura", -self.penalizacion_armadura))
        return tuple(terms)

    def defensa_combate(self, ignorar_armadura: bool = False) -> int:
        return suma(self.defensa_combate_terminos(ignorar_armadura))

    @property
    def salud_max(self) -> int:
        return self.rango(CONSTITUCION) * FACTOR_SALUD

    @property
    def compostura_max(self) -> int:
        return self.rango(VOLUNTAD) * FACTOR_COMPOSTURA

    def defensa_intrigas_terminos(self, escenario: int = 0) -> tuple[Termino, ...]:
        """«Estatus + Ingenio + Percepción + bonificaciones circunstanciales»."""
        terms = [
            Termino("Estatus", self.rango(ESTATUS)),
            Termino("Ingenio", self.rango(INGENIO)),
            Termino("Percepción", self.rango(PERCEPCION)),
        ]
        if escenario:
            terms.append(Termino("Escenario", escenario))
        return tuple(terms)

    def defensa_intrigas(self, escenario: int = 0) -> int:
        return suma(self.defensa_intrigas_terminos(escenario))

    # --- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> JsonDict:
        return {
            "nombre": self.nombre,
            "habilidades": dict(self.habilidades),
            "especialidades": [s.to_dict() for s in self.especialidades],
            "armas": [w.to_dict() for w in self.armas],
            "armadura": self.armadura.to_dict() if self.armadura else None,
            "escudo": self.escudo,
            "destino": self.destino,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        with reading("La ficha"):
            return cls._read(data)

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> Sheet:
        armour = data.get("armadura")
        return cls(
            nombre=str(data["nombre"]),
            habilidades={str(k): int(v) for k, v in dict(data.get("habilidades", {})).items()},
            especialidades=_many(Specialty, data.get("especialidades")),
            armas=_many(Weapon, data.get("armas")),
            armadura=None if armour is None else Armour.from_dict(armour),
            escudo=int(data.get("escudo", 0)),
            destino=int(data.get("destino", DESTINO_INICIAL)),
        )


def _many(kind: Any, items: Iterable[Mapping[str, Any]] | None) -> tuple[Any, ...]:
    return tuple(kind.from_dict(item) for item in items or ())
