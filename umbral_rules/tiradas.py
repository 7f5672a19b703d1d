"""Checks: 1d12 + Atributo + Oficio against an Umbral, and how much of an Oficio counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .dice import DiceSource
from .errors import UmbralError
from .grades import Grade, Grading, grade_single
from .rolls import Modifier, Roll, Static, make_roll
from .tables import (
    ATAQUE_BASE,
    BAND_FIXED,
    CONTRA_ENEMY_TIE,
    UMBRAL_NAMES,
    UMBRAL_RANGE,
    UMBRALES,
)


class OficioCobertura(StrEnum):
    """How much an Oficio's name covers what is being done (the ``cobertura`` option of the
    slash commands): all of it, half of it, or nothing."""

    ENTERO = "entero"
    MITAD = "mitad"
    NADA = "nada"


def parse_oficio_cobertura(value: str | OficioCobertura) -> OficioCobertura:
    if isinstance(value, OficioCobertura):
        return value
    try:
        return OficioCobertura(value.strip().lower())
    except ValueError:
        raise UmbralError(f"Cobertura desconocida «{value}»: usa entero, mitad o nada.") from None


def oficio_bonus(valor: int, oficio_cobertura: OficioCobertura | str) -> int:
    """Full if it covers, [D] half rounded down if it only touches, nothing if not."""
    cob = parse_oficio_cobertura(oficio_cobertura)
    if cob is OficioCobertura.ENTERO:
        return valor
    if cob is OficioCobertura.MITAD:
        return valor // 2
    return 0


def oficio_modifier(
    nombre: str, valor: int, oficio_cobertura: OficioCobertura | str
) -> Modifier | None:
    """The Oficio as a named modifier (``None`` when it adds nothing)."""
    cob = parse_oficio_cobertura(oficio_cobertura)
    bonus = oficio_bonus(valor, cob)
    if cob is OficioCobertura.NADA:
        return None
    suffix = " (mitad)" if cob is OficioCobertura.MITAD else ""
    return Modifier(f"Oficio {nombre}{suffix}", bonus)


def umbral_name(umbral: int) -> str:
    name = UMBRAL_NAMES.get(umbral)
    return f"{name} ({umbral})" if name else str(umbral)


def validate_umbral(umbral: int) -> int:
    """One of the six named Umbrales (a reto's)."""
    if umbral not in UMBRALES:
        valid = ", ".join(str(u) for u in UMBRALES)
        raise UmbralError(f"El Umbral {umbral} no existe: los Umbrales son {valid}.")
    return umbral


def validate_tirada_umbral(umbral: int) -> int:
    """[D] A check's Umbral: any whole number in ``tables.UMBRAL_RANGE``."""
    low, high = UMBRAL_RANGE
    if not low <= umbral <= high:
        named = ", ".join(str(u) for u in UMBRALES)
        raise UmbralError(
            f"El Umbral {umbral} no existe: un Umbral va de {low} a {high} (los de siempre: "
            f"{named})."
        )
    return umbral


@dataclass(frozen=True)
class TiradaResult:
    """A check against an Umbral, with everything needed to show it."""

    roll: Roll
    target: Static
    grading: Grading

    @property
    def margen(self) -> int:
        return self.grading.margen

    @property
    def grade(self) -> Grade:
        return self.grading.final

    @property
    def success(self) -> bool:
        return self.grade.is_success


def tirada(
    dice: DiceSource,
    modifiers: Sequence[Modifier],
    umbral: int,
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
) -> TiradaResult:
    """Roll ``1d12 + modifiers`` against the Umbral with bands of four."""
    validate_tirada_umbral(umbral)
    target = Static(f"Umbral {umbral_name(umbral)}", (Modifier("Umbral", umbral),))
    return tirada_against(dice, modifiers, target, ventajas, desventajas)


def tirada_against(
    dice: DiceSource,
    modifiers: Sequence[Modifier],
    target: Static,
    ventajas: Sequence[str] = (),
    desventajas: Sequence[str] = (),
) -> TiradaResult:
    """Roll ``1d12 + modifiers`` against a static number, bands of four; margen 0 is the
    roller's."""
    roll = make_roll(dice, modifiers, ventajas, desventajas)
    margen = roll.total - target.value
    return TiradaResult(roll, target, grade_single(margen, roll.die, BAND_FIXED))


def pusher_static(nombre: str, atributo: Modifier, oficio: Modifier | None) -> Static:
    """«8 + Atributo + Oficio del que empuja» (Libro III §15): what the one who resists rolls
    against in a check against a person."""
    parts = (Modifier("Base", ATAQUE_BASE), atributo, *([oficio] if oficio else []))
    return Static(f"Empuje de {nombre}", parts)


def regrade_tirada(result: TiradaResult, steps: int, reason: str) -> TiradaResult:
    """The same check with its grade moved by ``steps`` (Aliento «subir»)."""
    return TiradaResult(result.roll, result.target, result.grading.with_shift(steps, reason))


def enemy_pusher(nombre: str, ataque: Static) -> Static:
    """An enemy pushes with its Ataque (its «8 + Atributo + Oficio»)."""
    return Static(f"Ataque de {nombre}", ataque.parts)


def enemy_resisting(nombre: str, ataque: Static) -> Static:
    """[D] An enemy resists: the player who pushes rolls against its Ataque, and the tie is
    still the enemy's (``tables.CONTRA_ENEMY_TIE``)."""
    tie = Modifier("El empate es de quien aguanta", CONTRA_ENEMY_TIE)
    return Static(f"Ataque de {nombre}", (*ataque.parts, tie))
