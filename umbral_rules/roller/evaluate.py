"""Rolling a parsed expression: every die drawn from the injected :class:`DiceSource`, kept
with what happened to it, in an evaluated tree that :mod:`.display` turns into text.

Modifiers act in the order Roll20 and Dice Maiden document: first while the dice roll
(explosions, rerolls, floors and ceilings, in the order written), then keep and drop (in
the order written), then counting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from umbral_rules.dice import DiceSource

from . import systems
from .errors import MAX_BASE, MAX_DICE, MAX_DIGITS, MAX_EXPONENT, RollError
from .faces import Die
from .nodes import (
    Binary,
    Call,
    Clamp,
    Dice,
    Explode,
    Group,
    Mods,
    NameRef,
    Node,
    Num,
    Reroll,
    Select,
    Span,
    System,
    Test,
    Unary,
    Value,
    holds,
)


@dataclass
class Ev:
    """An evaluated node: its value, the evaluated children, and the dice it rolled."""

    node: Node
    value: Value
    children: list[Ev] = field(default_factory=list)
    dice: list[Die] = field(default_factory=list)
    kept: list[bool] = field(default_factory=list)  # a group's items
    botches: int = 0
    counted: bool = False  # the value counts successes
    system: systems.SystemRoll | None = None


MAX_MAGNITUDE: int = 10**MAX_DIGITS


class Evaluator:
    def __init__(self, text: str, source: DiceSource) -> None:
        self.text = text
        self.source = source
        self.rolled = 0
        #: Readings only rolling can tell (``round(-1.5)``): the form and how it was read.
        self.notes: list[tuple[str, str]] = []

    def draw(self, sides: int, span: Span) -> int:
        self.rolled += 1
        if self.rolled > MAX_DICE:
            raise RollError(
                "limite",
                f"Demasiados dados: como mucho {MAX_DICE} por tirada, contando las "
                "repeticiones y las explosiones",
                self.text,
                *span,
            )
        return self.source.roll(sides)

    def eval(self, node: Node) -> Ev:
        if isinstance(node, Num):
            return Ev(node, node.value)
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Binary):
            left, right = self.eval(node.left), self.eval(node.right)
            value = self.binary(node, left.value, right.value)
            if _too_long(value):
                raise RollError(
                    "limite",
                    f"El resultado pasa de {MAX_DIGITS} cifras",
                    self.text,
                    *node.span,
                )
            return Ev(node, value, [left, right])
        if isinstance(node, Unary):
            inner = self.eval(node.operand)
            return Ev(node, -inner.value if node.op == "-" else inner.value, [inner])
        if isinstance(node, Group):
            return self.group(node)
        if isinstance(node, Test):
            left, right = self.eval(node.left), self.eval(node.right)
            return Ev(node, int(holds(node.op, left.value, right.value)), [left, right])
        if isinstance(node, Call):
            args = [self.eval(arg) for arg in node.args]
            value = _call(node.name, [a.value for a in args])
            half = args[0].value
            if node.name == "round" and half < 0 and Fraction(half).denominator == 2:
                # Roll20 (and JavaScript) round a half up; Python and others away from zero
                said = f"{float(half)}".replace(".", ",").replace("-", "−")
                shown = str(value).replace("-", "−")
                form = self.text[node.span[0] : node.span[1]]
                self.notes.append((form, f"el medio sube, como en Roll20: {said} → {shown}"))
            return Ev(node, value, args)
        if isinstance(node, System):
            roll = systems.roll(node, lambda sides: self.draw(sides, node.span))
            return Ev(node, roll.value, dice=roll.dice, system=roll, counted=roll.counted)
        assert isinstance(node, NameRef)
        raise RollError(
            "sintaxis",
            f"no conozco «{node.name}»: no es un dado ni una tirada guardada",
            self.text,
            *node.span,
        )

    # --- dice -----------------------------------------------------------------------------

    def new(self, node: Dice, born: int = -1) -> Die:
        return Die(node.sides, node.fudge, self.draw(node.sides, node.span), born)

    def dice(self, node: Dice) -> Ev:
        count, counted = node.count, []
        if node.counted_by is not None:  # «(6-4)d10»: how many dice, rolled first
            inner = self.eval(node.counted_by)
            count, counted = self.how_many(node, inner.value), [inner]
        dice = [self.new(node) for _ in range(count)]
        for index, mod in enumerate(node.mods.rolling):
            if isinstance(mod, Explode):
                self.explode(node, dice, mod, index)
            elif isinstance(mod, Reroll):
                self.reroll(node, dice, mod, index)
            else:
                _clamp(dice, mod)
        return _finish(Ev(node, 0, counted, dice=dice), node.mods, dice)

    def how_many(self, node: Dice, value: Value) -> int:
        """A computed number of dice: a whole number from 0 to the limit."""
        assert node.counted_by is not None
        span = node.counted_by.span
        if not isinstance(value, int):
            raise RollError("valor", "el número de dados sale con decimales", self.text, *span)
        if value < 0:
            raise RollError(
                "valor",
                f"el número de dados sale −{-value}: tiene que ser 0 o más",
                self.text,
                *span,
            )
        if self.rolled + value > MAX_DICE:
            raise RollError(
                "limite",
                f"Demasiados dados: como mucho {MAX_DICE} por tirada (salen {value})",
                self.text,
                *node.span,
            )
        return value

    def explode(self, node: Dice, dice: list[Die], mod: Explode, index: int) -> None:
        if mod.style == "compound":
            for die in dice:
                while not die.dropped and mod.when(die.worth(die.draws[-1])):
                    die.compound = True
                    face = self.draw(node.sides, node.span)
                    die.draws.append(face)
                    die.value += die.worth(face)
            return
        explosions = 0
        i = 0
        while i < len(dice):  # the dice added here are checked in turn, unless ``once``
            die = dice[i]
            i += 1
            if die.dropped or (mod.once and die.born == index):
                continue
            if not mod.when(die.worth(die.draws[-1])):
                continue
            if mod.cap is not None and explosions >= mod.cap:
                break
            explosions += 1
            die.exploded = True
            extra = self.new(node, born=index)
            if mod.style == "penetrate":
                extra.penetrating = True
                extra.value -= 1
            dice.append(extra)

    def reroll(self, node: Dice, dice: list[Die], mod: Reroll, index: int) -> None:
        def matches(die: Die) -> bool:
            return any(when(die.value) for when in mod.when)

        if mod.add:  # avrae/d20's ``ra``: the first matching die rolls one more, once
            for die in dice:
                if not die.dropped and matches(die):
                    die.exploded = True
                    dice.append(self.new(node, born=index))
                    return
            return
        for die in dice:
            if die.dropped:
                continue
            while matches(die):
                die.rerolled = len(die.draws)
                face = self.draw(node.sides, node.span)
                die.draws.append(face)
                die.value = die.worth(face) - (1 if die.penetrating else 0)
                if mod.once:
                    break

    # --- groups ---------------------------------------------------------------------------

    def group(self, node: Group) -> Ev:
        items = [self.eval(item) for item in node.items]
        if node.pool:  # every die inside, as one pool
            dice = [die for item in items for die in _pool(item) if not die.dropped]
            return _finish(Ev(node, 0, items, dice=dice), node.mods, dice)
        ev = Ev(node, 0, items, kept=[True] * len(items))
        for select in node.mods.select:
            _select_items(ev, select)
        counting = node.mods.counting
        if counting is None:
            ev.value = sum((i.value for i, k in zip(items, ev.kept, strict=True) if k), 0)
            return ev
        ev.counted = True
        ev.value = sum(
            weight
            for item, kept in zip(items, ev.kept, strict=True)
            if kept
            for when, weight in counting.rules
            if when(item.value)
        )
        return ev

    def binary(self, node: Binary, left: Value, right: Value) -> Value:
        op = node.op
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return left * right
        if op in ("/", "//", "%") and right == 0:
            raise RollError("valor", "divide entre cero", self.text, *node.right.span)
        if op == "/":
            return _exact(Fraction(left) / Fraction(right))
        if op == "//":
            return math.floor(Fraction(left) / Fraction(right))
        if op == "%":
            return _exact(Fraction(left) % Fraction(right))
        if (
            not isinstance(right, int)
            or not 0 <= right <= MAX_EXPONENT
            or abs(Fraction(left)) > MAX_BASE
        ):
            raise RollError(
                "limite",
                f"Las potencias llevan un exponente entero de 0 a {MAX_EXPONENT} y una base "
                "de hasta un millón",
                self.text,
                *node.span,
            )
        return _exact(Fraction(left) ** right)


def _too_long(value: Value) -> bool:
    """More than :data:`MAX_DIGITS` digits: the value, or its exact fraction's numerator or
    denominator (``(1/999983)**64`` multiplied by itself, tiny as it is, would be written
    with ever longer numbers, and each step would cost more than the one before)."""
    if isinstance(value, Fraction):
        return abs(value.numerator) >= MAX_MAGNITUDE or value.denominator >= MAX_MAGNITUDE
    return abs(value) >= MAX_MAGNITUDE


def _finish(ev: Ev, mods: Mods, dice: list[Die]) -> Ev:
    """Keep and drop, then the total: the sum of the kept dice or the successes they count."""
    for select in mods.select:
        _select_dice(dice, select)
    kept = [die for die in dice if not die.dropped]
    counting = mods.counting
    if counting is not None and counting.botch is not None:
        ev.botches = sum(1 for die in kept if counting.botch(die.value))
    if counting is not None and counting.rules:
        for die in kept:
            die.weight = sum(w for when, w in counting.rules if when(die.value))
        ev.counted = True
        ev.value = sum(die.weight for die in kept)
    elif mods.negate is not None:  # Foundry's ``sf``: those dice count against the total
        for die in kept:
            die.weight = -1 if mods.negate(die.value) else 0
        ev.value = sum(-d.value if d.weight else d.value for d in kept)
    else:
        ev.value = sum(die.value for die in kept)
    if mods.margin is not None:
        ev.value -= mods.margin
    return ev


def _pool(ev: Ev) -> list[Die]:
    """The dice a pool gathers: a dice term's, an inner pool's, both sides of a sum's."""
    if isinstance(ev.node, Dice | Group):
        return ev.dice
    return [die for child in ev.children for die in _pool(child)]


def _select_dice(dice: list[Die], select: Select) -> None:
    kept = [die for die in dice if not die.dropped]
    chosen: set[int] = set()
    for pick in select.picks:
        if pick.how == "match":
            assert pick.match is not None
            chosen.update(id(d) for d in kept if pick.match(d.value))
            continue
        ordered = sorted(kept, key=lambda d: d.value, reverse=pick.how == "high")
        chosen.update(id(d) for d in ordered[: pick.n])
    for die in kept:
        if (id(die) in chosen) != select.keep:
            die.dropped = True


def _select_items(ev: Ev, select: Select) -> None:
    live = [i for i, kept in enumerate(ev.kept) if kept]
    chosen: set[int] = set()
    for pick in select.picks:
        if pick.how == "match":
            assert pick.match is not None
            chosen.update(i for i in live if pick.match(ev.children[i].value))
            continue
        ordered = sorted(live, key=lambda i: ev.children[i].value, reverse=pick.how == "high")
        chosen.update(ordered[: pick.n])
    for i in live:
        if (i in chosen) != select.keep:
            ev.kept[i] = False


def _clamp(dice: list[Die], mod: Clamp) -> None:
    for die in dice:
        if mod.low is not None and die.value < mod.low:
            die.clamped, die.value = die.value, mod.low
        if mod.high is not None and die.value > mod.high:
            die.clamped, die.value = die.value, mod.high


def _call(name: str, args: list[Value]) -> Value:
    value = args[0]
    if name == "floor":
        return math.floor(value)
    if name == "ceil":
        return math.ceil(value)
    if name == "round":  # Roll20: a half goes up
        return math.floor(Fraction(value) + Fraction(1, 2))
    if name == "abs":
        return -value if value < 0 else value
    ordered = sorted(args, key=Fraction)
    return ordered[0] if name == "min" else ordered[-1]


def _exact(value: Fraction) -> Value:
    return value.numerator if value.denominator == 1 else value
