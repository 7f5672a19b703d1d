"""What tables type around the dice (issue 43): the D6 System's ``3D+2``; ``ventaja`` or
``desventaja`` after a d20 or a d12; and the motivo at the end of an expression, after
« ! » (Dice Maiden), ``#`` or ``//`` (comments elsewhere), or as plain words that cannot be
dice (Roll20, RPG Sage, avrae/d20's comments). Each reading but « ! » is said in the reply.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, cast

from .cursor import Cursor
from .errors import MAX_DICE
from .groups import keep_one
from .nodes import Binary, Call, Dice, Group, NameRef, Node, Num, System, Test, Unary

_D6_SYSTEM = re.compile(r"(\d+)D(?![\w%])")
_ADVANTAGE_WORD = re.compile(r"(des)?ventaja(?!\w)", re.IGNORECASE)
#: «// ataque»: a comment; «13 // 2» stays a division.
SLASHES_COMMENT = re.compile(r"//\s*[^\W\d_]")
ADVANTAGE_SIDES = (12, 20)
#: A word of letters only (a motivo); one with digits may be another tool's modifier.
_PLAIN_WORD = re.compile(r"[^\W\d_]+(?!\w)")


def d6_system(p: Cursor) -> Node | None:
    """The D6 System's ``3D`` (``3D+2``): three d6. Umbral has no Wild Die: said so."""
    found = p.match(_D6_SYSTEM)
    if found is None:
        return None
    start = p.pos
    count = int(found.group(1))
    p.dice += count
    if p.dice > MAX_DICE:
        raise p.error("limite", f"Demasiados dados: como mucho {MAX_DICE} por tirada", start)
    p.pos = found.end()
    p.terms += 1
    p.read((start, p.pos), f"{count}d6, el Sistema D6 (sin dado salvaje)")
    return Dice(count, 6, (start, p.pos))


def advantage(p: Cursor, node: Node) -> Node:
    """``1d20+5 ventaja``: the one d20 (or d12) becomes two, the higher kept (``desventaja``:
    the lower)."""
    save = p.pos
    p.skip_ws()
    found = p.match(_ADVANTAGE_WORD)
    if found is None:
        p.pos = save
        return node
    targets = [
        d
        for d in _dice_terms(node)
        if d.sides in ADVANTAGE_SIDES
        and d.count == 1
        and d.mods.empty
        and not d.fudge
        and d.counted_by is None
    ]
    if len(targets) != 1:
        raise p.error(
            "sintaxis",
            f"«{found.group(0)}» va tras una tirada con un solo d20 o d12 sin modificadores "
            "(`1d20+5 ventaja`, `1d12 desventaja`)",
            found.start(),
            found.end(),
        )
    better = found.group(1) is None
    target = targets[0]
    p.dice += 1
    p.pos = found.end()
    word = "ventaja" if better else "desventaja"
    p.read(found.span(), f"{word}: el {'mayor' if better else 'menor'} de 2d{target.sides}")
    return _swap(node, target, Dice(2, target.sides, target.span, keep_one(high=better)))


def comment(p: Cursor, source_end: int) -> str | None:
    """The motivo after the expression, if one is there (``p`` past the spaces after it)."""
    if p.pos >= p.end:
        return None
    rest = p.text[p.pos : p.end]
    if p.at("!"):
        text = rest[1:]
    elif p.at("#") or SLASHES_COMMENT.match(rest):
        mark = "#" if p.at("#") else "//"
        text = rest[len(mark) :]
        p.read((p.pos, p.pos + len(mark)), f"lo que sigue a «{mark}» es el motivo")
    elif p.pos > source_end and p.match(_PLAIN_WORD):  # «km2», «adv1» may be dice: refused
        text = rest
        p.readings.append(("texto", "el texto del final es el motivo"))  # none of theirs
    else:
        return None
    p.pos = p.end
    return text.strip() or None


def _is_node(value: object) -> bool:
    return isinstance(value, Num | Dice | Group | Unary | Binary | Test | Call | System | NameRef)


def _dice_terms(node: Node) -> list[Dice]:
    found = [node] if isinstance(node, Dice) else []
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        for child in value if isinstance(value, tuple) else (value,):
            if _is_node(child):
                found.extend(_dice_terms(child))
    return found


def _swap(node: Node, old: Dice, new: Dice) -> Node:
    if node is old:
        return new
    updates: dict[str, object] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple) and value and _is_node(value[0]):
            updates[f.name] = tuple(_swap(v, old, new) for v in value)
        elif _is_node(value):
            updates[f.name] = _swap(value, old, new)
    return cast(Node, dataclasses.replace(cast(Any, node), **updates)) if updates else node


def respan(node: Node, span: tuple[int, int]) -> Node:
    """Every node of ``node`` pointing at ``span`` (an alias or a saved roll's name in the
    player's text, so that errors met while rolling point there)."""
    updates: dict[str, object] = {"span": span}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple) and value and _is_node(value[0]):
            updates[f.name] = tuple(respan(v, span) for v in value)
        elif _is_node(value):
            updates[f.name] = respan(value, span)
    return cast(Node, dataclasses.replace(cast(Any, node), **updates))
