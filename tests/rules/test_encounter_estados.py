"""Estados give desventaja exactly where they say; the guild's own; ambushes; the roster."""

from __future__ import annotations

from umbral_rules import CharacterSheet, Weapon
from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AsaltoAdvanced,
    AttackChoice,
    AttackResolved,
    CombatantRemoved,
    DefenseReread,
    DefenseResolved,
    DespegarseResolved,
    Encounter,
    EstadoChanged,
    ManiobraDeclared,
    RespuestaUsed,
    TiradaMade,
)

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, kaeda, one
from .test_encounter_state import refused, roundtrip


def fight(mode: str = "narrativo", **settings: object) -> Encounter:
    enc = Encounter.start(mode, settings)
    enc.add_character(kaeda(), [ESPADA], aliento=1)  # c1
    enc.add_character(bran(), [ESPADA])  # c2
    enc.add_enemies(GUARDIA, 2)  # c3, c4
    return enc


def test_aturdido_everything_and_an_accion_to_shake_it() -> None:
    enc = fight()
    enc.set_estado("c1", "aturdido")
    ev = enc.attack(F(9, 2, 5), "c1", "c3")
    hit = one(ev, AttackResolved)
    assert hit.result.attacker_roll.die.desventaja_sources == ("Aturdido (todo)",)
    assert hit.result.attacker_roll.natural == 2
    enc.advance()
    ev = enc.attack(F(5, 4, 10), "c3", "c1")  # she defends with desventaja too: keeps 4
    hit = one(ev, AttackResolved)
    assert hit.result.defender_roll.die.faces == (4, 10) and hit.result.defender_roll.natural == 4
    enc.advance()
    ev = enc.recover(F(), "c1", "Aturdido")
    assert one(ev, EstadoChanged).on is False and enc.get("c1").estados == []
    assert enc.get("c1").accion == "gastada"
    roundtrip(enc)


def test_quebrantado_offensive_and_social_not_defense() -> None:
    enc = fight()
    enc.set_estado("c1", "quebrantado")
    ev = enc.tirada(F(3, 8), "c1", "voluntad", 9, ambitos=["social"])
    r = one(ev, TiradaMade).result
    assert r.roll.die.desventaja_sources == ("Quebrantado (acciones sociales)",)
    refused(
        enc, "Kaeda está Quebrantado (desventaja en acciones ofensivas y acciones sociales): "
        "di qué es la tirada con «ambito»", enc.tirada, F(8), "c1", "vigor", 9,
    )  # fmt: skip
    ev = enc.tirada(F(8), "c1", "vigor", 9, ambitos=["movimiento"])  # climbing
    assert one(ev, TiradaMade).result.roll.die.desventaja_sources == ()
    enc.advance()
    ev = enc.attack(F(5, 6), "c3", "c1")
    assert one(ev, AttackResolved).result.defender_roll.die.desventaja_sources == ()
    enc.advance()
    ev = enc.attack(F(9, 3, 5), "c1", "c3")
    assert "Quebrantado" in one(ev, AttackResolved).result.attacker_roll.die.desventaja_sources[0]


def test_enmaranado_movement_and_defense() -> None:
    enc = fight()
    enc.set_estado("c2", "enmarañado")
    ev = enc.maniobra(F(9, 3, 6), "c2", "despegarse", "c3")  # (9, 3 → 3) + 3 = 6 vs 6: wins
    d = one(ev, DespegarseResolved)
    assert d.won and d.result is not None and d.result.roll.die.faces == (9, 3)
    enc.advance()
    ev = enc.attack(F(5, 6, 7), "c4", "c2")
    assert one(ev, AttackResolved).result.defender_roll.die.desventaja_sources == (
        "Enmarañado (defensa)",
    )


def test_cegado_pc_in_mesa_still_rolls_with_desventaja() -> None:
    enc = fight("mesa")
    enc.set_estado("c1", "cegado")
    enc.advance()
    enc.attack(F(), "c3", "c1")
    ev = enc.defend(F(9, 10), "c1")
    d = one(ev, DefenseResolved)
    assert d.result.defender_roll.die.desventaja_sources == ("Cegado (lo que depende de la vista)",)
    assert d.result.defender_roll.natural == 9


def test_guild_estado_and_cancelling_ventaja() -> None:
    enc = fight(estados_extra={"Envenenado": {"nombre": "Envenenado", "desventaja": ["todo"]}})
    enc.set_estado("c1", "envenenado")
    assert enc.get("c1").estados == ["envenenado"]
    ev = enc.attack(
        F(9, 5), "c1", "c3", AttackChoice(ventaja="ventaja")
    )  # ventaja and desventaja cancel
    die = one(ev, AttackResolved).result.attacker_roll.die
    assert die.mode.value == "normal" and die.faces == (9,)
    assert die.desventaja_sources == ("Envenenado (todo)",)
    roundtrip(enc)


def test_helpless_flag_and_mesa_trabar_without_ventaja() -> None:
    enc = fight()
    ev = enc.attack(
        F(8), "c1", "c3", AttackChoice(indefenso=True)
    )  # dormido: static Defensa, no acoso
    assert one(ev, AttackResolved).result.kind is AttackKind.INDEFENSO
    mesa = fight("mesa")
    ev = mesa.respuesta(F(8), "c1", "oportunidad", "c3")  # trabar in Mesa: one die
    assert one(ev, RespuestaUsed).tipo == "oportunidad"
    assert one(ev, AttackResolved).result.attacker_roll.die.faces == (8,)


def test_sostener_without_target_and_with_a_bow() -> None:
    arco = Weapon.make("Arco", "arco")
    enc = Encounter.start("narrativo")
    enc.add_character(kaeda(), [ESPADA, arco])
    enc.add_enemy(GUARDIA)
    refused(enc, "Kaeda no lleva «Honda»", enc.maniobra, F(), "c1", "sostener", None, "x",
            AttackChoice(arma="Honda"))  # fmt: skip
    enc.maniobra(F(), "c1", "sostener", None, "si asoma, disparo", AttackChoice(arma="Arco"))
    refused(enc, "Kaeda ya tiene una acción sostenida", enc.maniobra, F(), "c1", "sostener",
            None, "otra")  # fmt: skip
    enc.advance()
    ev = enc.respuesta(F(9), "c1", "sostener", "c2")
    assert one(ev, AttackResolved).result.kind is AttackKind.DISPARO
    enc2 = Encounter.start("narrativo")
    enc2.add_character(kaeda(), [ESPADA])
    enc2.maniobra(F(), "c1", "sostener", None, "si el puente cae, corro")
    ev = enc2.respuesta(F(), "c1", "sostener")
    assert [type(e) for e in ev] == [RespuestaUsed]


def test_ambushes_and_the_order_of_the_asalto() -> None:
    enc = Encounter.start("mesa", {"emboscada": "pj"})
    enc.add_character(kaeda())
    b = enc.add_character(bran())
    enc.add_enemy(GUARDIA)
    assert enc.first_actor() is b  # Percepción 2 against 1
    ev = enc.advance()
    adv = one(ev, AsaltoAdvanced)
    assert adv.not_acted == ("c1", "c2") and "Sin actuar en la fase anterior: Kaeda, Bran" in (
        adv.message
    )
    assert enc.first_actor() is None  # only in the players' ambush asalto
    surprise = Encounter.start("mesa", {"emboscada": "enemigo"})
    assert surprise.phase == "enemigos" and surprise.first_actor() is None
    assert Encounter.start("mesa", {"emboscada": "pj"}).first_actor() is None


def test_remove_takes_pendings_and_covers_with_it() -> None:
    enc = fight("mesa")
    enc.maniobra(F(), "c2", "interponerse", "c1")
    enc.advance()
    enc.attack(F(), "c3", "c1")
    assert enc.to_dict()["pending"][0]["defender"] == "c2"
    ev = enc.remove("c3")
    assert one(ev, CombatantRemoved).combatant_id == "c3"
    assert enc.pending == [] and all(c.id != "c3" for c in enc.combatants)
    enc.remove("c2")
    assert enc.to_dict()["extra"]["interponerse"] == []
    refused(enc, "No hay nadie con el identificador «c3»", enc.remove, "c3")
    roundtrip(enc)


def test_a_second_cover_on_the_same_companion_is_refused() -> None:
    enc = fight("mesa")
    enc.add_character(
        CharacterSheet(
            "Iria", {"vigor": 1, "destreza": 2, "percepcion": 1, "voluntad": 1}, proteccion=0
        )
    )
    enc.maniobra(F(), "c2", "interponerse", "c1")
    refused(enc, "Bran ya se interpone delante de Kaeda", enc.maniobra, F(), "c5",
            "interponerse", "c1")  # fmt: skip
    ev = enc.maniobra(F(), "c5", "interponerse", "c2")
    assert one(ev, ManiobraDeclared).objetivo_id == "c2"
    roundtrip(enc)


def test_mesa_pc_against_pc_is_the_receivers_roll() -> None:
    """Libro III: Kaeda (Ataque 14) attacks Bran, who rolls 6: 11, margen −3, a medias."""
    enc = Encounter.start("mesa")
    enc.add_character(kaeda(), [ESPADA])  # c1
    enc.add_character(bran(), [ESPADA])  # c2
    ev = enc.attack(F(), "c1", "c2", AttackChoice(oficio="armas"))
    assert enc.to_dict()["pending"][0]["ataque"]["value"] == 14
    ev = enc.defend(F(6), "c2")
    d = one(ev, DefenseResolved)
    assert (d.result.margen, d.result.damage, d.aguante_after) == (-3, 1, 13)
    # a second attack in the same asalto: no new roll, the 6 is read again ([D] digest §5);
    # the same attacker adds no acoso (acoso counts attackers), so nothing more lands
    ev = enc.attack(F(), "c1", "c2", AttackChoice(oficio="armas", ventaja="desventaja"))
    r = one(ev, DefenseReread)
    assert (r.first.margen, r.result.margen, r.damage, r.aguante_after) == (-3, -3, 0, 13)
    assert enc.pending == []
    refused(enc, "Bran no tiene ningún ataque pendiente", enc.defend, F(5), "c2")


def test_mesa_despegarse_won_and_lost() -> None:
    enc = fight("mesa")
    # Kaeda: Destreza 3 + contrabandista 2 + 7 = 12 against the guard's Ataque 12: clean.
    ev = enc.maniobra(F(7), "c1", "despegarse", "c3", None, AttackChoice(oficio="contrabandista"))
    d = one(ev, DespegarseResolved)
    assert d.won and d.engaged_total == 12 and enc.pending == []
    # Bran: 3 + 5 = 8 against 12: the guard strikes with ventaja — Bran defends with desventaja.
    ev = enc.maniobra(F(5), "c2", "despegarse", "c4")
    assert not one(ev, DespegarseResolved).won
    assert (
        enc.get("c4").respuesta == "oportunidad"
        and enc.to_dict()["pending"][0]["ventaja"] == "ventaja"
    )
    ev = enc.defend(F(10, 4), "c2")
    d = one(ev, DefenseResolved)
    assert d.result.defender_roll.die.desventaja_sources == ("Ventaja de Guardia 2",)
    assert d.result.defender_roll.natural == 4
    roundtrip(enc)


def test_despegarse_from_someone_without_respuesta_and_an_enemy_leaving() -> None:
    enc = fight()
    enc.respuesta(F(5, 5, 5), "c3", "oportunidad", "c2")
    ev = enc.maniobra(F(1, 12), "c1", "despegarse", "c3")  # loses, but he has no respuesta
    assert not one(ev, DespegarseResolved).won
    assert "ya gastó su respuesta" in ev[-1].message
    enc.advance()
    # an enemy leaves in Narrativo: its Defensa − 7 (+5) against Bran's attack roll
    ev = enc.maniobra(F(6, 3), "c4", "despegarse", "c2")
    d = one(ev, DespegarseResolved)
    assert d.won and (d.actor_total, d.engaged_total) == (11, 5)
    enc2 = fight()
    enc2.add_character(
        CharacterSheet("Iria", {"vigor": 1, "destreza": 2, "percepcion": 1, "voluntad": 1}, 0)
    )
    refused(enc2, "Iria no lleva arma con que retener", enc2.maniobra, F(5), "c1",
            "despegarse", "c5")  # fmt: skip
    enc2.adjust("c3", aguante=1)
    enc2.attack(F(12, 1), "c1", "c3", AttackChoice(oficio="armas"))
    assert enc2.get("c3").status == "fuera"
    refused(enc2, "Guardia 1 ya ha caído: no retiene a nadie", enc2.maniobra, F(5), "c2",
            "despegarse", "c3")  # fmt: skip


def test_mesa_acoso_counts_attackers_not_attacks() -> None:
    enc = fight("mesa")
    enc.advance()
    enc.respuesta(F(), "c3", "oportunidad", "c1")  # trabar: a pending, no GM die
    enc.attack(F(), "c3", "c1")
    enc.attack(F(), "c4", "c1")
    ev = enc.defend(F(8), "c1")
    d = one(ev, DefenseResolved)
    assert len(d.pending_ids) == 3 and d.result.acoso == 1


def test_opposed_pendings_on_a_defender_who_falls_go_against_the_defensa_quieta() -> None:
    # [D] Blows pending on someone who falls (issue 43): the second die, already rolled,
    # is read against Bran's Defensa quieta (9 + Destreza 3 + protección 2 = 14), no acoso;
    # at 0 it changes nothing and no second secuelas roll is owed
    enc = fight("tactico", defensa_inmediata=False)
    enc.adjust("c2", aguante=1)
    enc.advance()
    enc.attack(F(12), "c3", "c2")
    enc.attack(F(12), "c4", "c2")
    ev = enc.defend(F(1), "c2")
    assert [type(e).__name__ for e in ev] == ["DefenseResolved", "Fell", "AttackResolved"]
    late = one(ev, AttackResolved)
    assert late.attacker_id == "c4" and late.target_id == "c2"
    assert late.result.kind is AttackKind.INDEFENSO and late.result.acoso == 0
    assert late.result.attacker_roll.natural == 12 and late.result.target.value == 14
    assert (late.aguante_before, late.aguante_after) == (0, 0)
    assert enc.pending == [] and enc.get("c2").status == "malherido"
    assert enc.get("c2").aguante == 0 and enc.get("c2").last_hit.attacker == "c3"
    roundtrip(enc)
