"""Tests: −1D, the bonus dice's limit, the destiny uses at a roll, degrees, the one-die
floor, every term listed."""

from __future__ import annotations

import pytest

from umbral_rules.errors import UmbralError
from umbral_rules.hielo import checks
from umbral_rules.hielo.checks import DestinoTirada, Prueba
from umbral_rules.hielo.common import Termino

from .people import dice

B2 = (Termino("Trepar", 2),)


def test_degrees_one_per_five_points_up_to_four() -> None:
    cases = {9: 1, 13: 1, 14: 2, 19: 3, 24: 4, 30: 4, 8: 0}
    for total, grados in cases.items():
        t = checks.Tirada(Prueba("Brío", 3, dificultad=9), 3, 0, (total,), (0,))
        assert t.grados == grados, total


def test_minus_1d_takes_a_test_die_rolled_and_kept() -> None:
    p = Prueba("Brío", 3, bonificacion=B2, dados=(Termino("Heridas graves", -1),), dificultad=9)
    t = checks.roll(dice(6, 5, 4, 3), p)  # 2 test dice + 2 bonus dice
    assert (t.dados_habilidad, t.dados_bonificacion) == (2, 2)
    assert t.total == 11


def test_plus_1d_adds_a_test_die() -> None:
    p = Prueba("Combate cuerpo a cuerpo", 3, dados=(Termino("Ataque sorpresa", 1),))
    t = checks.roll(dice(6, 5, 4, 3), p)
    assert (t.dados_habilidad, t.total) == (4, 18)


def test_points_are_applied_and_listed() -> None:
    mods = (Termino("Heridas leves", -2), Termino("Fatiga", -1))
    t = checks.roll(dice(4, 1, 2, 6, 4), Prueba("Brío", 3, "Trepar", B2, (), mods, (), 9))
    assert t.total == 11
    assert "= 14 −2 (Heridas leves) −1 (Fatiga) = 11 contra 9: supera por 2, 1 grado" in (
        t.resumen()
    )


def test_bonus_dice_are_capped_at_the_rank_and_destiny_goes_beyond() -> None:
    p = Prueba("Brío", 2, bonificacion=(Termino("Trepar", 2), Termino("Cuerda", 1)))
    t = checks.roll(dice(1, 1, 1, 1), p)
    assert t.dados_bonificacion == 2
    assert "Solo cuentan 2B de 3B" in t.resumen()
    p = Prueba("Brío", 2, bonificacion=B2, destino=(DestinoTirada.RECIBIR_B,))
    t = checks.roll(dice(1, 1, 1, 1, 1), p)
    assert t.dados_bonificacion == 3 and "Destino: +1B" in t.resumen()


def test_destiny_turns_a_bonus_die_into_a_test_die() -> None:
    p = Prueba("Brío", 3, bonificacion=B2, destino=(DestinoTirada.CONVERTIR_B,))
    t = checks.roll(dice(6, 5, 4, 3, 2), p)
    assert (t.dados_habilidad, t.dados_bonificacion, t.total) == (4, 1, 18)


def test_destiny_removes_a_minus_1d() -> None:
    p = Prueba(
        "Brío", 3, dados=(Termino("Heridas graves", -1),), destino=(DestinoTirada.ELIMINAR_MENOS_D,)
    )
    t = checks.roll(dice(6, 5, 4), p)
    assert t.dados_habilidad == 3


def test_destiny_uses_with_nothing_to_act_on_are_refused() -> None:
    with pytest.raises(UmbralError, match="No hay dados de bonificación que convertir"):
        checks.roll(dice(), Prueba("Brío", 3, destino=(DestinoTirada.CONVERTIR_B,)))
    with pytest.raises(UmbralError, match="ninguna penalización de −1D que eliminar"):
        checks.roll(dice(), Prueba("Brío", 3, destino=(DestinoTirada.ELIMINAR_MENOS_D,)))


def test_at_least_one_test_die_is_rolled() -> None:
    t = checks.roll(dice(5), Prueba("Brío", 1, dados=(Termino("Heridas graves", -2),)))
    assert t.dados_habilidad == 1 and "al menos un dado de habilidad" in t.resumen()


def test_a_bad_test_is_refused() -> None:
    with pytest.raises(UmbralError, match="El rango de Brío: de 1 a 8"):
        Prueba("Brío", 9)
    with pytest.raises(UmbralError, match="La dificultad: 0 o más"):
        Prueba("Brío", 3, dificultad=-3)


def test_the_test_round_trips_through_json() -> None:
    p = Prueba("Brío", 3, "Trepar", B2, (Termino("x", -1),), (Termino("y", 2),), (), 12)
    t = checks.roll(dice(1, 2, 3, 4), p)
    assert checks.Tirada.from_dict(t.to_dict()) == t
