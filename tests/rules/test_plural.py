"""The one plural helper every count a player reads goes through."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umbral_rules.plural import plural


@pytest.mark.parametrize(
    ("n", "singular", "expected"),
    [
        (1, "fracaso", "1 fracaso"),
        (0, "fracaso", "0 fracasos"),
        (2, "éxito", "2 éxitos"),
        (1, "defensa pendiente", "1 defensa pendiente"),
        (3, "defensa pendiente", "3 defensas pendientes"),
        (2, "atacante", "2 atacantes"),
        (4, "casilla", "4 casillas"),
        (2, "tirada de reto", "2 tiradas de reto"),
        (5, "asalto", "5 asaltos"),
        (2, "grado", "2 grados"),
    ],
)
def test_plural(n: int, singular: str, expected: str) -> None:
    assert plural(n, singular) == expected


def test_irregular_and_verbs() -> None:
    assert (plural(1, "vez", "veces"), plural(2, "vez", "veces")) == ("1 vez", "2 veces")
    assert plural(1, "Queda", "Quedan", number=False) == "Queda"
    assert plural(3, "Queda", "Quedan", number=False) == "Quedan"


#: The counts issue 30 found in the wrong number («1 entradas», «1 enemigos»), and others.
NOUNS = ["entrada", "enemigo", "personaje", "permiso", "tirada registrada", "archivo"]


@given(n=st.integers(-(10**6), 10**6), noun=st.sampled_from(NOUNS))
def test_one_is_singular_and_every_other_count_plural(n: int, noun: str) -> None:
    said = plural(n, noun)
    assert said.startswith(f"{n} ")
    words = said.split(" ")[1:]
    if abs(n) == 1:
        assert " ".join(words) == noun
    else:
        assert all(w.endswith("s") for w in words), said
    assert plural(n, noun, number=False) == " ".join(words)


def test_the_export_counts() -> None:
    assert [plural(k, "entrada") for k in (0, 1, 2)] == ["0 entradas", "1 entrada", "2 entradas"]
    assert [plural(k, "enemigo") for k in (1, 7)] == ["1 enemigo", "7 enemigos"]
