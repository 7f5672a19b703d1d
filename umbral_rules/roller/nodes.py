"""The parsed shape of a dice expression: immutable nodes, each with its place in the text.

A node is built once by :mod:`umbral_rules.roller.parser` and kept in its cache; rolling it
never changes it. ``span`` is ``(start, end)`` in the text the player typed, so an error met
while rolling can point at the part that caused it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Span = tuple[int, int]
Value = int | Fraction

#: Every relation a comparison names, between a die and its number or two totals.
_RELATIONS: dict[str, Callable[[Value, Value], bool]] = {
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
}


def holds(op: str, left: Value, right: Value) -> bool:
    return bool(_RELATIONS[op](left, right))


#: How a comparison reads: ``=`` equal, ``<`` / ``>`` strictly, ``<=`` / ``>=`` inclusive,
#: ``even`` / ``odd`` parity (Foundry's ``even`` and ``odd``).
CompareOp = Literal["=", "<", ">", "<=", ">=", "even", "odd"]


@dataclass(frozen=True, slots=True)
class Compare:
    """Which faces a modifier acts on: ``Compare(">=", 5)`` is every face of 5 or more."""

    op: CompareOp
    value: int

    def __call__(self, value: Value) -> bool:
        if self.op in ("even", "odd"):
            return isinstance(value, int) and value % 2 == (0 if self.op == "even" else 1)
        return holds(self.op, value, self.value)

    def faces(self, low: int, high: int) -> list[int]:
        """The faces from ``low`` to ``high`` it takes (for readings and endless checks)."""
        if high - low > 1000:  # a huge die: only the bounds matter to the callers
            return [f for f in (low, high) if self(f)]
        return [f for f in range(low, high + 1) if self(f)]


@dataclass(frozen=True, slots=True)
class Explode:
    """Roll more when a face matches: ``add`` a new die (``!``, ``e``, ``x``), ``compound``
    into the same die (``!!``) or ``penetrate`` (``!p``: each new die counts one less)."""

    style: Literal["add", "compound", "penetrate"]
    when: Compare
    once: bool  # Dice Maiden's ``e`` and Foundry's ``xo``: the new dice never explode
    cap: int | None = None  # Foundry's ``x5=10``: at most this many explosions


@dataclass(frozen=True, slots=True)
class Reroll:
    """Roll a matching die again: ``once`` (``r``, ``ro``) or until it stops matching
    (``rr``, ``ir``); ``add`` keeps the first and adds one more (avrae/d20's ``ra``)."""

    when: tuple[Compare, ...]
    once: bool
    add: bool = False


@dataclass(frozen=True, slots=True)
class Clamp:
    """A floor or a ceiling for every die (``mi``/``min``, ``ma``/``max``)."""

    low: int | None
    high: int | None


RollingMod = Explode | Reroll | Clamp


@dataclass(frozen=True, slots=True)
class Pick:
    """One selector of a keep or a drop: the ``n`` highest, the ``n`` lowest, or the dice
    whose value matches ``match``."""

    how: Literal["high", "low", "match"]
    n: int = 0
    match: Compare | None = None


@dataclass(frozen=True, slots=True)
class Select:
    """Keep (``keep``) or drop the dice any of ``picks`` selects (avrae/d20 joins
    ``kh1kl1`` into one keep of both)."""

    keep: bool
    picks: tuple[Pick, ...]


@dataclass(frozen=True, slots=True)
class Counting:
    """The total counts dice instead of adding them: each rule adds ``weight`` for every
    kept die it matches (``t7 t10``: a 10 counts twice; ``f1``: a 1 takes one away).
    ``botch`` only counts for the reply (Dice Maiden's ``b``)."""

    rules: tuple[tuple[Compare, int], ...]
    botch: Compare | None = None
    noun: str = "éxito"  # what the total counts (Foundry's ``cf``: fallos)


@dataclass(frozen=True, slots=True)
class Mods:
    """A term's modifiers in the order they act: while rolling (in the order written),
    then keep and drop (in the order written), then counting; ``negate`` (Foundry's
    ``sf``) subtracts the matching dice, ``margin`` (``ms``) the target from the total,
    ``sort`` only changes the order shown."""

    rolling: tuple[RollingMod, ...] = ()
    select: tuple[Select, ...] = ()
    counting: Counting | None = None
    negate: Compare | None = None
    margin: int | None = None
    sort: Literal["a", "d"] | None = None

    @property
    def empty(self) -> bool:
        return self == NO_MODS


NO_MODS = Mods()


@dataclass(frozen=True, slots=True)
class Num:
    value: Value
    span: Span


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` faces (Fudge dice: ``fudge``, three faces −1, 0, +1);
    ``counted_by``: a computed number of dice (``(6-4)d10``), rolled first."""

    count: int
    sides: int
    span: Span
    mods: Mods = NO_MODS
    fudge: bool = False
    counted_by: Node | None = None

    @property
    def low(self) -> int:
        return -1 if self.fudge else 1

    @property
    def high(self) -> int:
        return 1 if self.fudge else self.sides


@dataclass(frozen=True, slots=True)
class Group:
    """``{a, b}`` (Roll20, Foundry) or avrae/d20's ``(a, b)``: the modifiers act on each
    item's total; ``pool`` (``{4d6+3d8}k4``, one item of dice) on every die inside."""

    items: tuple[Node, ...]
    span: Span
    mods: Mods = NO_MODS
    pool: bool = False


@dataclass(frozen=True, slots=True)
class Unary:
    op: Literal["+", "-"]
    operand: Node
    span: Span


@dataclass(frozen=True, slots=True)
class Binary:
    op: Literal["+", "-", "*", "/", "//", "%", "**"]
    left: Node
    right: Node
    span: Span


TestOp = Literal["==", "!=", ">=", "<=", ">", "<"]
#: The comparisons of two totals, longest first (so ``>=`` is not read as ``>``).
TEST_OPS: tuple[TestOp, ...] = ("==", "!=", ">=", "<=", ">", "<")


@dataclass(frozen=True, slots=True)
class Test:
    """A comparison of two totals (``1d20+5 >= 15``): 1 when it holds, 0 when not."""

    op: TestOp
    left: Node
    right: Node
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    name: Literal["floor", "ceil", "round", "abs", "min", "max"]
    args: tuple[Node, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class System:
    """A game system's roll with its own reading (``4wod8``, ``vtm7h2``, ``coc55b1``,
    ``hitos``, ``anima``): ``params`` as the alias gives them."""

    kind: Literal["wod", "vtm", "coc", "hitos", "anima", "ryf", "hero", "wng"]
    params: tuple[int, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class NameRef:
    """A word that is not a dice term: a saved roll's name when the caller resolves names."""

    name: str
    span: Span


Node = Num | Dice | Group | Unary | Binary | Test | Call | System | NameRef
