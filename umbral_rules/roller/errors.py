"""Why an expression is refused, where in the player's text, and what they may have meant;
and the limits every roll keeps."""

from __future__ import annotations

from typing import Literal

from umbral_rules.errors import UmbralError

#: One expression, as ``/tirar expresion:`` takes it (Discord's own limit for the option).
MAX_EXPRESSION_LENGTH = 200
#: Every die rolled by one expression, counting rerolls and explosions.
MAX_DICE = 200
#: Expressions separated by «;».
MAX_EXPRESSIONS = 6
#: ``6 4d6kh3``: at most this many sets of one expression, and this many rolls in all.
MAX_SETS = 10
MAX_ROLLS = 12
#: Parentheses, groups and calls inside one another.
MAX_DEPTH = 20
#: [D] An expression with its saved rolls' names replaced by what they save (issue 43,
#: ``umbral_rules.roller.expansion``): at most this many terms (numbers, dice, operations,
#: groups), this many levels of them one inside another, and :data:`MAX_DICE` dice written.
#: One expression typed whole (200 characters) never reaches them: only names multiply.
MAX_TERMS = 1000
MAX_NESTING = 200
#: The largest die (a d10000 is already a d100 of d100s).
MAX_SIDES = 10_000
#: The most digits a number reached by arithmetic may have (Python writes no more than 4,300).
MAX_DIGITS = 1000
#: ``**``: the largest exponent, so a total stays a number one can read.
MAX_EXPONENT = 64
MAX_BASE = 10**6

Kind = Literal["sintaxis", "limite", "valor", "sin_fin"]


class RollError(UmbralError):
    """A refused expression: ``reason`` (Spanish) about ``text[start:end]``, the part of
    what the player typed that caused it, and a ``suggestion`` the bot reads, when one is
    near. ``kind``: ``sintaxis`` (unreadable), ``limite`` (a limit above), ``valor`` (an
    impossible value: a d0, a division by zero) or ``sin_fin`` (a reroll that never ends)."""

    def __init__(
        self,
        kind: Kind,
        reason: str,
        text: str,
        start: int,
        end: int | None = None,
        suggestion: str | None = None,
    ) -> None:
        self.kind: Kind = kind
        self.reason = reason
        self.text = text
        self.start = max(0, min(start, len(text)))
        self.end = max(self.start, min(len(text), start + 1 if end is None else end))
        self.suggestion = suggestion
        super().__init__(self.plain())

    @property
    def position(self) -> int:
        """Where it went wrong, counting from 1 as a player counts characters."""
        return self.start + 1

    @property
    def fragment(self) -> str:
        """The player's own text from that position (the whole rest when it is short)."""
        rest = self.text[self.start :]
        return rest if len(rest) <= 12 else self.text[self.start : max(self.end, self.start + 1)]

    def with_suggestion(self, suggestion: str | None) -> RollError:
        return RollError(self.kind, self.reason, self.text, self.start, self.end, suggestion)

    def plain(self) -> str:
        """The message without Discord markup (the bot quotes the text its own way): a
        limit first names the limit, the rest say what is wrong where."""
        tail = f" ¿Querías `{self.suggestion}`?" if self.suggestion else ""
        if self.kind == "limite":
            where = f"posición {self.position}" + (f": «{self.fragment}»" if self.fragment else "")
            return f"{self.reason} (en «{self.text}», {where}).{tail}"
        where = f"en la posición {self.position}"
        if self.fragment:
            where += f" («{self.fragment}»)"
        lead = "No entiendo" if self.kind == "sintaxis" else "No puedo tirar"
        return f"{lead} «{self.text}»: {where} {self.reason}.{tail}"
