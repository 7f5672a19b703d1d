"""Issue 35: every example of ``/ayuda tema:tirar`` and of ``docs/dados.md`` is rolled and
gives what it says («`expresión` con dados → total», and the marks after it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.render.ayuda import TIRAR, ayuda_tirar_embed
from umbral_rules import ForcedDice, RandomDice
from umbral_rules.roller import MAX_DICE, MAX_ROLLS, parse, roll

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dados.md"
#: «`4d6kh3` con 6, 4, 3, 1 → 13 (6, 4, 3, ~~1~~)»: the dice, the total, maybe the marks.
EXAMPLE = re.compile(
    r"`(?P<expr>[^`]+)`(?: con (?P<dice>\d+(?:, \d+)*))? → (?P<total>−?\d+)"
    r"(?: \((?P<marks>[\d, ~!]+)\))?"
)
#: Backquoted text that is an expression (not an option like `umbral:` nor a piece like `k3`).
EXPRESSION = re.compile(r"`((?:[\d(){}+-]|d\d|d%|vtm|coc|hitos|anima|floor)[^`:]*)`")


def _examples(text: str) -> list[re.Match[str]]:
    return list(EXAMPLE.finditer(text))


def _check(found: re.Match[str]) -> None:
    expr = found.group("expr")
    faces = [int(f) for f in found.group("dice").split(", ")] if found.group("dice") else []
    dice = ForcedDice(faces, strict=True)
    first = roll(parse(expr), dice)[0]
    assert dice.remaining == (), expr
    assert first.total == int(found.group("total").replace("−", "-")), expr
    if found.group("marks"):
        assert first.breakdown == found.group("marks"), expr


HELP = "\n".join(value for _, value in TIRAR)
HELP_EXAMPLES = _examples(HELP)


@pytest.mark.parametrize("found", HELP_EXAMPLES, ids=[m.group("expr") for m in HELP_EXAMPLES])
def test_each_help_example_gives_what_it_says(found: re.Match[str]) -> None:
    _check(found)


def test_every_expression_the_help_shows_is_read() -> None:
    shown = EXPRESSION.findall(HELP)
    assert len(HELP_EXAMPLES) >= 15 and len(shown) >= 30
    for expr in shown:
        roll(parse(expr), RandomDice(3))
    # the help names the limits it keeps
    footer = ayuda_tirar_embed().footer.text or ""
    assert str(MAX_DICE) in footer and str(MAX_ROLLS) in footer
    # the reading issue 35 found wrong in the old help: «1d6e>5» exploded on 5 too
    assert "e>5" not in HELP


def _doc_rows() -> list[list[str]]:
    rows = []
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return [row for row in rows if row[0] not in ("Forma", "Alias")]


DOC_ROWS = _doc_rows()


def test_every_row_of_the_docs_table_has_its_example() -> None:
    assert len(DOC_ROWS) >= 50
    for row in DOC_ROWS:
        last = row[-1]
        assert last == "—" or EXAMPLE.search(last), row


DOC_EXAMPLES = [m for row in DOC_ROWS for m in _examples(row[-1])]


@pytest.mark.parametrize("found", DOC_EXAMPLES, ids=[m.group("expr") for m in DOC_EXAMPLES])
def test_each_docs_example_gives_what_it_says(found: re.Match[str]) -> None:
    _check(found)
