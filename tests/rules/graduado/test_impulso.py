"""Impulso over three turns: results, a kill, creative and coordinated play, −1 a turn,
and the side's Impulso in every chance."""

from __future__ import annotations

from umbral_rules import ForcedDice
from umbral_rules.graduado import (
    Ataque,
    Bando,
    Calificacion,
    Declaracion,
    Grados,
    Riesgo,
    Via,
)
from umbral_rules.graduado.events import Golpe, ImpulsoCambia

from .fighters import fight


def test_impulso_over_three_turns() -> None:
    c = fight()
    # Turn 1: Aria's CRÍTICO (+3), creative (+1), the turn passes (−1): 3.
    c.declarar("Aria", Declaracion(Ataque("Orco"), creativo=True))
    c.declarar("Bruno", Declaracion())
    events = c.cerrar_ronda(ForcedDice([50], strict=True))
    blow = next(e for e in events if isinstance(e, Golpe))
    assert blow.calificacion is Calificacion.CRITICO and blow.chance.total == 80
    reasons = [(e.razon, e.despues) for e in events if isinstance(e, ImpulsoCambia)]
    assert reasons == [("CRÍTICO", 3), ("juego creativo", 4), ("pasa el turno", 3)]
    # Turn 2: Aria, temeraria with Impulso +3 (63 %), rolls 90: FALLO (−2); Bruno strikes the
    # same Orco (fuego concentrado +5, Impulso now +1: 86 %), 70: LIMPIO (+1); coordinated
    # (+1); the turn passes (−1): 2.
    c.declarar("Aria", Declaracion(Ataque("Orco", Grados(riesgo=Riesgo.TEMERARIO))))
    c.declarar("Bruno", Declaracion(Ataque("Orco", via=Via.MAGIA)))
    events = c.cerrar_ronda(ForcedDice([90, 70], strict=True))
    aria, bruno = [e for e in events if isinstance(e, Golpe)]
    assert aria.chance.total == 63 and aria.calificacion is Calificacion.FALLO
    assert bruno.chance.total == 86 and bruno.calificacion is Calificacion.LIMPIO
    assert ("Fuego concentrado", 5) in [(t.nombre, t.valor) for t in bruno.chance.terminos]
    reasons = [(e.razon, e.despues) for e in events if isinstance(e, ImpulsoCambia)]
    assert reasons == [("FALLO", 1), ("LIMPIO", 2), ("juego coordinado", 3), ("pasa el turno", 2)]
    # Turn 3: Aria kills the Lobo (82 %, 60: LIMPIO, 28 damage of 15): the heroes +2 for
    # the kill and +1 for LIMPIO, the enemies −3 for their fallen; then −1 / +1 a turn.
    c.declarar("Aria", Declaracion(Ataque("Lobo")))
    c.declarar("Bruno", Declaracion())
    events = c.cerrar_ronda(ForcedDice([60], strict=True))
    blow = next(e for e in events if isinstance(e, Golpe))
    assert blow.chance.total == 82 and blow.dano.total == 28 and c.find("Lobo").muerto
    changes = [(e.bando, e.razon, e.despues) for e in events if isinstance(e, ImpulsoCambia)]
    assert changes == [
        (Bando.ENEMIGOS, "cae Lobo", -3),
        (Bando.HEROES, "muere Lobo", 4),
        (Bando.HEROES, "LIMPIO", 5),
        (Bando.HEROES, "pasa el turno", 4),
        (Bando.ENEMIGOS, "pasa el turno", -2),
    ]
    assert c.impulso(Bando.HEROES) == 4 and c.impulso(Bando.ENEMIGOS) == -2


def test_contragolpe_is_the_biggest_blow_and_an_ally_falling_costs_three() -> None:
    c = fight()
    c.state.find("Bruno").ficha = c.find("Bruno").ficha.with_reserva(
        Via.FUERZA, c.find("Bruno").ficha.fuerza.spend(78)
    )
    c.anunciar("Orco", "Bruno")
    c.cerrar_ronda(ForcedDice([], strict=True), por_ventana=True)
    c.declarar("Aria", Declaracion(Ataque("Orco", Grados(riesgo=Riesgo.TEMERARIO))))
    c.declarar("Bruno", Declaracion())
    # Aria 96 of 60: CONTRAGOLPE (−4); the Orco hits Bruno (2 left) and he falls (−3).
    events = c.cerrar_ronda(ForcedDice([96, 10, 99], strict=True))
    changes = [(e.bando, e.razon, e.despues) for e in events if isinstance(e, ImpulsoCambia)]
    assert changes[0] == (Bando.HEROES, "CONTRAGOLPE", -4)
    assert (Bando.HEROES, "cae Bruno", -7) in changes
    assert c.find("Bruno").caido and not c.find("Bruno").muerto
