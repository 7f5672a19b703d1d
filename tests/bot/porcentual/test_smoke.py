"""A first percentile fight through the slash commands."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.world import TABLES, doc, enemy_lines, pj_lines
from umbral_rules import ForcedDice


async def test_a_fight_starts_and_rolls_initiative(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    out = await script.run(
        *TABLES, *pj_lines("kaeda", "Ana", agilidad=10), *enemy_lines("Orco", agilidad=9),
        "@master", "/encuentro empezar sistema:porcentual", "/encuentro enemigos nombre:Orco",
        "@kaeda", "/encuentro unirse personaje:Ana",
    )  # fmt: skip
    print(out)
    dice.push([3, 4])
    reply = await fake.command("master", "mesa", "asalto")
    print(reply.text())
    d = await doc(session, fake)
    assert d["combate"]["asalto"]["fase"] == "declaracion"
