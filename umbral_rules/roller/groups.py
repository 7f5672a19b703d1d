"""Groups and what acts on them: Roll20's and Foundry's ``{a, b}kh1``, ``{5d6!!}>8``,
``{4d6+3d8}k4`` (one item of dice: a pool of every die), avrae/d20's sets ``(a, b)kh1``;
and Dice Maiden's and RPG Sage's advantage, ``+d20`` / ``-d20`` first in an expression."""

from __future__ import annotations

import re

from .builder import (
    Builder,
    check_counting,
    compare,
    failures,
    foundry_count,
    keep_drop,
)
from .cursor import Cursor
from .nodes import Binary, Dice, Group, Mods, Node, Num, Pick, Select

_GROUP_MOD = re.compile(r"cs|cf|df|k|d|p|f|>=|<=|>|<|=(?!=)", re.IGNORECASE)
_ADVANTAGE = re.compile(r"([+-])[dD](\d+|%)(?![\w%])")
_PLAIN_SUM = re.compile(r"\+\d+[dD]\d+")
#: ``(6-4)d10``: dice right after a parenthesis (the empty group is the count's place).
_COUNTED = re.compile(r"()[dD](\d+|%|[fF](?![a-zA-Z]))")


def listed(p: Cursor, close: str) -> list[Node]:
    items = [p.expr()]
    p.skip_ws()
    while p.at(","):
        p.pos += 1
        p.skip_ws()
        if p.at(close):
            break
        items.append(p.expr())
        p.skip_ws()
    if not p.at(close):
        raise p.unexpected(f"una coma o «{close}» que cierre")
    p.pos += 1
    return items


def _open(p: Cursor, close: str, empty: str) -> int:
    """Past the opening bracket (where it was is returned); an empty one is refused."""
    start = p.pos
    p.pos += 1
    p.skip_ws()
    if p.at(close):
        raise p.error("sintaxis", empty, start, p.pos + 1)
    return start


def paren(p: Cursor) -> Node:
    """``(expr)``, or avrae/d20's set ``(a, b)`` (``(x)`` with a keep or drop: a pool)."""
    start = _open(p, ")", "los paréntesis están vacíos")
    first = p.expr()
    p.skip_ws()
    is_set = p.at(",")
    items = [first]
    if is_set:
        p.pos += 1
        p.skip_ws()
        if not p.at(")"):
            items = [first, *listed(p, ")")]
        else:
            p.pos += 1
    elif p.at(")"):
        p.pos += 1
    else:
        raise p.unexpected("un paréntesis que cierre")
    counted = None if is_set else p.match(_COUNTED)
    if counted is not None and _computes_a_count(first, counted.group(2)):
        return p.dice_term(counted, counted_by=first, start=start)
    mods = group_mods(p, start, d20_set=True)
    if not is_set and mods.empty:
        return first
    return _group(p, items, start, mods, d20=True)


def braces(p: Cursor) -> Node:
    """Roll20's and Foundry's group ``{a, b}`` with its modifiers."""
    start = _open(p, "}", "el grupo está vacío")
    items = listed(p, "}")
    mods = group_mods(p, start, d20_set=False)
    return _group(p, items, start, mods)


def _group(p: Cursor, items: list[Node], start: int, mods: Mods, d20: bool = False) -> Group:
    """One item with modifiers pools its dice (``{4d6+3d8}k4``, avrae/d20's ``(10d6)kl2``);
    avrae/d20's ``(1)k1`` is a set of one number."""
    span = (start, p.pos)
    pool = len(items) == 1 and not mods.empty and (_all_dice(items[0]) or not d20)
    if pool and not _all_dice(items[0]):
        raise p.error(
            "sintaxis",
            "un grupo de un solo término con modificadores reúne dados: dentro solo van "
            "dados sumados (`{4d6+3d8}k4`); para comparar cada total, sepáralos con comas",
            start,
            p.pos,
            suggestion=per_die_suggestion(p, items[0], mods, span),
        )
    return Group(tuple(items), span, mods, pool)


def group_mods(p: Cursor, start: int, *, d20_set: bool) -> Mods:
    """Keep/drop and successes on a group: each item's total, or each die of a pool."""
    b = Builder()
    while True:
        save = p.pos
        if d20_set and p.skip_ws():  # avrae/d20 writes a set's operators right after it
            p.pos = save
            break
        p.skip_ws()
        found = p.match(_GROUP_MOD)
        if found is None or (d20_set and found.group(0).lower() not in ("k", "p", "d")):
            p.pos = save
            break
        op_start = p.pos
        op = found.group(0).lower()
        p.pos = found.end()
        if op in ("k", "p", "d"):
            keep_drop(p, b, op, op_start, d20_set=d20_set, dice=None)
        elif op in ("cs", "cf", "df"):
            foundry_count(p, b, op, op_start, 1, 0, False)  # no die: no faces to name
        elif op == "f":
            failures(p, b, op_start, 1, 0, False)
        else:
            p.pos = op_start
            when = compare(p, True, "=")
            if when is None:
                p.pos = save
                break
            b.rules.append((when, 1))
            b.successes = True
        b.last = op
    check_counting(p, b, start)
    return b.mods()


def advantage(p: Cursor) -> Node | None:
    """Dice Maiden's and RPG Sage's ``+d20`` / ``-d20`` first in an expression (and Dice
    Maiden's ``+d%`` / ``-d%``, the bonus and penalty tens die). ``+2d20`` stays a sum."""
    start = p.pos
    plain = p.match(_PLAIN_SUM)
    if plain:  # RPG Sage reads ``+2d20`` as advantage in its D&D mode
        p.read((start, plain.end()), "la suma de los dados (la ventaja se escribe `+d20`)")
        return None
    found = p.match(_ADVANTAGE)
    if found is None:
        return None
    p.pos = found.end()
    span = (start, p.pos)
    better = found.group(1) == "+"
    if found.group(2) == "%":  # ((2d10kl1-1)*10)+1d10: of two tens, the lower (or higher)
        tens = Dice(2, 10, span, keep_one(high=not better))
        node: Node = Binary(
            "+",
            Binary("*", Binary("-", tens, Num(1, span), span), Num(10, span), span),
            Dice(1, 10, span),
            span,
        )
        p.read(
            span,
            f"{'ventaja' if better else 'desventaja'} en d100: de dos decenas, la "
            f"{'menor' if better else 'mayor'}",
        )
        p.dice += 3
        return node
    sides = int(found.group(2))
    p.dice += 2
    p.read(
        span,
        f"{'ventaja' if better else 'desventaja'}: el {'mayor' if better else 'menor'}"
        f" de 2d{sides}",
    )
    return Dice(2, sides, span, keep_one(high=better))


def per_die_suggestion(p: Cursor, item: Node, mods: Mods, span: tuple[int, int]) -> str | None:
    """Roll20's ``{3d20+5}>21`` adds 5 to each die: the same count is ``3d20>16``."""
    if mods.select or mods.counting is None or len(mods.counting.rules) != 1:
        return None
    if not (isinstance(item, Binary) and item.op in "+-" and isinstance(item.left, Dice)):
        return None
    if not isinstance(item.right, Num) or not isinstance(item.right.value, int):
        return None
    when, _ = mods.counting.rules[0]
    shift = item.right.value if item.op == "+" else -item.right.value
    symbol = {">=": ">", "<=": "<", "=": "=", ">": ">", "<": "<"}.get(when.op)
    if symbol is None:
        return None
    dice_text = p.text[item.left.span[0] : item.left.span[1]].strip()
    fixed = f"{dice_text}{symbol}{when.value - shift}"
    return (p.text[p.start : span[0]] + fixed + p.text[span[1] : p.end]).strip()


def _computes_a_count(inner: Node, sides: str) -> bool:
    """``(6-4)d10``, ``(1+1)d6``, ``(3+2d6)d10``: the parenthesis is how many dice to roll.
    avrae/d20's ``(10d6)d2`` (dice only, more of them than it drops) stays a drop."""
    if not _all_dice(inner) or not sides.isdigit():
        return True
    return _dice_count(inner) <= int(sides)


def _dice_count(node: Node) -> int:
    if isinstance(node, Dice):
        return node.count
    if isinstance(node, Binary):
        return _dice_count(node.left) + _dice_count(node.right)
    return 1 << 30  # an inner pool: never read as a count


def _all_dice(node: Node) -> bool:
    """Dice terms (or pools) added together: what a one-item group can pool."""
    if isinstance(node, Dice):
        return True
    if isinstance(node, Group):
        return node.pool
    if isinstance(node, Binary) and node.op == "+":
        return _all_dice(node.left) and _all_dice(node.right)
    return False


def keep_one(high: bool) -> Mods:
    """Keep the highest (or lowest) die: advantage and its kin."""
    return Mods(select=(Select(True, (Pick("high" if high else "low", 1),)),))
