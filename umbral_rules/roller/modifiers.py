"""The modifiers after a dice term or a group, read as the peer that writes them documents:
Roll20's ``!``, ``!!``, ``!p``, ``>3``, ``f1``; Foundry's ``x``, ``xo``, ``r``, ``cs``,
``cf``, ``df``, ``min``, ``max``; Dice Maiden's ``e``, ``ie``, ``ir``, ``t``, ``f``, ``b``;
avrae/d20's ``kh``/``kl``/``p`` selectors, ``ro``, ``rr``, ``ra``, ``mi``, ``ma``.

Where peers disagree (see ``docs/dados.md``): ``k3`` keeps the three highest (avrae/d20
keeps the dice showing 3: write ``k=3``); ``e6`` explodes once on 6 or more (Dice Maiden;
avrae/d20 explodes without end); ``r``/``ro``/``rr`` read ``<``/``>`` strictly (Foundry,
avrae/d20; Roll20 includes the number) and ``r`` rerolls once (Foundry, Dice Maiden);
``3d6>3`` counts dice of 3 or more (Roll20; avrae/d20 compares the total); ``cs``/``cf``
count successes and failures (Foundry; Roll20 only colours criticals). Each such reading
is recorded on the parser, and the reply shows it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from .nodes import (
    Clamp,
    Compare,
    CompareOp,
    Counting,
    Dice,
    Explode,
    Mods,
    Pick,
    Reroll,
    RollingMod,
    Select,
)
from .readings import faces_of, faces_text

if TYPE_CHECKING:
    from .parser import Parser

_DICE_MOD = re.compile(
    r"!!|!p|!(?!=)|min|max|even|odd|mi|ma|ms|ie|ir|xo|ro|rr|ra|cs|cf|df|sf|sa|sd"
    r"|x|r|e|k|d|p|t|f|b|s|>(?!=)|<(?!=)|=(?!=)",
    re.IGNORECASE,
)
#: Modifiers whose letters run on: a keep/drop and its side, a sort, Foundry's words.
_SELECTED = re.compile(r"[kdp][hl]|s[ad]|xo|min|max|even|odd|[rx]o|rr|ra|ie|ir|cs|cf|df|sf|ms")
_COMPARE = re.compile(r"(<=|>=|<|>|=)?(\d+)")
#: RPG Sage writes «1d2 = 1»: a space may follow the sign (not before a dice term).
_SPACED_COMPARE = re.compile(r"(<|>|=)\s*(\d+)(?![\d.]*[dD])")
_INT = re.compile(r"\d+")
_SIGN = re.compile(r"<=|>=|<|>|=")
_ROLLING_D20 = ("ro", "rr", "ra", "mi", "ma")


def compare(
    p: Parser, inclusive: bool, bare: CompareOp, pattern: re.Pattern[str] = _COMPARE
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


def _number(p: Parser) -> int | None:
    found = p.match(_INT)
    if found is None:
        return None
    p.pos = found.end()
    return int(found.group(0))


def _endless(p: Parser, dice: Dice, when: Compare, start: int, fix: str, what: str) -> None:
    """A reroll or explosion every face triggers never ends: refuse it, suggesting ``fix``."""
    if len(when.faces(dice.low, dice.high)) == dice.high - dice.low + 1:
        end = p.pos
        tail = p.text[start:end]
        suggestion = p.text[p.start : start] + fix + p.text[end : p.end] if fix else None
        raise p.error(
            "sin_fin",
            f"«{tail}» {what} con cualquier cara del d{dice.high if not dice.fudge else 'F'}: "
            "no acabaría nunca",
            start,
            end,
            suggestion=suggestion.strip() if suggestion else None,
        )


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


def dice_mods(p: Parser, dice: Dice) -> Mods:
    b = Builder()
    low, high, fudge = dice.low, dice.high, dice.fudge
    first_spaced: int | None = None
    while True:
        save = p.pos
        spaced = p.skip_ws()
        if p.pos >= p.end or (spaced and p.at("!") and _comment_follows(p)):
            p.pos = save
            break
        found = p.match(_DICE_MOD)
        if found is None:
            p.pos = save
            break
        b.spaced = spaced  # after a space: Dice Maiden's form (no other peer writes one)
        start = p.pos
        if spaced and first_spaced is None:
            first_spaced = start
        op = found.group(0).lower()
        p.pos = found.end()
        _whole_word(p, start)
        if op in ("!", "!!", "!p"):
            when = compare(p, True, "=") or Compare("=", high)
            style: Literal["add", "compound", "penetrate"] = (
                "add" if op == "!" else "compound" if op == "!!" else "penetrate"
            )
            _endless(p, dice, when, start, op, "explota")
            b.rolling.append(Explode(style, when, once=False))
        elif op == "e":
            if p.match(re.compile(r"[hl]", re.I)):
                raise p.error(
                    "sintaxis", "«e» explota por valor (`e6`, `e>5`), no por «h» o «l»", start
                )
            if p.match(re.compile(r"[<>=]")):  # avrae/d20's selector: without end, strict
                when = _need_cmp(p, compare(p, False, "="))
                _endless(p, dice, when, start, "", "explota")
                b.rolling.append(Explode("add", when, once=False))
                _order(p, b, start, "explota")
            else:  # Dice Maiden: once, on this face or more
                n = _number(p)
                when = Compare(">=", n if n is not None else high)
                b.rolling.append(Explode("add", when, once=True))
                if n is not None and not spaced:  # avrae/d20 would explode on n without end
                    p.read(
                        (start, p.pos),
                        f"explota una vez con {faces_text(when, low, high, fudge, 'o')}",
                    )
        elif op == "ie":
            n = _number(p)
            when = Compare(">=", n if n is not None else high)
            _endless(p, dice, when, start, "e" + ("" if n is None else str(n)), "explota")
            b.rolling.append(Explode("add", when, once=False))
        elif op in ("x", "xo"):
            cap = None
            if op == "x" and p.match(re.compile(r"\d+[<>=]")):
                cap = _number(p)
            when = compare(p, False, "=") or Compare("=", high)
            if cap is None:
                _endless(p, dice, when, start, "xo" + p.text[found.end() : p.pos], "explota")
            b.rolling.append(Explode("add", when, once=op == "xo", cap=cap))
        elif op in ("r", "ro", "rr", "ir", "ra"):
            _reroll(p, b, dice, op, start)
        elif op in ("mi", "min", "ma", "max"):
            n = _need_int(p, _number(p))
            b.rolling.append(Clamp(n, None) if op.startswith("mi") else Clamp(None, n))
            if op in ("mi", "ma"):
                _order(p, b, start, "fija el valor")
        elif op in ("k", "p", "d"):
            keep_drop(p, b, op, start, d20_set=False, dice=dice)
        elif op in ("cs", "cf", "df", "sf"):
            foundry_count(p, b, op, start, low, high, fudge)
        elif op == "t":
            n = _need_int(p, _number(p))
            b.rules.append((Compare(">=", n), 1))
            b.successes = True
        elif op == "f":
            failures(p, b, start, low, high, fudge)
        elif op == "b":
            n = _number(p)
            b.botch = Compare("<=", n if n is not None else low)
        elif op in ("even", "odd"):
            b.rules.append((Compare(op, 0), 1))  # type: ignore[arg-type]
            b.successes = True
        elif op == "ms":
            b.margin = _need_int(p, _number(p))
        elif op in ("s", "sa", "sd"):
            b.sort = "d" if op == "sd" else "a"
        else:  # a bare compare point: Roll20's successes, each die against it
            p.pos = start
            point = compare(p, True, "=", _SPACED_COMPARE)
            if point is None:
                p.pos = save
                break
            b.rules.append((point, 1))
            b.successes = True
            plain = not b.rolling and dice.count == 1 and found.group(0) not in ("<", ">")
            if not plain:
                p.read((start, p.pos), f"cuenta los dados {faces_text(point, low, high, fudge)}")
        b.last = op
    check_counting(p, b, dice.span[0])
    if first_spaced is not None:
        p.spaced = (first_spaced, p.pos, dice.span)
    return b.mods()


def _comment_follows(p: Parser) -> bool:
    """Dice Maiden's comment: a « !» after a space that no explosion follows (``4d6 ! Daño``,
    ``4d6 !Daño``; but ``4d6 !>5`` and ``4d6 !p`` explode)."""
    after = p.text[p.pos + 1 : p.end]
    if not after or after[0].isspace():
        return True
    if after[0] in "!<>=" or after[0].isdigit():
        return False
    if after[0] in "pP":
        rest = after[1:2]
        return not (rest == "" or rest.isspace() or rest.isdigit() or rest in "<>=")
    return True


def _whole_word(p: Parser, start: int) -> None:
    """``4d6 Daño`` is not a drop (``D``) and then «año»: a word that is no modifier."""
    if not p.text[start].isalpha():
        return
    end = start
    while end < p.end and p.text[end].isalpha():
        end += 1
    word = p.text[start:end].lower()
    if end == p.pos or _SELECTED.fullmatch(word):
        return
    raise p.error("sintaxis", f"no conozco el modificador «{p.text[start:end]}»", start, end)


def _need_int(p: Parser, value: int | None) -> int:
    if value is None:
        raise p.unexpected("un número")
    return value


def _need_cmp(p: Parser, value: Compare | None) -> Compare:
    if value is None:
        sign = p.match(_SIGN)  # «k>» with no number after it: the number is what is missing
        if sign is not None:
            p.pos = sign.end()
        raise p.unexpected("un número")
    return value


def _order(p: Parser, b: Builder, start: int, what: str) -> None:
    """avrae/d20 applies its operators in the order written; Umbral rolls first, keeps after."""
    if b.select:
        p.read((start, p.pos), f"{what} antes de elegir los dados")


def _reroll(p: Parser, b: Builder, dice: Dice, op: str, start: int) -> None:
    low, high, fudge = dice.low, dice.high, dice.fudge
    if p.match(re.compile(r"[hl]", re.I)):
        raise p.error(
            "sintaxis", f"«{op}» repite por valor (`{op}1`, `{op}<3`), no por «h» o «l»", start
        )
    if op == "ir" or (op == "r" and b.spaced):  # Dice Maiden: this value or less
        n = _number(p)
        when = Compare("<=", n if n is not None else low)
    else:
        when = compare(p, False, "=") or Compare("=", low)
    once = op in ("r", "ro", "ra")
    if not once:
        fix = {"rr": "ro", "ir": "r"}[op] + p.text[start + 2 : p.pos]
        _endless(p, dice, when, start, fix, "se repite")
    first = start
    if op == "r" and b.last == "r" and isinstance(b.rolling[-1], Reroll):  # Roll20's r2r4r6
        previous = b.rolling[-1]
        b.rolling[-1] = Reroll((*previous.when, when), once=True)
        whens = b.rolling[-1].when
        first = b.last_start
        p.readings.pop()  # one reading for the whole run of «r»
    else:
        b.rolling.append(Reroll((when,), once=once, add=op == "ra"))
        whens = (when,)
    b.last_start = first
    said = faces_of(whens, low, high, fudge)
    if op == "r" and not b.spaced:  # Roll20 rerolls until it stops; Dice Maiden, ≤ n
        p.read((first, p.pos), f"repite una vez los {said}")
    elif op == "ro" and when.op in ("<", ">") and _roll20_differs(when, low, high):
        p.read((start, p.pos), f"repite una vez los {said}")
    if op in _ROLLING_D20:
        _order(p, b, start, "repite")


def _roll20_differs(when: Compare, low: int, high: int) -> bool:
    """Roll20 reads ``<2`` as «2 or less»: does that take other faces on this die?"""
    inclusive = Compare("<=" if when.op == "<" else ">=", when.value)
    return when.faces(low, high) != inclusive.faces(low, high)


def keep_drop(
    p: Parser, b: Builder, op: str, start: int, *, d20_set: bool, dice: Dice | None
) -> None:
    side = p.match(re.compile(r"[hl]", re.I))
    keep = op == "k"
    if side:
        p.pos = side.end()
        n = _number(p)
        how: Literal["high", "low"] = "high" if side.group(0).lower() == "h" else "low"
        b.pick(keep, Pick(how, 1 if n is None else n), op)
        return
    if p.match(re.compile(r"[<>=]")):  # avrae/d20's value selectors (``k=3`` its literal)
        if op == "d":
            raise p.error("sintaxis", "para descartar por valor se escribe `p>3` o `p=1`", start)
        when = _need_cmp(p, compare(p, False, "="))
        b.pick(keep, Pick("match", match=when), op)
        return
    n = _number(p)
    if op == "p":  # avrae/d20's drop: ``p3`` drops the dice showing 3
        if n is None:
            raise p.unexpected("qué dados descartar (`pl1`, `ph1`, `p=1`)")
        b.pick(False, Pick("match", match=Compare("=", n)), op)
        return
    count = 1 if n is None else n
    high = keep  # k keeps the highest, d drops the lowest
    b.pick(keep, Pick("high" if high else "low", count), op)
    if keep and n is not None and (dice is not None or d20_set) and not b.spaced:
        mayores = "el mayor" if count == 1 else f"los {count} mayores"
        p.read((start, p.pos), mayores)


def foundry_count(
    p: Parser, b: Builder, op: str, start: int, low: int, high: int, fudge: bool
) -> None:
    when = compare(p, False, "=")
    if op == "sf":
        b.negate = _need_cmp(p, when)
        return
    if op == "df":
        b.rules.append((_need_cmp(p, when), -1))
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


def failures(p: Parser, b: Builder, start: int, low: int, high: int, fudge: bool) -> None:
    bare = p.match(_INT) is not None
    when = _need_cmp(p, compare(p, True, "<="))
    b.rules.append((when, -1))
    b.failure_counts = True
    if (
        bare
        and not b.spaced
        and low <= high
        and when.faces(low, high) != Compare("=", when.value).faces(low, high)
    ):
        p.read((start, p.pos), f"resta un éxito por cada {faces_text(when, low, high, fudge, 'o')}")


def check_counting(p: Parser, b: Builder, start: int) -> None:
    if b.failure_counts and not b.successes:
        raise p.error(
            "sintaxis",
            "los fallos (`f1`, `df=1`) se restan de los éxitos: pon también el objetivo "
            "(`t8`, `>7`, `cs>=8`)",
            start,
            p.pos,
        )
