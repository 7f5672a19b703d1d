"""After the fight: experience, coin and the loot card."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice, UmbralError
from umbral_rules.graduado import (
    Combate,
    Eleccion,
    Final,
    Riesgo,
    Tacticas,
    repartir_botin,
    repartir_monedas,
    tomar_objetos,
)

from .fighters import fight

Q, P = Eleccion.QUIERO, Eleccion.PASO


def won(
    c: Combate, *, tacticas: Tacticas = Tacticas.ESTANDAR, riesgo: Riesgo = Riesgo.SEGURO
) -> Combate:
    for enemy in ("Orco", "Lobo"):
        c.state.find(enemy).muerto = True
    c.state.find("Aria").historial = ((tacticas, riesgo),)
    c.state.final = Final.VICTORIA
    return c


def xp(c: Combate, who: str = "Aria") -> int:
    return next(x.total for x in c.experiencia() if x.heroe == who)


def test_experience_for_a_victory_with_every_enemy_dead() -> None:
    """Aria (25) against the Orco (25) and the Lobo (22): 10 + 10 × 10^−0.3 = 15.01."""
    c = won(fight())
    result = next(x for x in c.experiencia() if x.heroe == "Aria")
    assert result.enemigos == pytest.approx(15.012) and result.total == 15
    assert "= 15 de experiencia" in result.line()
    assert xp(c, "Bruno") == 15  # every hero gets the whole of it


def test_no_experience_unless_every_enemy_is_dead() -> None:
    c = fight()
    c.state.find("Orco").muerto = True
    c.state.find("Lobo").inutilizado = True
    c.state.final = Final.VICTORIA
    assert all(x.total == 0 for x in c.experiencia())
    assert "cada enemigo está muerto" in c.experiencia()[0].razon


@pytest.mark.parametrize(("final", "why"), [(Final.HUIDA, "irse"), (Final.DERROTA, "perder")])
def test_leaving_or_losing_pays_nothing(final: Final, why: str) -> None:
    c = fight()
    c.terminar(final)
    assert [x.total for x in c.experiencia()] == [0, 0]
    assert c.experiencia()[0].razon == f"{why} no paga nada"


def test_a_fight_far_below_your_rank_pays_nothing() -> None:
    c = fight()
    c.state.find("Aria").ficha = c.find("Aria").ficha.__class__.from_dict(
        {**c.find("Aria").ficha.to_dict(), "fuerza": {"poder": 45, "maximo": 100}}
    )
    won(c)
    aria = next(x for x in c.experiencia() if x.heroe == "Aria")
    assert aria.total == 0 and aria.razon == "un combate muy por debajo de tu nivel"


def test_harder_enemies_better_tactics_and_more_risk_pay_more() -> None:
    plain = xp(won(fight()))
    harder = fight()
    harder.state.find("Orco").ficha = harder.find("Orco").ficha.__class__.from_dict(
        {**harder.find("Orco").ficha.to_dict(), "fuerza": {"poder": 35, "maximo": 60}}
    )
    assert xp(won(harder)) > plain
    assert xp(won(fight(), tacticas=Tacticas.BRILLANTE)) > plain
    assert xp(won(fight(), riesgo=Riesgo.AGRESIVO)) > plain
    assert xp(won(fight(), riesgo=Riesgo.TEMERARIO)) > xp(won(fight(), riesgo=Riesgo.AGRESIVO))


def test_the_coin_is_shared() -> None:
    assert repartir_monedas(100, ["Aria", "Bruno", "Cira"]) == {"Aria": 34, "Bruno": 33, "Cira": 33}
    assert repartir_monedas(0, ["Aria"]) == {"Aria": 0}
    with pytest.raises(UmbralError, match="negativas"):
        repartir_monedas(-1, ["Aria"])


def test_up_to_three_items_from_the_fallen() -> None:
    assert tomar_objetos(["Hacha", " Yelmo ", "Anillo"]) == ("Hacha", "Yelmo", "Anillo")
    with pytest.raises(UmbralError, match="hasta 3 objetos"):
        tomar_objetos(["a", "b", "c", "d"])


def test_the_loot_card() -> None:
    """The Hacha: only Aria wants it. The Yelmo: Aria, Bruno and Cira; 40, 71, 71, then
    between Bruno and Cira 12, 55: Cira. The Anillo: nobody."""
    players = ["Aria", "Bruno", "Cira"]
    card = {
        "Hacha": {"Aria": Q, "Bruno": P},
        "Yelmo": {"Aria": Q, "Bruno": Q, "Cira": Q},
        "Anillo": {"Aria": P},
    }
    result = repartir_botin(
        ForcedDice([40, 71, 71, 12, 55], strict=True), ["Hacha", "Yelmo", "Anillo"], card, players
    )
    assert [(r.objeto, r.para) for r in result] == [
        ("Hacha", "Aria"),
        ("Yelmo", "Cira"),
        ("Anillo", None),
    ]
    assert result[1].tiradas == (
        (("Aria", 40), ("Bruno", 71), ("Cira", 71)),
        (("Bruno", 12), ("Cira", 55)),
    )
    assert (
        result[1].line()
        == "Yelmo: d100 Aria 40, Bruno 71, Cira 71 · Bruno 12, Cira 55 → para Cira."
    )
    assert result[0].line() == "Hacha: para Aria (nadie más lo quiere)."
    assert result[2].line() == "Anillo: nadie lo quiere."
    with pytest.raises(UmbralError, match="no jugó este combate"):
        repartir_botin(ForcedDice([]), ["Hacha"], {"Hacha": {"Zed": Q}}, players)
    with pytest.raises(UmbralError, match="no está en la carta"):
        repartir_botin(ForcedDice([]), ["Hacha"], {"Espada": {"Aria": Q}}, players)
