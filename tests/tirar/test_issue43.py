"""Issue 43: no dice read silently wrong. Every form of ``corpus_issue43`` rolls with forced
dice to the total its writer means, says how it was read when another tool reads it
otherwise, or is refused; a refusal suggests only what means what was typed."""

from __future__ import annotations

import pytest

from bot.features.tirar.expression import HELP_HINT, roll_many
from tests.tirar.corpus import Case
from tests.tirar.corpus_issue43 import LABELS, MEANT, NAMED, REFUSED
from tests.tirar.test_corpus import _check
from tests.tirar.test_examples import DOCS, HELP
from umbral_rules import ForcedDice, UmbralError
from umbral_rules.roller import RollError, parse, roll
from umbral_rules.roller.aliases import private


@pytest.mark.parametrize("case", MEANT, ids=[c.expr for c in MEANT])
def test_each_form_rolls_what_its_writer_means_or_says_its_reading(case: Case) -> None:
    _check(case)
    first = roll(parse(case.expr), ForcedDice(case.dice, strict=True))[0]
    assert first.labels == LABELS.get(case.expr, ())


@pytest.mark.parametrize(("text", "suggestion", "reason"), REFUSED, ids=[r[0] for r in REFUSED])
def test_each_ambiguous_form_is_refused_with_the_reason(
    text: str, suggestion: str | None, reason: str
) -> None:
    with pytest.raises(RollError) as error:
        roll(parse(text), ForcedDice([1] * 20))
    assert reason in error.value.reason
    assert error.value.suggestion == suggestion
    with pytest.raises(UmbralError) as message:
        roll_many(text, ForcedDice([1] * 20))
    assert str(message.value).endswith(HELP_HINT)  # the place and the help, always


def test_every_form_the_issue_names_is_a_case() -> None:
    cases = {c.expr for c in MEANT} | {r[0] for r in REFUSED}
    assert [form for form in NAMED if form not in cases] == []


def test_a_suggestion_means_what_was_typed() -> None:
    """The two brackets of Rolisteam, dropped: the same dice give the same total."""
    for typed, plain, faces in (("3D10e[>8]", "3D10e>8", [9, 2, 3, 10, 4]),):
        with pytest.raises(RollError) as error:
            parse(typed)
        assert error.value.suggestion == plain
        assert roll(parse(plain), ForcedDice(faces, strict=True))[0].total == 28


def test_a_computed_count_rolls_that_many_dice() -> None:
    """Issue 43: «(6-4)D10» totalled 0 (a group dropping its 10 lowest)."""
    for text in ("(6-4)D10", "(4-2)d10", "(1+1)d6"):
        dice = ForcedDice([5, 5], strict=True)
        rolled = roll(parse(text), dice)[0]
        assert rolled.total == 10 and dice.remaining == ()
    three = roll(parse("(3+2D6)D10"), ForcedDice([1, 1] + [10] * 5, strict=True))[0]
    assert three.total == 50


def test_dice_maiden_p_makes_the_roll_private_and_the_rest_say_so() -> None:
    assert private("p 1d20") and private("1d6; p 2d6") and private("P 4d6")
    assert not private("1d20") and not private("s 2d6") and not private(None)
    assert not private("p")  # a saved roll named «p»


def test_trailing_words_are_the_motivo_and_the_reply_says_so() -> None:
    rolled = roll_many("1d20+5 Iniciativa", ForcedDice([9]))[0]
    assert rolled.comment == "Iniciativa" and rolled.total == 14
    assert rolled.line.startswith("1d20+5 (el texto del final es el motivo) = 14")
    glued = roll_many("4d6k3 e6 Daño", ForcedDice([1, 2, 3, 4]))[0]
    assert "texto: el texto del final es el motivo" in glued.reading
    assert "Daño" not in glued.reading  # the player's words stay in the motivo, escaped there


#: What each form of issue 43 is called in the docs' tables and in ``/ayuda tema:tirar``.
DOCS_FORMS = (
    "`(6-4)d10`",
    "`k`",
    "`e`",
    "`xN`, `x`",
    "`X`, `XN`",
    "`e[>8]`, `r[<3]`",
    "`5d10>=8`",
    "`4d6++2`, `4d6--2`",
    "`round( )`",
    "`round(-1.5)`",
    "`1o3d10`",
    "`ryf`, `ryf+`, `ryf-`",
    "`ryf6`",
    "`3D`, `3D+2`",
    "`1d20 ventaja`",
    "`… # texto`, `… // texto`",
    "`1d20+5 Iniciativa`",
    "`p 4d6`, `s 4d6`, `nr 4d6`, `ul 4d6`",
    "`4cod`",
    "`sr6`",
    "`age`",
    "`dndstats`",
    "`6yz`",
    "`ex5`",
    "`ed1` a `ed50`",
    "`wng 4d6`",
    "`3wh4+`",
    "`dd34`",
    "`2hsn`",
    "`d6s4`",
    "`attack`",
    "Rápido y Fácil",
    "[D] Rápido y Fácil",
)
HELP_FORMS = (
    "`(6-4)d10`",
    "`4d6k`",
    "`1d20x2`",
    "«5d10X3»",
    "«3d10e[>8]»",
    "«5d10>=8»",
    "`5d10 t8`",
    "`5wod8`",
    "«4d6++2»",
    "`5+3+1o3d10`",
    "`ryf`",
    "`ryf+`",
    "`ryf-`",
    "`ryf6`",
    "`3D+2`",
    "ventaja",
    "desventaja",
    "`1d20 # ataque`",
    "`//`",
    "`1d20+5 Iniciativa`",
    "`4cod`",
    "`sr6`",
    "`age`",
    "`dndstats`",
    "`6yz`",
    "`ex5`",
    "`ed5`",
    "`wng 4d6`",
    "`3wh4+`",
    "`dd34`",
    "`2hsn`",
    "`d6s4`",
    "`attack`",
    "`p 1d20`",
)


def test_the_docs_and_the_help_say_what_each_form_means() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    assert [form for form in DOCS_FORMS if form not in docs] == []
    assert [form for form in HELP_FORMS if form not in HELP] == []
