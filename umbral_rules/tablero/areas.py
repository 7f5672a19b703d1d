"""Sweeps of big creatures and areas of magic (Ámbito) on the board (§41)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import UmbralError
from ..tables import AMBITOS, SWEEP_SQUARES, TAMANO_LABELS
from .squares import Square, labels
from .tablero import Figure, Tablero, distance_to_square


def _figures_in(
    tablero: Tablero, squares: Iterable[Square], skip: str | None = None
) -> tuple[str, ...]:
    wanted = set(squares)
    return tuple(
        f.id for f in tablero.figures if f.id != skip and any(s in wanted for s in f.extent)
    )


# --- sweeps -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sweep:
    """One blow of a big creature over contiguous squares: everyone there defends, once."""

    attacker_id: str
    squares: tuple[Square, ...]
    targets: tuple[str, ...]


def reach_squares(tablero: Tablero, figure: Figure) -> frozenset[Square]:
    """The squares on the board within the figure's reach (not its own)."""
    own = set(figure.extent)
    reach = figure.reach
    c, r, n = figure.position.col, figure.position.row, figure.side_len
    return frozenset(
        Square(x, y)
        for y in range(max(0, r - reach), min(tablero.height, r + n + reach))
        for x in range(max(0, c - reach), min(tablero.width, c + n + reach))
        if Square(x, y) not in own and distance_to_square(figure, Square(x, y)) <= reach
    )


def _contiguous(squares: Sequence[Square]) -> bool:
    """Connected through shared sides."""
    todo = {squares[0]}
    seen: set[Square] = set()
    rest = set(squares)
    while todo:
        s = todo.pop()
        seen.add(s)
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = Square(s.col + d[0], s.row + d[1])
            if n in rest and n not in seen:
                todo.add(n)
    return seen == rest


def sweep(tablero: Tablero, attacker_id: str, squares: Iterable[Square]) -> Sweep:
    """A Grande/Descomunal/Inabarcable attack over the 2/3/4 contiguous squares the GM picks
    within its reach. Every standing figure with a square there is listed once."""
    attacker = tablero.figure(attacker_id)
    if attacker.down:
        raise UmbralError(f"{attacker.name} ha caído y no puede atacar.")
    if attacker.tamano not in SWEEP_SQUARES:
        raise UmbralError(
            f"{attacker.name} es {TAMANO_LABELS[attacker.tamano]}: solo barren las criaturas "
            "Grandes, Descomunales e Inabarcables."
        )
    wanted = SWEEP_SQUARES[attacker.tamano]
    chosen = tuple(dict.fromkeys(Square(*s) for s in squares))
    if len(chosen) != wanted:
        raise UmbralError(
            f"El barrido de {attacker.name} ({TAMANO_LABELS[attacker.tamano]}) cubre {wanted} "
            f"casillas contiguas; se indicaron {len(chosen)}."
        )
    for square in chosen:
        tablero.require_inside(square)
    reach = reach_squares(tablero, attacker)
    outside = [s for s in chosen if s not in reach]
    if outside:
        raise UmbralError(f"{labels(outside)} queda fuera del alcance de {attacker.name}.")
    if not _contiguous(chosen):
        raise UmbralError(f"Las casillas del barrido ({labels(chosen)}) deben ser contiguas.")
    hit = _figures_in(tablero, chosen, skip=attacker.id)
    return Sweep(attacker.id, chosen, tuple(i for i in hit if not tablero.figure(i).down))


# --- areas --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """An Ámbito on the board: its squares (clipped to the board) and who is inside."""

    size: int
    center: Square
    squares: tuple[Square, ...]
    figures: tuple[str, ...]


def area_squares(tablero: Tablero, size: int, center: Square) -> tuple[Square, ...]:
    """[D] An Ámbito of side 1, 3 or 6 around ``center``; an even side has ``center`` as the
    top-left of its four middle squares (6×6 spans center−2 … center+3)."""
    if size not in AMBITOS:
        raise UmbralError(
            f"El Ámbito es de {', '.join(f'{a}×{a}' for a in AMBITOS)} casillas "
            f"(o las que se dibujen); se dio {size}."
        )
    center = tablero.require_inside(Square(*center))
    start_c, start_r = center.col - (size - 1) // 2, center.row - (size - 1) // 2
    return tuple(
        Square(c, r)
        for r in range(max(0, start_r), min(tablero.height, start_r + size))
        for c in range(max(0, start_c), min(tablero.width, start_c + size))
    )


def area(tablero: Tablero, size: int, center: Square) -> Area:
    squares = area_squares(tablero, size, center)
    return Area(size, Square(*center), squares, _figures_in(tablero, squares))


def figures_in(tablero: Tablero, squares: Iterable[Square]) -> tuple[str, ...]:
    """Who has a square in a drawn area (fallen figures included), in board order."""
    chosen = [tablero.require_inside(Square(*s)) for s in squares]
    return _figures_in(tablero, chosen)
