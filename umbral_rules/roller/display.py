"""How a roll reads: the one line «4d6k3 (los 3 mayores) = 14: 6, 5, 3, ~~1~~».

The expression and its total appear once; after the colon, every die as it fell. The marks:
``~~1~~`` a die that does not count (dropped, or replaced by a reroll), ``6!`` a die that
exploded, ``6+6+3`` a compounded die, ``5−1`` a penetrating one, ``1→2`` a floor or ceiling,
``**8**`` a success, ``1✗`` a failure; Fudge dice show ``+``, ``0``, ``−``. Text only (with
Discord's markdown marks): no user text goes in here but the expression as typed.
"""

from __future__ import annotations

from fractions import Fraction

from .evaluate import Ev
from .faces import Die
from .nodes import Binary, Call, Dice, Group, Num, System, Test, Unary, Value
from .readings import face

#: How tightly each operator binds, to put back the parentheses the tree no longer has.
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "%": 2, "**": 3}
_SHOWN_OP = {"*": "×", "**": "^", "==": "=", "!=": "≠", ">=": "≥", "<=": "≤"}


def number(value: Value) -> str:
    """A total as a Spanish reader writes it: «3», «−2», «3,5», «3,33…»."""
    if isinstance(value, Fraction) and value.denominator != 1:
        text = f"{float(value):.2f}".rstrip("0").rstrip(".").replace(".", ",")
        exact = Fraction(text.replace(",", ".")) == value
        return text.replace("-", "−") + ("" if exact else "…")
    return str(int(value)).replace("-", "−")


def die(d: Die) -> str:
    """One die with its marks."""
    worth = [d.worth(face) for face in d.draws]
    parts = [f"~~{face(w, d.fudge)}~~" for w in worth[: d.rerolled]]
    if d.compound:
        now = "+".join(face(w, d.fudge) for w in worth[d.rerolled :])
    elif d.penetrating:
        now = f"{worth[-1]}−1"
    else:
        now = face(worth[-1], d.fudge)
    if d.clamped is not None:
        now = f"{now}→{face(d.value, d.fudge)}"
    if d.exploded:
        now += "!"
    if d.dropped:
        now = f"~~{now}~~"
    elif d.weight > 0:
        now = f"**{now}**"
    elif d.weight < 0:
        now += "✗"
    return ", ".join([*parts, now])


def dice(ev: Ev, sort: str | None = None) -> str:
    shown = ev.dice
    if sort is not None:
        shown = sorted(shown, key=lambda d: d.value, reverse=sort == "d")
    return ", ".join(die(d) for d in shown) or "sin dados"


def breakdown(ev: Ev, top: bool = True) -> str:
    """The dice and numbers of the expression, in its shape; a lone dice term bare."""
    node = ev.node
    if isinstance(node, Num):
        return number(node.value)
    if isinstance(node, Dice) and node.counted_by is not None:  # «6 − 4 → 2d10: 3, 7»
        count = breakdown(ev.children[0], top=False)
        sides = "F" if node.fudge else str(node.sides)
        text = f"{count} → {len(ev.dice) - _added(ev)}d{sides}: {dice(ev, node.mods.sort)}"
        return text if top else f"({text})"
    if isinstance(node, Dice):
        text = dice(ev, node.mods.sort)
        return text if top or (len(ev.dice) == 1 and not text.startswith("~")) else f"({text})"
    if isinstance(node, System):
        assert ev.system is not None
        alone = top or len(ev.dice) == 1
        return ev.system.shown if alone else f"({ev.system.shown})"
    if isinstance(node, Group):
        alone = len(ev.children) == 1
        items = [breakdown(child, top=alone) for child in ev.children]
        if not node.pool:
            items = [i if kept else f"~~{i}~~" for i, kept in zip(items, ev.kept, strict=True)]
        return "{" + ", ".join(items) + "}"
    if isinstance(node, Unary):
        return f"{'−' if node.op == '-' else '+'}{_operand(ev.children[0], 3)}"
    if isinstance(node, Binary):
        level = _PRECEDENCE[node.op]
        left = _operand(ev.children[0], level)
        right = _operand(ev.children[1], level + (0 if node.op == "**" else 1))
        return f"{left} {_SHOWN_OP.get(node.op, node.op)} {right}"
    if isinstance(node, Test):
        left, right = (breakdown(c, top=False) for c in ev.children)
        said = "sí" if ev.value else "no"
        return f"{left} {_SHOWN_OP.get(node.op, node.op)} {right}: {said}"
    assert isinstance(node, Call)
    return f"{node.name}({', '.join(breakdown(c, top=False) for c in ev.children)})"


def _added(ev: Ev) -> int:
    """The dice an explosion added (born of a modifier), not part of the count."""
    return sum(1 for d in ev.dice if d.born >= 0)


def _operand(ev: Ev, level: int) -> str:
    text = breakdown(ev, top=False)
    inner = ev.node
    if isinstance(inner, Binary) and _PRECEDENCE[inner.op] < level:
        return f"({text})"
    return text


def labels(ev: Ev) -> list[str]:
    """The verdicts a roll carries: a system's, or the botches Dice Maiden counts."""
    found: list[str] = []
    if ev.system is not None:
        found.extend(ev.system.labels)
    if ev.botches:
        found.append(f"{ev.botches} pifia" + ("s" if ev.botches != 1 else ""))
    for child in ev.children:
        found.extend(labels(child))
    return found


def unit(ev: Ev, total: int) -> str:
    """« éxitos» after a total that counts successes (« fallos» for Foundry's ``cf``)."""
    node = ev.node
    if not ev.counted:
        return ""
    noun = "éxito"
    if isinstance(node, Dice | Group) and node.mods.counting is not None:
        noun = node.mods.counting.noun
    return f" {noun}" + ("" if abs(total) == 1 else "s")


def readings(pairs: list[tuple[str, str]]) -> str:
    """« (los 3 mayores)»; several: « (4d6k3: los 3 mayores; e6: explota una vez con 6)»."""
    if not pairs:
        return ""
    if len(pairs) == 1:
        return f" ({pairs[0][1]})"
    return " (" + "; ".join(f"{form}: {reading}" for form, reading in pairs) + ")"


def line(source: str, pairs: list[tuple[str, str]], total: int, ev: Ev) -> str:
    """The one reply line: expression, how it was read, total, dice, verdicts."""
    verdicts = labels(ev)
    tail = " · " + " · ".join(verdicts) if verdicts else ""
    return f"{source}{readings(pairs)} = {number(total)}{unit(ev, total)}: {breakdown(ev)}{tail}"
