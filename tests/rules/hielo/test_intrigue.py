"""Intrigues with our own numbers: won with FA, Frustración, a manoeuvre, the attitude's
moves, a change of objective, deceiving, the simple intrigue, the loaded attitude table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from umbral_rules.errors import UmbralError
from umbral_rules.hielo import influence, intrigue
from umbral_rules.hielo.checks import DestinoTirada
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.destiny import UsoDestino
from umbral_rules.hielo.events import (
    CheckRolled,
    Ended,
    InfluenceResolved,
    InfluenceTaken,
    ObjectiveChanged,
    TableRolled,
)
from umbral_rules.hielo.influence import Influir, IntrigaSimple, OtraAccion, RecibirInfluencia
from umbral_rules.hielo.intrigue import Cambio, EntradaIntriga, GastoDestinoIntriga
from umbral_rules.hielo.intrigue_state import Escenario, Intrigue, Tecnica, TipoIntriga
from umbral_rules.hielo.tables import FactorActitud, TablaActitudes, TablaNumerada, TipoTabla

from .people import cortesana, dice, senor

INDIFERENCIA = FactorActitud("Indiferencia", fa=2)
SEDUCIR, CONVENCER = Tecnica("Seducir", 3), Tecnica("Convencer", 2)
TABLE = TablaActitudes(
    tuple(FactorActitud(f"Fila {n}", fa=n, engano=-n, persuasion=8 - n) for n in range(1, 8))
)


def court(objetivo: str = "Servicio", tabla: TablaActitudes | None = None) -> Intrigue:
    factor = None if tabla else INDIFERENCIA
    return intrigue.start(
        [
            EntradaIntriga("c", cortesana(), "corte", objetivo, factor=factor),
            EntradaIntriga("s", senor(), "señor", "Amistad", factor=factor),
        ],
        tabla,
    )


def exchange(state: Intrigue, *cambios: Cambio) -> Intrigue:
    """Estatus (Reputación): the Cortesana 6, 5, 4 = 15; the Señor 1, 1, 1, 1 = 4."""
    base = [Cambio("c", tecnica=SEDUCIR), Cambio("s", tecnica=CONVENCER)]
    mine = {c.quien: c for c in cambios}
    state, _events = intrigue.begin_exchange(
        state, [mine.get(c.quien, c) for c in base], dice(6, 5, 4, 1, 1, 1, 1, 1)
    )
    assert state.orden == ("c", "s")
    return state


def test_an_intrigue_won_through_the_attitudes_fa() -> None:
    state = exchange(court())
    # Persuasión 4 + Seducir 2B: 5, 5, 5, 4 = 19 against Defensa en intrigas 8: 3 degrees.
    state, events = influence.influence(state, Influir("c", "s"), dice(5, 5, 5, 4, 1, 1))
    done = next(e for e in events if isinstance(e, InfluenceResolved))
    assert (done.grados, done.influencia, done.fa, done.neta) == (3, 9, 2, 7)
    assert "3 × 3 = 9 − FA 2 = 7 de Influencia" in done.message
    state, events = influence.take_influence(state, RecibirInfluencia("s"), dice())
    taken = next(e for e in events if isinstance(e, InfluenceTaken))
    assert (taken.compostura_antes, taken.compostura_despues) == (6, 0)
    assert state.terminada and state.vencedor == "corte"
    assert isinstance(events[-1], Ended)
    with pytest.raises(UmbralError, match="La intriga ha terminado"):
        influence.influence(state, Influir("s", "c"), dice())


def test_frustracion_cancels_voluntad_and_a_six_brings_a_manoeuvre() -> None:
    state = exchange(court())
    state, _ = influence.influence(state, Influir("c", "s"), dice(6, 6, 5, 4, 1, 1))
    assert state.pendiente is not None and state.pendiente.influencia == 7
    table = TablaNumerada(TipoTabla.MANIOBRAS, {2: "Desvía la conversación", 5: "Humilla"})
    state, events = influence.take_influence(
        state, RecibirInfluencia("s", frustracion=True), dice(3), table
    )
    taken = next(e for e in events if isinstance(e, InfluenceTaken))
    assert (taken.anulada, taken.influencia, taken.compostura_despues) == (2, 5, 1)
    s = state.participante("s")
    assert s.frustracion == 1 and s.dados() == (Termino("Frustración", -1),)
    move = next(e for e in events if isinstance(e, TableRolled))
    assert (move.dados, move.sumandos, move.lectura.numero) == ((3,), 2, 5)
    assert "a elegir hasta el 5: 2: Desvía la conversación; 5: Humilla" in move.message
    # The Señor's Persuasión 3 loses a die to his Frustración: 6, 5 = 11 against 8, one
    # degree: 2 − FA 2 = 0; influenced all the same.
    assert state.current == "s"
    state, events = influence.influence(state, Influir("s", "c"), dice(6, 5))
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    assert roll.dados_habilidad == 2 and roll.prueba.dados == (Termino("Frustración", -1),)
    assert state.pendiente is None and state.participante("c").influido
    assert state.current is None  # the exchange is over
    # Who was influenced successfully can't worsen its attitude in the next exchange.
    with pytest.raises(UmbralError, match="no puede empeorar la actitud en este"):
        exchange(state, Cambio("c", tecnica=SEDUCIR, actitud=-1))
    # A change of objective: the adversary recovers Compostura equal to its Voluntad.
    state, events = intrigue.begin_exchange(
        state,
        [Cambio("c", tecnica=SEDUCIR, objetivo="Información"), Cambio("s", tecnica=CONVENCER)],
        dice(6, 5, 4, 1, 1, 1, 1, 1),
    )
    back = next(e for e in events if isinstance(e, ObjectiveChanged))
    assert back.recuperada == 2 and state.participante("s").compostura == 3
    assert not state.participante("c").influido


def test_frustracion_is_capped_at_voluntad() -> None:
    state = exchange(court())
    state, _ = influence.influence(state, Influir("c", "s"), dice(5, 5, 5, 4, 1, 1))
    state = state.put(replace(state.participante("s"), frustracion=2))
    before = state.to_dict()
    with pytest.raises(UmbralError, match="ya tiene 2 de Frustración, tanta como su Voluntad"):
        influence.take_influence(state, RecibirInfluencia("s", frustracion=True), dice())
    assert state.to_dict() == before


def test_deceiving_rolls_engano_with_the_higher_specialty() -> None:
    state = exchange(court("Mentira"))
    state, events = influence.influence(
        state, Influir("c", "s", especialidad_engano="Mentir"), dice(6, 5, 4, 3, 2)
    )
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    # Engaño 3 with Seducir's 2B (higher than Mentir's 1B).
    assert roll.prueba.habilidad == "engano" and roll.prueba.especialidad == "Seducir"
    assert (roll.dados_habilidad, roll.dados_bonificacion) == (3, 2)


def test_the_loaded_table_gives_fa_and_modifiers_and_attitudes_move_one_category() -> None:
    state = court(tabla=TABLE)
    state = exchange(state, Cambio("s", tecnica=CONVENCER, actitud=1))
    s = state.participante("s")
    assert s.actitud == 3 and state.factor(s) == TABLE.filas[2]
    state, events = influence.influence(state, Influir("c", "s"), dice(1, 1, 1, 1, 1, 1))
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    assert roll.prueba.modificadores == (Termino("Actitud (Fila 3)", 5),)
    with pytest.raises(UmbralError, match="como mucho una categoría"):
        intrigue.begin_exchange(court(tabla=TABLE), [Cambio("s", actitud=2)], dice())
    with pytest.raises(UmbralError, match="el factor sale de la tabla"):
        intrigue.begin_exchange(court(tabla=TABLE), [Cambio("s", factor=INDIFERENCIA)], dice())


def test_without_the_table_a_moved_attitude_needs_its_factor() -> None:
    state = exchange(court(), Cambio("s", tecnica=CONVENCER, actitud=-1))
    before = state.to_dict()
    with pytest.raises(UmbralError, match="busca la categoría 5 de 7 \\(1 la mejor\\)"):
        influence.influence(state, Influir("c", "s"), dice())
    assert state.to_dict() == before


def test_the_setting_raises_defensa_en_intrigas() -> None:
    state = exchange(court(), Cambio("s", tecnica=CONVENCER, escenario=Escenario.POCO_PRACTICO))
    assert state.participante("s").defensa == 11
    assert Escenario.INCREIBLEMENTE_INADECUADO.bonus == 12


def test_one_action_per_turn_and_other_actions_are_recorded() -> None:
    state = exchange(court())
    state, events = influence.other_action(
        state, OtraAccion("c", "Observa sus gestos", "Percepción", contra="s"), dice(4, 4)
    )
    assert [e.message for e in events[1:]] == ["Cortesana: Observa sus gestos.", "Turno de Señor."]
    assert next(e for e in events if isinstance(e, CheckRolled)).tirada.dificultad == 8
    with pytest.raises(UmbralError, match="No es el turno de Cortesana: es el turno de Señor"):
        influence.influence(state, Influir("c", "s"), dice())


def test_a_simple_intrigue_is_one_roll_against_defensa_en_intrigas() -> None:
    choice = IntrigaSimple(cortesana(), senor(), "Seducir", escenario=Escenario.INAPROPIADO)
    tirada, events = influence.simple(choice, dice(5, 5, 4, 1, 1, 1))
    assert tirada.dificultad == 14 and tirada.total == 15 and tirada.exito
    assert events[-1].message == "Cortesana gana la intriga simple."
    tirada, events = influence.simple(choice, dice(1, 1, 1, 1, 1, 1))
    assert events[-1].message == "Señor resiste: Cortesana pierde."


def test_complex_intrigues_are_ruled_out_and_bad_starts_refused() -> None:
    with pytest.raises(UmbralError, match="no se llevarán a cabo"):
        intrigue.start([], tipo=TipoIntriga.COMPLEJA)
    with pytest.raises(UmbralError, match="dos bandos"):
        intrigue.start([EntradaIntriga("c", cortesana(), "a", "Servicio")])
    with pytest.raises(UmbralError, match="La actitud \\(1 la mejor, 4 la neutra\\): de 1 a 7"):
        intrigue.start(
            [
                EntradaIntriga("c", cortesana(), "a", "Servicio", actitud=8),
                EntradaIntriga("s", senor(), "b", "Amistad"),
            ]
        )
    with pytest.raises(UmbralError, match="tiene 7 filas, de la mejor a la peor"):
        TablaActitudes((INDIFERENCIA,))


def test_the_first_may_wait_for_the_others() -> None:
    state = exchange(court())
    state, events = influence.wait(state, "c")
    assert state.orden == ("s", "c") and state.current == "s"
    assert events[0].message == "Cortesana espera a que actúen los demás. Turno de Señor."
    state, _ = influence.other_action(state, OtraAccion("s", "Calla", "Voluntad"), dice(1, 1))
    with pytest.raises(UmbralError, match="ya es el último en actuar"):
        influence.wait(state, "c")


def test_destiny_in_an_intrigue_plus_1b_and_minus_1d_on_the_adversary() -> None:
    state = exchange(court())
    choice = Influir("c", "s", destino=(DestinoTirada.RECIBIR_B,))
    state, events = influence.influence(state, choice, dice(1, 1, 1, 1, 1, 1, 1))
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    assert roll.dados_bonificacion == 3 and state.participante("c").destino == 0
    state = exchange(court())
    state, _ = intrigue.spend_destiny(
        state, GastoDestinoIntriga("c", UsoDestino.IMPONER_MENOS_D, objetivo="s")
    )
    state, _ = influence.other_action(state, OtraAccion("c", "Sonríe", "Ingenio"), dice(1, 1, 1))
    state, events = influence.influence(state, Influir("s", "c"), dice(1, 1))
    roll = next(e for e in events if isinstance(e, CheckRolled)).tirada
    assert roll.prueba.dados == (Termino("Destino de un adversario", -1),)
    assert roll.dados_habilidad == 2 and state.participante("s").menos_d == 0
