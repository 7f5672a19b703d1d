"""Saved rolls in the grammar: what may name one, how the shelf reads the player's own over
the server's, and what may be saved."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice, UmbralError
from umbral_rules.roller import parse, roll
from umbral_rules.roller.saved import ONE_EXPRESSION, Shelf, Use, check_name, check_saved


@pytest.mark.parametrize("name", ["ataque", "Daño", "golpe_2", "Ñu", "x"])
def test_a_word_names_a_saved_roll(name: str) -> None:
    assert check_name(f"  {name} ") == name


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("d20", "ya significa algo"),
        ("dF", "ya significa algo"),
        ("anima", "ya significa algo"),
        ("hitos", "ya significa algo"),
        ("max", "ya significa algo"),
        ("floor", "ya significa algo"),
        ("golpe fuerte", "una sola palabra"),
        ("2ataque", "una sola palabra"),
        ("_x", "una sola palabra"),
        ("a" * 33, "como mucho 32"),
        ("", "no puede estar vacío"),
        ("@everyone", "no puede empezar"),
        ("a\u200bb", "invisible"),
    ],
)
def test_what_cannot_name_a_saved_roll(name: str, why: str) -> None:
    with pytest.raises(UmbralError, match=why):
        check_name(name)


def test_the_players_own_hides_the_servers_and_the_shelf_says_which() -> None:
    shelf = Shelf(own=[("Ataque", "1d12+5")], server=[("ataque", "1d12"), ("daño", "2d6")])
    [rolled] = roll(parse("ATAQUE+daño+ataque", names=shelf), ForcedDice([7, 3, 4, 9]))
    assert rolled.total == (7 + 5) + (3 + 4) + (9 + 5)  # each «ataque» rolls its own die
    assert shelf.used == (
        Use("Ataque", "1d12+5", own=True, shadows=True),
        Use("daño", "2d6", own=False),
    )
    assert shelf("dano") is None  # ñ is a letter of its own
    assert [u.nombre for u in shelf.names()] == ["Ataque", "daño"]


def test_what_may_be_saved() -> None:
    own = [("ataque", "1d12+5")]
    check_saved("doble", "ataque+ataque", own)
    check_saved("ataque", "1d12+6", own)  # replacing it
    for expression in ("1d20; 2d6", "6 1d6", "1d20 ! Iniciativa"):
        with pytest.raises(UmbralError, match="una sola expresión") as refused:
            check_saved("x", expression, own)
        assert str(refused.value) == ONE_EXPRESSION
    with pytest.raises(UmbralError, match="se usa a sí misma"):
        check_saved("ataque", "ataque+1", own)
    with pytest.raises(UmbralError, match="no es un dado ni una tirada guardada"):
        check_saved("x", "nada+1", own)
    with pytest.raises(UmbralError, match="no es un dado ni una tirada guardada"):
        check_saved("x", "ataque+1", server=[])  # a server's roll reads only the server's


def test_a_saved_roll_of_any_script_rolls_in_sets() -> None:
    """``2 ñu`` is two rolls of ``ñu``, as ``2 ataque`` (the sets read any letter)."""
    shelf = Shelf(own=[("ñu", "1d6"), ("ataque", "1d12")])
    for text in ("2 ñu", "2 ataque", "2#ñu"):
        rolled = roll(parse(text, names=shelf), ForcedDice([3, 5]))
        assert [r.total for r in rolled] == [3, 5], text
