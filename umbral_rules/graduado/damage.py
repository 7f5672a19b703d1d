"""Damage: one formula with every property the seed names.

«El daño crece con tu poder, la calificación de tus tácticas, la calificación que sacaste y
el esfuerzo que pones en el golpe: gastar más aguante o maná pega más fuerte, con
rendimientos decrecientes. Un objetivo que luchó sin cuidado el turno anterior recibe más
(hasta un tercio más), y un arma mejor contra una armadura peor añade todavía más.»

[D] daño = 10 × 10^(diferencia de poder / 10) × (1 + Tácticas / 40) × multiplicador
× (1 + √(esfuerzo / máximo de la reserva)) × (1 + descuido) × (1 + 0,1 × (arma − armadura)⁺),
rounded; then the intention (reducir, inutilizar, contención).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from ..errors import UmbralError
from .bands import Calificacion
from .chance import Riesgo, Tacticas
from .ranks import diferencia, ratio
from .tables import (
    CALIDAD_PASO,
    CONTENCION,
    DANO_BASE,
    DESCUIDO_AGRESIVO,
    DESCUIDO_TEMERARIO,
    TACTICAS_DIVISOR,
)


class Intencion(Enum):
    """«También puedes luchar para reducir …, para inutilizar …, o con contención.»"""

    GOLPEAR = "golpear"
    REDUCIR = "reducir"
    INUTILIZAR = "inutilizar"
    CONTENCION = "contencion"

    @property
    def label(self) -> str:
        return {
            "golpear": "a golpear",
            "reducir": "para reducir",
            "inutilizar": "para inutilizar",
            "contencion": "con contención",
        }[self.value]


def descuido(riesgo: Riesgo | None) -> float:
    """How much more a target takes for fighting carelessly the turn before."""
    if riesgo is Riesgo.TEMERARIO:
        return DESCUIDO_TEMERARIO
    if riesgo is Riesgo.AGRESIVO:
        return DESCUIDO_AGRESIVO
    return 0.0


@dataclass(frozen=True)
class Dano:
    """The damage of one blow, factor by factor. ``total`` is what the target loses;
    ``inutiliza``: the blow disables the target instead; ``razon``: why it does nothing."""

    factores: tuple[tuple[str, float], ...]
    bruto: float
    total: int
    intencion: Intencion
    inutiliza: bool = False
    razon: str = ""

    def line(self) -> str:
        if self.razon:
            return f"sin daño: {self.razon}"
        shown = " × ".join(f"{name} {value:g}" for name, value in self.factores)
        text = f"{shown} = {self.bruto:.1f} → **{self.total}**"
        if self.intencion is not Intencion.GOLPEAR:
            text += f" ({self.intencion.label})"
        return text


def damage(
    *,
    poder: int,
    poder_objetivo: int,
    tacticas: Tacticas,
    calificacion: Calificacion,
    esfuerzo: int = 0,
    maximo: int = 0,
    riesgo_objetivo: Riesgo | None = None,
    arma: int = 0,
    armadura: int = 0,
    intencion: Intencion = Intencion.GOLPEAR,
    restante_objetivo: int | None = None,
) -> Dano:
    """The damage a blow of ``calificacion`` does. ``esfuerzo``: points of the reserve put
    into it (of ``maximo``); ``riesgo_objetivo``: the target's Riesgo the turn before;
    ``restante_objetivo``: what the target has left (for «reducir»)."""
    if esfuerzo < 0:
        raise UmbralError(f"El esfuerzo no puede ser negativo ({esfuerzo}).")
    if not diferencia(poder, poder_objetivo).can_harm:
        return Dano(
            (),
            0.0,
            0,
            intencion,
            razon="es cien veces más fuerte: no puede dañarlo de forma significativa",
        )
    share = 0.0 if maximo <= 0 else esfuerzo / maximo
    factores: tuple[tuple[str, float], ...] = (
        ("base", float(DANO_BASE)),
        ("poder", round(ratio(poder, poder_objetivo), 3)),
        ("tácticas", 1 + tacticas.grado / TACTICAS_DIVISOR),
        ("calificación", calificacion.multiplier),
        ("esfuerzo", round(1 + math.sqrt(share), 3)),
        ("descuido", round(1 + descuido(riesgo_objetivo), 3)),
        ("equipo", round(1 + CALIDAD_PASO * max(0, arma - armadura), 3)),
    )
    bruto = math.prod(v for _, v in factores)
    if not calificacion.hits:
        return Dano(factores, 0.0, 0, intencion, razon=f"{calificacion.label}: el golpe no da")
    if intencion is Intencion.INUTILIZAR:
        return Dano(factores, bruto, 0, intencion, inutiliza=calificacion.index <= 2)
    if intencion is Intencion.CONTENCION:
        factores = (*factores, ("contención", CONTENCION))
        bruto *= CONTENCION
    total = math.floor(bruto + 0.5)
    if intencion is Intencion.REDUCIR and restante_objetivo is not None:
        total = min(total, max(0, restante_objetivo - 1))
    return Dano(factores, bruto, total, intencion)
