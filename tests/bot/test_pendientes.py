"""Who waits for whom: the tracker's «Se espera a» and /encuentro pendientes."""

from __future__ import annotations

import re

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.test_deshacer import MESA
from umbral_rules import ForcedDice


def tracker_text(fake: FakeDiscord) -> str:
    return next(m for m in fake.messages if m.title.startswith("Encuentro en")).text()


async def test_tracker_and_pendientes_say_who_and_since_when(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        await uow.encounter.require()
        started = uow.encounter.info.phase_since
    assert started is not None
    stamp = f"<t:{int(started.timestamp())}:R>"
    assert f"Íñigo (sin actuar en la fase de los jugadores desde {stamp})" in tracker_text(fake)
    mine = await fake.command("bran", "mesa", "encuentro pendientes")
    assert mine.first.ephemeral and mine.first.recipient == "bran"
    assert f"Íñigo (sin actuar en la fase de los jugadores desde {stamp})" in mine.first.text()
    await fake.command("master", "mesa", "asalto")
    dice.push([7])
    await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    text = tracker_text(fake)
    assert re.search(r"Íñigo debe defenderse de Ñu del puerto desde <t:\d+:R>", text)
    assert "sin actuar en la fase de los jugadores" not in text
    waiting = await fake.command("kaeda", "mesa", "encuentro pendientes")
    assert "Íñigo debe defenderse de Ñu del puerto desde <t:" in waiting.first.text()
    dice.push([6])
    await fake.command("kaeda", "mesa", "defender")
    assert "debe defenderse" not in tracker_text(fake)
    none = await fake.command("kaeda", "taberna", "encuentro pendientes")
    assert none.first.content == (
        "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
    )
