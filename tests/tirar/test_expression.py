from __future__ import annotations

import pytest

from bot.features.tirar.expression import MAX_DICE, count_successes, roll_expression, roll_many
from umbral_rules import ForcedDice, RandomDice, UmbralError


def test_sum_with_forced_dice() -> None:
    result = roll_expression("2d6+3", ForcedDice([4, 5]))
    assert result.total == 12
    assert result.faces == (4, 5)
    assert "4" in result.rendered and "5" in result.rendered


def test_keep_highest() -> None:
    result = roll_expression("5d6kh3", ForcedDice([6, 1, 3, 2, 4]))
    assert result.total == 13
    assert sorted(result.faces) == [3, 4, 6]


def test_percent_is_a_d100() -> None:
    assert roll_expression("d%", ForcedDice([87])).total == 87


def test_exploding_dice_and_success_counting() -> None:
    assert roll_expression("1d6e6", ForcedDice([6, 2])).total == 8
    assert roll_expression("4d6>12", ForcedDice([5, 1, 6, 4])).total == 1  # a comparison
    counted = roll_expression("4d6", ForcedDice([5, 1, 6, 4]))
    assert count_successes(counted.faces, ">=5") == 2
    assert count_successes(counted.faces, "4") == 3
    assert count_successes(counted.faces, "<2") == 1
    assert count_successes(counted.faces, "=6") == 1
    assert count_successes(counted.faces, "<=4") == 2
    assert count_successes(counted.faces, ">5") == 1
    with pytest.raises(UmbralError, match="Condición de éxito"):
        count_successes(counted.faces, "mucho")


def test_several_expressions_at_once() -> None:
    rolls = roll_many("1d20+5; 2d4", ForcedDice([10, 1, 3]))
    assert [r.total for r in rolls] == [15, 4]


def test_a_syntax_error_says_where_it_broke() -> None:
    with pytest.raises(UmbralError, match="posición"):
        roll_expression("2d6+*3", RandomDice(1))


def test_too_many_dice_and_too_long() -> None:
    with pytest.raises(UmbralError, match=f"como mucho {MAX_DICE}"):
        roll_expression("1000d6", RandomDice(1))
    with pytest.raises(UmbralError, match="demasiado larga"):
        roll_expression("+".join(["1d6"] * 100), RandomDice(1))
    with pytest.raises(UmbralError, match="Escribe una expresión"):
        roll_many(" ; ", RandomDice(1))


def test_the_global_random_is_restored() -> None:
    import random

    import d20.expression

    roll_expression("1d6", ForcedDice([2]))
    assert d20.expression.random is random
