"""Sweeps of big creatures and Ámbitos of magic on the board."""

from __future__ import annotations

import pytest

from umbral_rules import CharacterSheet, EnemySheet, ForcedDice, Grade, UmbralError, opposed_attack
from umbral_rules.tablero import (
    Figure,
    Square,
    Tablero,
    area,
    area_squares,
    figures_in,
    parse_square,
    parse_squares,
    reach_squares,
    sweep,
)

sq = parse_square


def fig(fid: str, at: str, side: str = "pj", tamano: str = "normal", **kw: bool) -> Figure:
    return Figure(fid, fid.capitalize(), side, sq(at), tamano, **kw)


def four_in_a_row(troll_size: str) -> Tablero:
    """Four characters in a row in front of the troll (row 4, over its whole front)."""
    b = Tablero(10, 10).place(fig("troll", "C5", "enemigo", troll_size))
    for i, square in enumerate(parse_squares("C4:F4")):
        b = b.place(Figure(f"pj{i}", f"Pj{i}", "pj", square))
    return b


def test_the_four_in_a_row_in_front_of_the_troll_swept_by_one_blow() -> None:
    b = four_in_a_row("inabarcable")  # C5:F8
    blow = sweep(b, "troll", parse_squares("C4:F4"))
    assert blow.targets == ("pj0", "pj1", "pj2", "pj3")
    troll = EnemySheet("Troll", ataque=16, defensa=10, aguante=40, potencia=8, tamano="inabarcable")
    pj = CharacterSheet(
        "Pj", {"vigor": 2, "destreza": 2, "percepcion": 1, "voluntad": 1}, proteccion=2
    )
    # One blow, one attacker die (8 + 4 = 12); each defender rolls once: 1, 4, 6 and 12.
    results = [
        opposed_attack(
            ForcedDice([8, face], strict=True),
            troll.attack_modifiers(),
            pj.defense_modifiers(),
            troll.potencia,
        )
        for face in (1, 4, 6, 12)
    ]
    assert [r.hit for r in results] == [Grade.EXITO_PLENO, Grade.EXITO, Grade.EXITO, Grade.FRACASO]
    assert [r.damage for r in results] == [11, 8, 8, 0]


def test_smaller_big_creatures_sweep_fewer_squares() -> None:
    grande = four_in_a_row("grande")  # C5:D6
    assert sweep(grande, "troll", parse_squares("C4 D4")).targets == ("pj0", "pj1")
    with pytest.raises(UmbralError, match="cubre 2 casillas contiguas; se indicaron 3"):
        sweep(grande, "troll", parse_squares("C4:E4"))
    with pytest.raises(UmbralError, match="F4 queda fuera del alcance"):
        sweep(grande, "troll", parse_squares("E4 F4"))
    descomunal = four_in_a_row("descomunal")  # C5:E7
    assert sweep(descomunal, "troll", parse_squares("B4:D4")).targets == ("pj0", "pj1")
    assert len(sweep(descomunal, "troll", parse_squares("D4:F4")).targets) == 3


def test_sweep_squares_must_be_contiguous_and_the_creature_big() -> None:
    b = four_in_a_row("descomunal")
    with pytest.raises(UmbralError, match="deben ser contiguas"):
        sweep(b, "troll", parse_squares("B4 D4 F4"))
    with pytest.raises(UmbralError, match="solo barren"):
        sweep(b, "pj0", parse_squares("B4 C4"))
    with pytest.raises(UmbralError, match="fuera del tablero"):
        sweep(b, "troll", [Square(10, 3), Square(9, 3), Square(8, 3)])
    with pytest.raises(UmbralError, match="ha caído"):
        sweep(b.update("troll", down=True), "troll", parse_squares("C4:E4"))


def test_a_sweep_around_the_corner_lists_a_big_figure_once() -> None:
    b = (
        Tablero(10, 10)
        .place(fig("troll", "D4", "enemigo", "descomunal"))  # D4:F6
        .place(fig("ogro", "A1", "pj", "grande"))  # A1:B2 — not adjacent
        .place(fig("otro", "B3", "pj", "grande"))  # B3:C4, touches the troll
        .place(fig("caido", "C6", "pj", down=True))
    )
    blow = sweep(b, "troll", parse_squares("C3 C4 C5"))
    assert blow.targets == ("otro",)
    assert "caido" not in sweep(b, "troll", parse_squares("C5 C6 C7")).targets


def test_reach_squares_of_a_grande_are_the_twelve_around_it() -> None:
    b = Tablero(10, 10).place(fig("ogro", "D4", "enemigo", "grande"))
    assert len(reach_squares(b, b.figure("ogro"))) == 12
    corner = Tablero(10, 10).place(fig("ogro", "A1", "enemigo", "grande"))
    assert len(reach_squares(corner, corner.figure("ogro"))) == 5
    larga = b.update("ogro", larga=True)
    assert len(reach_squares(larga, larga.figure("ogro"))) == 36 - 4


def test_ambito_one_three_and_six() -> None:
    b = (
        Tablero(12, 12)
        .place(fig("a", "E5"))
        .place(fig("b", "F6", "enemigo"))
        .place(fig("c", "H8", "enemigo"))
        .place(fig("ogro", "I2", "enemigo", "grande"))
        .place(fig("rata", "D4", "enemigo", "diminuto"))
    )
    assert area(b, 1, sq("E5")).figures == ("a",)
    three = area(b, 3, sq("E5"))
    assert three.squares[0] == sq("D4") and three.squares[-1] == sq("F6")
    assert three.figures == ("a", "b", "rata")
    six = area(b, 6, sq("F6"))  # D4:I9
    assert six.squares[0] == sq("D4") and six.squares[-1] == sq("I9") and len(six.squares) == 36
    assert six.figures == ("a", "b", "c", "rata")
    assert "ogro" in area(b, 6, sq("H5")).figures  # its square I3 is inside


def test_ambito_is_clipped_to_the_tablero_and_refused_when_unknown() -> None:
    b = Tablero(5, 5)
    assert len(area_squares(b, 3, sq("A1"))) == 4
    with pytest.raises(UmbralError, match="Ámbito"):
        area_squares(b, 4, sq("A1"))
    with pytest.raises(UmbralError, match="fuera del tablero"):
        area_squares(b, 3, sq("F1"))


def test_drawn_areas_list_everyone_inside() -> None:
    b = Tablero(6, 6).place(fig("a", "A1")).place(fig("caido", "B2", down=True))
    assert figures_in(b, parse_squares("A1:B2")) == ("a", "caido")
    with pytest.raises(UmbralError):
        figures_in(b, [Square(7, 7)])
