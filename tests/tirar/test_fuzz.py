"""Whatever is typed, /tirar rolls it or refuses it in Spanish: never another exception,
never a die out of its faces, never more dice than the limit (issue 35's whole grammar)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umbral_rules import RandomDice, UmbralError
from umbral_rules.roller import MAX_DICE, RollError, parse, roll

ALPHABET = "0123456789dDF+-*/%()[]{},;<>=!#. kKhHlLpPrRoOeExXiItTfFbBcCsSmMaAnNuvw"


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(text=st.text(alphabet=ALPHABET, max_size=40), seed=st.integers(0, 1000))
def test_any_text_rolls_or_is_refused_in_spanish(text: str, seed: int) -> None:
    try:
        rolls = roll(parse(text), RandomDice(seed))
    except RollError as error:
        assert str(error) and 0 <= error.start <= len(text)
        if error.suggestion is not None:
            parse(error.suggestion)  # what it suggests is read
        return
    except UmbralError as error:
        assert str(error)
        return
    for rolled in rolls:
        assert isinstance(rolled.total, int)
        assert len(rolled.faces) <= MAX_DICE
        assert all(1 <= face.face <= face.sides for face in rolled.faces)
        assert rolled.line.startswith(rolled.source)
