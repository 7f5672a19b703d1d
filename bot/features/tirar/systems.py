"""The other play-by-web systems of the seeds, read for the players (pure; dice injected).

Not Umbral: these are served by ``/tirar`` for groups that play them in the same server.
Every threshold lives in the tables at the top; ``[D]`` marks what the texts leave open.
"""

from __future__ import annotations

from dataclasses import dataclass

from umbral_rules import DiceSource, UmbralError
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

# --- d100 graded (seed 003): (minimum margen, name, damage multiplier), best first --------
#: margen = percentage − roll: how far above the mark the roll landed.
#: [D] Margen 0 (the roll equals the percentage) is "justo por encima": SÓLIDO.
D100_GRADES: tuple[tuple[int, str, float], ...] = (
    (25, "CRÍTICO", 1.4),
    (12, "LIMPIO", 1.15),
    (0, "SÓLIDO", 1.0),
    (-9, "ROZADURA", 0.5),
    (-19, "DESVIADO", 0.2),
    (-29, "FALLO", 0.0),
    (-10_000, "CONTRAGOLPE", 0.0),
)

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
    percentage: int
    roll: int

    @property
    def margen(self) -> int:
        return self.percentage - self.roll

    @property
    def grade(self) -> str:
        return _d100_grade(self.margen)[1]

    @property
    def multiplier(self) -> float:
        return _d100_grade(self.margen)[2]


def _d100_grade(margen: int) -> tuple[int, str, float]:
    for row in D100_GRADES:
        if margen >= row[0]:
            return row
    return D100_GRADES[-1]  # pragma: no cover - the last row takes everything


def _check_percentage(value: int) -> None:
    if not 0 <= value <= 200:
        raise UmbralError(f"El porcentaje va de 0 a 200 (se dio {value}).")


def roll_graded(dice: DiceSource, percentage: int) -> GradedRoll:
    """d100 against a percentage, graded CRÍTICO … CONTRAGOLPE (seed 003)."""
    _check_percentage(percentage)
    return GradedRoll(percentage, dice.roll(100))
