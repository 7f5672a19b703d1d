"""Reach, shots (range, a bocajarro, line of fire, cover, size) and acoso on the board,
with forced dice where a roll follows."""

from __future__ import annotations

import pytest

from umbral_rules import (
    CharacterSheet,
    EnemySheet,
    ForcedDice,
    Grade,
    UmbralError,
    Weapon,
    shot,
)
from umbral_rules.tablero import (
    A_BOCAJARRO,
    ENEMIGO_ENCIMA,
    LARGA_PEGADO,
    Figure,
    Square,
    Tablero,
    acoso_on,
    check_melee,
    check_shot,
    line_of_fire,
    line_squares,
    parse_square,
    parse_squares,
    require_melee,
    require_shot,
    weapon_range,
)

sq = parse_square
ARCO = Weapon.make("Arco largo", "arco")
BALLESTA = Weapon.make("Ballesta", "ballesta")
ARCABUZ = Weapon.make("Arcabuz", "polvora")
HACHA = Weapon.make("Hacha arrojadiza", "mano", cualidades=["arrojadiza"])
ESPADA = Weapon.make("Espada", "mano")


def fig(fid: str, at: str, side: str = "pj", tamano: str = "normal", **kw: bool) -> Figure:
    return Figure(fid, fid.capitalize(), side, sq(at), tamano, **kw)


# --- melee --------------------------------------------------------------------------------


def test_melee_reach_is_the_adjacent_square_diagonals_too() -> None:
    b = Tablero(6, 6).place(fig("k", "B2")).place(fig("g", "C3", "enemigo"))
    check = require_melee(b, "k", "g")
    assert check.possible and check.distance == 1 and check.desventajas == ()
    far = b.place(b.figure("g").at(sq("D4")))
    refused = check_melee(far, "k", "g")
    assert not refused.possible
    assert refused.reason == "G está a 2 casillas de K; su arma llega a 1."
    with pytest.raises(UmbralError, match="su arma llega a 1"):
        require_melee(far, "k", "g")


def test_larga_reaches_two_with_desventaja_while_adjacent() -> None:
    b = Tablero(6, 6).place(fig("k", "B2", larga=True)).place(fig("g", "D4", "enemigo"))
    assert require_melee(b, "k", "g").desventajas == ()
    close = b.place(b.figure("g").at(sq("C3")))
    assert require_melee(close, "k", "g").desventajas == (LARGA_PEGADO,)
    # the weapon in hand can be given explicitly
    assert not check_melee(b, "k", "g", larga=False).possible
    plain = Tablero(6, 6).place(fig("k", "B2")).place(fig("g", "D4", "enemigo"))
    assert check_melee(plain, "k", "g", larga=True).possible


def test_big_creatures_are_reached_at_any_of_their_squares() -> None:
    b = Tablero(8, 8).place(fig("k", "A1")).place(fig("ogro", "B2", "enemigo", "grande"))
    assert require_melee(b, "k", "ogro").possible
    assert require_melee(b, "ogro", "k").possible


def test_melee_refusals() -> None:
    b = Tablero(4, 4).place(fig("k", "A1")).place(fig("c", "B1", down=True))
    with pytest.raises(UmbralError, match="a sí mismo"):
        check_melee(b, "k", "k")
    with pytest.raises(UmbralError, match="ha caído"):
        check_melee(b, "c", "k")


# --- ranges -------------------------------------------------------------------------------


def test_range_table() -> None:
    assert weapon_range(ARCO) == 40
    assert weapon_range(BALLESTA) == 30
    assert weapon_range(ARCABUZ) == 20
    assert weapon_range(ARCO, range_squares=25) == 25
    # Arrojadiza: one square per point of Vigor before doubling
    assert weapon_range(HACHA, vigor=0) == 8
    assert weapon_range(HACHA, vigor=2) == 12
    assert weapon_range(HACHA, vigor=3, range_squares=2) == 10
    with pytest.raises(UmbralError, match="no dispara ni es Arrojadiza"):
        weapon_range(ESPADA)
    with pytest.raises(UmbralError, match="al menos una casilla"):
        weapon_range(ARCO, range_squares=0)


def test_the_bow_reaches_the_whole_tablero() -> None:
    b = Tablero(40, 40).place(fig("arquera", "A1")).place(fig("g", "AN40", "enemigo"))
    check = require_shot(b, "arquera", "g", ARCO)
    assert check.distance == 39 and check.range == 40 and not check.cover


def test_no_shot_past_the_limit() -> None:
    b = Tablero(40, 40).place(fig("k", "A1")).place(fig("g", "A22", "enemigo"))
    check = check_shot(b, "k", "g", ARCABUZ)
    assert not check.possible
    assert check.reason == "G está a 21 casillas y Arcabuz llega a 20: no hay tiro."
    assert check_shot(b, "k", "g", ARCABUZ, range_squares=21).possible
    thrown = check_shot(b, "k", "g", HACHA, vigor=2)
    assert not thrown.possible and "llega a 12" in (thrown.reason or "")


def test_point_blank_in_the_first_two_squares() -> None:
    b = Tablero(10, 3).place(fig("k", "A2")).place(fig("g", "C2", "enemigo"))
    assert require_shot(b, "k", "g", ARCO).ventajas == (A_BOCAJARRO,)
    assert require_shot(b, "k", "g", ARCO).point_blank
    b3 = b.place(b.figure("g").at(sq("D2")))
    assert require_shot(b3, "k", "g", ARCO).ventajas == ()


def test_an_enemy_on_top_of_the_shooter_gives_desventaja() -> None:
    b = Tablero(10, 3).place(fig("k", "A2")).place(fig("g", "H2", "enemigo"))
    assert require_shot(b, "k", "g", ARCO).desventajas == ()
    pressed = b.place(fig("g2", "B1", "enemigo"))
    assert require_shot(pressed, "k", "g", ARCO).desventajas == (ENEMIGO_ENCIMA,)
    # an enemy that has fallen presses nobody
    assert require_shot(pressed.update("g2", down=True), "k", "g", ARCO).desventajas == ()


# --- line of fire -------------------------------------------------------------------------


def test_line_squares_are_the_same_both_ways() -> None:
    a, b = Square(0, 0), Square(5, 2)
    assert line_squares(a, b) == tuple(reversed(line_squares(b, a)))
    assert line_squares(a, a) == (a,)
    assert line_squares(Square(0, 0), Square(3, 3))[1] == Square(1, 1)


def test_a_shot_through_a_wall_is_refused() -> None:
    b = (
        Tablero(10, 5)
        .with_walls(parse_squares("E1:E5"))
        .place(fig("k", "B3"))
        .place(fig("g", "H3", "enemigo"))
    )
    check = check_shot(b, "k", "g", ARCO)
    assert check.line.blocked and not check.possible and not check.cover
    assert check.reason == "Un muro tapa a G por completo: no hay línea de tiro."
    with pytest.raises(UmbralError, match="no hay línea de tiro"):
        require_shot(b, "k", "g", ARCO)


def test_a_gap_in_the_wall_is_enough() -> None:
    b = (
        Tablero(10, 5)
        .with_walls(parse_squares("E1:E2 E4:E5"))
        .place(fig("k", "B3"))
        .place(fig("g", "H3", "enemigo"))
    )
    check = require_shot(b, "k", "g", ARCO)
    assert not check.cover and check.line.obstacles == ()


def test_a_figure_in_the_way_is_cover() -> None:
    b = (
        Tablero(10, 3)
        .place(fig("k", "A2"))
        .place(fig("amigo", "D2"))
        .place(fig("g", "H2", "enemigo"))
    )
    check = require_shot(b, "k", "g", ARCO)
    assert check.cover and check.line.obstacles == ("Amigo en D2",)


def test_a_big_target_can_be_seen_past_cover() -> None:
    # The ogre's lower squares are behind the barrel; its upper ones are in the open.
    b = (
        Tablero(10, 6)
        .with_cover(parse_squares("E4"))
        .place(fig("k", "A4"))
        .place(fig("ogro", "H3", "enemigo", "grande"))
    )
    assert not require_shot(b, "k", "ogro", ARCO).cover
    hidden = b.with_cover(parse_squares("F2:F5"))
    assert require_shot(hidden, "k", "ogro", ARCO).cover


def test_the_dwarf_behind_a_battlement_is_small_and_covered_plus_six() -> None:
    b = (
        Tablero(12, 6)
        .with_cover(parse_squares("H1:H6"))  # the battlement
        .place(fig("arquera", "B3"))
        .place(fig("enano", "I3", "enemigo", "pequeno"))
    )
    check = require_shot(b, "arquera", "enano", ARCO)
    assert check.cover and check.target_tamano == "pequeno"
    assert check.line.obstacles == ("cobertura en H3",)
    enano = EnemySheet("Enano", ataque=12, defensa=12, aguante=14, potencia=4, tamano="pequeno")
    assert check.defensa(enano.static_defensa()).value == 18
    arquera = CharacterSheet(
        "Arquera", {"vigor": 1, "destreza": 3, "percepcion": 2, "voluntad": 0}, proteccion=1
    )
    # 9 on the die + Destreza 3 = 12 against 12 + 6 = 18: margen −6, Fracaso.
    miss = shot(
        ForcedDice([9], strict=True),
        arquera.attack_modifiers(ARCO),
        enano.static_defensa(),
        ARCO.potencia,
        check.ventajas,
        check.desventajas,
        tamano=check.target_tamano,
        a_cubierto=check.cover,
    )
    assert miss.target is not None and miss.target.value == 18
    assert miss.margen == -6 and miss.hit is Grade.FRACASO and miss.damage == 0
    # Without the battlement only the size counts: 15.
    open_ground = require_shot(
        b.with_cover(parse_squares("H1:H6"), present=False), "arquera", "enano", ARCO
    )
    assert not open_ground.cover
    assert open_ground.defensa(enano.static_defensa()).value == 15


def test_a_grande_target_is_easier_and_cover_adds_up() -> None:
    b = (
        Tablero(12, 6)
        .with_cover(parse_squares("F1:F6"))
        .place(fig("k", "B3"))
        .place(fig("ogro", "H3", "enemigo", "grande"))
    )
    check = require_shot(b, "k", "ogro", BALLESTA)
    ogro = EnemySheet("Ogro", ataque=15, defensa=11, aguante=30, potencia=6, tamano="grande")
    assert check.defensa(ogro.static_defensa()).value == 11 - 3 + 3


def test_line_of_fire_for_big_shooters_uses_the_best_square() -> None:
    b = (
        Tablero(10, 6)
        .with_walls(parse_squares("E1:E3"))
        .place(fig("ogro", "A3", "enemigo", "grande"))  # A3:B4
        .place(fig("k", "H4"))
    )
    line = line_of_fire(b, "ogro", "k")  # from B4, along row 4, under the wall
    assert not line.blocked and not line.cover
    assert line_of_fire(b.place(b.figure("k").at(sq("H2"))), "ogro", "k").blocked


# --- acoso --------------------------------------------------------------------------------


def test_acoso_counts_companions_actually_in_reach() -> None:
    b = (
        Tablero(8, 8)
        .place(fig("k", "D4", "enemigo"))
        .place(fig("a", "C3"))
        .place(fig("b", "E3"))
        .place(fig("c", "C5"))
        .place(fig("lejos", "A1"))
        .place(fig("lanza", "F6", larga=True))
        .place(fig("caido", "D5", down=True))
    )
    count = acoso_on(b, "a", "k")
    assert count.companions == ("b", "c", "lanza") and count.bonus == 3
    assert acoso_on(b.remove("lanza").remove("c"), "a", "k").bonus == 1


def test_acoso_against_a_big_target_costs_its_size_steps() -> None:
    b = Tablero(10, 10).place(fig("ogro", "D4", "enemigo", "grande"))  # D4:E5
    ring = parse_squares("C3 D3 E3 F3 C4 F4 C5 F5")
    for i, square in enumerate(ring):
        b = b.place(Figure(f"p{i}", f"P{i}", "pj", square))
    count = acoso_on(b, "p0", "ogro")
    assert len(count.companions) == 7 and count.bonus == 3  # seven reach +3 against a Grande
    assert acoso_on(b.remove("p7").remove("p6"), "p0", "ogro").bonus == 2


def test_acoso_is_not_counted_from_the_targets_side() -> None:
    b = (
        Tablero(5, 5)
        .place(fig("k", "B2"))
        .place(fig("g", "C2", "enemigo"))
        .place(fig("g2", "C3", "enemigo"))
    )
    assert acoso_on(b, "k", "g").companions == ()
    assert acoso_on(b, "g", "k").companions == ("g2",)
    assert acoso_on(b, "g", "k").bonus == 1
