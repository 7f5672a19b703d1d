"""Contests and manoeuvres through the slash commands, with forced dice: Fuerza x5 against
Fuerza x5, Desarmar's Fuerza x4 between two medium weapons, Empujón and Agilidad x2,
Tropiezo and Agilidad x3, Aturdir's 10 minutes per point (at least 10), Inmovilizar with its
1D3 a asalto and Liberarse, a Barrido stopped by a parry. [D] Of two ÉXITOS the higher roll
wins; a level result goes to who resists (docs/porcentual.md)."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.duel import Duel
from tests.bot.porcentual.world import combatant, doc
from umbral_rules import ForcedDice

MAZA = (
    "@kaeda",
    "/porcentual ficha arma ficha:Ana nombre:maza danio:1D6+1 competencia:Espadas "
    "rasgos:contundente",
    "/porcentual ficha arma ficha:Ana nombre:lanza danio:1D8 competencia:Espadas "
    "rasgos:lanza,perforante",
)


@pytest.fixture
def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    return Duel(script, fake, dice)


async def test_enfrentamiento_fuerza_x5_against_fuerza_x5(duel: Duel) -> None:
    await duel.setup(ana={"fuerza": 14})
    await duel.asalto([9, 1])
    options = {"activo": "Ana", "caracteristica": "fuerza", "veces": 5, "pasivo": "Orco"}
    text = await duel.cmd("master", "porcentual enfrentamiento", options, [40, 50])
    assert "Ana Fuerza x5 70% saca 40 (ÉXITO); Orco Fuerza x5 60% saca 50 (ÉXITO)" in text
    assert "Gana Orco." in text  # two ÉXITOS: the higher roll
    tie = await duel.cmd("master", "porcentual enfrentamiento", options, [80, 90])
    assert "Gana Orco." in tie  # both fail: who resists
    player = await duel.cmd("kaeda", "porcentual enfrentamiento", options)
    assert "máster" in player


async def test_desarmar_and_empujon(duel: Duel, fake: FakeDiscord, session: Session) -> None:
    await duel.setup(orcos=2)
    await duel.asalto([9, 1, 1])
    await duel.declare("Orco 1", "nada")
    await duel.declare("Orco 2", "nada")
    await duel.declare("Ana", "desarmar, a: Orco 1; empujon, a: Orco 2")
    text = await duel.attack("Ana", "Orco 1", [10, 30, 20])
    assert "Espadas 60% -30 Desarmar = 30%" in text
    assert "Ana Fuerza x4 48% saca 30 (ÉXITO); Orco 1 Fuerza x4 48% saca 20" in text
    assert "Orco 1 deja caer espada." in text
    text = await duel.attack("Ana", "Orco 2", [10, 60, 50, 90])
    assert "Ana Fuerza x5 60% saca 60 (ÉXITO); Orco 2 Fuerza x5 60% saca 50" in text
    assert "Orco 2: no caer, Agilidad x2 = 20%, saca 90 (FALLO)." in text
    stored = await doc(session, fake)
    assert combatant(stored, "Orco 1")["armas_perdidas"] == ["espada"]
    assert combatant(stored, "Orco 2")["en_suelo"] is True


async def test_tropiezo_and_aturdir_ten_minutes_per_point(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(*MAZA, ana={"fuerza": 14}, orcos=2)
    await duel.asalto([9, 1, 1])
    await duel.declare("Orco 1", "nada")
    await duel.declare("Orco 2", "nada")
    await duel.declare("Ana", "tropiezo, a: Orco 1, arma: lanza; aturdir, a: Orco 2, arma: maza")
    text = await duel.attack("Ana", "Orco 1", [10, 60])
    assert "Espadas 60% -30 Tropiezo = 30%" in text
    assert "Orco 1: no tropezar, Agilidad x3 = 30%, saca 60 (FALLO)." in text
    no_surprise = await duel.attack("Ana", "Orco 2", [])
    assert "sorpresa" in no_surprise
    # maza 1D6 6 + 1 + 1D4 4 = 11 PD, ×2 = 22 against Resistencia 12: 10 over, 100 minutes
    text = await duel.attack("Ana", "Orco 2", [10, 6, 4], situacion="sorpresa, espalda")
    assert "Espadas 60% -25 Aturdir +50 Aturdir por la espalda = 85%" in text
    orco = combatant(await doc(session, fake), "Orco 2")
    assert orco["inconsciente_minutos"] == 100 and orco["pv"] == 20


async def test_aturdir_just_over_resistencia_is_ten_minutes(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(*MAZA)
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "aturdir, a: Orco, arma: maza")
    await duel.attack("Ana", "Orco", [10, 6], situacion="sorpresa")  # (6 + 1) × 2 = 14 > 12
    assert combatant(await doc(session, fake), "Orco")["inconsciente_minutos"] == 20
    # 2 points over: 20 minutes (the minimum of 10 is the rules package's own test)


async def test_inmovilizar_a_1d3_a_asalto_and_liberarse(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup()
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "mele, a: Orco")
    await duel.act("Ana", 1)
    await duel.conclude()
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "inmovilizar")
    text = await duel.cmd(
        "kaeda", "porcentual maniobra", {"tipo": "inmovilizar", "objetivo": "Orco"}, [30, 20]
    )
    assert "Orco queda inmovilizado por Ana." in text
    await duel.conclude()
    await duel.asalto([9, 1])
    await duel.declare("Orco", "liberarse")
    await duel.declare("Ana", "daño, a: Orco")
    text = await duel.cmd(
        "kaeda", "porcentual maniobra", {"tipo": "danio", "objetivo": "Orco"}, [2]
    )
    assert "PV 20 → 18" in text
    options = {"tipo": "liberarse", "combatiente": "Orco"}
    text = await duel.cmd("master", "porcentual maniobra", options, [10, 50])
    assert "Gana Ana" in text
    assert combatant(await doc(session, fake), "Orco")["inmovilizado_por"] == "Ana"


async def test_a_barrido_stopped_by_a_parry(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(orcos=2)
    await duel.asalto([9, 1, 1])
    await duel.declare("Orco 1", "parada, a: Ana")
    await duel.declare("Orco 2", "nada")
    await duel.declare("Ana", "barrido, a: Orco 1 + Orco 2, arma: espada")
    text = await duel.attack("Ana", "Orco 1", [10, 20], defensa="Orco 1: 1")
    assert "Espadas 60% -20 Barrido = 40%, saca 10 (ÉXITO)" in text
    assert "Orco 1 detiene el barrido: el resto no se ve afectado." in text
    stored = await doc(session, fake)
    assert combatant(stored, "Orco 1")["pv"] == combatant(stored, "Orco 2")["pv"] == 20
