"""Sheets, ranges, damage dice, the tables the GM loads, and the enfrentamiento."""

from __future__ import annotations

import pytest

from tests.rules.porcentual.helpers import (
    BONUS,
    CUCHILLO,
    ESPADA,
    LOCATIONS,
    MANOS,
    TABLAS,
    dice,
    ficha,
)
from umbral_rules.errors import UmbralError
from umbral_rules.porcentual.danio import damage_bonus
from umbral_rules.porcentual.fichas import FUERZA, Alcance, Arma, Ficha, Tamano, TipoArma
from umbral_rules.porcentual.tablas import (
    BonusRow,
    DamageBonusTable,
    HitLocationTable,
    TablaFaltante,
    Tablas,
)
from umbral_rules.porcentual.tiradas import (
    DamageRoll,
    DiceExpr,
    Ganador,
    enfrentar,
    roll_initiative,
    roll_percentile,
)


def test_damage_dice_as_the_weapons_table_writes_them() -> None:
    expr = DiceExpr.parse("1D8+1+1D4")
    assert str(expr) == "1D8+1+1D4" and expr.maximum == 13
    roll = expr.roll(dice(5, 3))
    assert roll.faces == ((8, 5), (4, 3)) and roll.total == 9
    assert DiceExpr.parse("2D6").roll(dice(6, 1)).total == 7
    assert DiceExpr.parse("1D4-1").maximum == 3
    assert DamageRoll.at_maximum(DiceExpr.parse("1D6")).total == 6
    assert str(DiceExpr.parse("0")) == "0" and DiceExpr.parse("0").maximum == 0


@pytest.mark.parametrize("bad", ["1D", "D8+", "espada", "1D8 2", "30D6", "1D0"])
def test_damage_that_does_not_read_is_refused(bad: str) -> None:
    with pytest.raises(UmbralError):
        DiceExpr.parse(bad)


def test_fue_range_is_half_rounded_up_fuerza_and_double() -> None:
    """«un personaje con Fuerza 12 que lance un cuchillo tendrá un valor en Alcance igual a
    6/12/24»."""
    assert Alcance.parse("FUE").para(12) == (6, 12, 24)
    assert Alcance.parse("FUE").para(13) == (7, 13, 26)
    assert Alcance.parse("15/40/60").para(3) == (15, 40, 60)
    assert str(Alcance.parse("15/40/60")) == "15/40/60"
    with pytest.raises(UmbralError, match="tres distancias crecientes"):
        Alcance.parse("40/15/60")
    with pytest.raises(UmbralError, match="15/40/60 o FUE"):
        Alcance.parse("lejos")


def test_weapons_refuse_a_missing_range_or_reload() -> None:
    with pytest.raises(UmbralError, match="necesita su Alcance"):
        Arma("honda", "Hondas", DiceExpr.parse("1D4"), tipo=TipoArma.PROYECTIL, recarga=1)
    with pytest.raises(UmbralError, match="necesita su Recarga"):
        Arma(
            "arco",
            "Arcos",
            DiceExpr.parse("1D6"),
            tipo=TipoArma.PROYECTIL,
            alcance=Alcance(5, 10, 20),
        )


def test_the_damage_bonus_uses_the_base_characteristic_or_fuerza_when_thrown_or_pelea() -> None:
    daga = Arma("daga", "Dagas", DiceExpr.parse("1D4"), "agilidad", 0, Tamano.LIGERO)
    quick = ficha("Ana", fuerza=10, agilidad=18)
    assert str(damage_bonus(quick, daga, TABLAS)) == "1D6"
    assert CUCHILLO.bonus_characteristic == FUERZA and MANOS.bonus_characteristic == FUERZA
    assert str(damage_bonus(quick, CUCHILLO, TABLAS)) == "0"
    assert str(BONUS.bonus(14, aumentos=2)) == "2D6"
    with pytest.raises(UmbralError, match="no tiene tantos aumentos"):
        BONUS.bonus(14, aumentos=3)


def test_a_missing_table_says_what_to_look_up() -> None:
    with pytest.raises(TablaFaltante, match="Tabla de Bonificador de Daño") as caught:
        damage_bonus(ficha("Ana"), ESPADA, Tablas())
    assert caught.value.consulta == "el bonificador de daño"
    with pytest.raises(TablaFaltante, match="localización de impactos"):
        Tablas().location_table()
    partial = DamageBonusTable(BONUS.pasos, (BonusRow(0, 10, 0),))
    with pytest.raises(TablaFaltante, match="la fila del valor 14"):
        partial.bonus(14)
    with pytest.raises(UmbralError, match="10 filas"):
        HitLocationTable(LOCATIONS.filas[:5])


def test_sheets_refuse_impossible_values() -> None:
    with pytest.raises(UmbralError, match="le falta la característica fuerza"):
        Ficha("X", {"agilidad": 10, "percepcion": 10})
    with pytest.raises(UmbralError, match="va de 0 a 50"):
        ficha("X", fuerza=60)
    with pytest.raises(UmbralError, match="va de 0 a 200"):
        ficha("X", skills={"Espadas": 250})
    with pytest.raises(UmbralError, match="no tiene la competencia Nadar"):
        ficha("X").competencia("Nadar")
    with pytest.raises(UmbralError, match="no lleva el arma"):
        ficha("X").arma("alabarda")


def test_initiative_dice_and_the_percentile_thresholds() -> None:
    assert roll_initiative(dice(5), 10, sorprendido=True).sides == 5
    with pytest.raises(UmbralError, match="Un d5 no puede sacar 7"):
        roll_initiative(dice(7), 10, sorprendido=True)
    assert roll_percentile(dice(1), 0).critical_success  # a 01 is always a critical
    assert roll_percentile(dice(6), 60).label == "ÉXITO CRÍTICO"
    assert roll_percentile(dice(7), 60).label == "ÉXITO"


@pytest.mark.parametrize(
    ("a_roll", "p_roll", "winner"),
    [
        (30, 70, Ganador.ACTIVO),  # ÉXITO against FALLO
        (70, 30, Ganador.PASIVO),
        (40, 30, Ganador.ACTIVO),  # two ÉXITOS: the higher roll
        (30, 40, Ganador.PASIVO),
        (30, 30, Ganador.PASIVO),  # level: the one who resists
        (70, 80, Ganador.PASIVO),  # both fail: nothing happens
        (5, 40, Ganador.ACTIVO),  # a critical beats an ÉXITO
        (97, 99, Ganador.PASIVO),
    ],
)
def test_how_an_enfrentamiento_is_won(a_roll: int, p_roll: int, winner: Ganador) -> None:
    e = enfrentar(dice(a_roll, p_roll), 60, 60, "Fuerza x5", "Fuerza x5")
    assert e.ganador is winner
