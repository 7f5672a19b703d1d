"""The rolls of the percentile game (seed 004): d100 under a percentage, initiative, damage
dice such as ``1D8+1+1D4``, and the enfrentamiento of two percentages.

Pure: every die comes from the injected :class:`~umbral_rules.dice.DiceSource` and is kept in
the result, so a renderer can show each one. This module is the one home of the rolls that
``/tirar habilidad:`` and ``/tirar agilidad:`` make (``bot/features/tirar/systems.py``
imports them from here).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..dice import DiceSource
from ..errors import UmbralError

#: [D] The seed names éxitos críticos and pifias without their thresholds: a critical is a
#: roll of a tenth of the final percentage or less (minimum 1, so a 01 always is one), a
#: pifia a roll of 96–100 that fails (a 100 always is one). The bot's existing thresholds.
PERCENTILE_CRITICAL_DIVISOR = 10
PERCENTILE_FUMBLE_FROM = 96
INITIATIVE_DIE = 10
#: «tirará 1D5 en lugar de 1D10 para calcular su Iniciativa» (emboscadas).
SURPRISED_INITIATIVE_DIE = 5


def _check_percentage(value: int) -> None:
    if not 0 <= value <= 200:
        raise UmbralError(f"El porcentaje va de 0 a 200 (se dio {value}).")


@dataclass(frozen=True)
class PercentileRoll:
    """d100 under ``skill + modifier`` (never below 0)."""

    skill: int
    modifier: int
    roll: int

    @property
    def target(self) -> int:
        return max(0, self.skill + self.modifier)

    @property
    def success(self) -> bool:
        return self.roll <= self.target and not self.fumble

    @property
    def critical(self) -> bool:
        return self.roll <= max(1, self.target // PERCENTILE_CRITICAL_DIVISOR)

    @property
    def fumble(self) -> bool:
        return self.roll == 100 or (self.roll >= PERCENTILE_FUMBLE_FROM and self.roll > self.target)

    @property
    def label(self) -> str:
        if self.fumble:
            return "PIFIA"
        if self.critical:
            return "ÉXITO CRÍTICO"
        return "ÉXITO" if self.success else "FALLO"

    @property
    def hits(self) -> bool:
        """Succeeds: an ÉXITO or an ÉXITO CRÍTICO (a 01 against 0 % is a critical too)."""
        return not self.fumble and (self.success or self.critical)

    @property
    def critical_success(self) -> bool:
        return not self.fumble and self.critical

    @property
    def level(self) -> int:
        """PIFIA 0, FALLO 1, ÉXITO 2, ÉXITO CRÍTICO 3: how an enfrentamiento compares."""
        if self.fumble:
            return 0
        if self.critical:
            return 3
        return 2 if self.success else 1


def roll_percentile(dice: DiceSource, skill: int, modifier: int = 0) -> PercentileRoll:
    """d100 under the skill percentage with modifiers (seed 004)."""
    _check_percentage(skill)
    if not -200 <= modifier <= 200:
        raise UmbralError("El modificador va de −200 a +200.")
    return PercentileRoll(skill, modifier, dice.roll(100))


@dataclass(frozen=True)
class InitiativeRoll:
    face: int
    agilidad: int
    modifier: int = 0
    sides: int = INITIATIVE_DIE

    @property
    def total(self) -> int:
        return self.face + self.agilidad + self.modifier


def roll_initiative(
    dice: DiceSource, agilidad: int, modifier: int = 0, *, sorprendido: bool = False
) -> InitiativeRoll:
    """Iniciativa = 1D10 + AGI ± armour or spells (seed 004); 1D5 for the surprised."""
    if not 0 <= agilidad <= 50:
        raise UmbralError(f"La Agilidad va de 0 a 50 (se dio {agilidad}).")
    sides = SURPRISED_INITIATIVE_DIE if sorprendido else INITIATIVE_DIE
    return InitiativeRoll(dice.roll(sides), agilidad, modifier, sides)


# --- damage dice ------------------------------------------------------------------------

_TERM = re.compile(r"([+-])?\s*(?:(\d*)\s*[dD]\s*(\d+)|(\d+))\s*")


@dataclass(frozen=True)
class DiceTerm:
    """``sign × count D sides`` (``sides`` 0: a plain number ``count``)."""

    count: int
    sides: int = 0
    sign: int = 1

    def __str__(self) -> str:
        body = f"{self.count}D{self.sides}" if self.sides else str(self.count)
        return ("-" if self.sign < 0 else "+") + body


@dataclass(frozen=True)
class DiceExpr:
    """A damage value as the Tabla de Armas writes it: ``1D6``, ``1D8+1``, ``1D8+1+1D4``."""

    terms: tuple[DiceTerm, ...] = ()

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        cleaned = text.strip()
        if cleaned in ("", "0"):
            return cls()
        terms: list[DiceTerm] = []
        pos = 0
        while pos < len(cleaned):
            found = _TERM.match(cleaned, pos)
            if found is None or found.end() == pos or (terms and not found.group(1)):
                raise UmbralError(f"No entiendo el daño «{text}»: escríbelo como 1D8+1 o 1D6.")
            sign = -1 if found.group(1) == "-" else 1
            if found.group(3):
                count = int(found.group(2) or 1)
                sides = int(found.group(3))
                if not (1 <= count <= 20 and 1 <= sides <= 100):
                    raise UmbralError(f"El daño «{text}» tiene un dado imposible.")
                terms.append(DiceTerm(count, sides, sign))
            else:
                terms.append(DiceTerm(int(found.group(4)), 0, sign))
            pos = found.end()
        return cls(tuple(terms))

    def __add__(self, other: DiceExpr) -> DiceExpr:
        return DiceExpr(self.terms + other.terms)

    def __str__(self) -> str:
        text = "".join(str(t) for t in self.terms)
        return text.removeprefix("+") or "0"

    @property
    def maximum(self) -> int:
        """The most it can do: «haremos el máximo daño posible» on a critical."""
        return sum(_term_max(t) for t in self.terms)

    def roll(self, dice: DiceSource) -> DamageRoll:
        faces: list[tuple[int, int]] = []
        total = 0
        for term in self.terms:
            if not term.sides:
                total += term.sign * term.count
                continue
            for _ in range(term.count):
                face = dice.roll(term.sides)
                faces.append((term.sides, face))
                total += term.sign * face
        return DamageRoll(self, tuple(faces), total)


def _term_max(term: DiceTerm) -> int:
    """A positive term at its highest; a negative one at its lowest (each die shows 1)."""
    if term.sign > 0:
        return term.count * (term.sides or 1)
    return -term.count


@dataclass(frozen=True)
class DamageRoll:
    """A damage roll: the expression, each die as ``(sides, face)`` in order, the total."""

    expr: DiceExpr
    faces: tuple[tuple[int, int], ...]
    total: int
    maximum: bool = False

    @classmethod
    def at_maximum(cls, expr: DiceExpr) -> DamageRoll:
        """A critical's damage: no dice, the expression's maximum."""
        return cls(expr, (), expr.maximum, True)


# --- enfrentamientos ----------------------------------------------------------------------


class Ganador(Enum):
    ACTIVO = "activo"
    PASIVO = "pasivo"


@dataclass(frozen=True)
class Enfrentamiento:
    """Two percentage rolls against each other (``Fuerza x5`` against ``Fuerza x5``…).

    [D] The seed says «ganar un enfrentamiento» without saying how: each side rolls d100
    under its value; the better result wins (ÉXITO CRÍTICO over ÉXITO over FALLO over PIFIA);
    two ÉXITOS (or two criticals) go to the higher roll; anything else level — both failing,
    or the same roll — goes to the side that resists (``pasivo``): «no habremos conseguido
    nada»."""

    activo: PercentileRoll
    pasivo: PercentileRoll
    activo_label: str
    pasivo_label: str

    @property
    def ganador(self) -> Ganador:
        a, p = self.activo, self.pasivo
        if a.level != p.level:
            return Ganador.ACTIVO if a.level > p.level else Ganador.PASIVO
        if a.level >= 2 and a.roll > p.roll:
            return Ganador.ACTIVO
        return Ganador.PASIVO

    @property
    def gana_activo(self) -> bool:
        return self.ganador is Ganador.ACTIVO


def percentile_against(dice: DiceSource, target: int, base: int | None = None) -> PercentileRoll:
    """d100 under an already computed percentage (kept as base + modifier for display)."""
    start = target if base is None else base
    return PercentileRoll(start, target - start, dice.roll(100))


def enfrentar(
    dice: DiceSource, activo: int, pasivo: int, activo_label: str, pasivo_label: str
) -> Enfrentamiento:
    """The active side rolls first, then the passive one."""
    for value in (activo, pasivo):
        if value < 0:
            raise UmbralError("Un enfrentamiento no admite valores negativos.")
    return Enfrentamiento(
        percentile_against(dice, activo),
        percentile_against(dice, pasivo),
        activo_label,
        pasivo_label,
    )
