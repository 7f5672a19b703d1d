"""The chi-square test of a die's faces: the p-value's closed form against the published
table of critical values, and the fit of a fair and a loaded set of d12 faces."""

from __future__ import annotations

import math

import pytest

from umbral_rules.luck import chi_square_sf, fit, minimum_dice

#: χ² critical values (NIST/SEMATECH e-Handbook, table 1.3.6.7.4): P(χ² ≥ x) for df.
CRITICAL = [
    (1, 3.841, 0.05),
    (2, 5.991, 0.05),
    (3, 7.815, 0.05),
    (4, 9.488, 0.05),
    (5, 11.070, 0.05),
    (10, 23.209, 0.01),
    (11, 19.675, 0.05),
    (11, 24.725, 0.01),
    (11, 31.264, 0.001),
    (11, 5.578, 0.90),
    (11, 17.275, 0.10),
]


@pytest.mark.parametrize(("df", "x", "p"), CRITICAL)
def test_the_p_value_matches_the_table(df: int, x: float, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=2e-3)


def test_the_p_value_at_the_edges() -> None:
    assert chi_square_sf(0.0, 11) == 1.0
    assert chi_square_sf(-3.0, 4) == 1.0
    assert chi_square_sf(2.0, 2) == pytest.approx(math.exp(-1))
    assert chi_square_sf(5000.0, 11) == 0.0
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)


def test_a_fair_set_of_d12_faces() -> None:
    counts = [10, 9, 11, 10, 10, 9, 11, 10, 10, 11, 9, 10]  # 120 dice, nearly flat
    test = fit(counts)
    assert test is not None
    assert (test.dice, test.df, test.expected) == (120, 11, 10.0)
    assert test.statistic == pytest.approx(0.6)
    assert test.p_value > 0.99
    assert test.fair_mean == 6.5


def test_a_loaded_set_of_d12_faces() -> None:
    counts = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 98]  # 120 dice, twelves everywhere
    test = fit(counts)
    assert test is not None
    assert test.statistic == pytest.approx((11 * 64 + 88**2) / 10)
    assert test.p_value < 1e-100
    assert test.mean == pytest.approx((2 * 66 + 12 * 98) / 120)


def test_too_few_dice_make_no_test() -> None:
    assert minimum_dice(12) == 60
    assert fit([5] * 11 + [4]) is None
    assert fit([5] * 12) is not None
    assert fit([]) is None
