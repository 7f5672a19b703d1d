"""A scripted Narrativo fight: opposed hits, acoso, Despegarse won and lost, secuelas."""

from __future__ import annotations

from dataclasses import replace

from umbral_rules import EnemySheet, Grade
from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AlientoSpent,
    AttackChoice,
    AttackResolved,
    DefensePending,
    DefenseResolved,
    DespegarseResolved,
    Encounter,
    Fell,
    RespuestaUsed,
    SecuelasRolled,
    Stabilised,
)

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, budget, kaeda, one
from .test_encounter_state import Reloading, refused, roundtrip, tablero

CAPITAN = EnemySheet("Capitán", ataque=15, defensa=10, aguante=20, potencia=6, arma="Sable")


def test_narrativo_fight() -> None:
    enc = Reloading(Encounter.start("narrativo"))
    k = enc.add_character(kaeda(), [ESPADA], aliento=2)
    b = enc.add_character(bran(), [ESPADA], aliento=1)
    cap = enc.add_enemy(CAPITAN)
    g1, g2 = (c.id for c in enc.add_enemies(GUARDIA, 2))
    roundtrip(enc)

    # --- asalto 1: Kaeda and Bran on the captain (Libro VI §37), acoso for the second ----------
    ev = enc.attack(
        F(9, 5), k.id, cap.id, AttackChoice(oficio="contrabandista", oficio_cobertura="mitad")
    )
    hit = one(ev, AttackResolved)
    assert hit.result.kind is AttackKind.ENFRENTADO and hit.result.band == 6
    assert hit.result.attacker_roll.total == 13 and hit.result.defender_roll.total == 8
    assert (hit.result.margen, hit.result.grade, hit.result.damage, hit.result.acoso) == (
        5, Grade.EXITO, 4, 0,
    )  # fmt: skip
    assert enc.get(cap.id).aguante == 16
    assert enc.to_dict()["extra"]["attacked_by"] == {cap.id: [k.id]}
    refused(enc, "Kaeda ya ha gastado su acción en este asalto", enc.attack, F(9, 5), k.id, g1)
    enc.move(k.id)
    refused(enc, "Kaeda ya se ha movido y no le queda acción", enc.move, k.id)
    roundtrip(enc)
    ev = enc.attack(F(6, 9), b.id, cap.id, AttackChoice(oficio="soldado"))
    hit = one(ev, AttackResolved)
    assert hit.result.acoso == 1 and hit.result.attacker_roll.total == 11
    assert (hit.result.margen, hit.result.grade, hit.result.damage) == (-1, Grade.A_MEDIAS, 1)
    assert enc.get(cap.id).aguante == 15
    enc.move(b.id)
    roundtrip(enc)
    enc.advance()

    # --- enemies: the GM's dice in view, the PCs' defense dice at once -----------------------
    ev = enc.attack(F(7, 3), g1, k.id)  # 7 + 0 against 3 + 4: tie, the attacker's
    hit = one(ev, AttackResolved)
    assert (hit.result.margen, hit.result.grade, hit.aguante_after) == (0, Grade.EXITO, 12)
    ev = enc.attack(F(6, 8), g2, k.id)  # acoso +1: 7 against 12
    hit = one(ev, AttackResolved)
    assert (hit.result.acoso, hit.result.grade, hit.aguante_after) == (1, Grade.A_MEDIAS, 11)
    ev = enc.attack(F(10), cap.id, b.id, defender_dice=F(2))  # 13 against 7: pleno, 9
    hit = one(ev, AttackResolved)
    assert (hit.result.grade, hit.result.damage, hit.aguante_after) == (Grade.EXITO_PLENO, 9, 5)
    refused(enc, "Capitán ya ha gastado su acción", enc.attack, F(10, 2), cap.id, k.id)
    assert tablero(enc) == {
        "Kaeda": (11, (), "gastada", True, None),
        "Bran": (5, (), "gastada", True, None),
        "Capitán": (15, (), "gastada", False, None),
        "Guardia 1": (14, (), "gastada", False, None),
        "Guardia 2": (14, (), "gastada", False, None),
    }
    enc.advance()
    assert enc.to_dict()["extra"]["attacked_by"] == {}

    # --- asalto 2: Kaeda slips away from guard 1; Bran fails to leave the captain ------------
    ev = enc.maniobra(F(8, 6), k.id, "despegarse", g1, None, AttackChoice(oficio="contrabandista"))
    d = one(ev, DespegarseResolved)
    assert d.won and (d.actor_total, d.engaged_total) == (13, 6)
    assert budget(enc, k.id) == ("gastada", False, None)
    assert budget(enc, g1) == ("libre", False, None)  # he did not roll
    roundtrip(enc)
    # Bran: 2 + 5 = 7 against the captain's 9 + 3 = 12. The captain rolls free, with ventaja
    # (4 and 11, keeps 11): 14 against Bran's 3 + 5 = 8, margen +6: pleno, 9. Bran falls.
    ev = enc.maniobra(
        F(2, 9, 4, 11, 3), b.id, "despegarse", cap.id, None, AttackChoice(oficio="soldado")
    )
    d = one(ev, DespegarseResolved)
    assert not d.won and d.margen == -5
    used = one(ev, RespuestaUsed)
    assert (used.combatant_id, used.tipo, used.objetivo_id) == (cap.id, "oportunidad", b.id)
    hit = one(ev, AttackResolved)
    assert hit.result.attacker_roll.die.faces == (4, 11)
    assert hit.result.attacker_roll.die.mode.value == "ventaja"
    assert (hit.result.damage, hit.aguante_before, hit.aguante_after) == (9, 5, 0)
    assert hit.respuesta == "oportunidad"
    assert one(ev, Fell).status == "malherido"
    assert budget(enc, b.id) == ("gastada", False, None)
    assert budget(enc, cap.id) == ("libre", False, "oportunidad")
    refused(
        enc, "Capitán ya ha usado su respuesta de este asalto (tirada de oportunidad)",
        enc.respuesta, F(5, 5), cap.id, "oportunidad", k.id,
    )  # fmt: skip
    assert tablero(enc) == {
        "Kaeda": (11, (), "gastada", False, None),
        "Bran": (0, (), "gastada", False, None),
        "Capitán": (15, (), "libre", False, "oportunidad"),
        "Guardia 1": (14, (), "libre", False, None),
        "Guardia 2": (14, (), "libre", False, None),
    }
    # Bran spends his only point of Aliento before the secuelas roll: 3 + 4 = 7.
    ev = enc.aliento(F(3), b.id, "secuelas")
    assert one(ev, AlientoSpent).aliento_after == 0
    s = one(ev, SecuelasRolled)
    assert (s.die.natural, s.bonus, s.total, s.death) == (3, 4, 7, False)
    refused(enc, "Bran no tiene Aliento que gastar", enc.aliento, F(5), b.id, "encajar")
    refused(enc, "Bran está Malherido", enc.maniobra, F(), b.id, "apuntar")
    refused(enc, "Bran ya ha caído", enc.attack, F(5, 5), g2, b.id)
    roundtrip(enc)
    enc.advance()
    enc.advance()

    # --- asalto 3: Kaeda stabilises Bran (Percepción 1 + 11 = 12, Peliaguda) ----------------
    refused(enc, "Nadie se estabiliza a sí mismo", enc.estabilizar, F(11), k.id, k.id)
    ev = enc.estabilizar(F(11), k.id, b.id)
    st = one(ev, Stabilised)
    assert st.success and st.result.roll.total == 12
    assert enc.get(b.id).status == "estabilizado"
    refused(enc, "Bran no está Malherido sin estabilizar", enc.estabilizar, F(11), cap.id, b.id)
    roundtrip(enc)

    # --- by post: each blow waits for Kaeda's die, posted one at a time around her rolls ------
    enc.state.settings = replace(enc.settings, defensa_inmediata=False)  # by post («espera»)
    enc.advance()  # the enemies' phase of asalto 3
    enc.attack(F(7), g1, k.id)
    hit = one(enc.defend(F(5), k.id), DefenseResolved)  # 7 + 0 against 5 + 4 = 9
    assert (hit.result.margen, hit.result.grade, hit.result.damage, hit.aguante_after) == (
        -2, Grade.A_MEDIAS, 1, 10,
    )  # fmt: skip
    ev = enc.attack(F(9), g2, k.id)  # posted after her roll: an opposed hit waits for its own
    assert one(ev, DefensePending) and len(enc.pending) == 1
    hit = one(enc.defend(F(6), k.id), DefenseResolved)  # 9 + 0 + acoso 1 = 10 against 10
    assert (hit.result.acoso, hit.result.margen, hit.result.grade, hit.result.damage) == (
        1, 0, Grade.EXITO, 4,
    )  # fmt: skip
    assert hit.aguante_after == 6
    enc.attack(F(4), cap.id, k.id)  # 4 + (15 − 12) + acoso 2 = 9
    hit = one(enc.defend(F(10), k.id), DefenseResolved)  # against 10 + 4 = 14
    assert (hit.result.acoso, hit.result.margen, hit.result.grade, hit.aguante_after) == (
        2, -5, Grade.A_MEDIAS, 5,
    )  # fmt: skip
    assert hit.asalto == 3 and enc.pending == []
    assert tablero(enc)["Kaeda"] == (5, (), "gastada", False, None)
