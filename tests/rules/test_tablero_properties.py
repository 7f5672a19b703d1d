"""Property tests of the grid: distances, movement, lines of fire, sweeps, JSON."""

from __future__ import annotations

import contextlib
import itertools

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from umbral_rules import UmbralError
from umbral_rules.tablero import (
    Figure,
    Square,
    Tablero,
    figure_distance,
    line_squares,
    plan_move,
    reach_squares,
    square_distance,
    sweep,
)

SIZES = ["diminuto", "pequeno", "normal", "grande", "descomunal", "inabarcable"]
W = H = 10


def squares(w: int = W, h: int = H) -> st.SearchStrategy[Square]:
    return st.builds(Square, st.integers(0, w - 1), st.integers(0, h - 1))


figures = st.builds(
    Figure,
    id=st.just("x"),
    name=st.just("X"),
    side=st.sampled_from(["pj", "enemigo"]),
    position=squares(30, 30),
    tamano=st.sampled_from(SIZES),
)


@given(figures, figures)
def test_distance_is_symmetric_and_never_negative(a: Figure, b: Figure) -> None:
    assert figure_distance(a, b) == figure_distance(b, a) >= 0


@given(squares(), squares(), squares())
def test_square_distance_is_a_metric(a: Square, b: Square, c: Square) -> None:
    assert square_distance(a, b) == square_distance(b, a)
    assert square_distance(a, c) <= square_distance(a, b) + square_distance(b, c)
    assert (square_distance(a, b) == 0) == (a == b)


@given(squares(), squares())
def test_lines_are_continuous_symmetric_and_as_long_as_the_distance(a: Square, b: Square) -> None:
    line = line_squares(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == square_distance(a, b) + 1
    assert all(square_distance(p, q) == 1 for p, q in itertools.pairwise(line))
    assert line == tuple(reversed(line_squares(b, a)))


@st.composite
def tableros_with_a_mover(draw: st.DrawFn) -> tuple[Tablero, Square]:
    walls = draw(st.frozensets(squares(), max_size=30))
    tablero = Tablero(W, H, walls=walls)
    tamano = draw(st.sampled_from(["normal", "normal", "grande", "pequeno", "diminuto"]))
    start = draw(squares())
    try:
        tablero = tablero.place(Figure("m", "Mover", "pj", start, tamano))
    except UmbralError:
        assume(False)
    for i in range(draw(st.integers(0, 4))):
        with contextlib.suppress(UmbralError):
            tablero = tablero.place(
                Figure(f"e{i}", f"E{i}", "enemigo", draw(squares()), larga=draw(st.booleans()))
            )
    return tablero, draw(squares())


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(tableros_with_a_mover())
def test_movement_never_passes_walls_or_enemies_and_steps_one_square(
    case: tuple[Tablero, Square],
) -> None:
    tablero, to = case
    mover = tablero.figure("m")
    try:
        move = plan_move(tablero, "m", to, allowance=99)
    except UmbralError:
        return
    enemy_squares = {s for f in tablero.figures if f.side == "enemigo" for s in f.occupies}
    previous = move.start
    for pos in move.path:
        assert square_distance(previous, pos) == 1
        for square in mover.at(pos).extent:
            assert tablero.inside(square)
            assert square not in tablero.walls
            if mover.tamano != "diminuto":
                assert square not in enemy_squares
        previous = pos
    assert move.end == to == move.path[-1]
    assert len({(e.kind, e.figure_id) for e in move.events}) == len(move.events)
    assert move.needs_accion == (move.squares > 6)


@st.composite
def sweeps(draw: st.DrawFn) -> tuple[Tablero, list[Square]]:
    tamano = draw(st.sampled_from(["grande", "descomunal", "inabarcable"]))
    tablero = Tablero(W, H).place(Figure("big", "Bestia", "enemigo", Square(3, 3), tamano))
    for i in range(draw(st.integers(0, 12))):
        fsize = draw(st.sampled_from(["normal", "grande", "pequeno", "diminuto"]))
        with contextlib.suppress(UmbralError):
            tablero = tablero.place(Figure(f"p{i}", f"P{i}", "pj", draw(squares()), fsize))
    reach = sorted(reach_squares(tablero, tablero.figure("big")))
    n = {"grande": 2, "descomunal": 3, "inabarcable": 4}[tamano]
    chosen = [draw(st.sampled_from(reach))]
    while len(chosen) < n:
        options = [
            s
            for s in reach
            if s not in chosen and any(abs(s.col - c.col) + abs(s.row - c.row) == 1 for c in chosen)
        ]
        assume(options)
        chosen.append(draw(st.sampled_from(options)))
    return tablero, chosen


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(sweeps())
def test_a_sweep_never_lists_a_figure_twice(case: tuple[Tablero, list[Square]]) -> None:
    tablero, chosen = case
    blow = sweep(tablero, "big", chosen)
    assert len(blow.targets) == len(set(blow.targets))
    assert "big" not in blow.targets
    for fid in blow.targets:
        assert set(tablero.figure(fid).extent) & set(chosen)


@given(tableros_with_a_mover())
def test_json_round_trip_of_any_tablero(case: tuple[Tablero, Square]) -> None:
    tablero, _ = case
    assert Tablero.from_dict(tablero.to_dict()) == tablero
