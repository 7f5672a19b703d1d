"""Combat asalto by asalto with our own numbers: initiative and its ties, held actions,
actions per turn, attacks of 2 degrees against Protección, each way of taking damage,
fatigue, criticals and fumbles, surprise, Salud 0 and surrender; refusals change nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from umbral_rules.errors import UmbralError
from umbral_rules.hielo import attacks, combat
from umbral_rules.hielo.attacks import Absorcion, Ataque, Tablas
from umbral_rules.hielo.combat import Accion, Deteccion, Entrada
from umbral_rules.hielo.combat_state import Combat, Fase, PendingHit, Status, TipoAccion, UsoFatiga
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.events import (
    AttackResolved,
    CheckRolled,
    DamageTaken,
    Ended,
    InitiativeOrder,
    Out,
    SurpriseResolved,
    TableRolled,
)
from umbral_rules.hielo.fighting import PruebaLibre, free_test
from umbral_rules.hielo.tables import TablaNumerada, TipoTabla

from .people import bandido, dice, duncan, guardia

MAYOR, MENOR = TipoAccion.MAYOR, TipoAccion.MENOR


def duel() -> Combat:
    return combat.start([Entrada("d", duncan(), "casa"), Entrada("b", bandido(), "bandidos")])


def first_asalto(state: Combat | None = None) -> Combat:
    """Duncan 5, 4, 3, (1) = 12 − 3 = 9; Bandido 4, 3, 3 = 10 − 1 = 9: a tie."""
    state, _ = combat.new_asalto(state or duel(), dice(5, 4, 3, 1, 4, 3, 3))
    return state


def test_an_initiative_tie_goes_to_more_rapidez_bonus_dice() -> None:
    state, events = combat.new_asalto(duel(), dice(5, 4, 3, 1, 4, 3, 3))
    rolls = [e.tirada for e in events if isinstance(e, CheckRolled)]
    assert [r.total for r in rolls] == [9, 9]
    assert rolls[0].prueba.modificadores == (Termino("Penalización de armadura", -3),)
    order = next(e for e in events if isinstance(e, InitiativeOrder))
    assert order.orden == ("d", "b") and state.current == "d" and state.asalto == 1
    assert "Empate a 9: Duncan va antes por tener más dados en Rapidez" in order.message


def test_a_tie_with_the_same_rapidez_goes_to_who_entered_first() -> None:
    state = combat.start(
        [Entrada("g1", guardia(), "a"), Entrada("g2", guardia(), "a"), Entrada("b", bandido(), "b")]
    )
    state, events = combat.new_asalto(state, dice(3, 3, 4, 2, 1, 1, 1))
    assert state.orden == ("g1", "g2", "b")
    order = next(e for e in events if isinstance(e, InitiativeOrder))
    assert "mismos dados en Rapidez: Guardia entró antes" in order.message


def test_an_attack_of_2_degrees_against_proteccion_then_salud_0_ends_the_combat() -> None:
    state = first_asalto()
    # Combate cuerpo a cuerpo 4 + Espadas largas 1B: 4, 3, 2, 2 = 11 against Defensa 6.
    state, events = attacks.attack(state, Ataque("d", "b", "Espada larga"), dice(4, 3, 2, 2, 1))
    hit = next(e for e in events if isinstance(e, AttackResolved))
    assert (hit.defensa, hit.grados, hit.dano_arma, hit.proteccion, hit.dano) == (6, 2, 4, 2, 6)
    assert "4 × 2 grados = 8 − Protección 2 = 6 de daño" in hit.message
    assert state.pendiente == PendingHit("d", "b", 6)
    state, events = attacks.take_damage(state, Absorcion("b"))
    taken = next(e for e in events if isinstance(e, DamageTaken))
    assert (taken.salud_antes, taken.salud_despues) == (6, 0)
    assert state.fighter("b").status is Status.VENCIDO
    assert any(isinstance(e, Out) and e.motivo == "salud" for e in events)
    assert state.fase is Fase.TERMINADO and state.vencedor == "casa"
    assert isinstance(events[-1], Ended)
    with pytest.raises(UmbralError, match="El combate ha terminado"):
        combat.new_asalto(state, dice())


def guard_hit() -> Combat:
    """Duncan hits the Guardia (Constitución 3, Salud 9, no armour) for 8."""
    state = combat.start([Entrada("d", duncan(), "casa"), Entrada("g", guardia(), "guardia")])
    state, _ = combat.new_asalto(state, dice(6, 6, 6, 1, 1, 1))
    state, _ = attacks.attack(state, Ataque("d", "g", "Espada larga"), dice(4, 3, 2, 2, 1))
    assert state.pendiente == PendingHit("d", "g", 8)
    return state


def test_damage_taken_from_salud() -> None:
    state, _ = attacks.take_damage(guard_hit(), Absorcion("g"))
    g = state.fighter("g")
    assert (g.salud, g.heridas_leves, g.heridas_graves) == (1, 0, 0)


def test_light_wounds_take_constitucion_each_and_give_minus_1() -> None:
    state, _events = attacks.take_damage(guard_hit(), Absorcion("g", leves=2))
    g = state.fighter("g")
    assert (g.salud, g.heridas_leves) == (7, 2)  # 2 × 3 absorbed, 2 from Salud
    assert g.penalties() == ((Termino("Heridas leves", -2),), ())
    state, _ = attacks.take_damage(guard_hit(), Absorcion("g", leves=3))
    assert state.fighter("g").salud == 9


def test_a_grave_wound_takes_the_whole_hit_and_gives_minus_1d() -> None:
    state, events = attacks.take_damage(guard_hit(), Absorcion("g", grave=True))
    g = state.fighter("g")
    assert (g.salud, g.heridas_graves) == (9, 1)
    assert g.penalties() == ((), (Termino("Heridas graves", -1),))
    assert "con una herida grave: Salud 9 → 9" in events[0].message


@pytest.mark.parametrize(
    ("pending", "choice", "words"),
    [
        (8, Absorcion("g", leves=4), "solo puede acumular 3 heridas leves"),
        (3, Absorcion("g", leves=2), "Con 1 herida leve ya se absorbe todo el daño \\(3\\)"),
        (8, Absorcion("g", leves=1, grave=True), "Una herida grave ya absorbe todo"),
        (8, Absorcion("g", leves=-1), "no pueden ser negativas"),
        (8, Absorcion("d"), "El daño pendiente es de Guardia"),
    ],
)
def test_bad_absorptions_are_refused_and_change_nothing(
    pending: int, choice: Absorcion, words: str
) -> None:
    state = replace(guard_hit(), pendiente=PendingHit("d", "g", pending))
    before = state.to_dict()
    with pytest.raises(UmbralError, match=words):
        attacks.take_damage(state, choice)
    assert state.to_dict() == before


def test_wounds_are_capped_at_constitucion() -> None:
    state = guard_hit()
    state = state.put(replace(state.fighter("g"), heridas_graves=3))
    with pytest.raises(UmbralError, match="ya tiene 3 heridas graves, tantas como su Constitución"):
        attacks.take_damage(state, Absorcion("g", grave=True))


def test_the_pending_hit_blocks_everything_else() -> None:
    state = guard_hit()
    with pytest.raises(UmbralError, match="Primero Guardia decide cómo recibe 8 de daño"):
        combat.new_asalto(state, dice())
    with pytest.raises(UmbralError, match="No hay ningún daño pendiente"):
        attacks.take_damage(first_asalto(), Absorcion("b"))


def test_fatigue_ignores_light_wounds_until_the_start_of_its_next_turn() -> None:
    state, _ = attacks.take_damage(guard_hit(), Absorcion("g", leves=2))
    state, events = combat.use_fatigue(state, "g", UsoFatiga.HERIDAS_LEVES)
    g = state.fighter("g")
    assert g.fatiga == 1 and g.penalties() == ((Termino("Fatiga", -1),), ())
    assert "hasta el comienzo de su próximo turno" in events[0].message
    state, _ = combat.end_turn(state)  # the Guardia's turn starts: the effect ends
    assert state.current == "g"
    assert state.fighter("g").penalties()[0] == (
        Termino("Heridas leves", -2),
        Termino("Fatiga", -1),
    )


def test_fatigue_ignores_a_grave_wound_the_armour_and_gives_a_minor_action() -> None:
    state, _ = attacks.take_damage(guard_hit(), Absorcion("g", grave=True))
    state, _ = combat.use_fatigue(state, "g", UsoFatiga.HERIDA_GRAVE)
    assert state.fighter("g").penalties() == ((Termino("Fatiga", -1),), ())
    state, _ = combat.use_fatigue(state, "d", UsoFatiga.ARMADURA)
    d = state.fighter("d")
    assert d.sheet.defensa_combate(ignorar_armadura=d.sin_armadura(state.asalto)) == 14
    state, _ = combat.use_fatigue(state, "d", UsoFatiga.ACCION_MENOR)  # Duncan's turn
    assert state.fighter("d").menores == 1  # the attack took two, the fatigue gave one
    state, _ = combat.act(state, Accion("d", MENOR, "Se aparta"))
    with pytest.raises(UmbralError, match="le queda ninguna acción"):
        combat.act(state, Accion("d", MENOR, "Otra"))


def test_fatigue_is_capped_and_needs_something_to_ignore() -> None:
    state = first_asalto()
    with pytest.raises(UmbralError, match="no tiene ninguna herida grave que ignorar"):
        combat.use_fatigue(state, "d", UsoFatiga.HERIDA_GRAVE)
    with pytest.raises(UmbralError, match="no tiene heridas leves que ignorar"):
        combat.use_fatigue(state, "d", UsoFatiga.HERIDAS_LEVES)
    with pytest.raises(UmbralError, match="No es el turno de Bandido"):
        combat.use_fatigue(state, "b", UsoFatiga.ACCION_MENOR)
    state = state.put(replace(state.fighter("b"), fatiga=2))
    with pytest.raises(UmbralError, match="ya tiene 2 puntos de fatiga, tantos como su Const"):
        combat.use_fatigue(state, "b", UsoFatiga.ARMADURA)


def test_a_critical_rolls_1d6_plus_the_sixes_and_reads_the_loaded_table() -> None:
    state = first_asalto()
    # 6, 6, 4, 3 = 19 ≥ 2 × 6 with two sixes; 1d6 = 2: 2 + 2 = 4.
    _, events = attacks.attack(state, Ataque("d", "b", "Espada larga"), dice(6, 6, 4, 3, 1, 2))
    crit = next(e for e in events if isinstance(e, TableRolled))
    assert (crit.dados, crit.sumandos, crit.lectura.numero) == ((2,), 2, 4)
    assert "busca el 4 en la tabla de críticos de vuestro grupo" in crit.message
    hit = next(e for e in events if isinstance(e, AttackResolved))
    assert (hit.grados, hit.dano) == (3, 10)
    table = TablaNumerada(TipoTabla.CRITICOS, {1: "Aturdido", 3: "Sangra", 5: "Mutilado"})
    _, events = attacks.attack(
        state, Ataque("d", "b", "Espada larga"), dice(6, 6, 4, 3, 1, 2), Tablas(criticos=table)
    )
    crit = next(e for e in events if isinstance(e, TableRolled))
    assert crit.lectura.filas == ((1, "Aturdido"), (3, "Sangra"))
    assert "a elegir hasta el 4: 1: Aturdido; 3: Sangra" in crit.message


def test_a_fumble_rolls_2d6_plus_2_minus_the_rank() -> None:
    state, _ = combat.end_turn(first_asalto())
    assert state.current == "b"
    # Hacha: Combate cuerpo a cuerpo 3: 1, 2, 3 = 6 against Defensa 11: fails by 5.
    table = TablaNumerada(TipoTabla.PIFIAS, {6: "Se le cae el arma", 7: "Se hiere"})
    _, events = attacks.attack(
        state, Ataque("b", "d", "Hacha"), dice(1, 2, 3, 3, 4), Tablas(pifias=table)
    )
    fumble = next(e for e in events if isinstance(e, TableRolled))
    assert (fumble.dados, fumble.lectura.numero) == ((3, 4), 6)  # 3 + 4 + 2 − 3
    assert fumble.message == "¡Pifia de Bandido! 2d6 (3 + 4) + 2 − 3 = 6: Se le cae el arma."
    _, events = attacks.attack(state, Ataque("b", "d", "Hacha"), dice(2, 2, 3))  # fails by 4
    assert not any(isinstance(e, TableRolled) for e in events)


def test_surprise_gives_plus_1d_in_the_first_asalto_only() -> None:
    state, events = combat.detect(duel(), Deteccion("d", "b"), dice(5, 4, 3, 1))
    seen = next(e for e in events if isinstance(e, SurpriseResolved))
    assert seen.sorpresa and "Percepción pasiva 8 de Bandido" in seen.message
    state = first_asalto(state)
    _, events = attacks.attack(state, Ataque("d", "b", "Espada larga"), dice(3, 3, 2, 2, 1, 1))
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    assert roll.dados_habilidad == 5 and roll.total == 11
    assert Termino("Ataque sorpresa", 1) in roll.prueba.dados
    state, _ = combat.end_turn(state)
    state, _ = combat.end_turn(state)
    state, _ = combat.new_asalto(state, dice(5, 4, 3, 1, 4, 3, 3))
    _, events = attacks.attack(state, Ataque("d", "b", "Espada larga"), dice(3, 3, 2, 2, 1))
    assert next(e for e in events if isinstance(e, CheckRolled)).tirada.dados_habilidad == 4


def test_detection_fails_and_is_only_before_the_first_asalto() -> None:
    state, _events = combat.detect(duel(), Deteccion("d", "b"), dice(1, 1, 2, 1))
    assert not state.fighter("d").sorpresa
    with pytest.raises(UmbralError, match="La detección va antes del primer asalto"):
        combat.detect(first_asalto(), Deteccion("d", "b"), dice())


def test_one_major_or_two_minor_actions() -> None:
    state = first_asalto()
    state, _ = combat.act(state, Accion("d", MENOR, "Desenvaina"))
    with pytest.raises(UmbralError, match="le queda solo una acción menor"):
        attacks.attack(state, Ataque("d", "b", "Espada larga", MAYOR), dice())
    state, events = combat.act(state, Accion("d", MENOR, "Avanza"))
    assert events[0].message == "Duncan: acción menor — Avanza."
    with pytest.raises(UmbralError, match="le queda ninguna acción"):
        combat.act(state, Accion("d", MENOR, "Otra"))


def test_a_held_action_goes_after_a_complete_turn() -> None:
    state = combat.start(
        [Entrada("d", duncan(), "casa"), Entrada("b", bandido(), "x"), Entrada("g", guardia(), "x")]
    )
    state, _ = combat.new_asalto(state, dice(6, 6, 6, 6, 4, 3, 3, 1, 1))
    assert state.orden == ("d", "b", "g")
    state, _events = combat.hold(state)
    assert state.current == "b" and state.reservados == ("d",)
    state, _ = combat.act(state, Accion("b", MENOR, "Grita"))
    with pytest.raises(UmbralError, match="No se interrumpe un turno"):
        combat.act_held(state, "d")
    state, _ = combat.end_turn(state)
    state, _ = combat.act_held(state, "d")
    assert state.current == "d" and state.orden == ("b", "d", "g")
    state, _ = combat.end_turn(state)
    assert state.current == "g"


def test_surrender_ends_a_combatant_and_the_combat() -> None:
    state, events = combat.surrender(first_asalto(), "b")
    assert state.fighter("b").status is Status.RENDIDO
    assert state.vencedor == "casa" and "vence el bando casa" in events[-1].message


@pytest.mark.parametrize(
    ("operation", "words"),
    [
        (
            lambda s: attacks.attack(s, Ataque("b", "d", "Hacha"), dice()),
            "No es el turno de Bandido",
        ),
        (lambda s: attacks.attack(s, Ataque("d", "d", "Espada larga"), dice()), "mismo bando"),
        (lambda s: attacks.attack(s, Ataque("d", "b", "Maza"), dice()), "no lleva el arma"),
        (lambda s: attacks.attack(s, Ataque("d", "x", "Maza"), dice()), "identificador «x»"),
        (lambda s: combat.act(s, Accion("d", MENOR, " ")), "Falta el nombre de la acción"),
        (lambda s: combat.act_held(s, "b"), "no tiene la acción reservada"),
    ],
)
def test_refusals_change_nothing(operation: object, words: str) -> None:
    state = first_asalto()
    before = state.to_dict()
    with pytest.raises(UmbralError, match=words):
        operation(state)  # type: ignore[operator]
    assert state.to_dict() == before


def test_a_combat_needs_two_sides_and_distinct_ids() -> None:
    with pytest.raises(UmbralError, match="al menos dos bandos"):
        combat.start([Entrada("d", duncan(), "a"), Entrada("b", bandido(), "a")])
    with pytest.raises(UmbralError, match="el mismo identificador"):
        combat.start([Entrada("d", duncan(), "a"), Entrada("d", bandido(), "b")])


def test_wounds_and_fatigue_weigh_on_every_test() -> None:
    state = first_asalto()
    b = replace(state.fighter("b"), heridas_leves=1, heridas_graves=1, fatiga=1)
    state = state.put(b)
    state, _ = combat.end_turn(state)
    _, events = attacks.attack(state, Ataque("b", "d", "Hacha"), dice(6, 6))
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    assert roll.prueba.modificadores == (Termino("Heridas leves", -1), Termino("Fatiga", -1))
    assert roll.prueba.dados == (Termino("Heridas graves", -1),)
    assert (roll.dados_habilidad, roll.total) == (2, 10)


def test_a_new_asalto_waits_for_every_turn_and_a_held_action_may_close_it() -> None:
    state = first_asalto()
    with pytest.raises(UmbralError, match="El asalto sigue: es el turno de Duncan"):
        combat.new_asalto(state, dice())
    state, _ = combat.hold(state)
    state, _ = combat.act(state, Accion("b", MENOR, "Grita"))
    state, _ = combat.end_turn(state)
    assert state.current is None
    state, _ = combat.act_held(state, "d")  # after the last complete turn
    assert state.current == "d"
    state, _ = combat.end_turn(state)
    state, _ = combat.new_asalto(state, dice(5, 4, 3, 1, 4, 3, 3))
    assert state.asalto == 2 and state.orden == ("d", "b")


def test_a_free_test_carries_the_condition_and_the_armour_when_told() -> None:
    state = first_asalto()
    state = state.put(replace(state.fighter("d"), heridas_leves=1))
    choice = PruebaLibre("d", "Brío", dificultad=9, armadura=True)
    _, events = free_test(state, choice, dice(4, 4, 4, 4))
    roll = events[0].tirada  # type: ignore[attr-defined]
    assert roll.prueba.modificadores == (
        Termino("Heridas leves", -1),
        Termino("Penalización de armadura", -3),
    )
    assert roll.total == 12 and roll.exito
    # Against the Bandido's passive Percepción: 2 × 4 = 8.
    choice = PruebaLibre("d", "Discreción", "Sigilo", contra="b", pasiva=("Percepción", None))
    _, events = free_test(state, choice, dice(3, 2, 1, 1))
    assert events[0].tirada.dificultad == 8  # type: ignore[attr-defined]
    with pytest.raises(UmbralError, match="di la habilidad pasiva"):
        free_test(state, PruebaLibre("d", "Brío", contra="b"), dice())
