"""Each of the seed's eleven destiny point uses: applied where the rules can, recorded
otherwise; a point is spent each time and none is spent without one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from umbral_rules.errors import UmbralError
from umbral_rules.hielo import attacks, combat, intrigue
from umbral_rules.hielo.attacks import Ataque
from umbral_rules.hielo.checks import DestinoTirada
from umbral_rules.hielo.combat import GastoDestino
from umbral_rules.hielo.combat_state import Combat
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.destiny import TEXTO, UsoDestino
from umbral_rules.hielo.events import AttitudeChanged, CheckRolled, DestinySpent
from umbral_rules.hielo.intrigue import GastoDestinoIntriga

from .people import dice
from .test_combat import duel, first_asalto
from .test_intrigue import court


def _roll(events: list[object]) -> CheckRolled:
    return next(e for e in events if isinstance(e, CheckRolled))


def test_recibir_1b_beyond_the_limit_spends_a_point() -> None:
    state = first_asalto()
    choice = Ataque("d", "b", "Espada larga", destino=(DestinoTirada.RECIBIR_B,))
    state, events = attacks.attack(state, choice, dice(1, 1, 1, 1, 1, 1))
    assert _roll(events).tirada.dados_bonificacion == 2
    assert state.fighter("d").destino == 0


def test_convertir_a_bonus_die_into_a_test_die() -> None:
    choice = Ataque("d", "b", "Espada larga", destino=(DestinoTirada.CONVERTIR_B,))
    _, events = attacks.attack(first_asalto(), choice, dice(5, 5, 4, 3, 2))
    roll = _roll(events).tirada
    assert (roll.dados_habilidad, roll.dados_bonificacion, roll.total) == (5, 0, 19)


def test_eliminar_a_minus_1d() -> None:
    state = first_asalto()
    state = state.put(replace(state.fighter("d"), heridas_graves=1))
    choice = Ataque("d", "b", "Espada larga", destino=(DestinoTirada.ELIMINAR_MENOS_D,))
    _, events = attacks.attack(state, choice, dice(5, 4, 4, 3, 2))
    roll = _roll(events).tirada
    assert roll.dados_habilidad == 4 and "se elimina 1 × −1D" in roll.resumen()


def test_imponer_minus_1d_on_an_adversarys_next_test() -> None:
    state, events = combat.spend_destiny(
        first_asalto(), GastoDestino("d", UsoDestino.IMPONER_MENOS_D, objetivo="b")
    )
    assert isinstance(events[0], DestinySpent) and events[0].aplicado
    assert state.fighter("d").destino == 0 and state.fighter("b").menos_d == 1
    state, _ = combat.end_turn(state)
    state, events = attacks.attack(state, Ataque("b", "d", "Hacha"), dice(6, 6))
    roll = _roll(events).tirada
    assert roll.prueba.dados == (Termino("Destino de un adversario", -1),)
    assert roll.dados_habilidad == 2 and state.fighter("b").menos_d == 0


def test_an_extra_minor_action() -> None:
    state, _ = combat.spend_destiny(first_asalto(), GastoDestino("d", UsoDestino.ACCION_MENOR))
    assert state.fighter("d").menores == 3


def test_ignorar_the_armour_for_one_asalto() -> None:
    state, _ = combat.spend_destiny(first_asalto(), GastoDestino("d", UsoDestino.IGNORAR_ARMADURA))
    d = state.fighter("d")
    assert d.sin_armadura(1) and not d.sin_armadura(2)
    state = state.put(replace(d, destino=1))
    with pytest.raises(UmbralError, match="ya ignora la armadura en el asalto 1"):
        combat.spend_destiny(state, GastoDestino("d", UsoDestino.IGNORAR_ARMADURA))
    # Spent before the first asalto, it covers the first asalto's initiative.
    state, _ = combat.spend_destiny(duel(), GastoDestino("d", UsoDestino.IGNORAR_ARMADURA))
    state, events = combat.new_asalto(state, dice(5, 4, 3, 1, 4, 3, 3))
    assert _roll(events).tirada.total == 12  # no −3


def test_mejorar_o_empeorar_the_attitude_of_another_character() -> None:
    state, events = intrigue.spend_destiny(
        court(), GastoDestinoIntriga("c", UsoDestino.ACTITUD, objetivo="s", mejora=1)
    )
    assert state.participante("s").actitud == 3 and state.participante("c").destino == 0
    assert any(isinstance(e, AttitudeChanged) for e in events)


@pytest.mark.parametrize(
    "uso",
    [
        UsoDestino.CANCELAR,
        UsoDestino.DETALLE,
        UsoDestino.ACTIVAR_CUALIDAD,
        UsoDestino.IGNORAR_CUALIDAD,
    ],
)
def test_the_other_uses_are_recorded_for_the_gm(uso: UsoDestino) -> None:
    state, events = combat.spend_destiny(
        first_asalto(), GastoDestino("d", uso, detalle="Una cerradura en mal estado")
    )
    spent = events[0]
    assert isinstance(spent, DestinySpent) and not spent.aplicado
    assert TEXTO[uso] in spent.message and "El máster lo aplica" in spent.message
    assert state.fighter("d").destino == 0
    with pytest.raises(UmbralError, match="di en qué se gasta"):
        combat.spend_destiny(first_asalto(), GastoDestino("d", uso))


def test_destiny_refusals_change_nothing() -> None:
    state: Combat = first_asalto()
    before = state.to_dict()
    cases = [
        (GastoDestino("d", UsoDestino.RECIBIR_B), "se gasta al tirar"),
        (GastoDestino("d", UsoDestino.ACTITUD), "en una intriga"),
        (GastoDestino("d", UsoDestino.IMPONER_MENOS_D), "a qué adversario"),
        (GastoDestino("b", UsoDestino.ACCION_MENOR), "No es el turno de Bandido"),
    ]
    for choice, words in cases:
        with pytest.raises(UmbralError, match=words):
            combat.spend_destiny(state, choice)
    poor = state.put(replace(state.fighter("d"), destino=0))
    with pytest.raises(UmbralError, match="no tiene puntos de destino suficientes"):
        combat.spend_destiny(poor, GastoDestino("d", UsoDestino.ACCION_MENOR))
    two = Ataque("d", "b", "Espada larga", destino=(DestinoTirada.RECIBIR_B,) * 2)
    with pytest.raises(UmbralError, match="le quedan 1 y gasta 2"):
        attacks.attack(state, two, dice())
    assert state.to_dict() == before
    with pytest.raises(UmbralError, match="es de combate"):
        intrigue.spend_destiny(court(), GastoDestinoIntriga("c", UsoDestino.ACCION_MENOR))
