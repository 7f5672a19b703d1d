"""The asalto's rules across its phases through the slash commands: a defence declared in
the middle of the Acción (before the attacker's dice), an action lost to an earlier one and
listed at the Conclusión, and the Guardia Completa lasting across asaltos."""

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


async def test_a_defence_declared_in_the_middle_of_the_accion(duel: Duel) -> None:
    await duel.setup()
    await duel.asalto([1, 9])  # Ana 11 declares first; the Orco (19) acts first
    await duel.declare("Ana", "ataque, a: Orco")
    await duel.declare("Orco", "ataque, a: Ana")
    undeclared = await duel.attack("Orco", "Ana", [], defensa="2")
    assert "Ana no declaró esa defensa." in undeclared
    text = await duel.cmd(
        "kaeda", "porcentual defender", {"accion": "esquivar", "combatiente": "Ana"}
    )
    assert "Ana declara además: Esquivar." in text
    text = await duel.attack("Orco", "Ana", [40, 20], defensa="2")
    assert "Ana: Esquivar, Esquivar 50% = 50%, saca 20 (ÉXITO)." in text, text


async def test_an_action_made_impossible_is_lost_and_listed(duel: Duel) -> None:
    await duel.setup()
    await duel.asalto([9, 1])
    await duel.declare("Orco", "ataque, a: Ana")
    await duel.declare("Ana", "trepar; ataque, a: Orco")
    options = {"combatiente": "Ana", "accion": 1, "motivo": "la pared se vino abajo"}
    player = await duel.cmd("kaeda", "porcentual perder", options)
    assert "máster" in player
    text = await duel.cmd("master", "porcentual perder", options)
    assert "Ana pierde Trepar: la pared se vino abajo." in text
    text = await duel.cmd(
        "master", "porcentual pendiente", {"texto": "Orco: tirada para no caer al foso"}
    )
    assert "Pendiente: Orco: tirada para no caer al foso" in text
    text = await duel.conclude()
    assert "Ana: la pared se vino abajo" in text
    assert "Orco: tirada para no caer al foso" in text


async def test_guardia_completa_lasts_across_asaltos(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(
        "@kaeda",
        "/porcentual ficha editar nombre:Ana escudo:Escudo tamano_escudo:medio "
        'resistencia_escudo:10 protege:"Brazo izquierdo, Pecho"',
    )
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "guardia completa")
    await duel.act("Ana", 1)
    await duel.conclude()
    await duel.asalto([1, 9])
    await duel.declare("Ana", "parada con escudo")
    await duel.declare("Orco", "ataque, a: Ana")
    assert combatant(await doc(session, fake), "Ana")["guardia_completa"] is True
    text = await duel.attack("Orco", "Ana", [40, 20], defensa="1")
    assert "Escudos 50% -25 Guardia Completa = 25%, saca 20 (ÉXITO)." in text, text
    text = await duel.cmd("kaeda", "porcentual guardia", {})
    assert "Ana sale de la guardia completa." in text
    assert combatant(await doc(session, fake), "Ana")["guardia_completa"] is False


async def test_the_tracker_numbers_the_declared_actions(duel: Duel) -> None:
    await duel.setup()
    await duel.asalto([1, 9])
    text = await duel.declare("Ana", "ataque, a: Orco; esquivar")
    assert "Acciones declaradas: Ana: 1. Ataque Cuerpo a Cuerpo → Orco; 2. Esquivar" in text
    await duel.declare("Orco", "ataque, a: Ana")
    text = await duel.attack("Orco", "Ana", [40, 20], defensa="2")
    assert "Ana: 1. Ataque Cuerpo a Cuerpo → Orco; 2. Esquivar ✓" in text, text
    assert "Orco: 1. Ataque Cuerpo a Cuerpo → Ana ✓" in text, text
