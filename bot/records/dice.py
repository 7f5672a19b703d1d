"""The rolls ``/tirar`` makes, as typed values: built by :mod:`bot.features.tirar`, shown by
:mod:`bot.render.tirar` (which imports no feature, so they live here, below both).

Pure: no I/O; the seeds' numbers come from their rules packages.
"""

from __future__ import annotations

from dataclasses import dataclass

from umbral_rules.graduado.bands import calificacion
from umbral_rules.hielo.constants import GRADO_PASO, GRADOS_MAX

POOL_PASSIVE_FACTOR = 4  # passive = rank × 4 + bonus dice
#: [D] The text says successes "have ranks" by how far they beat the difficulty, without the
#: table: one degree per full five points over, up to four — the rules' own constants
#: (``umbral_rules/hielo``), so ``/tirar`` and the system's rules read the same degrees.
POOL_DEGREE_STEP = GRADO_PASO
POOL_MAX_DEGREES = GRADOS_MAX


@dataclass(frozen=True)
class ExpressionRoll:
    """One expression rolled, for the reply and the log: ``line`` is the one reply line,
    ``faces`` the faces of the dice that count, ``values`` what they are worth, ``dice``
    every face drawn with its kind (``[sides, face, kind]``)."""

    expression: str
    reading: str
    total: int
    unit: str
    breakdown: str
    labels: tuple[str, ...]
    faces: tuple[int, ...]
    values: tuple[int, ...]
    dice: tuple[tuple[int, int, str], ...]
    line: str
    comment: str | None = None
    counted: bool = False
    set_number: int = 1
    sets: int = 1

    @property
    def rendered(self) -> str:
        return self.line


@dataclass(frozen=True)
class PoolRoll:
    rank: int
    bonus: int
    faces: tuple[int, ...]
    kept: tuple[int, ...]  # indices into ``faces``
    difficulty: int
    #: Points added to the kept dice: the «Modificador» of seed 002's roll form.
    modifier: int = 0

    @property
    def kept_sum(self) -> int:
        return sum(self.faces[i] for i in self.kept)

    @property
    def total(self) -> int:
        return self.kept_sum + self.modifier

    @property
    def success(self) -> bool:
        return self.total >= self.difficulty

    @property
    def degrees(self) -> int:
        if not self.success:
            return 0
        return min(POOL_MAX_DEGREES, 1 + (self.total - self.difficulty) // POOL_DEGREE_STEP)

    @property
    def passive(self) -> int:
        """The passive value: rank × 4 + bonus dice (seed 002)."""
        return self.rank * POOL_PASSIVE_FACTOR + self.bonus


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
