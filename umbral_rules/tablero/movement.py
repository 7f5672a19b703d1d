"""Movement on the board: a shortest path over squares (diagonals cost one), the budget of six
or twelve squares, and the respuestas the path gives away (Libro VI §39, §41)."""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from ..errors import UmbralError
from ..tables import LARGA_REACH, MOVE_SQUARES, MOVE_SQUARES_NO_ACCION
from .squares import Square
from .tablero import Figure, Tablero

STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

OPORTUNIDAD = "oportunidad"
LARGA = "larga"


@dataclass(frozen=True)
class ReachEvent:
    """A respuesta the move offers to an enemy.

    ``oportunidad``: the mover leaves the enemy's reach (its free roll with ventaja, unless the
    mover is Despegándose: then the opposed Destreza + Oficio roll decides first).
    ``larga``: the mover enters the 2-square reach of the enemy's Larga weapon (its free roll).
    ``square`` is where the mover stands when it happens; ``step`` how many squares in.
    ``available`` is false when that enemy has already spent its respuesta this asalto.
    """

    kind: str
    figure_id: str
    name: str
    square: Square
    step: int
    available: bool
    despegarse: bool = False

    @property
    def message(self) -> str:
        if self.kind == LARGA:
            text = f"Entra al alcance del arma Larga de {self.name} en {self.square.label}"
        elif self.despegarse:
            text = (
                f"Se despega de {self.name} en {self.square.label}: tirada enfrentada de "
                "Destreza + Oficio contra su ataque; si la pierde, tira igual"
            )
        else:
            text = f"Sale del alcance de {self.name} desde {self.square.label}"
        if not self.available:
            return f"{text} (ya gastó su respuesta este asalto)."
        if self.kind == LARGA:
            return f"{text}: tirada gratis (su respuesta)."
        if self.despegarse:
            return f"{text} con ventaja (su respuesta)."
        return f"{text}: tirada gratis con ventaja (su respuesta)."


@dataclass(frozen=True)
class Move:
    """A valid move. ``path`` holds the positions after each step (the last is ``end``)."""

    figure_id: str
    start: Square
    end: Square
    path: tuple[Square, ...]
    needs_accion: bool
    through_cover: tuple[Square, ...]
    events: tuple[ReachEvent, ...]
    tablero: Tablero

    @property
    def squares(self) -> int:
        return len(self.path)

    @property
    def opportunity(self) -> tuple[ReachEvent, ...]:
        return tuple(e for e in self.events if e.kind == OPORTUNIDAD)

    @property
    def larga(self) -> tuple[ReachEvent, ...]:
        return tuple(e for e in self.events if e.kind == LARGA)


def movement_allowance(keeps_accion: bool = True) -> int:
    """Six squares keeping the acción, twelve giving it up."""
    return MOVE_SQUARES if keeps_accion else MOVE_SQUARES_NO_ACCION


class _Mover:
    def __init__(self, tablero: Tablero, figure: Figure) -> None:
        self.tablero = tablero
        self.figure = figure
        self.n = figure.side_len
        blocked = set(tablero.walls)
        if figure.tamano != "diminuto":
            for other in tablero.figures:
                if other.id != figure.id and other.is_enemy_of(figure) and not other.down:
                    blocked.update(other.occupies)
        self.blocked = frozenset(blocked)
        self.enemies = tuple(
            f for f in tablero.figures if f.is_enemy_of(figure) and not f.down and f.id != figure.id
        )
        self._zones: dict[Square, tuple[int, int]] = {}

    def passable(self, pos: Square) -> bool:
        c, r, n = pos.col, pos.row, self.n
        if c < 0 or r < 0 or c + n > self.tablero.width or r + n > self.tablero.height:
            return False
        return not any(Square(c + i, r + j) in self.blocked for j in range(n) for i in range(n))

    def neighbours(self, pos: Square) -> Iterator[Square]:
        for dc, dr in STEPS:
            nxt = Square(pos.col + dc, pos.row + dr)
            if not self.passable(nxt):
                continue
            if (
                dc
                and dr
                and not (
                    self.passable(Square(pos.col + dc, pos.row))
                    or self.passable(Square(pos.col, pos.row + dr))
                )
            ):
                continue  # no slipping between two blocked corners
            yield nxt

    def in_reach(self, pos: Square, enemy: Figure, reach: int) -> bool:
        e, m, n = enemy.position, enemy.side_len, self.n
        gap_c = max(0, e.col - (pos.col + n - 1), pos.col - (e.col + m - 1))
        gap_r = max(0, e.row - (pos.row + n - 1), pos.row - (e.row + m - 1))
        return max(gap_c, gap_r) <= reach

    def zones(self, pos: Square) -> tuple[int, int]:
        """Bit masks of the enemies whose reach, and whose Larga reach, cover ``pos``."""
        cached = self._zones.get(pos)
        if cached is None:
            reach = larga = 0
            for i, enemy in enumerate(self.enemies):
                if self.in_reach(pos, enemy, enemy.reach):
                    reach |= 1 << i
                if enemy.larga and self.in_reach(pos, enemy, LARGA_REACH):
                    larga |= 1 << i
            cached = self._zones[pos] = (reach, larga)
        return cached

    def penalty(self, a: Square, b: Square) -> int:
        """Respuestas a step gives away: used only to prefer the cleanest of the shortest paths."""
        reach_a, larga_a = self.zones(a)
        reach_b, larga_b = self.zones(b)
        return (reach_a & ~reach_b).bit_count() + (larga_b & ~larga_a).bit_count()

    def search(self, start: Square, goal: Square, limit: int) -> tuple[Square, ...] | None:
        """The shortest path (fewest respuestas given away among equals) within ``limit``."""
        best: dict[Square, tuple[int, int]] = {start: (0, 0)}
        came: dict[Square, Square] = {}
        heap: list[tuple[int, int, Square]] = [(0, 0, start)]
        while heap:
            steps, pen, pos = heapq.heappop(heap)
            if best[pos] < (steps, pen):
                continue
            if pos == goal:
                path = [pos]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return tuple(reversed(path[:-1]))
            if steps >= limit:
                continue
            for nxt in self.neighbours(pos):
                cost = (steps + 1, pen + self.penalty(pos, nxt))
                if cost < best.get(nxt, (limit + 1, 0)):
                    best[nxt] = cost
                    came[nxt] = pos
                    heapq.heappush(heap, (*cost, nxt))
        return None

    def steps_to(self, start: Square, goal: Square) -> int | None:
        """Plain breadth-first distance, for saying how far a place out of reach is."""
        seen = {start: 0}
        frontier = [start]
        while frontier:
            following: list[Square] = []
            for pos in frontier:
                for nxt in self.neighbours(pos):
                    if nxt not in seen:
                        seen[nxt] = seen[pos] + 1
                        if nxt == goal:
                            return seen[nxt]
                        following.append(nxt)
            frontier = following
        return None

    def events(
        self, positions: tuple[Square, ...], despegarse: bool, spent: Collection[str]
    ) -> tuple[ReachEvent, ...]:
        found: list[ReachEvent] = []
        for enemy in self.enemies:
            inside = [self.in_reach(p, enemy, enemy.reach) for p in positions]
            for i in range(len(positions) - 1):
                if inside[i] and not inside[i + 1]:
                    found.append(
                        ReachEvent(
                            OPORTUNIDAD,
                            enemy.id,
                            enemy.name,
                            positions[i],
                            i,
                            enemy.id not in spent,
                            despegarse,
                        )
                    )
                    break
            if enemy.larga:
                near = [self.in_reach(p, enemy, LARGA_REACH) for p in positions]
                for i in range(len(positions) - 1):
                    if not near[i] and near[i + 1]:
                        found.append(
                            ReachEvent(
                                LARGA,
                                enemy.id,
                                enemy.name,
                                positions[i + 1],
                                i + 1,
                                enemy.id not in spent,
                            )
                        )
                        break
        return tuple(sorted(found, key=lambda e: (e.step, e.kind != OPORTUNIDAD, e.figure_id)))


def plan_move(
    tablero: Tablero,
    figure_id: str,
    to: Square,
    *,
    allowance: int = MOVE_SQUARES_NO_ACCION,
    despegarse: bool = False,
    spent_respuestas: Collection[str] = (),
) -> Move:
    """Check a move to ``to`` (the new top-left square) and say what it costs and provokes.

    ``allowance`` is what the figure has left this asalto (6 with the movimiento, 12 giving
    up the acción). The path may not pass walls or standing enemies (a Diminuto passes
    figures); allies are passed but not ended on. Despegarse spends the acción, so such a move
    is limited to six squares. Raises :class:`UmbralError` when the move is not possible.
    """
    figure = tablero.figure(figure_id)
    to = Square(*to)
    if figure.down:
        raise UmbralError(f"{figure.name} ha caído y no puede moverse.")
    if allowance < 0:
        raise UmbralError("Las casillas de movimiento no pueden ser negativas.")
    if to == figure.position:
        raise UmbralError(f"{figure.name} ya está en {to.label}.")
    tablero.require_inside(to)
    try:
        after = tablero.place(figure.at(to))
    except UmbralError as exc:
        raise UmbralError(f"{figure.name} no puede acabar en {to.label}: {exc}") from None
    mover = _Mover(tablero, figure)
    limit = min(allowance, MOVE_SQUARES) if despegarse else allowance
    path = mover.search(figure.position, to, limit)
    if path is None:
        steps = mover.steps_to(figure.position, to)
        if steps is None:
            raise UmbralError(
                f"No hay camino para {figure.name} de {figure.position.label} a {to.label}: "
                "lo cierran muros o enemigos."
            )
        why = " (despegarse gasta la acción)" if despegarse and allowance > limit else ""
        raise UmbralError(
            f"De {figure.position.label} a {to.label} hay {steps} casillas de camino; "
            f"a {figure.name} le quedan {limit}{why}."
        )
    covered = tuple(
        dict.fromkeys(s for p in path for s in figure.at(p).extent if s in tablero.cover)
    )
    return Move(
        figure_id=figure.id,
        start=figure.position,
        end=to,
        path=path,
        needs_accion=len(path) > MOVE_SQUARES,
        through_cover=covered,
        events=mover.events((figure.position, *path), despegarse, frozenset(spent_respuestas)),
        tablero=after,
    )
