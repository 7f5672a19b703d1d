"""Blows and parries through the slash commands, with our numbers: a limb halves after
Protección (rounding down), a parried critical without a critical costs the weapon, a light
weapon parrying a heavy one goes to Fuerza x3 against Fuerza x5, and a Huida leaves the
fight at the Conclusión."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.duel import Duel
from tests.bot.porcentual.world import combatant, doc
from umbral_rules import ForcedDice


@pytest.fixture
def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    return Duel(script, fake, dice)


async def test_a_limb_halves_after_proteccion(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(
        "@master",
        "/porcentual bestiario editar nombre:Orco armadura:Cota proteccion:4 resistencia:20",
    )
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    text = await duel.attack("Ana", "Orco", [30, 2, 8])  # brazo; 1D8 8 + 1 = 9; −4 = 5; ÷2 = 2
    assert "PV 20 → 18" in text, text


async def test_a_parried_critical_without_a_critical_costs_the_weapon(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup()
    await duel.asalto([1, 9])
    await duel.declare("Ana", "parada, a: Orco")
    await duel.declare("Orco", "ataque, a: Ana")
    text = await duel.attack("Orco", "Ana", [2, 30], defensa="1")  # 02: critical; 30 parries
    assert "Ana detiene el golpe, pero espada se le escapa de las manos." in text, text
    ana = combatant(await doc(session, fake), "Ana")
    assert ana["pv"] == 20 and ana["armas_perdidas"] == ["espada"] and ana["arma_lista"] is None


async def test_a_light_weapon_parrying_a_heavy_one(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(
        "@kaeda",
        "/porcentual ficha arma ficha:Ana nombre:daga danio:1D4 competencia:Dagas tamano:ligero",
        "@master",
        '/porcentual bestiario editar nombre:Orco caracteristicas:"fuerza 14"',
        "/porcentual bestiario arma ficha:Orco nombre:espadon danio:2D6 competencia:Espadas "
        "tamano:pesado fuerza_minima:14",
    )
    await duel.asalto([1, 9])
    await duel.declare("Ana", "parada, a: Orco, arma: daga")
    await duel.declare("Orco", "ataque, a: Ana, arma: espadon")
    # attack 30; parry 20 (Dagas 50); Ana Fuerza x3 36% rolls 50, Orco Fuerza x5 70% rolls 40
    text = await duel.attack("Orco", "Ana", [30, 20, 50, 40], defensa="1")
    assert "Ana FUE x3 36% saca 50 (FALLO); Orco FUE x5 70% saca 40 (ÉXITO)" in text, text
    ana = combatant(await doc(session, fake), "Ana")
    assert ana["pv"] == 20 and ana["armas_perdidas"] == ["daga"]


async def test_a_huida_leaves_at_the_conclusion(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup()
    await duel.asalto([1, 9])
    await duel.declare("Ana", "huida; esquivar")
    await duel.declare("Orco", "ataque, a: Ana")
    early = await duel.cmd("kaeda", "porcentual abandonar", {})
    assert "no ha preparado una Huida" in early
    text = await duel.attack("Orco", "Ana", [40, 20], defensa="2")
    assert "Ana: Esquivar, Esquivar 50% = 50%, saca 20 (ÉXITO)." in text, text
    await duel.asalto()
    await duel.act("Ana", 1)
    await duel.asalto()
    text = await duel.cmd("kaeda", "porcentual abandonar", {})
    assert "Ana abandona el combate." in text
    ids = [c["id"] for c in (await doc(session, fake))["combate"]["combatientes"]]
    assert ids == ["Orco"]
