"""The dice sources: forced faces, seeds, and a statistical check of the default source."""

from __future__ import annotations

from collections import Counter

import pytest

from umbral_rules import ForcedDice, RandomDice, UmbralError, Ventaja, physical_dice, roll_d12
from umbral_rules.dice import combine_ventaja

# Chi-square critical values at p = 0.001 (so a correct source fails one run in a thousand;
# the seeds below make the test deterministic).
CHI2_CRITICAL_DF11 = 31.264


def chi_square(observed: Counter[int], expected: dict[int, float]) -> float:
    return sum((observed[face] - e) ** 2 / e for face, e in expected.items())


def test_forced_dice_return_faces_in_order_then_fall_back() -> None:
    dice = ForcedDice([3, 12, 1], then=ForcedDice([7]))
    assert [dice.roll(12) for _ in range(4)] == [3, 12, 1, 7]
    assert dice.remaining == ()


def test_forced_dice_refuse_a_face_out_of_range_and_keep_it() -> None:
    dice = ForcedDice([13, 5])
    with pytest.raises(UmbralError, match="Un d12 no puede sacar 13"):
        dice.roll(12)
    assert dice.remaining == (13, 5)
    with pytest.raises(UmbralError, match="no puede sacar 0"):
        ForcedDice([0]).roll(12)


def test_forced_dice_push_queues_more_faces() -> None:
    dice = ForcedDice([1])
    dice.push([2, 3])
    assert [dice.roll(6) for _ in range(3)] == [1, 2, 3]


def test_physical_dice_are_strict_and_marked() -> None:
    dice = physical_dice([9])
    die = roll_d12(dice)
    assert die.natural == 9 and die.physical
    with pytest.raises(UmbralError, match="Faltan dados"):
        dice.roll(12)


def test_a_die_needs_faces() -> None:
    with pytest.raises(UmbralError):
        RandomDice().roll(0)


def test_random_dice_are_seedable() -> None:
    a, b = RandomDice(42), RandomDice(42)
    assert [a.roll(12) for _ in range(50)] == [b.roll(12) for _ in range(50)]
    assert not a.physical


def test_randrange_adapters() -> None:
    assert 0 <= RandomDice(1).randrange(6) < 6
    assert 1 <= RandomDice(1).randrange(1, 7) < 7
    forced = ForcedDice([4, 5])
    assert forced.randrange(6) == 3  # d20-style: randrange(n) is a d(n) − 1
    assert forced.randrange(1, 7) == 5
    with pytest.raises(UmbralError):
        forced.randrange(0, 10, 2)


def test_ventaja_keeps_the_best_and_shows_both() -> None:
    die = roll_d12(ForcedDice([4, 11]), ventajas=["Cargar"])
    assert die.mode is Ventaja.VENTAJA
    assert die.faces == (4, 11) and die.kept_index == 1 and die.natural == 11
    assert die.ventaja_sources == ("Cargar",)


def test_desventaja_keeps_the_worst() -> None:
    die = roll_d12(ForcedDice([4, 11]), desventajas=["Aturdido"])
    assert die.mode is Ventaja.DESVENTAJA and die.natural == 4 and die.kept_index == 0


def test_ventaja_and_desventaja_cancel_into_one_die() -> None:
    dice = ForcedDice([7, 12])
    die = roll_d12(dice, ventajas=["Apuntar"], desventajas=["Cegado"])
    assert die.mode is Ventaja.NORMAL and die.faces == (7,)
    assert dice.remaining == (12,)
    assert combine_ventaja(["a", "b"], []) is Ventaja.VENTAJA  # they don't stack


def test_natural_of_the_kept_die() -> None:
    die = roll_d12(ForcedDice([12, 1]), desventajas=["Enmarañado"])
    assert die.natural == 1 and die.is_natural_one and not die.is_natural_max
    assert die.to_dict()["faces"] == [12, 1]


def test_default_d12_is_uniform_chi_square() -> None:
    dice = RandomDice(20261129)
    n = 120_000
    observed = Counter(dice.roll(12) for _ in range(n))
    assert set(observed) == set(range(1, 13))
    assert chi_square(observed, {f: n / 12 for f in range(1, 13)}) < CHI2_CRITICAL_DF11


@pytest.mark.parametrize("mode", ["ventaja", "desventaja"])
def test_ventaja_and_desventaja_follow_their_distribution(mode: str) -> None:
    dice = RandomDice(f"umbral-{mode}")
    n = 72_000
    kw = {"ventajas": ["x"]} if mode == "ventaja" else {"desventajas": ["x"]}
    observed = Counter(roll_d12(dice, **kw).natural for _ in range(n))
    # P(max = k) = (2k − 1)/144; P(min = k) = (25 − 2k)/144
    if mode == "ventaja":
        expected = {k: n * (2 * k - 1) / 144 for k in range(1, 13)}
    else:
        expected = {k: n * (25 - 2 * k) / 144 for k in range(1, 13)}
    assert chi_square(observed, expected) < CHI2_CRITICAL_DF11
