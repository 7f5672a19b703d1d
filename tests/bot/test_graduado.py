"""The graded d100 combat (seed 003) through the real slash commands, with forced dice."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

SETUP = [
    "@kaeda",
    "/graduado ficha crear nombre:Aria poder:25 aguante:100",
    "@master",
    "/graduado bestiario crear nombre:Lobo poder:25 aguante:30",
    "/encuentro empezar sistema:graduado",
    "/encuentro enemigos nombre:Lobo",
    "@kaeda",
    "/encuentro unirse personaje:Aria",
]


async def doc(session: Session, fake: FakeDiscord, channel: str = "mesa") -> Any:
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        return await uow.encounter.get_state()


async def test_smoke(script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice) -> None:
    out = await script.run(*SETUP)
    print(out)
    r = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo", "tacticas": "bueno"})
    print(r.text())
    dice.push([50])
    r = await fake.command("master", "mesa", "asalto")
    print(r.text())
    assert False
