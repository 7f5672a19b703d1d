"""The one plural helper every count a player reads goes through."""

from __future__ import annotations

import pytest

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
