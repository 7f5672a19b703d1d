"""Movement: six squares keeping the acción, twelve giving it up; walls and enemies block;
leaving reach gives the opportunity respuesta, entering a Larga's reach its free roll."""

from __future__ import annotations

import pytest

from umbral_rules import UmbralError
from umbral_rules.tablero import (
    LARGA,
    OPORTUNIDAD,
    Figure,
    Square,
    Tablero,
    movement_allowance,
    parse_square,
    parse_squares,
    plan_move,
    square_distance,
)

sq = parse_square


def fig(fid: str, at: str, side: str = "pj", tamano: str = "normal", **kw: bool) -> Figure:
    return Figure(fid, fid.capitalize(), side, sq(at), tamano, **kw)


def steps_are_single(start: Square, path: tuple[Square, ...]) -> bool:
    return all(square_distance(a, b) == 1 for a, b in zip((start, *path), path, strict=False))


def test_allowance() -> None:
    assert movement_allowance() == 6
    assert movement_allowance(keeps_accion=False) == 12


def test_diagonals_count_one() -> None:
    b = Tablero(12, 12).place(fig("k", "A1"))
    move = plan_move(b, "k", sq("F6"), allowance=6)
    assert move.squares == 5 and move.end == sq("F6") and not move.needs_accion
    assert steps_are_single(move.start, move.path)
    assert move.tablero.figure("k").position == sq("F6")
    assert move.events == ()


def test_six_keeping_the_accion_twelve_giving_it_up() -> None:
    b = Tablero(14, 3).place(fig("k", "A1"))
    with pytest.raises(UmbralError, match="hay 7 casillas de camino; a K le quedan 6"):
        plan_move(b, "k", sq("H1"), allowance=movement_allowance())
    move = plan_move(b, "k", sq("H1"), allowance=movement_allowance(keeps_accion=False))
    assert move.squares == 7 and move.needs_accion
    with pytest.raises(UmbralError, match="le quedan 12"):
        plan_move(b, "k", sq("N1"), allowance=12)


def test_walls_force_a_detour_and_can_close_the_way() -> None:
    b = Tablero(7, 7).with_walls(parse_squares("D1:D6")).place(fig("k", "B2"))
    move = plan_move(b, "k", sq("F2"))
    assert all(s not in b.walls for s in move.path)
    assert sq("D7") in move.path
    closed = b.with_walls([sq("D7")])
    with pytest.raises(UmbralError, match="No hay camino"):
        plan_move(closed, "k", sq("F2"))


def test_no_slipping_between_two_diagonal_walls() -> None:
    b = Tablero(2, 2).with_walls([sq("B1"), sq("A2")]).place(fig("k", "A1"))
    with pytest.raises(UmbralError, match="No hay camino"):
        plan_move(b, "k", sq("B2"))
    one = Tablero(2, 2).with_walls([sq("B1")]).place(fig("k", "A1"))
    assert plan_move(one, "k", sq("B2")).squares == 1


def test_enemies_block_allies_are_passed_but_not_ended_on() -> None:
    corridor = Tablero(5, 1).place(fig("k", "A1")).place(fig("amigo", "C1"))
    assert plan_move(corridor, "k", sq("E1")).path == parse_squares("B1 C1 D1 E1")
    with pytest.raises(UmbralError, match="no puede acabar en C1: C1 ya la ocupa Amigo"):
        plan_move(corridor, "k", sq("C1"))
    blocked = Tablero(5, 1).place(fig("k", "A1")).place(fig("malo", "C1", "enemigo"))
    with pytest.raises(UmbralError, match="No hay camino"):
        plan_move(blocked, "k", sq("E1"))
    fallen = blocked.update("malo", down=True)
    assert plan_move(fallen, "k", sq("E1")).squares == 4


def test_diminuto_slips_past_figures() -> None:
    b = Tablero(5, 1).place(fig("rata", "A1", "enemigo", "diminuto")).place(fig("k", "C1"))
    move = plan_move(b, "rata", sq("C1"))
    assert move.squares == 2


def test_big_figures_need_room() -> None:
    b = (
        Tablero(8, 8)
        .with_walls(parse_squares("D1:D3 D5:D8"))
        .place(fig("ogro", "A1", "enemigo", "grande"))
    )
    with pytest.raises(UmbralError, match="No hay camino"):
        plan_move(b, "ogro", sq("F1"))  # the gap at D4 is one square wide
    wider = b.with_walls([sq("D5")], present=False)
    move = plan_move(wider, "ogro", sq("F1"), allowance=12)
    assert all(
        s not in wider.walls
        for p in move.path
        for s in Figure("o", "o", "enemigo", p, "grande").extent
    )


def test_refusals() -> None:
    b = Tablero(4, 4).with_walls([sq("D4")]).place(fig("k", "A1")).place(fig("c", "B1", down=True))
    with pytest.raises(UmbralError, match="ya está en A1"):
        plan_move(b, "k", sq("A1"))
    with pytest.raises(UmbralError, match="fuera del tablero"):
        plan_move(b, "k", sq("E1"))
    with pytest.raises(UmbralError, match="es muro"):
        plan_move(b, "k", sq("D4"))
    with pytest.raises(UmbralError, match="ha caído"):
        plan_move(b, "c", sq("B3"))
    with pytest.raises(UmbralError, match="negativas"):
        plan_move(b, "k", sq("A2"), allowance=-1)
    with pytest.raises(UmbralError, match="«z»"):
        plan_move(b, "z", sq("A2"))


def test_cover_crossed_is_reported() -> None:
    b = Tablero(3, 1).with_cover([sq("B1")]).place(fig("k", "A1"))
    assert plan_move(b, "k", sq("C1")).through_cover == (sq("B1"),)


def test_leaving_reach_gives_the_opportunity_respuesta() -> None:
    b = Tablero(8, 3).place(fig("k", "B2")).place(fig("guardia", "C2", "enemigo"))
    move = plan_move(b, "k", sq("A1"))  # A1 is two squares from C2: the reach is left at once
    assert [(e.kind, e.figure_id, e.square, e.available) for e in move.events] == [
        (OPORTUNIDAD, "guardia", sq("B2"), True)
    ]
    assert move.opportunity == move.events and move.larga == ()
    assert "tirada gratis con ventaja" in move.events[0].message


def test_moving_around_inside_reach_gives_nothing() -> None:
    b = Tablero(8, 3).place(fig("k", "B2")).place(fig("guardia", "C2", "enemigo"))
    assert plan_move(b, "k", sq("C1")).events == ()


def test_despegarse_is_reported_and_costs_the_accion() -> None:
    b = Tablero(14, 3).place(fig("k", "B2")).place(fig("guardia", "C2", "enemigo"))
    move = plan_move(b, "k", sq("A1"), despegarse=True)
    assert move.events[0].despegarse
    assert "Destreza + Oficio" in move.events[0].message
    with pytest.raises(UmbralError, match="despegarse gasta la acción"):
        plan_move(b, "k", sq("K2"), allowance=12, despegarse=True)


def test_the_path_avoids_a_needless_opportunity() -> None:
    # Two ways of the same length: one brushes past the sleeping guard's reach and leaves it.
    b = Tablero(5, 5).place(fig("k", "A3")).place(fig("guardia", "C1", "enemigo"))
    move = plan_move(b, "k", sq("E3"))
    assert move.squares == 4 and move.events == ()


def test_larga_free_roll_on_entering_reach_and_its_respuesta_spent() -> None:
    b = Tablero(10, 3).place(fig("k", "A2")).place(fig("piquero", "F2", "enemigo", larga=True))
    move = plan_move(b, "k", sq("D2"))
    assert [(e.kind, e.figure_id, e.square, e.step) for e in move.events] == [
        (LARGA, "piquero", sq("D2"), 3)
    ]
    assert move.larga[0].available and "tirada gratis (su respuesta)" in move.larga[0].message
    spent = plan_move(b, "k", sq("D2"), spent_respuestas={"piquero"})
    assert not spent.larga[0].available
    assert "ya gastó su respuesta" in spent.larga[0].message


def test_larga_reach_left_is_an_opportunity_too() -> None:
    b = Tablero(10, 3).place(fig("k", "D2")).place(fig("piquero", "F2", "enemigo", larga=True))
    move = plan_move(b, "k", sq("A2"))
    assert [(e.kind, e.square) for e in move.events] == [(OPORTUNIDAD, sq("D2"))]


def test_events_are_in_path_order() -> None:
    b = (
        Tablero(12, 3)
        .place(fig("k", "B2"))
        .place(fig("guardia", "A2", "enemigo"))
        .place(fig("piquero", "J2", "enemigo", larga=True))
    )
    move = plan_move(b, "k", sq("H2"))
    assert [(e.kind, e.figure_id) for e in move.events] == [
        (OPORTUNIDAD, "guardia"),
        (LARGA, "piquero"),
    ]
