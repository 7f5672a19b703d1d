"""The GM's hand correction of a combatant with our own numbers: each value set and what
changed, Salud 0 takes one out (the turn passes, the combat may end), Salud raised brings a
vencido back, the fatigue's effects never cover more wounds than there are, and every
refusal leaves the combat as it was."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from umbral_rules.errors import UmbralError
from umbral_rules.hielo import attacks, combat
from umbral_rules.hielo.attacks import Absorcion, Ataque
from umbral_rules.hielo.combat import Entrada
from umbral_rules.hielo.combat_state import Combat, Fase, Status
from umbral_rules.hielo.correction import Ajuste, correct
from umbral_rules.hielo.events import BackIn, Corrected, Corregido, Ended, Out, TurnStarted

from .people import bandido, dice, duncan, guardia


def duel() -> Combat:
    """Duncan (Constitución 4: Salud 12, one destiny point) against a Bandido
    (Constitución 2: Salud 6)."""
    return combat.start([Entrada("d", duncan(), "casa"), Entrada("b", bandido(), "bandidos")])


def first_asalto(state: Combat | None = None) -> Combat:
    """Duncan 9 and the Bandido 9: Duncan goes first (more Rapidez)."""
    state, _ = combat.new_asalto(state or duel(), dice(5, 4, 3, 1, 4, 3, 3))
    return state


def three() -> Combat:
    """Two guards of one side against the Bandido; initiative g1, g2, b."""
    state = combat.start(
        [Entrada("g1", guardia(), "a"), Entrada("g2", guardia(), "a"), Entrada("b", bandido(), "b")]
    )
    state, _ = combat.new_asalto(state, dice(3, 3, 4, 2, 1, 1, 1))
    assert state.orden == ("g1", "g2", "b")
    return state


def test_each_value_is_set_and_said_before_and_after() -> None:
    state, events = correct(
        first_asalto(),
        "d",
        Ajuste(salud=7, heridas_leves=2, heridas_graves=1, fatiga=3, destino=0),
    )
    d = state.fighter("d")
    assert (d.salud, d.heridas_leves, d.heridas_graves, d.fatiga, d.destino) == (7, 2, 1, 3, 0)
    assert d.status is Status.ACTIVO
    [said] = events
    assert isinstance(said, Corrected) and said.quien == "d"
    assert said.cambios == (
        Corregido("Salud", 12, 7),
        Corregido("Heridas leves", 0, 2),
        Corregido("Heridas graves", 0, 1),
        Corregido("Fatiga", 0, 3),
        Corregido("Puntos de destino", 1, 0),
    )
    assert said.message == (
        "El máster corrige a Duncan: Salud 12 → 7, Heridas leves 0 → 2, Heridas graves 0 → 1, "
        "Fatiga 0 → 3, Puntos de destino 1 → 0."
    )
    # the wounds and the fatigue set weigh on its tests as those taken in the fight do
    points, dice_ = d.penalties()
    assert [(t.nombre, t.valor) for t in points] == [("Heridas leves", -2), ("Fatiga", -3)]
    assert [(t.nombre, t.valor) for t in dice_] == [("Heridas graves", -1)]
    assert state.fighter("b") == first_asalto().fighter("b")


def test_only_what_differs_is_a_change() -> None:
    state, events = correct(first_asalto(), "b", Ajuste(salud=6, fatiga=1))
    [said] = events
    assert isinstance(said, Corrected) and said.cambios == (Corregido("Fatiga", 0, 1),)
    assert state.fighter("b").salud == 6


def test_salud_0_takes_the_last_of_a_side_out_and_ends_the_combat() -> None:
    state, events = correct(first_asalto(), "b", Ajuste(salud=0))
    assert state.fighter("b").status is Status.VENCIDO
    assert [type(e) for e in events] == [Corrected, Out, Ended]
    assert events[1].message == "Bandido llega a Salud 0: vencido."
    assert state.fase is Fase.TERMINADO and state.vencedor == "casa"


def test_salud_0_of_whose_turn_it_is_passes_the_turn_and_raised_it_is_back() -> None:
    state, events = correct(three(), "g1", Ajuste(salud=0))
    assert state.fighter("g1").status is Status.VENCIDO and state.fase is Fase.ASALTO
    assert [type(e) for e in events] == [Corrected, Out, TurnStarted]
    assert state.current == "g2"
    state, events = correct(state, "g1", Ajuste(salud=4))
    g1 = state.fighter("g1")
    assert g1.status is Status.ACTIVO and g1.salud == 4
    assert [type(e) for e in events] == [Corrected, BackIn]
    assert events[1].message == "Guardia vuelve al combate con Salud 4."
    assert state.current == "g2"  # its turn of this asalto is gone; it rolls the next one
    state, _ = combat.end_turn(state)
    state, _ = combat.end_turn(state)
    state, _ = combat.new_asalto(state, dice(3, 3, 4, 2, 1, 1, 1))
    assert "g1" in state.orden


def test_a_vencido_raised_before_its_turn_still_takes_it() -> None:
    state, _ = correct(three(), "b", Ajuste(salud=0))  # the Bandido alone on its side: over
    assert state.fase is Fase.TERMINADO
    state, _ = correct(three(), "g2", Ajuste(salud=0))
    state, _ = correct(state, "g2", Ajuste(salud=9))
    state, events = combat.end_turn(state)
    assert state.current == "g2" and events[-1].message == "Turno de Guardia."


def test_before_the_first_asalto_salud_0_ends_nothing() -> None:
    """As /encuentro quitar: the combat is settled from the first asalto on."""
    state, events = correct(duel(), "b", Ajuste(salud=0))
    assert state.fase is Fase.PREPARACION and state.vencedor is None
    assert [type(e) for e in events] == [Corrected, Out]
    state, events = correct(state, "b", Ajuste(salud=2))
    assert state.fighter("b").status is Status.ACTIVO


def test_one_who_surrendered_stays_out_whatever_its_salud() -> None:
    state = combat.start(
        [Entrada("g1", guardia(), "a"), Entrada("g2", guardia(), "a"), Entrada("b", bandido(), "b")]
    )
    state, _ = combat.surrender(state, "g2")
    state, events = correct(state, "g2", Ajuste(salud=0))
    assert state.fighter("g2").status is Status.RENDIDO and [type(e) for e in events] == [Corrected]
    state, events = correct(state, "g2", Ajuste(salud=5))
    assert state.fighter("g2").status is Status.RENDIDO and [type(e) for e in events] == [Corrected]


def test_the_fatigues_effects_never_cover_more_wounds_than_there_are() -> None:
    state = first_asalto()
    d = replace(
        state.fighter("d"), heridas_leves=2, heridas_graves=2, ignora_leves=True, graves_ignoradas=2
    )
    state = state.put(d)
    state, _ = correct(state, "d", Ajuste(heridas_leves=0, heridas_graves=1))
    d = state.fighter("d")
    assert not d.ignora_leves and d.graves_ignoradas == 1
    state, _ = correct(state, "d", Ajuste(heridas_leves=1))
    assert state.fighter("d").penalties()[0][0].valor == -1  # a new light wound weighs


def test_damage_after_a_correction_starts_from_the_salud_set() -> None:
    state, _ = correct(first_asalto(), "b", Ajuste(salud=3))
    state, _ = attacks.attack(state, Ataque("d", "b", "Espada larga"), dice(5, 4, 3, 3, 1))
    assert state.pendiente is not None
    state, events = attacks.take_damage(state, Absorcion("b"))
    assert state.fighter("b").salud == 0 and any(isinstance(e, Out) for e in events)
    assert state.fase is Fase.TERMINADO


def pending() -> Combat:
    state, _ = attacks.attack(first_asalto(), Ataque("d", "b", "Espada larga"), dice(5, 4, 3, 3, 1))
    assert state.pendiente is not None
    return state


def over() -> Combat:
    state, _ = combat.surrender(first_asalto(), "b")
    return state


@pytest.mark.parametrize(
    ("make", "quien", "ajuste", "words"),
    [
        (first_asalto, "d", Ajuste(), "Di qué ajustar: salud, leves, graves, fatiga o destino."),
        (first_asalto, "x", Ajuste(salud=3), "identificador «x»"),
        (first_asalto, "d", Ajuste(salud=13), r"La Salud de Duncan: de 0 a 12 \(se dio 13\)"),
        (first_asalto, "b", Ajuste(salud=-1), r"La Salud de Bandido: de 0 a 6 \(se dio -1\)"),
        (first_asalto, "b", Ajuste(heridas_leves=3), "Las heridas leves de Bandido: de 0 a 2"),
        (first_asalto, "b", Ajuste(heridas_graves=3), "Las heridas graves de Bandido: de 0 a 2"),
        (first_asalto, "d", Ajuste(fatiga=5), "La fatiga de Duncan: de 0 a 4"),
        (first_asalto, "d", Ajuste(destino=2), "de 0 a 1, los de su ficha"),
        (first_asalto, "d", Ajuste(destino=-1), "Los puntos de destino de Duncan: 0 o más"),
        (first_asalto, "d", Ajuste(salud=3, fatiga=9), "La fatiga de Duncan"),  # none of it
        (first_asalto, "d", Ajuste(salud=12, destino=1), "Duncan ya tiene esos valores"),
        (over, "d", Ajuste(salud=3), "El combate ha terminado."),
        (pending, "d", Ajuste(fatiga=1), "Primero Bandido decide cómo recibe"),
    ],
)
def test_refusals_change_nothing(
    make: Callable[[], Combat], quien: str, ajuste: Ajuste, words: str
) -> None:
    state = make()
    before = state.to_dict()
    with pytest.raises(UmbralError, match=words):
        correct(state, quien, ajuste)
    assert state.to_dict() == before
