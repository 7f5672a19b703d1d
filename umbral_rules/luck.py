"""Is a die fair? Pearson's chi-square goodness of fit of its faces, and its p-value.

The p-value is the chance that a fair die, rolled as many times, shows faces at least as
uneven as these: ``P(χ² ≥ x)`` with ``k − 1`` degrees of freedom. For a whole number of
degrees of freedom it has a closed form (no library needed; 11 for a d12)::

    even ν:  e^(−x/2) · Σ_{i=0}^{ν/2−1} (x/2)^i / i!
    odd ν:   erfc(√(x/2)) + √(2x/π) · e^(−x/2) · Σ_{i=0}^{(ν−3)/2} x^i / (1·3·5···(2i+1))

[D] The test is made only when every face is expected at least :data:`MIN_EXPECTED` times
(the usual rule for Pearson's test): 60 dice for a d12.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: [D] Each face expected at least this many times before the test is made.
MIN_EXPECTED = 5


@dataclass(frozen=True)
class FitTest:
    """The faces' counts against a fair die's: ``statistic`` (χ²), ``df`` and ``p_value``;
    ``mean`` of the faces against ``fair_mean``."""

    dice: int
    statistic: float
    df: int
    p_value: float
    mean: float
    fair_mean: float

    @property
    def expected(self) -> float:
        """How many times a fair die shows each face, in as many rolls."""
        return self.dice / (self.df + 1)


def chi_square_sf(x: float, df: int) -> float:
    """``P(χ² ≥ x)`` for ``df`` (≥ 1) degrees of freedom."""
    if df < 1:
        raise ValueError("df must be at least 1")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    term, total = 1.0, 0.0
    for i in range((df - 1) // 2):
        if i:
            term *= x / (2 * i + 1)
        total += term
    tail = math.sqrt(2 * x / math.pi) * math.exp(-half) * total if df > 1 else 0.0
    return min(1.0, math.erfc(math.sqrt(half)) + tail)


def fit(counts: Sequence[int]) -> FitTest | None:
    """The test of ``counts`` (how many times each face came up, face 1 first) against a fair
    die with as many faces; None when there are too few dice to test (:data:`MIN_EXPECTED`)."""
    sides = len(counts)
    dice = sum(counts)
    if sides < 2 or dice < MIN_EXPECTED * sides:
        return None
    expected = dice / sides
    statistic = sum((seen - expected) ** 2 / expected for seen in counts)
    mean = sum(face * seen for face, seen in enumerate(counts, 1)) / dice
    return FitTest(
        dice=dice,
        statistic=statistic,
        df=sides - 1,
        p_value=chi_square_sf(statistic, sides - 1),
        mean=mean,
        fair_mean=(sides + 1) / 2,
    )


def minimum_dice(sides: int) -> int:
    """How many dice the test needs."""
    return MIN_EXPECTED * sides
