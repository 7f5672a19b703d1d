"""Phase order (digest §7, [D]): players first, then enemies. Out of phase is refused in
Narrativo and Táctico (naming the phase and /asalto) and a warning in Mesa; respuestas and
defending happen in any phase."""

from __future__ import annotations

import pytest

from umbral_rules.encounter import AttackResolved, DefenseResolved, RespuestaUsed, WarningEvent

from .test_encounter_mesa import F, one
from .test_encounter_refusals import fight
from .test_encounter_state import refused

ENEMY_TOO_SOON = (
    "Es la fase de los jugadores: Guardia 1 actúa en la de los enemigos, cuando acaben los "
    "jugadores (el máster pasa de fase con /asalto). Respuestas y defensas valen en cualquier "
    "fase."
)
PC_TOO_LATE = (
    "Es la fase de los enemigos: Kaeda actúa en la de los jugadores, en el asalto siguiente "
    "(el máster pasa de fase con /asalto). Respuestas y defensas valen en cualquier fase."
)


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
def test_out_of_phase_is_refused(mode: str) -> None:
    enc = fight(mode)
    refused(enc, ENEMY_TOO_SOON, enc.attack, F(5, 5), "c3", "c1")
    refused(enc, ENEMY_TOO_SOON, enc.move, "c3")
    refused(enc, ENEMY_TOO_SOON, enc.maniobra, F(), "c3", "apuntar")
    enc.attack(F(9, 4), "c1", "c3")  # the players' phase: Kaeda acts
    enc.advance()
    refused(enc, PC_TOO_LATE, enc.attack, F(5, 5), "c1", "c3")
    refused(enc, PC_TOO_LATE, enc.move, "c1")
    refused(enc, PC_TOO_LATE, enc.maniobra, F(), "c1", "sostener", None, "si entra")
    refused(enc, PC_TOO_LATE, enc.tirada, F(5), "c1", "vigor", 9, accion=True)
    enc.tirada(F(5), "c1", "percepcion", 9)  # a free check is not acting on one's turn
    ev = enc.attack(F(4, 8), "c3", "c1")  # the enemies' phase: the guard acts
    assert one(ev, AttackResolved)


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
def test_respuestas_and_defenses_happen_in_any_phase(mode: str) -> None:
    enc = fight(mode, defensa_inmediata=False)
    # a respuesta in the players' phase, by an enemy
    ev = enc.respuesta(F(6, 6), "c3", "oportunidad", "c1")
    assert one(ev, RespuestaUsed) and enc.pending  # Kaeda's die waits
    ev = enc.defend(F(7), "c1")  # defending in the players' phase
    assert one(ev, DefenseResolved)
    enc.maniobra(F(), "c2", "sostener", None, "si asoma")
    enc.advance()
    ev = enc.respuesta(F(9, 3), "c2", "sostener", "c4")  # Bran's held action, enemies' phase
    assert one(ev, RespuestaUsed)


def test_mesa_only_warns() -> None:
    enc = fight("mesa")
    ev = enc.attack(F(), "c3", "c1")
    assert isinstance(ev[0], WarningEvent)
    assert ev[0].message == (
        "Aviso: " + ENEMY_TOO_SOON.removesuffix(".") + " (en Mesa lo arbitra el máster)."
    )
    assert enc.pending  # it still happened
    enc.advance()
    ev = enc.move("c1")
    assert isinstance(ev[0], WarningEvent) and "Es la fase de los enemigos: Kaeda" in ev[0].message
