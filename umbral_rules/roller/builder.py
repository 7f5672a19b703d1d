"""What dice terms and groups share while their modifiers are read: the builder that
collects them, compare points and numbers, keep and drop, and the counting of successes
and failures (Foundry's ``cs``/``cf``/``df``/``sf``, Roll20's and Dice Maiden's ``f``)."""

from __future__ import annotations

import re
from typing import Literal

from .cursor import Cursor
from .nodes import Compare, CompareOp, Counting, Dice, Mods, Pick, RollingMod, Select
from .readings import faces_text

_COMPARE = re.compile(r"(<=|>=|<|>|=)?(\d+)")
_INT = re.compile(r"\d+")
_SIGN = re.compile(r"<=|>=|<|>|=")
#: RPG Sage writes «1d2 = 1»: a space may follow the sign (not before a dice term).
SPACED_COMPARE = re.compile(r"(<|>|=)\s*(\d+)(?![\d.]*[dD])")


def compare(
    p: Cursor, inclusive: bool, bare: CompareOp, pattern: re.Pattern[str] = _COMPARE
) -> Compare | None:
    """A compare point: ``<``/``>`` strict, or inclusive as Roll20 reads them; a bare
    number compares with ``bare``. None (and nothing read) when no number follows."""
    found = p.match(pattern)
    if found is None:
        return None
    p.pos = found.end()
    op = found.group(1)
    value = int(found.group(2))
    if op is None:
        return Compare(bare, value)
    if inclusive and op in ("<", ">"):
        return Compare("<=" if op == "<" else ">=", value)
    return Compare(op, value)  # type: ignore[arg-type]


def number(p: Cursor) -> int | None:
    found = p.match(_INT)
    if found is None:
        return None
    p.pos = found.end()
    return int(found.group(0))


class Builder:
    """Modifiers as they are read, then frozen into :class:`Mods`."""

    def __init__(self) -> None:
        self.rolling: list[RollingMod] = []
        self.select: list[Select] = []
        self.rules: list[tuple[Compare, int]] = []
        self.botch: Compare | None = None
        self.negate: Compare | None = None
        self.margin: int | None = None
        self.sort: Literal["a", "d"] | None = None
        self.last: str = ""
        self.successes = False
        self.failure_counts = False
        self.noun = "éxito"
        self.last_start = 0
        self.spaced = False

    def pick(self, keep: bool, pick: Pick, op: str) -> None:
        """avrae/d20 joins ``kh1kl1`` into one keep: the same operator again adds a pick."""
        if self.select and self.last == op:
            previous = self.select[-1]
            self.select[-1] = Select(keep, (*previous.picks, pick))
        else:
            self.select.append(Select(keep, (pick,)))

    def mods(self) -> Mods:
        counting = None
        if self.rules or self.botch:
            counting = Counting(tuple(self.rules), self.botch, self.noun)
        return Mods(
            tuple(self.rolling),
            tuple(self.select),
            counting,
            self.negate,
            self.margin,
            self.sort,
        )


def need_int(p: Cursor, value: int | None) -> int:
    if value is None:
        raise p.unexpected("un número")
    return value


def need_cmp(p: Cursor, value: Compare | None) -> Compare:
    if value is None:
        sign = p.match(_SIGN)  # «k>» with no number after it: the number is what is missing
        if sign is not None:
            p.pos = sign.end()
        raise p.unexpected("un número")
    return value


def keep_drop(
    p: Cursor, b: Builder, op: str, start: int, *, d20_set: bool, dice: Dice | None
) -> None:
    side = p.match(re.compile(r"[hl]", re.I))
    keep = op == "k"
    if side:
        p.pos = side.end()
        n = number(p)
        how: Literal["high", "low"] = "high" if side.group(0).lower() == "h" else "low"
        b.pick(keep, Pick(how, 1 if n is None else n), op)
        return
    if p.match(re.compile(r"[<>=]")):  # avrae/d20's value selectors (``k=3`` its literal)
        if op == "d":
            raise p.error("sintaxis", "para descartar por valor se escribe `p>3` o `p=1`", start)
        when = need_cmp(p, compare(p, False, "="))
        b.pick(keep, Pick("match", match=when), op)
        return
    n = number(p)
    if op == "p":  # avrae/d20's drop: ``p3`` drops the dice showing 3
        if n is None:
            raise p.unexpected("qué dados descartar (`pl1`, `ph1`, `p=1`)")
        b.pick(False, Pick("match", match=Compare("=", n)), op)
        return
    count = 1 if n is None else n
    high = keep  # k keeps the highest, d drops the lowest
    b.pick(keep, Pick("high" if high else "low", count), op)
    if keep and (dice is not None or d20_set) and not b.spaced:  # avrae/d20: k3 is «=3»
        mayores = "el mayor" if count == 1 else f"los {count} mayores"
        p.read((start, p.pos), mayores)


def foundry_count(
    p: Cursor, b: Builder, op: str, start: int, low: int, high: int, fudge: bool
) -> None:
    when = compare(p, False, "=")
    if op == "sf":
        b.negate = need_cmp(p, when)
        return
    if op == "df":
        b.rules.append((need_cmp(p, when), -1))
        b.failure_counts = True
        return
    if when is None:  # Foundry: without a number every die counts
        when = Compare(">=", low)
    if (op == "cf" and b.successes) or (op == "cs" and b.rules and not b.successes):
        raise p.error(
            "sintaxis", "«cs» y «cf» cuentan cada uno su total: para restar fallos usa `df`", start
        )
    b.rules.append((when, 1))
    b.successes = op == "cs"
    if op == "cf":
        b.noun = "fallo"
    what = "cuenta como éxito" if op == "cs" else "cuenta los fallos:"
    p.read((start, p.pos), f"{what} {faces_text(when, low, high, fudge)}")


def failures(p: Cursor, b: Builder, start: int, low: int, high: int, fudge: bool) -> None:
    bare = p.match(_INT) is not None
    when = need_cmp(p, compare(p, True, "<="))
    b.rules.append((when, -1))
    b.failure_counts = True
    if (
        bare
        and not b.spaced
        and low <= high
        and when.faces(low, high) != Compare("=", when.value).faces(low, high)
    ):
        p.read((start, p.pos), f"resta un éxito por cada {faces_text(when, low, high, fudge, 'o')}")


def check_counting(p: Cursor, b: Builder, start: int) -> None:
    if b.failure_counts and not b.successes:
        raise p.error(
            "sintaxis",
            "los fallos (`f1`, `df=1`) se restan de los éxitos: pon también el objetivo "
            "(`t8`, `>7`, `cs>=8`)",
            start,
            p.pos,
        )
