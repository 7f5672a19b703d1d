"""Damage: one test per property the seed names, and the worked table of docs/graduado.md."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from umbral_rules import ForcedDice, UmbralError
from umbral_rules.graduado import (
    Ataque,
    Calificacion,
    Declaracion,
    Ficha,
    Grados,
    Intencion,
    Reserva,
    Riesgo,
    Tacticas,
    Via,
    damage,
)
from umbral_rules.graduado.events import Cae, Golpe

from .fighters import fight

EVEN: dict[str, Any] = {
    "poder": 25,
    "poder_objetivo": 25,
    "tacticas": Tacticas.ESTANDAR,
    "calificacion": Calificacion.SOLIDO,
}


def hit(**changes: Any) -> float:
    return damage(**{**EVEN, **changes}).bruto


def test_ten_points_of_power_are_ten_times_the_damage() -> None:
    assert hit(poder=35) == pytest.approx(10 * hit())
    assert hit(poder=45) == pytest.approx(100 * hit())
    assert hit(poder=30) == pytest.approx(hit() * 10**0.5, rel=1e-3)
    assert hit(poder=15) == pytest.approx(hit() / 10)


def test_better_tactics_hit_harder() -> None:
    values = [hit(tacticas=t) for t in Tacticas]
    assert values == sorted(values) and values[0] < values[-1]
    assert hit(tacticas=Tacticas.BRILLANTE) == pytest.approx(13)


@pytest.mark.parametrize("grade", list(Calificacion))
def test_the_result_s_multiplier(grade: Calificacion) -> None:
    d = damage(**{**EVEN, "calificacion": grade})
    assert d.total == round(10 * grade.multiplier)
    if not grade.hits:
        assert d.total == 0 and grade.label in d.razon


def test_effort_hits_harder_with_diminishing_returns() -> None:
    steps = [hit(esfuerzo=e, maximo=100) for e in (0, 25, 50, 75, 100)]
    assert steps == sorted(steps)
    gains = [b - a for a, b in pairwise(steps)]
    assert gains == sorted(gains, reverse=True) and gains[-1] > 0
    assert steps[-1] == pytest.approx(2 * steps[0])  # the whole reserve: twice


def test_up_to_a_third_more_against_a_careless_target() -> None:
    assert hit(riesgo_objetivo=Riesgo.SEGURO) == hit(riesgo_objetivo=Riesgo.MEDIDO) == hit()
    assert hit(riesgo_objetivo=Riesgo.AGRESIVO) == pytest.approx(hit() * 7 / 6, rel=1e-3)
    assert hit(riesgo_objetivo=Riesgo.TEMERARIO) == pytest.approx(hit() * 4 / 3, rel=1e-3)


def test_a_better_weapon_against_worse_armour_adds_more() -> None:
    assert hit(arma=3, armadura=1) == pytest.approx(12)
    assert hit(arma=5, armadura=0) > hit(arma=3, armadura=1) > hit(arma=2, armadura=2)
    assert hit(arma=1, armadura=4) == hit()  # a worse weapon adds nothing


def test_reduce_leaves_the_target_at_the_edge() -> None:
    d = damage(**{**EVEN, "poder": 35, "intencion": Intencion.REDUCIR, "restante_objetivo": 40})
    assert d.bruto == pytest.approx(100) and d.total == 39


def test_disable_does_no_damage_and_disables_on_solido_or_better() -> None:
    d = damage(**{**EVEN, "intencion": Intencion.INUTILIZAR})
    assert d.total == 0 and d.inutiliza
    rozadura = damage(
        **{**EVEN, "calificacion": Calificacion.ROZADURA, "intencion": Intencion.INUTILIZAR}
    )
    assert rozadura.total == 0 and not rozadura.inutiliza


def test_restraint_halves() -> None:
    assert damage(**{**EVEN, "intencion": Intencion.CONTENCION}).total == 5


def test_negative_effort_is_refused() -> None:
    with pytest.raises(UmbralError, match="no puede ser negativo"):
        damage(**{**EVEN, "esfuerzo": -1})


#: The worked table of docs/graduado.md («Tabla resuelta»).
WORKED = [
    ({}, 10),
    ({"poder": 35}, 100),
    ({"poder": 20}, 3),
    ({"tacticas": Tacticas.BRILLANTE}, 13),
    ({"calificacion": Calificacion.CRITICO}, 14),
    ({"calificacion": Calificacion.ROZADURA}, 5),
    ({"esfuerzo": 25, "maximo": 100}, 15),
    ({"esfuerzo": 100, "maximo": 100}, 20),
    ({"riesgo_objetivo": Riesgo.TEMERARIO}, 13),
    ({"arma": 3, "armadura": 1}, 12),
    (
        {
            "poder": 30,
            "tacticas": Tacticas.EXCELENTE,
            "calificacion": Calificacion.LIMPIO,
            "esfuerzo": 36,
            "maximo": 100,
            "riesgo_objetivo": Riesgo.AGRESIVO,
            "arma": 2,
        },
        98,
    ),
]


@pytest.mark.parametrize(("changes", "total"), WORKED)
def test_the_worked_table(changes: dict[str, Any], total: int) -> None:
    assert damage(**{**EVEN, **changes}).total == total


def test_a_blow_in_a_round_reads_the_target_s_carelessness_and_the_gear() -> None:
    """The Orco fought temerario last turn; Aria (arma 2 against its armadura 1), 25 of
    aguante put in out of 100, a SÓLIDO: 10 × 1 × 1 × 1 × 1.5 × 1.333 × 1.1 = 22."""
    c = fight()
    c.state.find("Orco").riesgo_anterior = Riesgo.TEMERARIO
    c.declarar("Aria", Declaracion(Ataque("Orco", Grados(), esfuerzo=25)))
    c.declarar("Bruno", Declaracion())
    events = c.cerrar_ronda(ForcedDice([80], strict=True))
    blow = next(e for e in events if isinstance(e, Golpe))
    assert blow.calificacion is Calificacion.SOLIDO
    assert dict(blow.dano.factores)["descuido"] == pytest.approx(1.333)
    assert blow.dano.total == 22 and (blow.antes, blow.despues) == (60, 38)
    assert c.find("Aria").ficha.fuerza.restante == 75


def test_an_enemy_killed_by_a_blow_dies_and_a_reduced_one_stays_at_the_edge() -> None:
    c = fight()
    c.state.find("Aria").ficha = Ficha("Aria", Reserva(35, 100))
    c.declarar("Aria", Declaracion(Ataque("Orco", intencion=Intencion.REDUCIR)))
    c.declarar("Bruno", Declaracion(Ataque("Lobo", via=Via.MAGIA)))
    events = c.cerrar_ronda(ForcedDice([50, 10], strict=True))
    assert c.find("Orco").ficha.fuerza.restante == 1 and not c.find("Orco").fuera
    assert c.find("Lobo").muerto
    assert any(isinstance(e, Cae) and e.muerto for e in events)
