"""The other play-by-web systems of the seeds, read for the players (pure; dice injected).

Not Umbral: these are served by ``/tirar`` for groups that play them in the same server.
Every threshold lives in the tables at the top; ``[D]`` marks what the texts leave open.
"""

from __future__ import annotations

from bot.records.dice import POOL_PASSIVE_FACTOR, GradedRoll, PoolRoll
from umbral_rules import DiceSource, UmbralError
from umbral_rules.graduado.bands import D100_GRADES
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
POOL_MAX_RANK = 10
POOL_MAX_BONUS = 10

# --- percentile (seed 004): its one home is umbral_rules.porcentual.tiradas ---------------


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
    dice: DiceSource,
    rank: int,
    bonus: int = 0,
    difficulty: int = POOL_BASE_DIFFICULTY,
    modifier: int = 0,
) -> PoolRoll:
    """Roll rank + bonus d6, keep the ``rank`` highest and add ``modifier`` (seed 002: the
    roll form's «Modificador», points on the sum, read against the difficulty)."""
    _check_pool(rank, bonus)
    _check_modifier(modifier)
    if difficulty < 1:
        raise UmbralError("La dificultad debe ser positiva.")
    faces = tuple(dice.roll(6) for _ in range(rank + bonus))
    order = sorted(range(len(faces)), key=lambda i: (-faces[i], i))
    return PoolRoll(rank, bonus, faces, tuple(sorted(order[:rank])), difficulty, modifier)


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
