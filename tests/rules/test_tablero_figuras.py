"""The board: squares by name, drawing, placing, occupancy, distances and JSON."""

from __future__ import annotations

import json

import pytest

from umbral_rules import UmbralError
from umbral_rules.tablero import (
    Figure,
    Square,
    Tablero,
    column_label,
    distance_to_square,
    figure_distance,
    labels,
    parse_square,
    parse_squares,
    rectangle,
    square_distance,
)


def fig(fid: str, at: str, side: str = "pj", tamano: str = "normal", **kw: bool) -> Figure:
    return Figure(fid, fid.capitalize(), side, parse_square(at), tamano, **kw)


def test_square_names_chess_style() -> None:
    assert parse_square("C4") == Square(2, 3)
    assert parse_square(" a1 ") == Square(0, 0)
    assert Square(2, 3).label == "C4"
    assert column_label(25) == "Z"
    assert column_label(26) == "AA"
    assert parse_square("AB12") == Square(27, 11)
    assert Square(27, 11).label == "AB12"


def test_square_ranges_and_lists() -> None:
    assert parse_squares("A1:A6") == tuple(Square(0, r) for r in range(6))
    assert parse_squares("B2:A1") == (Square(0, 0), Square(1, 0), Square(0, 1), Square(1, 1))
    assert parse_squares("C4, D5 C4") == (Square(2, 3), Square(3, 4))
    assert rectangle(Square(1, 1), Square(1, 1)) == (Square(1, 1),)
    assert labels([Square(0, 0), Square(1, 1)]) == "A1, B2"


@pytest.mark.parametrize("text", ["", "4C", "C", "C0", "Ñ3", "A1:"])
def test_bad_square_names_are_refused_in_spanish(text: str) -> None:
    with pytest.raises(UmbralError) as err:
        parse_squares(text)
    assert "casilla" in str(err.value) or "filas" in str(err.value)


def test_column_label_refuses_negative() -> None:
    with pytest.raises(UmbralError):
        column_label(-1)


def test_tablero_limits() -> None:
    with pytest.raises(UmbralError, match="ancho"):
        Tablero(0, 5)
    with pytest.raises(UmbralError, match="alto"):
        Tablero(5, 61)
    with pytest.raises(UmbralError, match="fuera del tablero"):
        Tablero(5, 5).with_walls([Square(5, 0)])
    with pytest.raises(UmbralError, match="fuera del tablero"):
        Tablero(5, 5).require_inside(Square(-1, 0))
    with pytest.raises(UmbralError, match="muro y cobertura"):
        Tablero(5, 5, walls=frozenset({Square(1, 1)}), cover=frozenset({Square(1, 1)}))


def test_walls_and_cover_replace_each_other_and_can_be_erased() -> None:
    b = Tablero(6, 6).with_cover(parse_squares("B2:C2"))
    b = b.with_walls(parse_squares("C2"))
    assert b.walls == {Square(2, 1)} and b.cover == {Square(1, 1)}
    b = b.with_cover([Square(2, 1)])
    assert b.walls == frozenset() and b.cover == {Square(1, 1), Square(2, 1)}
    b = b.with_cover([Square(1, 1)], present=False).with_walls([Square(0, 0)])
    assert b.cover == {Square(2, 1)}
    assert b.with_walls([Square(0, 0)], present=False).walls == frozenset()


def test_sizes_take_their_squares() -> None:
    b = Tablero(10, 10)
    for tamano, side in (("normal", 1), ("grande", 2), ("descomunal", 3), ("inabarcable", 4)):
        f = fig("x", "B2", tamano=tamano)
        tablero = b.place(f)
        assert len(tablero.occupancy()) == side * side
        assert set(tablero.occupancy()) == set(f.extent)
    assert b.place(fig("d", "B2", tamano="diminuto")).occupancy() == {}


def test_occupancy_refusals() -> None:
    b = Tablero(6, 6).with_walls([Square(3, 3)]).place(fig("a", "B2"))
    with pytest.raises(UmbralError, match="B2 ya la ocupa A"):
        b.place(fig("b", "B2"))
    with pytest.raises(UmbralError, match="ya la ocupa"):
        b.place(fig("ogro", "A1", "enemigo", "grande"))
    with pytest.raises(UmbralError, match="es muro"):
        b.place(fig("b", "C3", tamano="grande"))
    with pytest.raises(UmbralError, match="no cabe en el tablero"):
        b.place(fig("b", "F6", tamano="grande"))
    with pytest.raises(UmbralError, match="A y B no caben juntos en A1"):
        Tablero(4, 4, figures=(fig("a", "A1"), fig("b", "A1")))
    with pytest.raises(UmbralError, match="dos figuras"):
        Tablero(4, 4, figures=(fig("a", "A1"), fig("a", "B2")))


def test_two_pequenos_share_a_square_but_not_three_nor_enemies() -> None:
    b = (
        Tablero(4, 4)
        .place(fig("p1", "A1", tamano="pequeno"))
        .place(fig("p2", "A1", tamano="pequeno"))
    )
    assert b.occupancy()[Square(0, 0)] == ("p1", "p2")
    with pytest.raises(UmbralError):
        b.place(fig("p3", "A1", tamano="pequeno"))
    with pytest.raises(UmbralError):
        Tablero(4, 4).place(fig("p1", "A1", tamano="pequeno")).place(
            fig("e", "A1", "enemigo", "pequeno")
        )
    with pytest.raises(UmbralError):
        Tablero(4, 4).place(fig("p1", "A1", tamano="pequeno")).place(fig("n", "A1"))


def test_diminuto_takes_no_square() -> None:
    b = Tablero(4, 4).place(fig("a", "A1")).place(fig("rata", "A1", "enemigo", "diminuto"))
    assert b.occupancy()[Square(0, 0)] == ("a",)
    assert {f.id for f in b.figures_at(Square(0, 0))} == {"a", "rata"}


def test_figure_validation() -> None:
    with pytest.raises(UmbralError, match="Bando"):
        fig("a", "A1", side="neutral")
    with pytest.raises(UmbralError, match="Tamaño"):
        fig("a", "A1", tamano="enorme")
    with pytest.raises(UmbralError, match="identificador"):
        Figure(" ", "A", "pj", Square(0, 0))
    with pytest.raises(UmbralError, match="nombre"):
        Figure("a", "", "pj", Square(0, 0))
    assert Figure("a", "A", "pj", (1, 2)).position == Square(1, 2)  # type: ignore[arg-type]


def test_lookup_update_remove() -> None:
    b = Tablero(4, 4).place(fig("a", "A1")).place(fig("e", "C3", "enemigo"))
    assert b.has("a") and not b.has("z")
    with pytest.raises(UmbralError, match="«z»"):
        b.figure("z")
    assert [f.id for f in b.enemies_of(b.figure("a"))] == ["e"]
    b2 = b.update("a", down=True, larga=True)
    assert b2.figure("a").down and b2.figure("a").reach == 2
    assert b2.update("a").figure("a") == b2.figure("a")
    assert not b.remove("a").has("a")
    moved = b.place(b.figure("a").at(Square(1, 1)))
    assert moved.figure("a").position == Square(1, 1) and [f.id for f in moved.figures] == [
        "a",
        "e",
    ]


def test_distances_chebyshev_edge_to_edge() -> None:
    assert square_distance(Square(0, 0), Square(3, 1)) == 3
    a, b = fig("a", "A1"), fig("b", "B2")
    assert figure_distance(a, b) == 1  # diagonal is adjacent
    ogro = fig("ogro", "C3", "enemigo", "grande")  # C3:D4
    assert figure_distance(fig("x", "B2"), ogro) == 1
    assert figure_distance(fig("x", "F3"), ogro) == 2
    assert figure_distance(fig("x", "D4"), ogro) == 0
    assert figure_distance(fig("x", "A10"), ogro) == 6
    assert distance_to_square(ogro, Square(5, 5)) == 2
    assert figure_distance(fig("t", "E1", tamano="descomunal"), ogro) == 1
    assert figure_distance(fig("t", "D1", tamano="descomunal"), ogro) == 0


def test_json_round_trip() -> None:
    b = (
        Tablero(12, 10)
        .with_walls(parse_squares("F1:F5"))
        .with_cover(parse_squares("D8"))
        .place(fig("kaeda", "B2"))
        .place(fig("ogro", "H2", "enemigo", "grande", larga=True))
        .place(fig("g", "C3", "enemigo", down=True))
    )
    data = json.loads(json.dumps(b.to_dict()))
    assert data["walls"][0] == "F1" and data["figures"][1]["at"] == "H2"
    assert Tablero.from_dict(data) == b


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"width": "x", "height": 3},
        {"width": 3, "height": 3, "walls": "A1"},
        {"width": 3, "height": 3, "figures": {"a": 1}},
        {"width": 3, "height": 3, "figures": [{"id": "a"}]},
    ],
)
def test_json_garbage_is_refused_in_spanish(data: dict[str, object]) -> None:
    with pytest.raises(UmbralError, match="no se puede leer"):
        Tablero.from_dict(data)
