"""Dice Maiden's aliases (its README, «Alias Rolls», and ``src/dice_maiden_logic.rb``), each
read as the expression of this grammar that means the same; the reply says what it stands
for (``4cod (4d10 ie10 t8, de Dice Maiden)``). ``4wod8``, ``+d20``, ``+d%``, ``3df`` and
``2d%`` were already the bot's own (:mod:`.systems`, :mod:`.groups`); the Hero System's
``2hsn`` and ``2hsk`` are systems too (their BODY and STUN). And its prefixes: ``p`` (the
roll is private, ``privada:sí``), ``s``, ``nr`` and ``ul`` (how Dice Maiden shows a roll:
the bot always shows dice and total, in the order they fell).
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: Earthdawn's steps 1 to 50 (Dice Maiden's ``edN``): the dice (all ``ie``) and what to add.
_EARTHDAWN = (
    *(("4", -2), ("4", -1), ("4", 0), ("6", 0), ("8", 0), ("10", 0), ("12", 0)),
    *(("6 6", 0), ("8 6", 0), ("8 8", 0), ("10 8", 0), ("10 10", 0), ("12 10", 0)),
    *(("12 12", 0), ("12 6 6", 0), ("12 8 6", 0), ("12 8 8", 0), ("12 10 8", 0)),
    *(("20 6 6", 0), ("20 8 6", 0), ("20 10 6", 0), ("20 10 8", 0), ("20 10 10", 0)),
    *(("20 12 10", 0), ("20 12 8 4", 0), ("20 12 8 6", 0), ("20 12 8 8", 0)),
    *(("20 10 10 8", 0), ("20 12 10 8", 0), ("20 12 10 8", 0), ("20 10 8 8 6", 0)),
    *(("20 10 10 8 6", 0), ("20 10 10 8 8", 0), ("20 10 10 10 8", 0)),
    *(("20 12 10 10 8", 0), ("20 20 10 8 4", 0), ("20 20 10 8 6", 0)),
    *(("20 20 10 8 8", 0), ("20 20 10 10 8", 0), ("20 20 12 10 8", 0)),
    *(("20 20 10 8 6 6", 0), ("20 20 10 8 8 6", 0), ("20 20 10 10 8 6", 0)),
    *(("20 20 10 10 8 8", 0), ("20 20 10 10 10 8", 0), ("20 20 12 10 10 8", 0)),
    *(("20 20 10 10 8 8 4", 0), ("20 20 10 10 8 8 6", 0), ("20 20 10 10 8 8 8", 0)),
    ("20 20 10 10 10 8 8", 0),
)


def _earthdawn(step: int) -> str | None:
    if not 1 <= step <= len(_EARTHDAWN):
        return None
    sides, add = _EARTHDAWN[step - 1]
    runs: list[list[str]] = []
    for side in sides.split():
        if runs and runs[-1][0] == side:
            runs[-1].append(side)
        else:
            runs.append([side])
    text = " + ".join(f"{len(run)}d{run[0]} ie" for run in runs)
    return text + (f" - {-add}" if add else "")


Expand = Callable[[re.Match[str]], str | None]
#: Each alias (case does not matter, a whole word) and the expression it stands for.
_ALIASES: tuple[tuple[re.Pattern[str], Expand], ...] = tuple(
    (re.compile(pattern + r"(?![\w%+])", re.IGNORECASE), expand)
    for pattern, expand in (
        (r"(\d+)cod([89r]?)", lambda m: _cod(m.group(1), m.group(2).lower())),
        (r"snm(\d+)", lambda m: f"{m.group(1)}d6 ie6 t4"),
        (r"(\d+)wh(\d+)\+", lambda m: f"{m.group(1)}d6 t{m.group(2)}"),
        (r"dd(\d)(\d)", lambda m: f"(1d{m.group(1)} * 10) + 1d{m.group(2)}"),
        (r"age", lambda m: "2d6 + 1d6"),
        (r"d6s(\d+)", lambda m: f"{m.group(1)}d6 + 1d6 ie"),
        (r"d6s", lambda m: "1d6 ie"),
        (r"sr(\d+)", lambda m: f"{m.group(1)}d6 t5"),
        (r"sp(\d+)", lambda m: f"{m.group(1)}d10 ie10 t8"),
        (r"(\d+)yz", lambda m: f"{m.group(1)}d6 t6"),
        (r"attack|skill|save", lambda m: "1d20"),
        (r"ex(\d+)(?:t(\d+))?", lambda m: f"{m.group(1)}d10 t{m.group(2) or 7} t10"),
        (r"ed(\d+)", lambda m: _earthdawn(int(m.group(1)))),
        (r"(\d+)hsh", lambda m: f"11 + {m.group(1)} - 3d6"),
    )
)
#: ``dndstats``: six sets of ``4d6 k3`` (a whole expression, read where sets are).
DNDSTATS = re.compile(r"dndstats(?![\w%])", re.IGNORECASE)
DNDSTATS_SETS, DNDSTATS_EXPR = 6, "4d6 k3"
#: Dice Maiden's prefixes before the dice: ``p 4d6``, ``s 4d6``, ``nr 4d6``, ``ul 4d6``.
PREFIXES = re.compile(r"(?:(p|s|nr|ul)\s+)+(?=[\d(+\-{]|[dD]\d)", re.IGNORECASE)
PREFIX_READINGS = {
    "p": "privada, como `privada:sí`",
    "s": "Dice Maiden no enseña los dados; aquí se ven siempre",
    "nr": "Dice Maiden no enseña el total; aquí se ve siempre",
    "ul": "los dados salen en el orden en que caen, como aquí siempre",
}


def _cod(count: str, again: str) -> str:
    if again == "r":  # rote quality: every failed die rolls again once
        return f"{count}d10 r7 t8"
    return f"{count}d10 ie{again or 10} t8"


def expand(text: str, pos: int, end: int) -> tuple[re.Match[str], str] | None:
    """The alias at ``text[pos:]`` and the expression it stands for, or None."""
    for pattern, expansion in _ALIASES:
        found = pattern.match(text, pos, end)
        if found is not None:
            expanded = expansion(found)
            if expanded is not None:
                return found, expanded
    return None


def private(text: str | None) -> bool:
    """Some expression of ``text`` starts with Dice Maiden's ``p`` (a private roll)."""
    if not text:
        return False
    for part in text.split(";"):
        found = PREFIXES.match(part.strip())
        if found and any(w.lower() == "p" for w in found.group(0).split()):
            return True
    return False
