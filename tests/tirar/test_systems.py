"""The seeds' other systems, with their own worked examples."""

from __future__ import annotations

import pytest

from bot.features.tirar.systems import (
    pool_passive,
    roll_graded,
    roll_initiative,
    roll_percentile,
    roll_pool,
)
from umbral_rules import ForcedDice, UmbralError


def test_yorgen_trepa_el_muro_sin_especialidad() -> None:
    result = roll_pool(ForcedDice([4, 1, 2]), rank=3, difficulty=9)
    assert result.total == 7 and not result.success and result.degrees == 0


def test_yorgen_trepa_el_muro_con_2b() -> None:
    result = roll_pool(ForcedDice([4, 1, 2, 6, 4]), rank=3, bonus=2, difficulty=9)
    assert [result.faces[i] for i in result.kept] == [4, 6, 4]
    assert result.total == 14 and result.success
    assert result.degrees == 2  # [D] one degree per full five over


def test_yorgen_roba_el_queso_contra_el_valor_pasivo_de_la_tendera() -> None:
    assert pool_passive(3, 1) == 13
    result = roll_pool(ForcedDice([6, 1, 3, 2]), rank=3, bonus=1, difficulty=13)
    assert sorted(result.faces[i] for i in result.kept) == [2, 3, 6]
    assert result.total == 11 and not result.success


def test_pool_refusals() -> None:
    with pytest.raises(UmbralError, match="rango va de 1"):
        roll_pool(ForcedDice([]), rank=0)
    with pytest.raises(UmbralError, match="bonificación"):
        pool_passive(3, 11)
    with pytest.raises(UmbralError, match="dificultad"):
        roll_pool(ForcedDice([]), rank=2, difficulty=0)


@pytest.mark.parametrize(
    ("roll", "grade", "mult"),
    [
        (40, "CRÍTICO", 1.4),
        (41, "LIMPIO", 1.15),
        (53, "LIMPIO", 1.15),
        (54, "SÓLIDO", 1.0),
        (65, "SÓLIDO", 1.0),
        (66, "ROZADURA", 0.5),
        (74, "ROZADURA", 0.5),
        (75, "DESVIADO", 0.2),
        (84, "DESVIADO", 0.2),
        (85, "FALLO", 0.0),
        (94, "FALLO", 0.0),
        (95, "CONTRAGOLPE", 0.0),
        (100, "CONTRAGOLPE", 0.0),
    ],
)
def test_d100_graded_thresholds(roll: int, grade: str, mult: float) -> None:
    result = roll_graded(ForcedDice([roll]), 65)
    assert result.margen == 65 - roll
    assert result.grade == grade and result.multiplier == mult


def test_the_modifier_builds_the_chance_before_the_roll_is_read() -> None:
    """Issue 46: ``porcentaje:80 modificador:-8`` with 75 is −3, ROZADURA ×0.5."""
    result = roll_graded(ForcedDice([75]), 80, -8)
    assert result.chance == 72 and result.margen == -3
    assert result.grade == "ROZADURA" and result.multiplier == 0.5
    assert roll_graded(ForcedDice([75]), 80).grade == "SÓLIDO"
    with pytest.raises(UmbralError, match="modificador"):
        roll_graded(ForcedDice([]), 80, 300)


def test_the_bands_have_one_home() -> None:
    from bot.features.tirar import systems
    from umbral_rules.graduado import bands

    assert systems.D100_GRADES is bands.D100_GRADES


def test_percentile_success_critical_and_fumble() -> None:
    assert roll_percentile(ForcedDice([45]), 50).label == "ÉXITO"
    assert roll_percentile(ForcedDice([55]), 50).label == "FALLO"
    assert roll_percentile(ForcedDice([55]), 50, 10).label == "ÉXITO"
    assert roll_percentile(ForcedDice([5]), 50).label == "ÉXITO CRÍTICO"
    assert roll_percentile(ForcedDice([97]), 50).label == "PIFIA"
    assert roll_percentile(ForcedDice([97]), 99).label == "ÉXITO"
    assert roll_percentile(ForcedDice([100]), 120).label == "PIFIA"
    with pytest.raises(UmbralError, match="porcentaje"):
        roll_percentile(ForcedDice([]), 500)
    with pytest.raises(UmbralError, match="modificador"):
        roll_percentile(ForcedDice([]), 50, 900)


def test_initiative_is_1d10_plus_agi() -> None:
    result = roll_initiative(ForcedDice([7]), agilidad=4, modifier=-1)
    assert result.total == 10
    with pytest.raises(UmbralError, match="Agilidad"):
        roll_initiative(ForcedDice([]), agilidad=-3)
    with pytest.raises(UmbralError, match="porcentaje"):
        roll_graded(ForcedDice([]), -1)
