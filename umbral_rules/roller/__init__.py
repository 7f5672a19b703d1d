"""Dice expressions as every table writes them: parse once, roll with injected dice, show.

Three steps, apart (as avrae/d20 keeps them)::

    parsed = parse("4d6k3; 1d20+5")   # the grammar (parser, modifiers, systems); cached
    rolls = roll(parsed, dice)        # every expression and set, dice from a DiceSource
    rolls[0].line                     # «4d6k3 (los 3 mayores) = 14: 6, 5, 3, ~~1~~»

Refusals are :class:`RollError` (an :class:`~umbral_rules.UmbralError`) with the place in
the text and, when one is near, a suggestion. ``parse(text, names=...)`` reads words as
saved rolls: ``names(word)`` gives the saved expression, or None when there is none.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from umbral_rules.dice import DiceSource
from umbral_rules.errors import UmbralError

from . import display
from .errors import (
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_EXPRESSIONS,
    MAX_NESTING,
    MAX_ROLLS,
    MAX_SETS,
    MAX_TERMS,
    RollError,
)
from .evaluate import Ev, Evaluator
from .expansion import MAX_NAME_DEPTH, measure, saved_tree
from .faces import Die, Face, FaceKind
from .nodes import Binary, Call, Dice, Group, NameRef, Node, Num, Span, System, Test, Unary, Value
from .parser import EXPECTED_TERM, Parser, Part
from .suggest import suggest

__all__ = [
    "MAX_DICE",
    "MAX_EXPRESSIONS",
    "MAX_EXPRESSION_LENGTH",
    "MAX_NAME_DEPTH",
    "MAX_NESTING",
    "MAX_ROLLS",
    "MAX_SETS",
    "MAX_TERMS",
    "Face",
    "FaceKind",
    "Names",
    "Parsed",
    "RollError",
    "Rolled",
    "parse",
    "roll",
    "words",
]

SEPARATOR = ";"
EMPTY = "Escribe una expresión de dados, por ejemplo `2d6+3` o `4d6kh3`."
Names = Callable[[str], str | None]


@dataclass(frozen=True)
class Parsed:
    """A text read: its expressions (``parts``, each maybe in sets)."""

    text: str
    parts: tuple[Part, ...]
    #: The words that are no dice (saved rolls' names, when a resolver gives them).
    names: tuple[NameRef, ...] = ()

    @property
    def counts_successes(self) -> bool:
        """Some expression counts successes itself (``t8``, ``>3``, ``cs``, ``4wod8``)."""
        return any(_counts(part.node) for part in self.parts)


@dataclass(frozen=True)
class Rolled:
    """One expression rolled: ``total`` (``value`` exact before dropping decimals), the
    evaluated ``tree`` and how disputed forms were read (``readings``)."""

    source: str
    total: int
    value: Value
    tree: Ev
    readings: tuple[tuple[str, str], ...]
    comment: str | None = None
    set_number: int = 1
    sets: int = 1

    @property
    def line(self) -> str:
        """«4d6k3 (los 3 mayores) = 14: 6, 5, 3, ~~1~~»."""
        return display.line(self.source, list(self.readings), self.total, self.tree)

    @property
    def reading(self) -> str:
        """How it was read, for the reply (empty when nobody reads it otherwise)."""
        return display.readings(list(self.readings)).strip()[1:-1]

    @property
    def breakdown(self) -> str:
        return display.breakdown(self.tree)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(display.labels(self.tree))

    @property
    def counted(self) -> bool:
        return self.tree.counted

    @property
    def unit(self) -> str:
        return display.unit(self.tree, self.total)

    @property
    def faces(self) -> tuple[Face, ...]:
        """Every face drawn, in order, each with its kind (for luck statistics)."""
        return tuple(face for die in _dice(self.tree) for face in die.faces())

    @property
    def kept(self) -> tuple[int, ...]:
        """What each die that counts is worth (``exitos:`` counts these)."""
        return tuple(die.value for die in _dice(self.tree) if not die.dropped)


def parse(text: str, names: Names | None = None, *, expand: bool = True) -> Parsed:
    """Read ``text`` (expressions separated by «;»); the same text is read once. Saved
    rolls' names are read with ``names`` and, once the result is known to keep the bounds
    of :mod:`.expansion`, replaced by their trees (``expand=False``: only checked, the
    names left in place, as saving needs)."""
    try:
        parsed = _read(text)
    except RollError as error:
        raise error.with_suggestion(suggest(error, _readable)) from None
    unresolved = parsed.names
    if not unresolved:
        return parsed
    if names is None:
        first = unresolved[0]
        raise RollError(
            "sintaxis",
            f"esperaba {EXPECTED_TERM} y encontré «{first.name}»",
            text,
            *first.span,
            suggestion=suggest(RollError("sintaxis", "", text, *first.span), _readable),
        )
    for part in parsed.parts:  # every bound checked before anything is replaced
        measure(text, part.node, names)
    if not expand:
        return parsed
    return Parsed(text, tuple(_resolve(text, part, names) for part in parsed.parts))


def words(text: str) -> tuple[str, ...]:
    """The words of ``text`` that are no dice (saved rolls' names), each once; refused
    (:class:`RollError`) when ``text`` does not read otherwise."""
    try:
        parsed = _read(text)
    except RollError as error:
        raise error.with_suggestion(suggest(error, _readable)) from None
    return tuple(dict.fromkeys(name.name for name in parsed.names))


def roll(parsed: Parsed, dice: DiceSource) -> list[Rolled]:
    """Every expression of ``parsed``, each set in turn, from ``dice``."""
    out = []
    for part in parsed.parts:
        for number in range(1, part.sets + 1):
            out.append(roll_part(parsed.text, part, dice, number))
    return out


def roll_part(text: str, part: Part, dice: DiceSource, set_number: int = 1) -> Rolled:
    evaluator = Evaluator(text, dice)
    tree = evaluator.eval(part.node)
    value = tree.value
    total = int(value)  # avrae/d20 drops the decimals, towards zero
    readings = (*part.readings, *evaluator.notes)
    if isinstance(value, Fraction) and value.denominator != 1:
        said = f"sin decimales: {display.number(value)} → {display.number(total)}"
        readings = (*readings, (part.source, said))
    return Rolled(part.source, total, value, tree, readings, part.comment, set_number, part.sets)


@lru_cache(maxsize=1024)
def _read(text: str) -> Parsed:
    if len(text.strip()) > MAX_EXPRESSION_LENGTH:
        raise RollError(
            "limite",
            f"La expresión es demasiado larga ({len(text.strip())} caracteres; máximo "
            f"{MAX_EXPRESSION_LENGTH})",
            text,
            MAX_EXPRESSION_LENGTH,
            len(text),
        )
    spans = list(_split(text))
    if not spans:
        raise UmbralError(EMPTY)
    if len(spans) > MAX_EXPRESSIONS:
        start = spans[MAX_EXPRESSIONS][0]
        raise RollError(
            "limite",
            f"Como mucho {MAX_EXPRESSIONS} expresiones a la vez",
            text,
            start,
            len(text),
        )
    parts = tuple(Parser(text, start, end).part() for start, end in spans)
    if sum(part.sets for part in parts) > MAX_ROLLS:
        raise RollError("limite", f"Como mucho {MAX_ROLLS} tiradas de una vez", text, 0, len(text))
    return Parsed(text, parts, tuple(name for part in parts for name in _names(part.node)))


def _readable(text: str) -> bool:
    try:
        parsed = _read(text)
    except UmbralError:
        return False
    return not parsed.names


def _split(text: str) -> Iterator[Span]:
    start = 0
    for index, char in enumerate([*text, SEPARATOR]):
        if char == SEPARATOR:
            if text[start:index].strip():
                yield start, index
            start = index + 1


def _children(node: Node) -> Iterator[Node]:
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple) and value and not isinstance(value[0], int):
            yield from (v for v in value if _is_node(v))
        elif _is_node(value):
            yield value


def _is_node(value: object) -> bool:
    return isinstance(value, Num | Dice | Group | Unary | Binary | Test | Call | System | NameRef)


def _names(node: Node) -> Iterator[NameRef]:
    if isinstance(node, NameRef):
        yield node
    for child in _children(node):
        yield from _names(child)


def _counts(node: Node) -> bool:
    if isinstance(node, Dice | Group) and node.mods.counting is not None:
        return bool(node.mods.counting.rules)
    if isinstance(node, System) and node.kind in ("wod", "vtm", "wng"):
        return True
    return any(_counts(child) for child in _children(node))


def _dice(ev: Ev) -> Iterator[Die]:
    if isinstance(ev.node, Dice | System):
        yield from ev.dice
    for child in ev.children:
        yield from _dice(child)


def _resolve(text: str, part: Part, names: Names) -> Part:
    """``part`` with each saved roll's name replaced by its tree (once :func:`measure` has
    found the result within bounds)."""
    readings = list(part.readings)

    def swap(node: Node, depth: int, seen: tuple[str, ...]) -> Node:
        if isinstance(node, NameRef):
            key, tree, read = saved_tree(text, node, names, depth, seen, node.span)
            readings.extend((node.name, r) for _, r in read)
            # its nodes point at the name in the player's text, errors inside it too
            return swap(_respan(tree, node.span), depth + 1, (*seen, key))
        return _rebuild(node, lambda child: swap(child, depth, seen))

    node = swap(part.node, 0, ())
    return dataclasses.replace(part, node=node, readings=tuple(readings))


def _rebuild(node: Node, change: Callable[[Node], Node]) -> Node:
    updates: dict[str, object] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple) and value and _is_node(value[0]):
            updates[f.name] = tuple(change(v) for v in value)
        elif _is_node(value):
            updates[f.name] = change(value)
    return cast(Node, dataclasses.replace(cast(Any, node), **updates)) if updates else node


def _respan(node: Node, span: Span) -> Node:
    """A saved roll's nodes point at its name in the player's text."""
    inner = _rebuild(node, lambda child: _respan(child, span))
    return cast(Node, dataclasses.replace(cast(Any, inner), span=span))
