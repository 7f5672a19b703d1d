"""Reminders by post (issue 19) in a percentile fight, through the slash commands and the
console's clock: the player whose turn it is to declare, then to act, is reminded; the GM's
fighters never are."""

from __future__ import annotations

from bot.console import FakeDiscord
from bot.console.payloads import stable_id
from tests.bot.conftest import Script
from tests.bot.porcentual.world import TABLES, enemy_lines, pj_lines
from tests.bot.test_recordatorios import reminders
from umbral_rules import ForcedDice

KAEDA = stable_id("user", "kaeda")


async def test_the_player_whose_turn_it_is_is_reminded(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@master", "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    out = await script.run("/encuentro recordatorios horas:2")
    assert "Recordatorios activados" in out and "cada 2 horas" in out
    refused = await script.run("/encuentro recordatorios horas:2 silencio:tarde")
    assert "«silencio» son dos horas de 0 a 23" in refused
    dice.push([9, 1])  # Ana 19, Orco 11: the Orco declares first (the GM's: no reminder)
    await script.run("/asalto", "!esperar 7300")
    assert reminders(fake) == []
    await script.run('/porcentual declarar acciones:"ataque, a: Ana" combatiente:Orco')
    mark = len(fake.messages)
    await script.run("!esperar 100")  # counted from the phase's start: due at once
    [declare] = reminders(fake, mark)
    assert f"<@{KAEDA}>" in declare.content
    assert "Ana aún no ha declarado sus acciones" in declare.content
    mark = len(fake.messages)
    await script.run("@kaeda", '/porcentual declarar acciones:"ataque, a: Orco"', "!esperar 7300")
    [act] = reminders(fake, mark)
    assert "Ana aún no ha hecho sus acciones de su turno" in act.content
    dice.push([90])
    await script.run("/atacar objetivo:Orco", "@master", "/asalto")  # the Orco's turn
    mark = len(fake.messages)
    await script.run("!esperar 30000")
    assert reminders(fake, mark) == []  # only the GM's fighter is awaited
