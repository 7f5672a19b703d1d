"""Aliento ([D] §10): repetir, subir, encajar, secuelas — and what each refuses."""

from __future__ import annotations

from umbral_rules import Grade
from umbral_rules.encounter import (
    AlientoSpent,
    AttackChoice,
    AttackResolved,
    DefenseResolved,
    Encounter,
    EstadoChanged,
    HitEncajado,
    SecuelasRolled,
    TiradaMade,
)

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, kaeda, one
from .test_encounter_state import refused, roundtrip


def fight(mode: str = "mesa", **settings: object) -> Encounter:
    enc = Encounter.start(mode, settings)
    enc.add_character(kaeda(), [ESPADA], aliento=3)  # c1: +6 with armas, defends +4
    enc.add_character(bran(), [ESPADA], aliento=2)  # c2: defends +5
    enc.add_enemies(GUARDIA, 2)  # c3, c4
    return enc


def test_repetir_then_subir_a_mesa_attack() -> None:
    enc = fight()
    enc.attack(F(3), "c1", "c3", AttackChoice(oficio="armas"))  # 9 against 12: a medias, 1
    assert enc.get("c3").aguante == 13
    ev = enc.aliento(F(7), "c1", "repetir")  # 13: éxito, 4 (the first hit is undone)
    assert one(ev, AlientoSpent).aliento_after == 2
    hit = one(ev, AttackResolved)
    assert (hit.result.grade, hit.aguante_before, hit.aguante_after) == (Grade.EXITO, 14, 10)
    roundtrip(enc)
    ev = enc.aliento(None, "c1", "subir")  # same die, one grade up: pleno, 7
    hit = one(ev, AttackResolved)
    assert hit.result.attacker_roll.natural == 7
    assert (hit.result.grade, hit.aguante_after) == (Grade.EXITO_PLENO, 7)
    assert enc.get("c1").aliento == 1
    refused(enc, "ya es un Éxito pleno", enc.aliento, None, "c1", "subir")
    roundtrip(enc)
    enc.advance()
    enc.advance()
    refused(enc, "no ha tirado nada en este asalto", enc.aliento, F(5), "c1", "repetir")


def test_subir_and_encajar_a_mesa_defense() -> None:
    enc = fight()
    enc.advance()
    enc.attack(F(), "c3", "c1")
    ev = enc.defend(F(6), "c1")  # 10 against 12: a medias, 1
    assert one(ev, DefenseResolved).aguante_after == 15
    ev = enc.aliento(None, "c1", "subir")  # her grade up: éxito, nothing
    d = one(ev, DefenseResolved)
    assert (d.result.grade, d.result.damage, d.aguante_before, d.aguante_after) == (
        Grade.EXITO, 0, 16, 16,
    )  # fmt: skip
    assert enc.pending == []
    enc.attack(F(), "c4", "c2")
    enc.defend(F(2), "c2")  # 7 against 12: fracaso, 4
    assert enc.get("c2").aguante == 10
    ev = enc.aliento(None, "c2", "encajar")
    e = one(ev, HitEncajado)
    assert (e.grade_before, e.grade_after, e.damage_before, e.damage_after) == (
        Grade.EXITO, Grade.A_MEDIAS, 4, 1,
    )  # fmt: skip
    assert (e.aguante_before, e.aguante_after) == (10, 13)
    enc.aliento(None, "c2", "encajar")  # a medias → fracaso: nothing at all
    assert enc.get("c2").aguante == 14 and enc.get("c2").aliento == 0
    refused(enc, "Bran no tiene Aliento que gastar", enc.aliento, None, "c2", "encajar")
    roundtrip(enc)


def test_encajar_the_blow_that_felled_you() -> None:
    enc = fight()
    enc.adjust("c1", aguante=3)
    enc.advance()
    enc.attack(F(), "c3", "c1")
    enc.defend(F(1), "c1")  # critical: 7
    assert enc.get("c1").status == "malherido" and enc.get("c1").secuelas_pendiente
    ev = enc.aliento(None, "c1", "encajar")  # pleno → éxito: 4, still down
    assert one(ev, HitEncajado).aguante_after == 0
    ev = enc.aliento(None, "c1", "encajar")  # éxito → a medias: 1, back on her feet
    assert one(ev, HitEncajado).aguante_after == 2
    c = enc.get("c1")
    assert (c.status, c.secuelas_pendiente, c.aliento) == ("activo", False, 1)
    roundtrip(enc)


def test_no_encajar_after_the_secuelas_roll() -> None:
    enc = fight()
    enc.adjust("c1", aguante=1)
    enc.advance()
    enc.attack(F(), "c3", "c1")
    enc.defend(F(2), "c1")
    enc.secuelas(F(8), "c1")
    refused(enc, "ya tiró en la tabla de secuelas", enc.aliento, None, "c1", "encajar")


def test_opposed_defense_repetir_and_subir() -> None:
    enc = fight("narrativo")
    enc.advance()
    enc.attack(F(7, 3), "c3", "c1")  # 7 against 7: the attacker's tie, 4
    assert enc.get("c1").aguante == 12
    ev = enc.aliento(F(10), "c1", "repetir")  # 7 against 14: fracaso, nothing
    hit = one(ev, AttackResolved)
    assert hit.result.attacker_roll.natural == 7 and hit.result.defender_roll.natural == 10
    assert (hit.result.grade, hit.aguante_after) == (Grade.FRACASO, 16)
    refused(enc, "ya es un Éxito pleno", enc.aliento, None, "c1", "subir")
    enc.attack(F(9, 3), "c4", "c2")  # 9 against 3 + 5 = 8: éxito, 4
    assert enc.get("c2").aguante == 10
    ev = enc.aliento(None, "c2", "subir")  # the hit drops: a medias, 1
    assert one(ev, AttackResolved).aguante_after == 13
    roundtrip(enc)


def test_pending_attack_repetir_subir_and_too_late() -> None:
    enc = fight("tactico", defensa_inmediata=False)
    enc.attack(
        F(2), "c1", "c2", AttackChoice(oficio="armas")
    )  # PC on PC: Kaeda's die waits in the pending
    assert enc.to_dict()["pending"][0]["die"]["faces"] == [2]
    enc.aliento(F(9), "c1", "repetir")
    assert enc.to_dict()["pending"][0]["die"]["faces"] == [9]
    enc.aliento(None, "c1", "subir")
    assert enc.to_dict()["pending"][0]["shift"] == 1
    roundtrip(enc)
    ev = enc.defend(F(4), "c2")  # 9 + 6 = 15 against 4 + 5 = 9: éxito, raised to pleno, 7
    d = one(ev, DefenseResolved)
    assert (d.result.grade, d.result.damage, d.aguante_after) == (Grade.EXITO_PLENO, 7, 7)
    refused(enc, "ya se resolvió", enc.aliento, None, "c1", "subir")
    ev = enc.aliento(F(12), "c2", "repetir")  # Bran rerolls his defense: 15 against 17
    d = one(ev, DefenseResolved)
    assert (d.result.margen, d.aguante_before, d.aguante_after) == (-2, 14, 13)
    ev = enc.aliento(None, "c2", "subir")  # and raises it: the hit drops to fracaso
    assert one(ev, DefenseResolved).aguante_after == 14
    roundtrip(enc)


def test_no_undo_after_the_target_rolled_secuelas() -> None:
    enc = fight("narrativo")
    enc.adjust("c2", aguante=1)
    enc.attack(F(9, 1), "c1", "c2", AttackChoice(oficio="armas"))
    assert enc.get("c2").status == "malherido"
    enc.secuelas(F(6), "c2")
    refused(enc, "Bran ya tiró en la tabla de secuelas", enc.aliento, F(1), "c1", "repetir")


def test_check_and_quebrantado_with_aliento() -> None:
    enc = fight("narrativo")
    ev = enc.tirada(F(3), "c1", "vigor", 12)
    assert one(ev, TiradaMade).result.grade is Grade.FRACASO
    ev = enc.aliento(F(9), "c1", "repetir")
    assert one(ev, TiradaMade).result.grade is Grade.EXITO
    ev = enc.aliento(None, "c1", "subir")
    assert one(ev, TiradaMade).result.grade is Grade.EXITO_PLENO
    enc.set_estado("c2", "quebrantado")
    ev = enc.recover(F(2), "c2", "quebrantado")  # Voluntad 2 + 2 = 4 against 9
    assert one(ev, TiradaMade).result.grade is Grade.FRACASO
    assert "quebrantado" in enc.get("c2").estados and enc.get("c2").accion == "gastada"
    ev = enc.aliento(F(8), "c2", "repetir")  # 10 against 9
    assert one(ev, EstadoChanged).on is False
    assert enc.get("c2").estados == [] and enc.get("c2").accion == "gastada"
    roundtrip(enc)


def test_secuelas_auto_with_a_point_kept() -> None:
    enc = fight("narrativo", secuelas_auto=True, secuelas_tabla={"2": "Cicatriz", "8": "Cojera"})
    ev = enc.aliento(None, "c2", "secuelas")
    assert enc.get("c2").reserva_aliento and enc.get("c2").aliento == 2
    assert one(ev, AlientoSpent).aliento_after == 2
    refused(enc, "ya guarda un punto", enc.aliento, None, "c2", "secuelas")
    enc.adjust("c2", aguante=1)
    ev = enc.attack(
        F(9, 1, 5), "c1", "c2", AttackChoice(oficio="armas")
    )  # the secuelas die is the 5
    s = one(ev, SecuelasRolled)
    assert (s.total, s.aliento_spent, s.resultado) == (9, True, "Cojera")
    c = enc.get("c2")
    assert (c.aliento, c.reserva_aliento, c.secuelas_pendiente) == (1, False, False)
    roundtrip(enc)
    enc.adjust("c1", aguante=1)
    enc.advance()
    ev = enc.attack(F(9, 1, 1), "c3", "c1")  # no point kept: 1 is death
    s = one(ev, SecuelasRolled)
    assert (s.total, s.death, s.resultado) == (1, True, "Muerte.")
    assert enc.get("c1").status == "muerto"
    refused(enc, "Kaeda ha muerto", enc.move, "c1")
    roundtrip(enc)


def test_subir_a_critical_defense_lowers_the_hit() -> None:
    enc = fight()
    enc.advance()
    enc.attack(F(), "c3", "c1")
    enc.defend(F(1), "c1")  # natural 1: critical, 7
    assert enc.get("c1").aguante == 9
    ev = enc.aliento(None, "c1", "subir")
    d = one(ev, DefenseResolved)
    assert d.result.critical and d.result.hit is Grade.EXITO and d.aguante_after == 12
