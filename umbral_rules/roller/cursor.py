"""The parser's cursor: the player's text, the position in it and the small reading helpers."""

from __future__ import annotations

import re

from .errors import Kind, RollError
from .nodes import Node, Span

#: A word: a letter, then letters, digits or «_».
WORD = re.compile(r"[^\W\d_][\w]*")


class Cursor:
    """Where a parser is in the player's text, and what it has counted and read so far.

    The grammar (:class:`~umbral_rules.roller.parser.Parser`) derives from it; the modules
    that read parts of the grammar (builder, groups, modifiers, systems) see only this, so
    none of them imports the parser back."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text = text
        self.start = start
        self.pos = start
        self.end = end
        self.depth = 0
        self.dice = 0
        self.terms = 0  # dice terms read
        #: Where the last Dice Maiden modifiers written after a space are, and their dice.
        self.spaced: tuple[int, int, Span] | None = None
        self.readings: list[tuple[str, str]] = []
        self.expr_start = start

    # --- small helpers ------------------------------------------------------------------

    def error(
        self,
        kind: Kind,
        reason: str,
        start: int,
        end: int | None = None,
        suggestion: str | None = None,
    ) -> RollError:
        return RollError(kind, reason, self.text, start, end, suggestion)

    def skip_ws(self) -> bool:
        start = self.pos
        while self.pos < self.end and self.text[self.pos].isspace():
            self.pos += 1
        return self.pos > start

    def at(self, token: str) -> bool:
        return self.text.startswith(token, self.pos) and self.pos + len(token) <= self.end

    def match(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        return pattern.match(self.text, self.pos, self.end)

    def read(self, span: Span, reading: str) -> None:
        """Record how the form at ``span`` was read (a peer reads it differently)."""
        self.readings.append((self.text[span[0] : span[1]].strip(), reading))

    def unexpected(self, wanted: str) -> RollError:
        if self.pos >= self.end:
            return self.error("sintaxis", f"esperaba {wanted} y encontré el final", self.end)
        word = self.match(WORD)
        got = word.group(0) if word else self.text[self.pos]
        found = f"encontré «{got}»"
        return self.error("sintaxis", f"esperaba {wanted} y {found}", self.pos, self.pos + len(got))

    def expr(self) -> Node:
        """One whole expression from here (the grammar's own rule)."""
        raise NotImplementedError

    def dice_term(
        self,
        found: re.Match[str],
        fudge_sides: bool = False,
        counted_by: Node | None = None,
        start: int | None = None,
    ) -> Node:
        """A dice term and its modifiers (the grammar's own rule)."""
        raise NotImplementedError
