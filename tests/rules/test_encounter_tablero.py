"""Táctico with the board inside the encounter (issue 7): set-up, walks and their budget,
the respuestas a walk offers, reach, shots, cover and size, acoso on the board, sweeps,
areas and fallen figures. Forced dice; every state goes through JSON (``Reloading``)."""

from __future__ import annotations

from umbral_rules import CharacterSheet, EnemySheet, Weapon
from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AreaListed,
    AttackChoice,
    AttackResolved,
    DespegarseResolved,
    Encounter,
    FigureMoved,
    ReachOffered,
    RespuestaUsed,
    SweepDeclared,
    TableroChanged,
)
from umbral_rules.tablero import A_BOCAJARRO, ENEMIGO_ENCIMA, LARGA_PEGADO, Tablero

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, budget, kaeda, one
from .test_encounter_state import Reloading, refused, roundtrip

ARCO = Weapon.make("Arco", "arco")
LANZA = Weapon.make("Lanza", "mano", cualidades=["larga"])
CUCHILLO = Weapon.make("Cuchillo", "mano", cualidades=["arrojadiza"])
LANCERO = EnemySheet(
    "Lancero", ataque=12, defensa=12, aguante=14, potencia=4, arma="Pica", cualidades={"larga"}
)
ARQUERO = EnemySheet("Arquero", ataque=12, defensa=10, aguante=10, potencia=4, arma="Arco corto")
OGRO = EnemySheet("Ogro", ataque=16, defensa=11, aguante=30, potencia=6, tamano="grande")
TROL = EnemySheet("Trol", ataque=16, defensa=11, aguante=60, potencia=8, tamano="inabarcable")


def dorin() -> CharacterSheet:
    return CharacterSheet(
        "Dorin",
        {"vigor": 3, "destreza": 2, "percepcion": 1, "voluntad": 2},
        proteccion=2,
        tamano="pequeno",
    )


def ilse() -> CharacterSheet:
    return CharacterSheet(
        "Ilse", {"vigor": 1, "destreza": 3, "percepcion": 3, "voluntad": 2}, proteccion=0
    )


def where(enc: Encounter | Reloading, cid: str) -> str:
    tablero = enc.tablero
    assert isinstance(tablero, Tablero)
    return tablero.figure(cid).position.label


def test_only_in_tactico_and_only_with_a_tablero() -> None:
    narr = Encounter.start("narrativo")
    refused(narr, "solo se usa en modo Táctico", narr.tablero_setup, 12, 12)
    assert narr.tablero is None
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    refused(enc, "aún no tiene tablero", enc.place, k.id, "B2")
    refused(enc, "aún no tiene tablero", enc.move_to, k.id, "B2")
    refused(enc, "va de 1 a 60", enc.tablero_setup, 0, 12)


def test_tablero_setup_walls_cover_places_and_round_trip() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    ogro = enc.add_enemy(OGRO)
    ev = enc.tablero_setup(12, 12)
    assert one(ev, TableroChanged).what == "crear"
    ev = enc.draw_walls("F1:F5")
    assert one(ev, TableroChanged).squares == ("F1", "F2", "F3", "F4", "F5")
    enc.draw_cover("D8 E8")
    enc.place(k.id, "B2")
    enc.place(ogro.id, "H2")
    refused(enc, "no puede ir a F3", enc.place, k.id, "F3")  # a wall
    refused(enc, "Ogro no puede ir a L12", enc.place, ogro.id, "L12")  # 2×2 does not fit
    refused(enc, "ya la ocupa Ogro", enc.place, k.id, "I3")
    data = roundtrip(enc.enc)["extra"]
    assert isinstance(data, dict)
    tablero = data["tablero"]
    assert tablero["walls"] == ["F1", "F2", "F3", "F4", "F5"]
    assert tablero["cover"] == ["D8", "E8"]
    assert [(f["id"], f["at"], f["size"]) for f in tablero["figures"]] == [
        (k.id, "B2", "normal"),
        (ogro.id, "H2", "grande"),
    ]
    # Resizing keeps what fits; a figure left outside refuses; walls outside are dropped.
    refused(enc, "Ogro no cabe en el tablero", enc.tablero_setup, 7, 7)
    enc.place(ogro.id, "C5")
    enc.draw_walls("F3", present=False)
    enc.tablero_setup(7, 7)
    tablero = enc.tablero
    assert tablero is not None and (tablero.width, tablero.height) == (7, 7)
    assert len(tablero.walls) == 4 and tablero.cover == frozenset()
    enc.unplace(k.id)
    assert enc.tablero is not None and not enc.tablero.has(k.id)
    enc.remove(ogro.id)  # who leaves the encounter leaves the board
    assert enc.tablero is not None and enc.tablero.figures == ()


def test_the_walk_spends_movimiento_then_accion() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    g = enc.add_enemy(GUARDIA)
    enc.tablero_setup(20, 12)
    enc.place(k.id, "A1")
    enc.place(g.id, "T12")
    ev = enc.move_to(k.id, "E1")  # four squares: the movimiento, the acción kept
    moved = one(ev, FigureMoved)
    assert (moved.start, moved.end, moved.path) == ("A1", "E1", ("B1", "C1", "D1", "E1"))
    assert (moved.moved, moved.left) == (4, 8)
    assert budget(enc, k.id) == ("libre", True, None)
    refused(enc, "hay 9 casillas de camino; a Kaeda le quedan 8", enc.move_to, k.id, "N1")
    ev = enc.move_to(k.id, "I1")  # eight in all: the acción goes too
    assert one(ev, FigureMoved).left == 4
    assert budget(enc, k.id) == ("movimiento", True, None)
    enc.place(g.id, "J2")  # the GM's hand: next to her
    refused(enc, "Kaeda ya cambió su acción", enc.attack, F(5, 5), k.id, g.id)
    enc.move_to(k.id, "M1")
    assert enc.squares_left(k.id) == 0
    refused(enc, "no le quedan casillas", enc.move_to, k.id, "M2")
    enc.advance()
    enc.advance()  # a new asalto: the walk starts again
    assert enc.squares_left(k.id) == 12
    enc.move_to(k.id, "M7")
    assert where(enc, k.id) == "M7"
    # The acción spent on an attack leaves only the movimiento's six squares.
    enc.place(g.id, "N8")
    enc2 = Encounter.from_dict(enc.to_dict())
    assert enc2.squares_left(k.id) == 6


def test_attack_first_then_six_squares_and_no_path_through_enemies() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    g1, g2, g3 = (c.id for c in enc.add_enemies(GUARDIA, 3))
    enc.tablero_setup(10, 10)
    enc.place(k.id, "A2")
    for gid, square in ((g1, "B1"), (g2, "B2"), (g3, "B3")):
        enc.place(gid, square)
    enc.draw_walls("A4")
    enc.attack(F(12, 1), k.id, g2)
    assert enc.squares_left(k.id) == 6
    refused(enc, "No hay camino para Kaeda", enc.move_to, k.id, "E2")


def test_leaving_reach_offers_the_oportunidad_taken_with_respuesta() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    b = enc.add_character(bran(), [ESPADA])
    g1, g2, g3 = (c.id for c in enc.add_enemies(GUARDIA, 3))
    enc.tablero_setup(12, 12)
    enc.place(k.id, "C3")
    enc.place(b.id, "H8")
    enc.place(g1, "D3")
    enc.place(g2, "I8")
    enc.place(g3, "A4")  # next to where Kaeda goes, not to where she leaves from
    ev = enc.move_to(k.id, "A3")
    offer = one(ev, ReachOffered)
    assert (offer.combatant_id, offer.objetivo_id, offer.tipo) == (g1, k.id, "oportunidad")
    assert offer.available and offer.square == "C3"
    assert "Kaeda: Sale del alcance de Guardia 1 desde C3" in offer.message
    # Kaeda is two squares away now, but the guard strikes where she left: with ventaja.
    ev = enc.respuesta(F(9, 2, 3), g1, "oportunidad", k.id)
    assert one(ev, RespuestaUsed).tipo == "oportunidad"
    hit = one(ev, AttackResolved)
    assert hit.respuesta == "oportunidad" and hit.result.attacker_roll.die.faces == (9, 2)
    assert hit.result.acoso == 0  # counted at C3, where guard 3 does not reach her
    assert budget(enc, g1)[2] == "oportunidad"
    # Without an offer the same respuesta needs reach.
    refused(enc, "Kaeda está a 8 casillas de Guardia 2", enc.respuesta, F(5), g2, "oportunidad",
            k.id)  # fmt: skip
    # Despegarse first: leaving that enemy's reach then offers nothing.
    ev = enc.maniobra(F(12, 1), b.id, "despegarse", g2)
    assert one(ev, DespegarseResolved).won
    enc.place(g2, "I9")  # the GM's hand, to keep Bran engaged
    ev = enc.move_to(b.id, "F8")
    assert [e for e in ev if isinstance(e, ReachOffered)] == []
    assert one(ev, FigureMoved).left == 4  # despegarse took the acción: six squares


def test_entering_a_larga_reach_offers_its_free_roll_and_spends_the_respuesta() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    lancero = enc.add_enemy(LANCERO)
    enc.tablero_setup(12, 12)
    enc.place(k.id, "A5")
    enc.place(lancero.id, "G5")
    ev = enc.move_to(k.id, "E5")  # E5 is two squares from G5: inside the Pica's reach
    offer = one(ev, ReachOffered)
    assert (offer.tipo, offer.square, offer.available) == ("larga", "E5", True)
    assert "Entra al alcance del arma Larga de Lancero en E5: tirada gratis" in offer.message
    ev = enc.respuesta(F(8, 4), lancero.id, "larga", k.id)  # no desventaja: two squares
    hit = one(ev, AttackResolved)
    assert hit.respuesta == "larga"
    assert hit.result.attacker_roll.die.desventaja_sources == ()
    assert budget(enc, lancero.id)[2] == "larga"
    # Walking on past him: the respuesta is spent, the offer says so.
    ev = enc.move_to(k.id, "E9")
    assert not one(ev, ReachOffered).available
    assert "ya gastó su respuesta este asalto" in one(ev, ReachOffered).message


def test_melee_reach_and_larga_with_the_enemy_adjacent() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    b = enc.add_character(bran(), [LANZA])
    g1, g2 = (c.id for c in enc.add_enemies(GUARDIA, 2))
    enc.tablero_setup(12, 12)
    enc.place(k.id, "B2")
    enc.place(b.id, "B6")
    enc.place(g1, "E2")
    enc.place(g2, "C6")
    refused(enc, "Guardia 1 está a 3 casillas de Kaeda; su arma llega a 1", enc.attack,
            F(5, 5), k.id, g1)  # fmt: skip
    ev = enc.attack(F(5, 9, 4), b.id, g2)  # Larga, adjacent: desventaja (5, 9 → 5)
    hit = one(ev, AttackResolved)
    assert hit.result.attacker_roll.die.desventaja_sources == (LARGA_PEGADO,)
    enc.advance()
    enc.advance()
    enc.place(g2, "D6")
    ev = enc.attack(F(5, 4), b.id, g2)  # two squares: in reach, no desventaja
    assert one(ev, AttackResolved).result.attacker_roll.die.desventaja_sources == ()


def test_the_bow_reaches_the_whole_tablero_and_a_wall_stops_the_shot() -> None:
    enc = Reloading(Encounter.start("tactico"))
    i = enc.add_character(ilse(), [ARCO, CUCHILLO])
    g1, g2, g3 = (c.id for c in enc.add_enemies(GUARDIA, 3))
    enc.tablero_setup(40, 40)
    enc.place(i.id, "A1")
    enc.place(g1, "AN40")  # 39 squares away: the bow reaches 40
    enc.place(g2, "A10")
    enc.place(g3, "B2")
    enc.draw_walls("A5")
    ev = enc.attack(F(6, 3), i.id, g1, AttackChoice(arma="Arco"))
    hit = one(ev, AttackResolved)
    assert hit.result.kind is AttackKind.DISPARO
    assert hit.result.attacker_roll.die.desventaja_sources == (ENEMIGO_ENCIMA,)  # g3 on top
    enc.advance()
    enc.advance()
    refused(
        enc,
        "Un muro tapa a Guardia 2 por completo",
        enc.attack,
        F(6),
        i.id,
        g2,
        AttackChoice(arma="Arco"),
    )
    # A thrown knife: (4 + Vigor 1) × 2 = 10 squares; A10 is 9 away but the wall is there.
    enc.place(g2, "L1")  # 11 squares: too far for the knife
    refused(
        enc,
        "Guardia 2 está a 11 casillas y Cuchillo llega a 10",
        enc.attack,
        F(6),
        i.id,
        g2,
        AttackChoice(arma="Cuchillo", shot=True),
    )
    # A bocajarro: ventaja (and the guard on top cancels it).
    ev = enc.attack(F(6, 2), i.id, g3, AttackChoice(arma="Arco"))
    die = one(ev, AttackResolved).result.attacker_roll.die
    assert die.ventaja_sources == (A_BOCAJARRO,) and die.desventaja_sources == (ENEMIGO_ENCIMA,)


def test_the_dwarf_behind_a_battlement_is_six_harder_to_hit() -> None:
    enc = Reloading(Encounter.start("tactico"))
    d = enc.add_character(dorin(), [ESPADA])
    k = enc.add_character(kaeda(), [ESPADA])
    arquero = enc.add_enemy(ARQUERO)
    ogro = enc.add_enemy(OGRO)
    enc.tablero_setup(12, 12)
    enc.place(d.id, "F2")
    enc.place(k.id, "B8")
    enc.place(arquero.id, "F10")
    enc.place(ogro.id, "J9")
    enc.draw_cover("F4")  # the battlement between the archer and the dwarf
    enc.advance()
    static = enc.get(d.id).sheet
    assert static is not None
    base = static.static_defensa(False).value
    ev = enc.attack(F(7), arquero.id, d.id, AttackChoice(shot=True))
    hit = one(ev, AttackResolved)
    assert hit.result.kind is AttackKind.DISPARO and hit.result.target is not None
    assert hit.result.target.value == base + 6  # pequeño +3, cobertura +3
    names = [m.name for m in hit.result.target.parts]
    assert "Cobertura" in names and "Tamaño Pequeño" in names


def test_acoso_counts_who_is_in_reach_not_who_attacked() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    b = enc.add_character(bran(), [ESPADA])
    i = enc.add_character(ilse(), [ARCO])
    g = enc.add_enemy(GUARDIA)
    ogro = enc.add_enemy(OGRO)
    enc.tablero_setup(12, 12)
    enc.place(g.id, "E5")
    enc.place(k.id, "D5")
    enc.place(i.id, "A1")
    enc.place(b.id, "K10")
    enc.place(ogro.id, "H8")
    enc.attack(F(1, 12), i.id, g.id, AttackChoice(arma="Arco"))  # Ilse shot it: no acoso from afar
    ev = enc.attack(F(6, 6), k.id, g.id)
    assert one(ev, AttackResolved).result.acoso == 0  # Bran is far away
    enc.place(b.id, "F5")
    enc.place(k.id, "D4")  # by hand: both next to the guard now
    enc.advance()
    enc.advance()
    ev = enc.attack(F(6, 6), k.id, g.id)
    assert one(ev, AttackResolved).result.acoso == 1
    # Against a Grande each +1 costs two companions: Kaeda alone next to Bran gives nothing.
    enc.place(k.id, "G7")
    enc.place(b.id, "J8")
    ev = enc.attack(F(6, 6), b.id, ogro.id)
    assert one(ev, AttackResolved).result.acoso == 0


def test_four_in_a_row_in_front_of_the_troll_swept_by_one_blow() -> None:
    enc = Reloading(Encounter.start("tactico"))
    pcs = [
        enc.add_character(kaeda(), [ESPADA]),
        enc.add_character(bran(), [ESPADA]),
        enc.add_character(ilse(), [ESPADA]),
        enc.add_character(dorin(), [ESPADA]),
    ]
    trol = enc.add_enemy(TROL)
    enc.tablero_setup(12, 12)
    enc.place(trol.id, "E1")  # E1:H4
    for pc, square in zip(pcs, ("E5", "F5", "G5", "H5"), strict=True):
        enc.place(pc.id, square)
    enc.advance()
    refused(enc, "cubre 4 casillas contiguas", enc.sweep, F(9), trol.id, "E5:G5")
    refused(enc, "deben ser contiguas", enc.sweep, F(9), trol.id, "E5 F5 H5 D4")
    refused(enc, "J7 queda fuera del alcance", enc.sweep, F(9), trol.id, "G5 H5 I5 J7")
    # One die for the troll (9), one defense each: 2, 12, 5, 7.
    ev = enc.sweep(F(9, 2, 12, 5, 7), trol.id, "E5:H5")
    declared = one(ev, SweepDeclared)
    assert declared.targets == tuple(pc.id for pc in pcs)
    hits = [e for e in ev if isinstance(e, AttackResolved)]
    assert [h.target_id for h in hits] == [pc.id for pc in pcs]
    assert {h.result.attacker_roll.die.faces for h in hits} == {(9,)}
    assert [h.result.defender_roll.die.faces for h in hits] == [(2,), (12,), (5,), (7,)]
    assert budget(enc, trol.id)[0] == "gastada"
    refused(enc, "ya ha gastado su acción", enc.sweep, F(9), trol.id, "E5:H5")
    ogro_like = enc.add_enemy(GUARDIA, "Guardia suelto")
    enc.place(ogro_like.id, "A10")
    refused(enc, "solo barren las criaturas Grandes", enc.sweep, F(9), ogro_like.id, "A9 B9")


def test_areas_list_who_is_inside_and_the_fallen_are_down() -> None:
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    g1, g2 = (c.id for c in enc.add_enemies(GUARDIA, 2))
    enc.tablero_setup(12, 12)
    enc.place(k.id, "D4")
    enc.place(g1, "E5")
    enc.place(g2, "J10")
    ev = enc.area(3, "E4")
    listed = one(ev, AreaListed)
    assert listed.combatant_ids == (k.id, g1) and listed.squares[0] == "D3"
    assert listed.message == "Ámbito 3×3 en E4 (D3–F5): dentro: Kaeda, Guardia 1."
    refused(enc, "El Ámbito es de 1×1, 3×3, 6×6", enc.area, 4, "E4")
    enc.adjust(g1, aguante=1)
    enc.attack(F(12, 1), k.id, g1)
    tablero = enc.tablero
    assert tablero is not None and tablero.figure(g1).down and not tablero.figure(k.id).down
    roundtrip(enc.enc)


def test_cargar_after_walking_and_figures_off_the_tablero_keep_narrativo() -> None:
    enc = Reloading(Encounter.start("tactico"))
    b = enc.add_character(bran(), [ESPADA])
    k = enc.add_character(kaeda(), [ESPADA])
    g1, _g2 = (c.id for c in enc.add_enemies(GUARDIA, 2))
    enc.tablero_setup(12, 12)
    enc.place(b.id, "A1")
    enc.place(g1, "F1")
    enc.move_to(b.id, "E1")
    ev = enc.maniobra(F(3, 10, 4), b.id, "cargar", g1)
    assert "Cargar" in one(ev, AttackResolved).result.attacker_roll.die.ventaja_sources
    assert budget(enc, b.id) == ("gastada", True, None)
    # Kaeda is not on the board: no reach check, acoso from who already attacked (Bran).
    ev = enc.attack(F(6, 6), k.id, g1)
    assert one(ev, AttackResolved).result.acoso == 1
