"""Mounted combat through the slash commands: a Carga a Caballo (×2 before armour, never
parried, 1D5 from the saddle) and Descabalgar (Fuerza x5 against Cabalgar, 1D6 from the
fall), with our numbers."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.duel import Duel
from tests.bot.porcentual.world import combatant, doc
from umbral_rules import ForcedDice

LANZA = (
    "@kaeda",
    '/porcentual ficha editar nombre:Ana competencias:"Lanzas 70, Cabalgar 60"',
    "/porcentual ficha arma ficha:Ana nombre:lanza danio:1D8 competencia:Lanzas "
    "rasgos:lanza,perforante,gancho",
    "@master",
    '/porcentual bestiario editar nombre:Orco competencias:"Cabalgar 50"',
)


@pytest.fixture
def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    return Duel(script, fake, dice)


async def mount(duel: Duel, who: str) -> None:
    """``who`` mounts in the first asalto (with the higher Iniciativa: it acts first)."""
    first, second = ("Ana", "Orco") if who == "Ana" else ("Orco", "Ana")
    await duel.asalto([9, 1] if who == "Ana" else [1, 9])
    await duel.declare(second, "nada")  # the lower Iniciativa declares first
    await duel.declare(first, "montar")
    text = await duel.act(first, 1)
    assert f"{first}: Montar/Desmontar." in text, text
    await duel.conclude()


async def test_a_mounted_charge(duel: Duel, fake: FakeDiscord, session: Session) -> None:
    await duel.setup(*LANZA)
    await mount(duel, "Ana")
    await duel.asalto([9, 1])
    await duel.declare("Orco", "parada, a: Ana")
    await duel.declare("Ana", "carga a caballo, a: Orco, arma: lanza")
    before = await doc(session, fake)
    parried = await duel.attack("Ana", "Orco", [], distancia=20, defensa="1")
    assert "Nunca se puede parar una carga a caballo" in parried
    assert await doc(session, fake) == before
    far = await duel.attack("Ana", "Orco", [], distancia=21)
    assert "20" in far and await doc(session, fake) == before
    # Lanzas 70 capped at Cabalgar 60, +25 against a man on foot; 1D5 5 (pecho); 1D8 7 × 2
    text = await duel.attack("Ana", "Orco", [80, 5, 7], distancia=20)
    assert "-10 Nunca por encima de Cabalgar +25 A caballo contra un soldado a pie = 85%" in text
    assert "PV 20 → 6" in text, text


async def test_descabalgar(duel: Duel, fake: FakeDiscord, session: Session) -> None:
    await duel.setup(*LANZA)
    await mount(duel, "Orco")
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "descabalgar, a: Orco, arma: lanza")
    text = await duel.attack("Ana", "Orco", [10, 30, 60, 4])  # Fuerza x5 60 vs Cabalgar 50
    assert "Lanzas 70% -35 Descabalgar = 35%, saca 10 (ÉXITO)" in text, text
    assert "Orco cae del caballo." in text and "PV 20 → 16" in text, text
    orco = combatant(await doc(session, fake), "Orco")
    assert orco["montado"] is False and orco["en_suelo"] is True
