"""Tests (tiradas): rank d6 plus bonus dice, keep as many of the highest as the rank, add
the points, compare with the difficulty; degrees, criticals' sixes and fumbles read off it.

[D] «-1D» takes away a test die («dado de habilidad», as the seed calls the rank's dice
when it turns a bonus die into one): one die fewer rolled and kept; «+1D» adds one.
[D] The bonus dice of a test (all its sources together) are at most the ability's rank;
the destiny point's +1B goes beyond («puede exceder los límites normales»).
[D] A test keeps at least one test die, whatever its −1D.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..dice import DiceSource
from ..errors import UmbralError
from .common import (
    JsonDict,
    Termino,
    check_range,
    signed,
    suma,
    terminos_from_json,
    terminos_to_json,
)
from .constants import DADO, GRADO_PASO, GRADOS_MAX, PIFIA_FALLO, RANGO_MAX, RANGO_MIN
from .sheet import display


class DestinoTirada(Enum):
    """The destiny point's uses that change a roll as it is made."""

    RECIBIR_B = "recibir_b"  # «Recibir +1B … puede exceder los límites normales»
    CONVERTIR_B = "convertir_b"  # «Convertir 1 dado de bonificación en 1 dado de habilidad»
    ELIMINAR_MENOS_D = "eliminar_menos_d"  # «Eliminar una penalización de -1D»


@dataclass(frozen=True)
class Prueba:
    """What a test is made of. ``bonificacion``: sources of bonus dice (B, positive);
    ``dados``: test dice added (+1D, surprise) or taken (−1D, a grave wound), signed;
    ``modificadores``: points (−1 per light wound…); ``dificultad``: None for a bare roll."""

    habilidad: str
    rango: int
    especialidad: str | None = None
    bonificacion: tuple[Termino, ...] = ()
    dados: tuple[Termino, ...] = ()
    modificadores: tuple[Termino, ...] = ()
    destino: tuple[DestinoTirada, ...] = ()
    dificultad: int | None = None

    def __post_init__(self) -> None:
        check_range(self.rango, RANGO_MIN, RANGO_MAX, f"El rango de {self.habilidad}")
        for b in self.bonificacion:
            check_range(b.valor, 0, None, f"Los dados de bonificación de {b.nombre}")
        if self.dificultad is not None:
            check_range(self.dificultad, 0, None, "La dificultad")

    def to_dict(self) -> JsonDict:
        return {
            "habilidad": self.habilidad,
            "rango": self.rango,
            "especialidad": self.especialidad,
            "bonificacion": terminos_to_json(self.bonificacion),
            "dados": terminos_to_json(self.dados),
            "modificadores": terminos_to_json(self.modificadores),
            "destino": [d.value for d in self.destino],
            "dificultad": self.dificultad,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Prueba:
        esp, dif = data.get("especialidad"), data.get("dificultad")
        return cls(
            habilidad=str(data["habilidad"]),
            rango=int(data["rango"]),
            especialidad=None if esp is None else str(esp),
            bonificacion=terminos_from_json(data.get("bonificacion")),
            dados=terminos_from_json(data.get("dados")),
            modificadores=terminos_from_json(data.get("modificadores")),
            destino=tuple(DestinoTirada(d) for d in data.get("destino", ())),
            dificultad=None if dif is None else int(dif),
        )


@dataclass(frozen=True)
class Tirada:
    """A test as rolled: every face, which ones were kept, every term. ``notas``: what the
    rules did that a player should read (bonus dice over the limit, the one-die floor)."""

    prueba: Prueba
    dados_habilidad: int
    dados_bonificacion: int
    caras: tuple[int, ...]
    guardados: tuple[int, ...]  # indices into ``caras``
    notas: tuple[str, ...] = ()

    @property
    def suma_dados(self) -> int:
        return sum(self.caras[i] for i in self.guardados)

    @property
    def total(self) -> int:
        return self.suma_dados + suma(self.prueba.modificadores)

    @property
    def dificultad(self) -> int | None:
        return self.prueba.dificultad

    @property
    def exito(self) -> bool:
        return self.dificultad is not None and self.total >= self.dificultad

    @property
    def margen(self) -> int:
        """Total − difficulty (0 without a difficulty)."""
        return 0 if self.dificultad is None else self.total - self.dificultad

    @property
    def grados(self) -> int:
        """[D] one degree per full five points over, up to four; 0 on a failure."""
        if not self.exito:
            return 0
        return min(GRADOS_MAX, 1 + self.margen // GRADO_PASO)

    @property
    def seises(self) -> int:
        """[D] the sixes among the kept dice (the ones the total is made of)."""
        return sum(1 for i in self.guardados if self.caras[i] == DADO)

    @property
    def fallo_critico(self) -> bool:
        """«que se falle por una diferencia de cinco o más»."""
        return self.dificultad is not None and -self.margen >= PIFIA_FALLO

    def resumen(self) -> str:
        """One Spanish line with every die and term."""
        p = self.prueba
        name = display(p.habilidad) + f" {p.rango}"
        if p.especialidad:
            name += f" ({display(p.especialidad)})"
        faces = ", ".join(str(c) for c in self.caras)
        kept = ", ".join(
            str(c) for c in sorted((self.caras[i] for i in self.guardados), reverse=True)
        )
        text = f"{name}: {self.dados_habilidad} + {self.dados_bonificacion}B → {faces}"
        text += f"; se queda {kept} = {self.suma_dados}"
        for t in p.modificadores:
            text += f" {signed(t.valor)} ({t.nombre})"
        if p.modificadores:
            text += f" = {self.total}"
        if self.dificultad is not None:
            if self.exito:
                text += f" contra {self.dificultad}: supera por {self.margen}"
                text += f", {self.grados} grado{'s' if self.grados != 1 else ''}"
            else:
                text += f" contra {self.dificultad}: falla por {-self.margen}"
        for n in self.notas:
            text += f". {n}"
        return text + "."

    def to_dict(self) -> JsonDict:
        return {
            "prueba": self.prueba.to_dict(),
            "dados_habilidad": self.dados_habilidad,
            "dados_bonificacion": self.dados_bonificacion,
            "caras": list(self.caras),
            "guardados": list(self.guardados),
            "notas": list(self.notas),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tirada:
        return cls(
            prueba=Prueba.from_dict(data["prueba"]),
            dados_habilidad=int(data["dados_habilidad"]),
            dados_bonificacion=int(data["dados_bonificacion"]),
            caras=tuple(int(c) for c in data["caras"]),
            guardados=tuple(int(i) for i in data["guardados"]),
            notas=tuple(str(n) for n in data.get("notas", ())),
        )


def pool(prueba: Prueba) -> tuple[int, int, tuple[str, ...]]:
    """(test dice, bonus dice, notes) of a test before it is rolled; refuses a destiny use
    that has nothing to act on."""
    notes: list[str] = []
    bonus = suma(prueba.bonificacion)
    if bonus > prueba.rango:
        notes.append(
            f"Solo cuentan {prueba.rango}B de {bonus}B: los dados de bonificación no pasan "
            f"del rango"
        )
        bonus = prueba.rango
    recibir = prueba.destino.count(DestinoTirada.RECIBIR_B)
    convertir = prueba.destino.count(DestinoTirada.CONVERTIR_B)
    eliminar = prueba.destino.count(DestinoTirada.ELIMINAR_MENOS_D)
    bonus += recibir
    if convertir > bonus:
        raise UmbralError("No hay dados de bonificación que convertir en dados de habilidad.")
    penalties = -sum(t.valor for t in prueba.dados if t.valor < 0)
    if eliminar > penalties:
        raise UmbralError("No hay ninguna penalización de −1D que eliminar en esta tirada.")
    bonus -= convertir
    test = prueba.rango + suma(prueba.dados) + convertir + eliminar
    if recibir:
        notes.append(f"Destino: +{recibir}B")
    if convertir:
        notes.append(
            f"Destino: {convertir}B pasa{'n' if convertir > 1 else ''} a dado de habilidad"
        )
    if eliminar:
        notes.append(f"Destino: se elimina{'n' if eliminar > 1 else ''} {eliminar} × −1D")
    if test < 1:
        notes.append("Se tira al menos un dado de habilidad")
        test = 1
    return test, bonus, tuple(notes)


def roll(dice: DiceSource, prueba: Prueba) -> Tirada:
    """Roll a test: all dice together, keep the ``test`` highest (the first rolled first
    among equal faces)."""
    test, bonus, notes = pool(prueba)
    faces = tuple(dice.roll(DADO) for _ in range(test + bonus))
    order = sorted(range(len(faces)), key=lambda i: (-faces[i], i))
    kept = tuple(sorted(order[:test]))
    return Tirada(prueba, test, bonus, faces, kept, notes)


def dados_de(nombre: str, n: int) -> Termino:
    """A term of test dice (``−1`` for a −1D)."""
    return Termino(nombre, n)


def sumar_d6(dice: DiceSource, n: int) -> tuple[int, ...]:
    """``n`` d6 as rolled (criticals, fumbles, manoeuvres)."""
    return tuple(dice.roll(DADO) for _ in range(n))
