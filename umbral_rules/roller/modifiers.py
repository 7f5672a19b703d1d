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
from typing import Literal

from .builder import (
    SPACED_COMPARE,
    Builder,
    check_counting,
    compare,
    failures,
    foundry_count,
    keep_drop,
    need_cmp,
    need_int,
    number,
)
from .cursor import Cursor
from .nodes import (
    Clamp,
    Compare,
    Dice,
    Explode,
    Mods,
    Reroll,
)
from .readings import faces_of, faces_text

_DICE_MOD = re.compile(
    r"!!|!p|!(?!=)|min|max|even|odd|mi|ma|ms|ie|ir|xo|ro|rr|ra|cs|cf|df|sf|sa|sd"
    r"|x|r|e|k|d|p|t|f|b|s|>(?!=)|<(?!=)|=(?!=)",
    re.IGNORECASE,
)
#: Modifiers whose letters run on: a keep/drop and its side, a sort, Foundry's words.
_SELECTED = re.compile(
    r"[kdp][hl]|s[ad]|xo|min|max|even|odd|[rx]o|rr|ra|ie|ir|cs|cf|df|sf|ms"
    r"|(?:e|r|ro|rr|ra)[hl]"  # avrae/d20's «eh1», «rol1»: refused below with the reason
)
_ROLLING_D20 = ("ro", "rr", "ra", "mi", "ma")


def _endless(p: Cursor, dice: Dice, when: Compare, start: int, fix: str, what: str) -> None:
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


def dice_mods(p: Cursor, dice: Dice) -> Mods:
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
        if not _whole_word(p, start, spaced):  # «4d6 Daño»: the motivo, not a drop
            p.pos = save
            break
        _bracketed(p, op, start)
        if op in ("!", "!!", "!p"):
            when = compare(p, True, "=") or Compare("=", high)
            style: Literal["add", "compound", "penetrate"] = (
                "add" if op == "!" else "compound" if op == "!!" else "penetrate"
            )
            _endless(p, dice, when, start, op, "explota")
            b.rolling.append(Explode(style, when, once=False))
            # Dice Maiden reads any «!» as the start of a comment: say it explodes
            how = {"!": "", "!!": " en el mismo dado", "!p": ", un punto menos cada vez"}[op]
            said = faces_text(when, low, high, fudge, "o")
            p.read((start, p.pos), f"explota con {said}{how}")
        elif op == "e":
            if p.match(re.compile(r"[hl]", re.I)):
                raise p.error(
                    "sintaxis", "«e» explota por valor (`e6`, `e>5`), no por «h» o «l»", start
                )
            if p.match(re.compile(r"[<>=]")):  # avrae/d20's selector: without end, strict
                when = need_cmp(p, compare(p, False, "="))
                _endless(p, dice, when, start, "", "explota")
                b.rolling.append(Explode("add", when, once=False))
                _order(p, b, start, "explota")
            else:  # Dice Maiden: once, on this face or more
                n = number(p)
                when = Compare(">=", n if n is not None else high)
                b.rolling.append(Explode("add", when, once=True))
                if not spaced:  # avrae/d20 would explode on n without end (a bare «e»: refused)
                    p.read(
                        (start, p.pos),
                        f"explota una vez con {faces_text(when, low, high, fudge, 'o')}",
                    )
        elif op == "ie":
            n = number(p)
            when = Compare(">=", n if n is not None else high)
            _endless(p, dice, when, start, "e" + ("" if n is None else str(n)), "explota")
            b.rolling.append(Explode("add", when, once=False))
        elif op in ("x", "xo"):
            _foundry_explode(p, b, dice, op, start, found.end())
        elif op in ("r", "ro", "rr", "ir", "ra"):
            _reroll(p, b, dice, op, start)
        elif op in ("mi", "min", "ma", "max"):
            n = need_int(p, number(p))
            b.rolling.append(Clamp(n, None) if op.startswith("mi") else Clamp(None, n))
            if op in ("mi", "ma"):
                _order(p, b, start, "fija el valor")
        elif op in ("k", "p", "d"):
            keep_drop(p, b, op, start, d20_set=False, dice=dice)
        elif op in ("cs", "cf", "df", "sf"):
            foundry_count(p, b, op, start, low, high, fudge)
        elif op == "t":
            n = need_int(p, number(p))
            b.rules.append((Compare(">=", n), 1))
            b.successes = True
        elif op == "f":
            failures(p, b, start, low, high, fudge)
        elif op == "b":
            n = number(p)
            b.botch = Compare("<=", n if n is not None else low)
        elif op in ("even", "odd"):
            b.rules.append((Compare(op, 0), 1))  # type: ignore[arg-type]
            b.successes = True
        elif op == "ms":
            b.margin = need_int(p, number(p))
        elif op in ("s", "sa", "sd"):
            b.sort = "d" if op == "sd" else "a"
        else:  # a bare compare point: Roll20's successes, each die against it
            p.pos = start
            point = compare(p, True, "=", SPACED_COMPARE)
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


def _foundry_explode(p: Cursor, b: Builder, dice: Dice, op: str, start: int, end: int) -> None:
    """Foundry's ``x``/``xo``. Other tools write ``x`` for «times» (``1d20x2``) or ``X`` for
    a drop: an upper-case ``X`` is refused, an ``xN`` the die cannot show is a product
    (refused, suggesting ``*``), and a plain ``x``/``xN`` says it explodes."""
    low, high, fudge = dice.low, dice.high, dice.fudge
    if p.text[start] == "X":
        raise p.error(
            "sintaxis",
            "«X» no es igual en todos los bots (en Foundry `x` explota; en otros, `X` "
            "multiplica o descarta): escribe `x` o `!` para explotar, `*` para multiplicar, "
            "`d` para descartar",
            start,
            end,
        )
    cap = None
    if op == "x" and p.match(re.compile(r"\d+[<>=]")):
        cap = number(p)
    signed = p.match(re.compile(r"[<>=]")) is not None
    when = compare(p, False, "=") or Compare("=", high)
    if op == "x" and not signed and not when.faces(low, high):
        raise p.error(
            "sintaxis",
            f"«{p.text[start : p.pos]}»: un d{high} no saca {when.value}, así que no "
            f"explotaría nunca; para multiplicar se escribe `*{when.value}`",
            start,
            p.pos,
            suggestion=(p.text[p.start : start] + "*" + p.text[end : p.end]).strip(),
        )
    if cap is None and op == "x":
        _endless(p, dice, when, start, "xo" + p.text[end : p.pos], "explota")
    b.rolling.append(Explode("add", when, once=op == "xo", cap=cap))
    if op == "x" and not signed and cap is None:  # others read «x2» as «times 2»
        said = faces_text(when, low, high, fudge, "o")
        p.read((start, p.pos), f"explota sin fin con {said}, la x de Foundry; multiplicar es `*`")


def _bracketed(p: Cursor, op: str, start: int) -> None:
    """Rolisteam writes a modifier's condition in brackets (``3d10e[>8]``, ``r[<3]``);
    here the brackets would be a label and the condition lost: refused, and for ``e`` and
    ``r`` (the same reading without brackets) the form the bot reads is suggested."""
    found = p.match(re.compile(r"\[\s*([<>=]*\s*\d+)\s*\]"))
    if found is None:
        return
    inner = found.group(1).replace(" ", "")
    fix = None
    if op in ("e", "r"):
        fix = (p.text[p.start : p.pos] + inner + p.text[found.end() : p.end]).strip()
    raise p.error(
        "sintaxis",
        f"«{p.text[start : found.end()]}»: la condición va sin corchetes "
        f"(`{p.text[start : p.pos]}{inner}`); entre corchetes sería una etiqueta",
        start,
        found.end(),
        suggestion=fix,
    )


def _comment_follows(p: Cursor) -> bool:
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


def _whole_word(p: Cursor, start: int, spaced: bool) -> bool:
    """``4d6 Daño`` is not a drop (``D``) and then «año»: a word that is no modifier is
    the motivo after a space (False), and refused glued to the dice."""
    if not p.text[start].isalpha():
        return True
    end = start
    while end < p.end and p.text[end].isalpha():
        end += 1
    word = p.text[start:end].lower()
    if end == p.pos or _SELECTED.fullmatch(word):
        return True
    if spaced:
        return False
    raise p.error("sintaxis", f"no conozco el modificador «{p.text[start:end]}»", start, end)


def _order(p: Cursor, b: Builder, start: int, what: str) -> None:
    """avrae/d20 applies its operators in the order written; Umbral rolls first, keeps after."""
    if b.select:
        p.read((start, p.pos), f"{what} antes de elegir los dados")


def _reroll(p: Cursor, b: Builder, dice: Dice, op: str, start: int) -> None:
    low, high, fudge = dice.low, dice.high, dice.fudge
    if p.match(re.compile(r"[hl]", re.I)):
        raise p.error(
            "sintaxis", f"«{op}» repite por valor (`{op}1`, `{op}<3`), no por «h» o «l»", start
        )
    if op == "ir" or (op == "r" and b.spaced):  # Dice Maiden: this value or less
        n = number(p)
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
