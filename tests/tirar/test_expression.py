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
    # issue 35: «>» after dice counts the dice that reach it (Roll20), and says so; the
    # total is compared in parentheses (avrae/d20's reading)
    per_die = roll_expression("4d6>12", ForcedDice([5, 1, 6, 4]))
    assert per_die.total == 0 and per_die.reading == "cuenta los dados ≥12 (ninguna cara)"
    assert roll_expression("(4d6)>12", ForcedDice([5, 1, 6, 4])).total == 1  # a comparison
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


def test_a_roll_draws_only_from_the_injected_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The roller never touches the global ``random`` (umbral_rules is pure): with every
    drawing function of the module broken, a roll still comes out of the forced faces."""
    import random

    def broken(*_args: object, **_kwargs: object) -> int:
        raise AssertionError("the global random was used")

    for name in ("random", "randrange", "randint", "choice", "choices", "uniform"):
        monkeypatch.setattr(random, name, broken)
    result = roll_expression("3d6!+1", ForcedDice([6, 2, 3, 4]))
    assert result.total == 16
    assert result.faces == (6, 2, 3, 4)  # in the order they were drawn


def test_dropped_dice_are_struck_through() -> None:
    result = roll_expression("4d6kh3", ForcedDice([1, 5, 4, 1]))
    assert result.rendered == "4d6kh3 = 10: 1, 5, 4, ~~1~~"  # issue 35: expression and total once
    assert result.faces == (1, 5, 4)
    low = roll_expression("2d20kl1", ForcedDice([17, 4]))
    assert low.rendered == "2d20kl1 = 4: ~~17~~, 4"


def test_bang_explodes_on_the_highest_face_and_shows_it() -> None:
    result = roll_expression("3d6!", ForcedDice([6, 2, 6, 3, 4]))
    assert result.expression == "3d6!"  # as the player wrote it
    # issue 35: as written, once; Dice Maiden reads «!» as a comment, so it says it explodes
    assert result.rendered == "3d6! (explota con 6) = 21: 6!, 2, 6!, 3, 4"
    assert result.total == 21
    kept = roll_expression("4d6kh3!", ForcedDice([6, 2, 6, 3, 4, 1]))
    assert kept.rendered == "4d6kh3! (explota con 6) = 16: 6!, ~~2~~, 6!, ~~3~~, 4, ~~1~~"
    assert roll_expression("1d10!", ForcedDice([10, 10, 3])).total == 23


def test_a_count_before_the_expression_rolls_that_many_sets() -> None:
    faces = [1, 5, 4, 1, 6, 6, 2, 3, 3, 4, 5, 6, 4, 5, 2, 1, 1, 6, 2, 2, 1, 2, 4, 6]
    rolls = roll_many("6 4d6kh3", ForcedDice(faces))
    assert [r.total for r in rolls] == [10, 15, 15, 11, 10, 12]
    assert [(r.set_number, r.sets) for r in rolls] == [(n, 6) for n in range(1, 7)]
    assert {r.expression for r in rolls} == {"4d6kh3"}
    mixed = roll_many("2 1d6; 1d20", ForcedDice([3, 4, 17]))
    assert [(r.expression, r.total, r.sets) for r in mixed] == [
        ("1d6", 3, 2),
        ("1d6", 4, 2),
        ("1d20", 17, 1),
    ]
    assert roll_many("2 + 3", ForcedDice([]))[0].total == 5  # a sum, not sets


def test_too_many_sets_are_refused() -> None:
    with pytest.raises(UmbralError, match="Entre 1 y 10 tiradas"):
        roll_many("11 1d6", RandomDice(1))
    with pytest.raises(UmbralError, match="Como mucho 12 tiradas"):
        roll_many("10 1d6; 3 1d6", RandomDice(1))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # issue 35: ``4d6kh`` keeps the highest (Foundry); the place is in the player's text
        ("4d6k>", "en la posición 6 esperaba un número y encontré el final"),
        ("2d", "esperaba las caras del dado (el 6 de `2d6`) y encontré el final"),
        ("3d6?", "en la posición 4 esperaba el final y encontré «?»"),
        ("hola", "esperaba un dado (`d6`), un número, un paréntesis o un signo y encontré «hola»"),
    ],
)
def test_an_unreadable_expression_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(UmbralError) as error:
        roll_expression(text, RandomDice(1))
    message = str(error.value)
    assert message.startswith(f"No entiendo «{text}»: ")
    assert expected in message
    assert message.endswith("Mira `/ayuda tema:tirar` para ver cómo se escriben los dados.")
