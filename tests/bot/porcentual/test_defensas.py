"""The defences rolled before a shot, the Ataque Doble's two defences, the shield's own
attack, a mounted charge and the other actions, through the slash commands."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.duel import Duel
from tests.bot.porcentual.world import combatant, doc
from umbral_rules import ForcedDice

BALLESTA = (
    "@kaeda",
    "/porcentual ficha arma ficha:Ana nombre:ballesta danio:1D10 competencia:Ballestas "
    "caracteristica:percepcion tipo:proyectil rasgos:ballesta alcance:20/50/100 recarga:2",
    "@master",
    '/porcentual bestiario editar nombre:Orco competencias:"Correr 40, Saltar 50"',
)


@pytest.fixture
def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    return Duel(script, fake, dice)


async def test_serpentear_halves_the_shooter(duel: Duel) -> None:
    await duel.setup(*BALLESTA)
    await duel.asalto([9, 1])
    await duel.declare("Orco", "serpentear")
    await duel.declare("Ana", "disparo, arma: ballesta")
    text = await duel.cmd(
        "kaeda", "disparar", {"objetivo": "Orco", "distancia": 30, "defensa": "1"}, [10, 90]
    )
    assert "Orco: Serpentear, Correr 40% -20 Serpentear = 20%, saca 10 (ÉXITO)." in text, text
    assert "Ballestas 50% -25 Serpentear (tirador) +0 Distancia media = 25%, saca 90" in text, text


async def test_buscar_cobertura_takes_the_hit_on_the_cover(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(*BALLESTA)
    await duel.asalto([1, 9])  # the Orco (19) has more Iniciativa than Ana (11)
    await duel.declare("Ana", "disparo, arma: ballesta")
    await duel.declare("Orco", "buscar cobertura")
    await duel.asalto()  # the Orco's turn passes: Ana's
    text = await duel.cmd(
        "kaeda", "disparar", {"objetivo": "Orco", "distancia": 30, "defensa": "1"}, [10, 30, 5]
    )
    assert "Orco: Buscar Cobertura, Saltar 50% = 50%, saca 10 (ÉXITO)." in text, text
    assert combatant(await doc(session, fake), "Orco")["pv"] == 20, text


async def test_an_ataque_doble_met_by_two_defences(duel: Duel) -> None:
    await duel.setup(
        "@kaeda",
        "/porcentual ficha arma ficha:Ana nombre:daga danio:1D4 competencia:Dagas tamano:ligero",
    )
    await duel.asalto([1, 9])
    await duel.declare("Ana", "doble, a: Orco, arma: espada, arma2: daga")
    await duel.declare("Orco", "parada, a: Ana; esquivar")
    await duel.asalto()
    text = await duel.attack("Ana", "Orco", [20, 30, 40], defensa="1, 2 segunda")
    # «el porcentaje más pequeño de ambas armas»: the daga in the off hand, 50 − 25
    assert "Ana: Ataque Doble, Dagas 50% -25 Mano torpe = 25%, saca 20 (ÉXITO)." in text, text
    assert "Orco: Parada, Espadas 60% = 60%, saca 30 (ÉXITO)." in text, text
    assert "Orco: Esquivar, Esquivar 50% = 50%, saca 40 (ÉXITO)." in text, text


async def test_the_shields_own_attack(duel: Duel, fake: FakeDiscord, session: Session) -> None:
    await duel.setup(
        "@kaeda",
        "/porcentual ficha editar nombre:Ana escudo:Escudo tamano_escudo:medio "
        "resistencia_escudo:10",
    )
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque de escudo, a: Orco")
    text = await duel.attack("Ana", "Orco", [10, 5, 3])  # 1D4 3 + 1, medium shield
    assert "Escudos 50% -25 Ataque de Escudo = 25%, saca 10 (ÉXITO)." in text, text
    assert combatant(await doc(session, fake), "Orco")["pv"] == 16, text


async def test_other_actions_a_treta_desenvainar_and_catching(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(
        "@kaeda",
        "/porcentual ficha arma ficha:Ana nombre:daga danio:1D4 competencia:Dagas tamano:ligero",
    )
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "treta, detalle: arena a los ojos; desenvainar, arma: daga")
    options = {"accion": 1, "competencia": "pelea", "modificadores": "Arena suelta +10"}
    text = await duel.cmd("kaeda", "porcentual actuar", options, [30])
    assert "Ana: Tretas, Pelea 40% +10 Arena suelta = 50%, saca 30 (ÉXITO)." in text, text
    await duel.act("Ana", 2)
    assert combatant(await doc(session, fake), "Ana")["arma_lista"] == "daga"
    text = await duel.cmd("kaeda", "porcentual atrapar", {}, [40])
    assert "Ana: atrapar, Agilidad x5 = 50%, saca 40 (ÉXITO)." in text, text
