"""Forms other tools read another way, refused with the reason (issue 43): a pool compared
with ``>=``, ``<=`` or ``!=`` (``5d10>=8``: dice-pool tools count the dice, avrae/d20
compares the total) and a doubled sign after dice (``4d6++2``: per die in some tools)."""

from __future__ import annotations

import re

from .cursor import Cursor
from .nodes import Binary, Dice, Node, Unary


def pool_compared(p: Cursor, left: Node, op: str) -> None:
    """``5d10>=8``: dice-pool tools count the dice of 8 or more, avrae/d20 compares the
    total. Refused, pointing at the bot's own forms for both (``(5d10) >= 8`` compares)."""
    pool = isinstance(left, Dice) and (left.count > 1 or left.counted_by is not None)
    if op not in (">=", "<=", "!=") or not pool:
        return
    assert isinstance(left, Dice)
    if p.text[left.span[1] : p.pos].strip():  # «(5d10) >= 8»: the total, as written
        return
    dice = p.text[left.span[0] : left.span[1]].strip()
    number = re.match(r"\s*(\d+)", p.text[p.pos + len(op) : p.end])
    n = number.group(1) if number else "8"
    forms = {
        ">=": f"`{dice} t{n}` cuenta los dados de {n} o más"
        + (
            f", `{left.count}wod{n}` a la manera de Mundo de Tinieblas"
            if left.sides == 10 and left.counted_by is None and left.count <= 30
            else ""
        ),
        "<=": f"`{dice}<{n}` cuenta los dados de {n} o menos",
        "!=": f"`{dice}={n}` cuenta los dados que sacan {n}",
    }[op]
    raise p.error(
        "sintaxis",
        f"«{op}» tras una reserva de dados: unos bots cuentan los dados que cumplen y otros "
        f"comparan el total; {forms}, y `({dice}) {op} {n}` compara el total",
        p.pos,
        p.pos + len(op),
    )


def doubled_sign(p: Cursor, left: Node, op: str) -> None:
    """``4d6++2`` adds 2 to each die in some tools and once in others: refused."""
    last = left
    while isinstance(last, Binary | Unary):
        last = last.right if isinstance(last, Binary) else last.operand
    if not isinstance(last, Dice) or not p.at(op + op):
        return
    raise p.error(
        "sintaxis",
        f"«{op}{op}» tras dados: unos bots lo {'suman a' if op == '+' else 'restan de'} "
        f"cada dado y otros una vez al total; escribe un solo «{op}» para el total",
        p.pos,
        p.pos + 2,
    )
