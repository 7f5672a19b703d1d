"""Issue 35: the peers' own expressions (``tests/tirar/corpus.py``) read as they read them,
and never differently without the reply saying how."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import d20
import d20.expression
import pytest

from tests.tirar.corpus import AGREED, D20_README, D20_TESTS, DISPUTED, REFUSED, Case
from umbral_rules import ForcedDice
from umbral_rules.roller import RollError, parse, roll


def _roll(case: Case) -> list:
    dice = ForcedDice(case.dice, strict=True)
    rolls = roll(parse(case.expr), dice)
    assert dice.remaining == (), f"{case.expr}: quedan dados sin usar {dice.remaining}"
    return rolls


def _check(case: Case) -> None:
    rolls = _roll(case)
    totals = tuple(r.total for r in rolls)
    expected = case.total if isinstance(case.total, tuple) else (case.total,)
    assert totals == expected, f"{case.expr} ({case.source})"
    first = rolls[0]
    assert first.breakdown == case.shows, case.expr
    assert first.reading == case.reading, case.expr
    assert first.comment == case.comment
    # the reply line carries the reading (when there is one) and the total, once
    assert first.line.startswith(f"{first.source}{f' ({case.reading})' if case.reading else ''} =")


@pytest.mark.parametrize("case", AGREED, ids=[c.expr for c in AGREED])
def test_agreed_forms_read_as_the_peers_read_them(case: Case) -> None:
    _check(case)
    assert case.reading == ""  # nobody reads it otherwise: nothing to say


@pytest.mark.parametrize("case", DISPUTED, ids=[c.expr for c in DISPUTED])
def test_disputed_forms_say_how_they_were_read(case: Case) -> None:
    _check(case)
    assert case.reading, "a form the peers read differently must show its reading"


def test_the_corpus_is_large_and_sourced() -> None:
    assert len(AGREED) >= 150
    exprs = [(c.expr, c.dice) for c in AGREED + DISPUTED]
    assert len(exprs) == len(set(exprs))
    for case in AGREED + DISPUTED:
        assert case.source
    sources = {case.source.split(":")[0].split(" ")[0] for case in AGREED}
    assert sources >= {"avrae/d20", "Dice", "Roll20", "Foundry", "RPG"}


@contextmanager
def _d20_draws_from(dice: ForcedDice) -> Iterator[None]:
    original = d20.expression.random
    d20.expression.random = dice  # ForcedDice has the randrange d20 uses
    try:
        yield
    finally:
        d20.expression.random = original


D20_AGREED = [c for c in AGREED if c.source in (D20_README, D20_TESTS)]


@pytest.mark.parametrize("case", D20_AGREED, ids=[c.expr for c in D20_AGREED])
def test_avrae_d20_itself_agrees(case: Case) -> None:
    """The same dice through d20's own roller give the same total."""
    dice = ForcedDice(case.dice, strict=True)
    with _d20_draws_from(dice):
        theirs = d20.roll(case.expr, allow_comments=False).total
    assert theirs == case.total
    assert d20.expression.random is random


@pytest.mark.parametrize(("text", "suggestion", "source"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_forms_suggest_what_the_bot_reads(
    text: str, suggestion: str | None, source: str
) -> None:
    with pytest.raises(RollError) as error:
        roll(parse(text), ForcedDice([], strict=True))
    assert error.value.suggestion == suggestion
    if suggestion is not None:
        parse(suggestion)  # what it suggests is read
