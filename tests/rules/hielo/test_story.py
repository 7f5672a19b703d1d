"""A whole fight, asalto by asalto, reopened from its JSON between every step (as the bot
will keep it): surprise, initiative with wounds, a blow Protección stops, a grave wound, a
light wound, a critical, Salud 0 and a surrender."""

from __future__ import annotations

import json

from umbral_rules.hielo import attacks, combat
from umbral_rules.hielo.attacks import Absorcion, Ataque
from umbral_rules.hielo.combat import Deteccion, Entrada
from umbral_rules.hielo.combat_state import Combat, Fase, Status
from umbral_rules.hielo.events import AttackResolved, CheckRolled, Ended, Event, TableRolled

from .people import bandido, dice, duncan, guardia


def reopen(state: Combat) -> Combat:
    return Combat.from_dict(json.loads(json.dumps(state.to_dict())))


def hit(events: list[Event]) -> AttackResolved:
    return next(e for e in events if isinstance(e, AttackResolved))


def test_a_whole_fight_reopened_between_every_step() -> None:
    state = combat.start(
        [
            Entrada("d", duncan(), "casa"),
            Entrada("b", bandido(), "bandidos"),
            Entrada("g", guardia(), "bandidos"),
        ]
    )
    # Discreción 3 + Sigilo 1B: 4, 4, 3 = 11 against the Guardia's passive Percepción 8.
    state, _ = combat.detect(reopen(state), Deteccion("d", "g"), dice(4, 4, 3, 1))
    # Asalto 1: Duncan 12 − 3 = 9, Bandido 10 − 1 = 9, Guardia 12.
    state, _ = combat.new_asalto(reopen(state), dice(5, 4, 3, 1, 4, 3, 3, 6, 6))
    assert state.orden == ("g", "d", "b")
    # The Guardia's spear: 12 against 11, one degree: 3 − Protección 5 = nothing.
    state, events = attacks.attack(reopen(state), Ataque("g", "d", "Lanza"), dice(5, 4, 3))
    assert (hit(events).grados, hit(events).dano) == (1, 0) and state.pendiente is None
    state, _ = combat.end_turn(reopen(state))
    # Duncan by surprise: 5 test dice + 1B, 5, 5, 4, 4, 3 = 21 against 6: 4 degrees, 16.
    state, events = attacks.attack(
        reopen(state), Ataque("d", "g", "Espada larga"), dice(5, 5, 4, 4, 3, 1)
    )
    assert (hit(events).grados, hit(events).dano) == (4, 16)
    state, _ = attacks.take_damage(reopen(state), Absorcion("g", grave=True))
    assert state.fighter("g").salud == 9 and state.fighter("g").heridas_graves == 1
    state, _ = combat.end_turn(reopen(state))
    # The Bandido: 6, 6, 6 = 18 against 11 (not double): 2 degrees, 6 − 5 = 1.
    state, events = attacks.attack(reopen(state), Ataque("b", "d", "Hacha"), dice(6, 6, 6))
    assert hit(events).dano == 1 and not any(isinstance(e, TableRolled) for e in events)
    state, _ = attacks.take_damage(reopen(state), Absorcion("d", leves=1))
    state, _ = combat.end_turn(reopen(state))
    assert state.current is None
    # Asalto 2: Duncan 12 − 1 (light wound) − 3 = 8; Bandido 9; the Guardia, −1D: one die, 6.
    state, events = combat.new_asalto(reopen(state), dice(5, 4, 3, 1, 4, 3, 3, 6))
    rolls = {e.quien: e.tirada for e in events if isinstance(e, CheckRolled)}
    assert (rolls["d"].total, rolls["b"].total, rolls["g"].total) == (8, 9, 6)
    assert rolls["g"].dados_habilidad == 1
    assert state.orden == ("b", "d", "g")
    state, _ = combat.end_turn(reopen(state))
    # No surprise now: 6, 6, 5, 1 = 18 ≥ 2 × 6 with two sixes: a critical, 1 + 2 = 3.
    state, events = attacks.attack(
        reopen(state), Ataque("d", "g", "Espada larga"), dice(6, 6, 5, 1, 1, 1)
    )
    crit = next(e for e in events if isinstance(e, TableRolled))
    assert crit.lectura.numero == 3 and (hit(events).grados, hit(events).dano) == (3, 12)
    state, _ = attacks.take_damage(reopen(state), Absorcion("g"))
    assert state.fighter("g").status is Status.VENCIDO and state.fase is Fase.ASALTO
    state, events = combat.surrender(reopen(state), "b")
    assert state.fase is Fase.TERMINADO and state.vencedor == "casa"
    assert isinstance(events[-1], Ended)
    assert reopen(state) == state
