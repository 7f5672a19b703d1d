"""The other play-by-web systems of the seeds, read for the players (pure; dice injected).

Not Umbral: these are served by ``/tirar`` for groups that play them in the same server.
Every threshold lives in the tables at the top; ``[D]`` marks what the texts leave open.
"""

from __future__ import annotations

from dataclasses import dataclass

from umbral_rules import DiceSource, UmbralError
from umbral_rules.graduado.bands import D100_GRADES, calificacion
from umbral_rules.hielo.constants import GRADO_PASO, GRADOS_MAX
from umbral_rules.porcentual.tiradas import (
    INITIATIVE_DIE,
    PERCENTILE_CRITICAL_DIVISOR,
    PERCENTILE_FUMBLE_FROM,
    InitiativeRoll,
    PercentileRoll,
    roll_initiative,
    roll_percentile,
)

__all__ = [
    "D100_GRADES",
    "INITIATIVE_DIE",
    "PERCENTILE_CRITICAL_DIVISOR",
    "PERCENTILE_FUMBLE_FROM",
    "POOL_BASE_DIFFICULTY",
    "GradedRoll",
    "InitiativeRoll",
    "PercentileRoll",
    "PoolRoll",
    "pool_passive",
    "roll_graded",
    "roll_initiative",
    "roll_percentile",
    "roll_pool",
]

# d100 graded (seed 003): its bands live in umbral_rules.graduado, their one home
# (D100_GRADES: (minimum margen, name, damage multiplier), best first; margen = chance − roll).

# --- d6 pool (seed 002) -------------------------------------------------------------------
POOL_BASE_DIFFICULTY = 9  # "moderada"; steps of three
POOL_DIFFICULTY_STEP = 3
POOL_PASSIVE_FACTOR = 4  # passive = rank × 4 + bonus dice
POOL_MAX_RANK = 10
POOL_MAX_BONUS = 10
#: [D] The text says successes "have ranks" by how far they beat the difficulty, without the
#: table: one degree per full five points over, up to four — the rules' own constants
#: (``umbral_rules/hielo``), so ``/tirar`` and the system's rules read the same degrees.
POOL_DEGREE_STEP = GRADO_PASO
POOL_MAX_DEGREES = GRADOS_MAX

# --- percentile (seed 004): its one home is umbral_rules.porcentual.tiradas ---------------


@dataclass(frozen=True)
class PoolRoll:
    rank: int
    bonus: int
    faces: tuple[int, ...]
    kept: tuple[int, ...]  # indices into ``faces``
    difficulty: int

    @property
    def total(self) -> int:
        return sum(self.faces[i] for i in self.kept)

    @property
    def success(self) -> bool:
        return self.total >= self.difficulty

    @property
    def degrees(self) -> int:
        if not self.success:
            return 0
        return min(POOL_MAX_DEGREES, 1 + (self.total - self.difficulty) // POOL_DEGREE_STEP)


def pool_passive(rank: int, bonus: int = 0) -> int:
    _check_pool(rank, bonus)
    return rank * POOL_PASSIVE_FACTOR + bonus


def _check_pool(rank: int, bonus: int) -> None:
    if not 1 <= rank <= POOL_MAX_RANK:
        raise UmbralError(f"El rango va de 1 a {POOL_MAX_RANK} (se dio {rank}).")
    if not 0 <= bonus <= POOL_MAX_BONUS:
        raise UmbralError(
            f"Los dados de bonificación van de 0 a {POOL_MAX_BONUS} (se dio {bonus})."
        )


def roll_pool(
    dice: DiceSource, rank: int, bonus: int = 0, difficulty: int = POOL_BASE_DIFFICULTY
) -> PoolRoll:
    """Roll rank + bonus d6 and keep the ``rank`` highest (seed 002)."""
    _check_pool(rank, bonus)
    if difficulty < 1:
        raise UmbralError("La dificultad debe ser positiva.")
    faces = tuple(dice.roll(6) for _ in range(rank + bonus))
    order = sorted(range(len(faces)), key=lambda i: (-faces[i], i))
    return PoolRoll(rank, bonus, faces, tuple(sorted(order[:rank])), difficulty)


@dataclass(frozen=True)
class GradedRoll:
    """d100 against ``percentage`` + ``modifier`` (the grades, already summed): the chance
    is built first, then the roll is read against it."""

    percentage: int
    roll: int
    modifier: int = 0

    @property
    def chance(self) -> int:
        return self.percentage + self.modifier

    @property
    def margen(self) -> int:
        return self.chance - self.roll

    @property
    def grade(self) -> str:
        return calificacion(self.margen).label

    @property
    def multiplier(self) -> float:
        return calificacion(self.margen).multiplier


def _check_percentage(value: int) -> None:
    if not 0 <= value <= 200:
        raise UmbralError(f"El porcentaje va de 0 a 200 (se dio {value}).")


def _check_modifier(value: int) -> None:
    if not -200 <= value <= 200:
        raise UmbralError("El modificador va de −200 a +200.")


def roll_graded(dice: DiceSource, percentage: int, modifier: int = 0) -> GradedRoll:
    """d100 against a percentage plus its modifier, graded CRÍTICO … CONTRAGOLPE (seed 003)."""
    _check_percentage(percentage)
    _check_modifier(modifier)
    return GradedRoll(percentage, dice.roll(100), modifier)
