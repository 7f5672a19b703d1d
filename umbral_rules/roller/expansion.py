"""Saved rolls inside an expression: each name's tree, and how big the expression becomes
once every name is replaced by what it saves — measured before anything is replaced.

A saved roll may name others, so a short text can stand for a huge tree (issue 43: with
``zb`` = 67 × ``za`` and ``zc`` = 67 × ``zb``, the 200 characters of 67 × ``zc`` are 300,763
terms, a minute and a half of one core to build and roll). :func:`measure` adds up what each
name stands for without building it: a saved roll's tree is read once (:func:`saved_tree`
keeps it) and its size once at each level of names (memoized), and the walk stops as soon as
a bound of :mod:`.errors` is passed, so a refusal costs at most :data:`MAX_TERMS` steps
however big the expansion would be. The bounds (``docs/dados.md``, «Límites»):

* :data:`MAX_TERMS` terms (numbers, dice, operations, groups: the nodes of the tree),
* :data:`MAX_NESTING` levels of them one inside another (a saved roll adds its own levels
  where its name is written),
* :data:`MAX_DICE` dice written (``4d6`` is 4; a system's roll, the dice it always rolls):
  rolling draws at least these, and rolling stops past ``MAX_DICE`` anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .errors import MAX_DICE, MAX_NESTING, MAX_TERMS, RollError
from .nodes import Binary, Call, Dice, Group, NameRef, Node, Span, System, Test, Unary
from .parser import Parser

#: Saved rolls inside saved rolls: at most this deep (and never themselves).
MAX_NAME_DEPTH = 4
#: How the refusals introduce the count (every bound is met only through saved rolls).
_WITH_NAMES = "con las tiradas guardadas que nombra, la expresión"

Names = Callable[[str], str | None]
Readings = tuple[tuple[str, str], ...]


@lru_cache(maxsize=1024)
def _read_saved(saved: str) -> tuple[Node, Readings]:
    """A saved expression's tree (positions in ``saved``) and how its forms were read."""
    inner = Parser(saved, 0, len(saved))
    read = inner.part(sets_allowed=False)  # «1d20 ventaja» as /tirar reads it
    if read.comment is not None:
        raise inner.error("sintaxis", "lleva un motivo", 0, len(saved))
    return read.node, tuple(inner.readings)


def saved_tree(
    text: str, node: NameRef, names: Names, depth: int, seen: tuple[str, ...], at: Span
) -> tuple[str, Node, Readings]:
    """What ``node`` names, read: its key, its tree and readings (positions in the saved
    text); refused, pointing at ``at`` (the name as written in ``text``), when there is no
    such roll, it uses itself (``seen``: the names being replaced around it), it is
    ``depth`` names deep, past :data:`MAX_NAME_DEPTH`, or what it saves does not read."""
    key = node.name.casefold()
    saved = names(node.name)
    if saved is None or key in seen or depth >= MAX_NAME_DEPTH:
        why = (
            "no es un dado ni una tirada guardada"
            if saved is None
            else "se usa a sí misma"
            if key in seen
            else "anida demasiadas tiradas"
        )
        raise RollError("sintaxis", f"«{node.name}» {why}", text, *at)
    try:
        tree, readings = _read_saved(saved)
    except RollError as error:
        raise RollError(
            error.kind, f"«{node.name}» guarda «{saved}»: {error.reason}", text, *at
        ) from None
    return key, tree, readings


@dataclass(frozen=True)
class Size:
    """A tree with its names replaced: ``terms`` (nodes), ``height`` (levels, 1 for a single
    term) and ``dice`` written."""

    terms: int
    height: int
    dice: int


def measure(text: str, node: Node, names: Names) -> Size:
    """The size of ``node`` (an expression of ``text``) with every saved roll it names
    replaced, or the :class:`RollError` of the first bound it passes (or of a name
    :func:`saved_tree` refuses), pointing at the name written in ``text`` that passes it."""
    return _Measure(text, names).walk(node, 1, (), None)


def own_dice(node: Node) -> int:
    """The dice a node rolls by itself, whatever they show (not its children's)."""
    if isinstance(node, Dice):
        return node.count
    if isinstance(node, System):
        if node.kind in ("wod", "vtm"):
            return node.params[0]
        if node.kind == "coc":
            return 1 + abs(node.params[1])
        return 3 if node.kind == "hitos" else 1
    return 0


def children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Binary | Test):
        return (node.left, node.right)
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Group):
        return node.items
    if isinstance(node, Call):
        return node.args
    return ()


class _Measure:
    """One walk: running totals of the expansion so far (each node once, a name already
    measured at its level all at once), refused the moment one passes its bound."""

    def __init__(self, text: str, names: Names) -> None:
        self.text = text
        self.names = names
        self.terms = 0
        self.dice = 0
        self.known: dict[tuple[str, int], Size] = {}

    def walk(self, node: Node, level: int, seen: tuple[str, ...], at: Span | None) -> Size:
        """``node`` at ``level`` (1: the top), inside the names ``seen``; ``at``: where the
        outermost of them is written (None: in the text itself)."""
        if isinstance(node, NameRef):
            where = at or node.span
            key, tree, _ = saved_tree(self.text, node, self.names, len(seen), seen, where)
            size = self.known.get((key, len(seen)))
            if size is None:  # its own nodes stand where the name is
                size = self.walk(tree, level, (*seen, key), where)
                self.known[(key, len(seen))] = size
            else:
                self.count(size.terms, size.dice, level + size.height - 1, where)
            return size
        where = at or node.span
        dice = own_dice(node)
        self.count(1, dice, level, where)
        terms, height = 1, 0
        for child in children(node):
            size = self.walk(child, level + 1, seen, at)
            terms, dice = terms + size.terms, dice + size.dice
            height = max(height, size.height)
        return Size(terms, height + 1, dice)

    def count(self, terms: int, dice: int, deepest: int, where: Span) -> None:
        self.terms += terms
        self.dice += dice
        if self.terms > MAX_TERMS:
            self.refuse(
                f"Demasiado grande: {_WITH_NAMES} tendría al menos {self.terms} términos "
                f"(números, dados y operaciones); como mucho {MAX_TERMS}",
                where,
            )
        if deepest > MAX_NESTING:
            self.refuse(
                f"Demasiado anidada: {_WITH_NAMES} llegaría al menos a {deepest} niveles "
                f"(operaciones, paréntesis y tiradas guardadas unas dentro de otras); como "
                f"mucho {MAX_NESTING}",
                where,
            )
        if self.dice > MAX_DICE:
            self.refuse(
                f"Demasiados dados: {_WITH_NAMES} tiraría al menos {self.dice}; como mucho "
                f"{MAX_DICE} por tirada",
                where,
            )

    def refuse(self, reason: str, where: Span) -> None:
        raise RollError("limite", reason, self.text, *where)
