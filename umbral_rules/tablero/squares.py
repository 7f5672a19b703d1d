"""Squares named chess-style: columns are letters (A…Z, AA…), rows numbers; A1 is top-left."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from ..errors import UmbralError

_SQUARE_RE = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")


class Square(NamedTuple):
    """A square by 0-based column and row (``Square(2, 3)`` is ``C4``)."""

    col: int
    row: int

    @property
    def label(self) -> str:
        return f"{column_label(self.col)}{self.row + 1}"


def column_label(col: int) -> str:
    """0 → A, 25 → Z, 26 → AA."""
    if col < 0:
        raise UmbralError(f"Columna negativa ({col}).")
    label = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def _column_index(letters: str) -> int:
    n = 0
    for char in letters.upper():
        n = n * 26 + (ord(char) - ord("A") + 1)
    return n - 1


def parse_square(text: str) -> Square:
    """``C4`` → ``Square(2, 3)``."""
    match = _SQUARE_RE.match(text.strip())
    if not match:
        raise UmbralError(f"«{text.strip()}» no es una casilla: escribe letra y número, como C4.")
    row = int(match.group(2))
    if row < 1:
        raise UmbralError(f"Las filas empiezan en 1 («{text.strip()}»).")
    return Square(_column_index(match.group(1)), row - 1)


def parse_squares(text: str) -> tuple[Square, ...]:
    """Squares separated by commas or spaces; ``A1:C2`` is the rectangle between two corners.

    The result keeps the order written and has no repeats.
    """
    found: list[Square] = []
    for part in re.split(r"[,\s;]+", text.strip()):
        if not part:
            continue
        if ":" in part:
            first, _, last = part.partition(":")
            found.extend(rectangle(parse_square(first), parse_square(last)))
        else:
            found.append(parse_square(part))
    if not found:
        raise UmbralError("No se ha indicado ninguna casilla (por ejemplo «C4» o «A1:A6»).")
    return tuple(dict.fromkeys(found))


def rectangle(a: Square, b: Square) -> tuple[Square, ...]:
    """Every square of the rectangle with corners ``a`` and ``b``, row by row."""
    c0, c1 = sorted((a.col, b.col))
    r0, r1 = sorted((a.row, b.row))
    return tuple(Square(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def labels(squares: Iterable[Square]) -> str:
    """``A1, B2`` for messages."""
    return ", ".join(s.label for s in squares)
