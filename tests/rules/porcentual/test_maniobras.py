"""Melé, Inmovilizar and its damage, Liberarse, Zafarse, Descabalgar."""

from __future__ import annotations

import pytest

from tests.rules.porcentual.helpers import (
    DAGA,
    LANZA,
    MANOS,
    TABLAS,
    act,
    declared,
    dice,
    pj,
    pnj,
    started,
)
from umbral_rules.errors import UmbralError
from umbral_rules.porcentual.acciones import Accion
from umbral_rules.porcentual.asalto import actuar, pasar_turno
from umbral_rules.porcentual.estado import Combate
from umbral_rules.porcentual.maniobras import danio_inmovilizado, inmovilizar, liberarse, zafarse
from umbral_rules.porcentual.resolver import atacar


def _end(combate: Combate) -> Combate:
    while combate.asalto is not None and combate.asalto.fase.value == "accion":
        combate = pasar_turno(combate)[0]
    return combate


def _in_mele() -> Combate:
    ana = pj("Ana", fuerza=14, armas=(DAGA, MANOS))
    orco = pnj("Orco", armas=(DAGA, MANOS))
    combate = started(Combate((ana, orco)), 8, 2)
    combate = declared(
        combate,
        {
            "Orco": [act(Accion.CUERPO_A_CUERPO, "Ana")],
            "Ana": [act(Accion.MELE, "Orco"), act(Accion.ESQUIVAR)],
        },
    )
    with pytest.raises(UmbralError, match="después de las acciones del contrincante"):
        actuar(combate, "Ana", 0)
    combate = pasar_turno(combate)[0]
    combate = atacar(combate, TABLAS, dice(90), "Orco", 0, "Ana")[0]
    combate = actuar(combate, "Ana", 0)[0]  # delayed until after Orco's action
    assert combate.combatiente("Ana").cond.mele_con == ("Orco",)
    assert combate.combatiente("Orco").cond.mele_con == ("Ana",)
    return _end(combate)


def test_mele_then_inmovilizar_its_damage_and_liberarse() -> None:
    combate = started(_in_mele(), 8, 2)
    combate = declared(combate, {"Ana": [act(Accion.INMOVILIZAR, "Orco")]})
    # Fuerza x5: Ana 70 rolls 30, Orco 60 rolls 80
    combate = inmovilizar(combate, dice(30, 80), "Ana", 0, "Orco")[0]
    assert combate.combatiente("Orco").cond.inmovilizado_por == "Ana"
    combate = started(_end(combate), 8, 2)
    with pytest.raises(UmbralError, match="inmovilizado no puede moverse"):
        declared(combate, {"Orco": [act(Accion.MOVIMIENTO_NORMAL)]})
    combate = declared(
        combate, {"Orco": [act(Accion.LIBERARSE)], "Ana": [act(Accion.DANIO_INMOVILIZADO, "Orco")]}
    )
    # 1D3 + the Fuerza bonus (Fuerza 14: +1D4), straight off the PV
    combate = danio_inmovilizado(combate, dice(2, 3), TABLAS, "Ana", 0, "Orco")[0]
    assert combate.combatiente("Orco").cond.pv == 15
    combate = pasar_turno(combate)[0]
    combate, _events = liberarse(combate, dice(10, 80), "Orco", 0)
    orco = combate.combatiente("Orco")
    assert orco.cond.inmovilizado_por is None and orco.cond.mele_con == ()


def test_zafarse_leaves_the_mele_with_a_pelea_roll() -> None:
    combate = started(_in_mele(), 2, 8)
    combate = declared(combate, {"Ana": [act(Accion.ZAFARSE)]})
    combate = pasar_turno(combate)[0]
    combate = zafarse(combate, dice(20), "Ana", 0)[0]
    assert (
        combate.combatiente("Ana").cond.mele_con == ()
        and combate.combatiente("Orco").cond.mele_con == ()
    )


def test_descabalgar_fuerza_x5_against_cabalgar_and_1d6_for_the_fall() -> None:
    ana = pj("Ana", armas=(LANZA,))
    combate = started(Combate((ana, pnj("Orco", montado=True))), 8, 2)
    combate = declared(combate, {"Ana": [act(Accion.DESCABALGAR, "Orco")]})
    # Lanzas 50 → 25: 20 hits; Fuerza x5 = 60 rolls 30, Cabalgar 50 rolls 60; 1D6 → 4
    combate = atacar(combate, TABLAS, dice(20, 30, 60, 4), "Ana", 0, "Orco")[0]
    orco = combate.combatiente("Orco")
    assert not orco.cond.montado and orco.cond.en_suelo and orco.cond.pv == 16


def test_a_treta_is_a_pelea_roll_with_the_gms_modifiers_and_catching_is_agilidad_x5() -> None:
    from umbral_rules.porcentual.otras import atrapar, tirada_de_accion

    combate = started(Combate((pj("Ana"), pnj("Orco"))), 8, 2)
    combate = declared(combate, {"Ana": [act(Accion.TRETA, "Orco", detalle="arena a los ojos")]})
    combate, events = tirada_de_accion(combate, dice(25), "Ana", 0, "Pelea", [("a los ojos", -20)])
    assert "Pelea 40% -20 a los ojos = 20%" in events[-1].message and "FALLO" in events[-1].message
    caught = atrapar(combate, dice(50), "Orco")
    assert caught.porcentaje.final == 50 and caught.tirada.hits


def test_a_prepared_huida_leaves_the_fight() -> None:
    from umbral_rules.porcentual.asalto import abandonar

    combate = started(Combate((pj("Ana"), pnj("Orco"), pnj("Lobo"))), 8, 2, 3)
    combate = declared(combate, {"Orco": [act(Accion.HUIDA), act(Accion.ESQUIVAR)]})
    with pytest.raises(UmbralError, match="no ha preparado una Huida"):
        abandonar(combate, "Orco")
    combate = actuar(combate, "Orco", 0)[0]
    combate = _end(combate)
    combate = abandonar(combate, "Orco")[0]
    assert [c.id for c in combate.combatientes] == ["Ana", "Lobo"]
