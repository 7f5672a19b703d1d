"""One grammar for the dice every table writes: avrae/d20's, Roll20's, Foundry's, Dice
Maiden's and RPG Sage's forms, read into :mod:`~umbral_rules.roller.nodes`.

A recursive descent over the player's own text (nothing is rewritten first, so every error
points into what they typed). From loosest to tightest::

    part     := [sets] expr [" ! " comment]         sets: «6 4d6kh3», «6#4d6kh3»
    expr     := sum [("=="|"!="|">="|"<="|">"|"<") sum]
    sum      := product (("+"|"-") product)*
    product  := unary (("*"|"/"|"//"|"%") unary)*
    unary    := ("+"|"-") unary | power             «+d20» / «-d20» first: (des)ventaja
    power    := term ["**" unary]
    term     := (number | dice mods | "{" expr ("," expr)* "}" mods | "(" expr ")"
                | "(" expr ("," expr)* [","] ")" mods | call | system | name) ["[label]"]

Modifiers (:mod:`~umbral_rules.roller.modifiers`) may follow a space, as Dice Maiden writes
them (``10d6 e6 k8 +4``). Where the peers read a form differently, the parser keeps the
reading of Dice Maiden, Roll20 and Foundry and records it in ``readings`` for the reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from . import aliases, disputed, groups, modifiers, systems, tables
from .cursor import WORD as _WORD
from .cursor import Cursor
from .errors import MAX_DEPTH, MAX_DICE, MAX_SETS, MAX_SIDES, RollError
from .nodes import (
    TEST_OPS,
    Binary,
    Call,
    Dice,
    NameRef,
    Node,
    Num,
    Span,
    Test,
    Unary,
)

_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")
#: A dice term: count, «d» or «D», then the faces (a number, «%» or Fudge's «F»).
_DICE = re.compile(r"(\d*)[dD](\d+|%|[fF](?![a-zA-Z]))")
_COUNTED_FUDGE = re.compile(r"(\d+)[dD][fF]")
_SETS = re.compile(r"(\d+)(?:\s+|#)(?=[+-]?\d*[dD][\d%fF]|\d*[^\W\d_])")
_FUNCTIONS = ("floor", "ceil", "round", "abs", "min", "max")
_LABEL = re.compile(r"\s*\[[^\]\n`]*\]")
#: Where the expected-token wording comes from: what a player would type there.
EXPECTED_TERM = "un dado (`d6`), un número, un paréntesis o un signo"


@dataclass(frozen=True)
class Part:
    """One expression of the text: its tree, how many ``sets`` to roll, the ``comment``
    after « ! », the expression as typed (``source``) and where it is (``span``), and how
    its disputed forms were read (``readings``: the form as typed, the reading)."""

    node: Node
    sets: int
    comment: str | None
    source: str
    span: Span
    readings: tuple[tuple[str, str], ...]


class Parser(Cursor):
    """Reads ``text[start:end]``; positions are always positions in the whole ``text``."""

    # --- the grammar --------------------------------------------------------------------

    def part(self, sets_allowed: bool = True) -> Part:
        self.skip_ws()
        start = self.pos
        sets = 1
        prefixes = self.match(aliases.PREFIXES) if sets_allowed else None
        if prefixes is not None:  # Dice Maiden's «p 4d6»: said, «p» makes it private
            for word in prefixes.group(0).split():
                self.readings.append((word, aliases.PREFIX_READINGS[word.lower()]))
            self.pos = prefixes.end()
        found = self.match(_SETS) if sets_allowed else None
        if found:
            sets = int(found.group(1))
            if not 1 <= sets <= MAX_SETS:
                raise self.error(
                    "limite",
                    f"Entre 1 y {MAX_SETS} tiradas de una vez",
                    self.pos,
                    found.end(1),
                )
            self.pos = found.end()
        self.expr_start = self.pos
        stats = None if found or not sets_allowed else self.match(aliases.DNDSTATS)
        if stats is not None:  # Dice Maiden's «dndstats»: six sets of 4d6 k3
            sets = aliases.DNDSTATS_SETS
            node = self.alias(stats, aliases.DNDSTATS_EXPR)
        else:
            node = self.expr()
        node = tables.advantage(self, node)
        source_end = self.pos
        while source_end > self.expr_start and self.text[source_end - 1].isspace():
            source_end -= 1
        self.skip_ws()
        comment = tables.comment(self, source_end)
        if self.pos < self.end:
            raise self.unexpected("el final")
        source = self.text[self.expr_start : source_end].strip()
        self._trailing_modifiers(source_end)
        return Part(node, sets, comment, source, (start, self.end), tuple(self.readings))

    def _trailing_modifiers(self, source_end: int) -> None:
        """Dice Maiden applies modifiers written at the very end to every dice term
        (``1d6 + 2d8 d1``); here they belong to the dice before them: say so."""
        if self.spaced is None or self.terms < 2:
            return
        start, end, dice = self.spaced
        if self.text[end:source_end].strip():
            return
        mods = self.text[start:end].strip()
        self.readings.append(
            (mods, f"{mods} solo para {self.text[dice[0] : dice[1]].strip()}, no para cada dado")
        )

    def expr(self) -> Node:
        left = self.sum()
        self.skip_ws()
        for op in TEST_OPS:
            if self.at(op):
                disputed.pool_compared(self, left, op)
                self.pos += len(op)
                right = self.sum()
                return Test(op, left, right, (_start(left), _end(right)))
        return left

    def sum(self) -> Node:
        node = self.product()
        while True:
            save = self.pos
            self.skip_ws()
            if self.at("+") or self.at("-"):
                op = self.text[self.pos]
                disputed.doubled_sign(self, node, op)
                self.pos += 1
                right = self.product()
                node = Binary("+" if op == "+" else "-", node, right, (_start(node), _end(right)))
            else:
                self.pos = save
                return node

    def product(self) -> Node:
        node = self.unary()
        while True:
            save = self.pos
            self.skip_ws()
            op = next((o for o in ("//", "*", "/", "%") if self.at(o) and not self.at("**")), None)
            if op is None or (op == "//" and self.match(tables.SLASHES_COMMENT)):
                self.pos = save
                return node
            self.pos += len(op)
            right = self.unary()
            node = Binary(op, node, right, (_start(node), _end(right)))  # type: ignore[arg-type]

    def unary(self) -> Node:
        self.skip_ws()
        start = self.pos
        if self.at("+") or self.at("-"):
            if start == self.expr_start:
                advantage = groups.advantage(self)
                if advantage is not None:
                    return advantage
            op = self.text[self.pos]
            self.pos += 1
            operand = self.unary()
            return Unary("+" if op == "+" else "-", operand, (start, _end(operand)))
        base = self.power_base()
        save = self.pos
        self.skip_ws()
        if self.at("**"):
            self.pos += 2
            exponent = self.unary()
            return Binary("**", base, exponent, (start, _end(exponent)))
        self.pos = save
        return base

    def power_base(self) -> Node:
        self.skip_ws()
        node = self.term()
        label = self.match(_LABEL)  # «3d6 [fuego]»: a label for the reader, nothing more
        while label:
            self.pos = label.end()
            label = self.match(_LABEL)
        return node

    def term(self) -> Node:
        start = self.pos
        if self.pos >= self.end:
            raise self.unexpected(EXPECTED_TERM)
        char = self.text[self.pos]
        if char == "(":
            return self.nested(lambda: groups.paren(self))
        if char == "{":
            return self.nested(lambda: groups.braces(self))
        system = systems.parse(self)
        if system is not None:
            return system
        alias = aliases.expand(self.text, self.pos, self.end)
        if alias is not None:
            return self.alias(*alias)
        dice = self.match(_DICE)
        if dice and (dice.group(1) or not self._word_follows(dice.end())):
            return self.dice_term(dice)
        fudge = self.match(_COUNTED_FUDGE)
        if fudge:
            return self.dice_term(fudge, fudge_sides=True)
        d6_system = tables.d6_system(self)
        if d6_system is not None:
            return d6_system
        number = self.match(_NUMBER)
        if number and self.text[number.end() : number.end() + 1] in ("d", "D"):
            self.pos = number.end() + 1
            raise self.unexpected("las caras del dado (el 6 de `2d6`)")
        if number:
            self.pos = number.end()
            value = Fraction(number.group(0))
            return Num(int(value) if value.denominator == 1 else value, (start, self.pos))
        word = self.match(_WORD)
        if word:
            return self.word(word)
        raise self.unexpected(EXPECTED_TERM)

    def alias(self, found: re.Match[str], expanded: str) -> Node:
        """A Dice Maiden alias read as the expression it stands for, said in the reply."""
        inner = Parser(expanded, 0, len(expanded))
        try:
            node = inner.expr()
            inner.skip_ws()
            if inner.pos < inner.end:
                raise inner.unexpected("el final")
        except RollError as error:
            raise self.error(
                error.kind, f"«{found.group(0)}» es `{expanded}`: {error.reason}", *found.span()
            ) from None
        self.dice += inner.dice
        if self.dice > MAX_DICE:
            raise self.error(
                "limite", f"Demasiados dados: como mucho {MAX_DICE} por tirada", *found.span()
            )
        self.pos = found.end()
        self.terms += 1
        self.read(found.span(), f"{expanded}, de Dice Maiden")
        return tables.respan(node, found.span())

    def _word_follows(self, index: int) -> bool:
        """``dF`` followed by letters is a word (a saved roll's name), not Fudge dice."""
        return index < self.end and self.text[index - 1] in "fF" and self.text[index].isalpha()

    def nested(self, inner: Callable[[], Node]) -> Node:
        if self.depth >= MAX_DEPTH:
            raise self.error(
                "limite",
                f"Como mucho {MAX_DEPTH} paréntesis o grupos uno dentro de otro",
                self.pos,
            )
        self.depth += 1
        try:
            return inner()
        finally:
            self.depth -= 1

    def dice_term(
        self,
        found: re.Match[str],
        fudge_sides: bool = False,
        counted_by: Node | None = None,
        start: int | None = None,
    ) -> Node:
        start = self.pos if start is None else start
        count = int(found.group(1)) if found.group(1) else 1
        faces = "F" if fudge_sides else found.group(2)
        self.pos = found.end()
        fudge = faces in ("F", "f")
        sides = 100 if faces == "%" else 3 if fudge else int(faces)
        if faces == "%":
            self.read((start, self.pos), "d100 (1 a 100)")
        if sides < 1:
            raise self.error(
                "valor", "un dado necesita al menos una cara", found.start(2), found.end(2)
            )
        if sides > MAX_SIDES:
            raise self.error(
                "limite", f"El dado más grande es un d{MAX_SIDES}", found.start(2), found.end(2)
            )
        self.dice += count
        if count > MAX_DICE or self.dice > MAX_DICE:
            fewer = max(1, MAX_DICE - (self.dice - count))
            raise self.error(
                "limite",
                f"Demasiados dados: como mucho {MAX_DICE} por tirada",
                start,
                self.pos,
                suggestion=(
                    self.text[self.start : start] + str(fewer) + self.text[found.end(1) : self.end]
                ).strip(),
            )
        self.terms += 1
        dice_span = (start, self.pos)
        mods = modifiers.dice_mods(self, Dice(count, sides, dice_span, fudge=fudge))
        return Dice(count, sides, (start, self.pos), mods, fudge, counted_by)

    def word(self, found: re.Match[str]) -> Node:
        start = self.pos
        name = found.group(0)
        self.pos = found.end()
        lower = name.lower()
        save = self.pos
        self.skip_ws()
        if lower in _FUNCTIONS and self.at("("):
            return self.nested(lambda: self.call(lower, start))
        self.pos = save
        return NameRef(name, (start, self.pos))

    def call(self, name: str, start: int) -> Node:
        self.pos += 1
        self.skip_ws()
        if self.at(")"):
            raise self.unexpected(EXPECTED_TERM)
        args = groups.listed(self, ")")
        if name not in ("min", "max") and len(args) != 1:
            raise self.error(
                "sintaxis", f"«{name}» lleva un solo valor entre paréntesis", start, self.pos
            )
        return Call(name, tuple(args), (start, self.pos))  # type: ignore[arg-type]


def _start(node: Node) -> int:
    return node.span[0]


def _end(node: Node) -> int:
    return node.span[1]
