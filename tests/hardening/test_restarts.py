"""Restarts: an encounter stopped mid-asalto comes back exactly as it was (the Defender
button and the tracker message included), and a stop lets running commands finish."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

from bot.console import FakeDiscord, Session, open_session
from bot.edge.tree import CLOSING_NOTICE, UI_TASKS
from bot.process.lifecycle import install_bot_signals, shutdown
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.dbdump import dump_tables
from tests.hardening.hostile import until
from umbral_rules import ForcedDice

MID_ASALTO = [
    *GUARDIA,
    *KAEDA,
    "@bran",
    "/ficha crear nombre:Bran vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0",
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto" cantidad:2',
    "@kaeda",
    "/encuentro unirse",
    "@bran",
    "/encuentro unirse",
    "@master",
    "/estado poner objetivo:Bran estado:Aturdido",
    "/asalto",
    '/atacar objetivo:Íñigo atacante:"Ñu del puerto 1"',
    '/atacar objetivo:Bran atacante:"Ñu del puerto 2"',
]


async def state(session: Session) -> tuple[Any, Any]:
    guild, channel = session.discord.guild.id, session.discord.channel_id("mesa")
    async with session.storage.channel(guild, channel) as uow:
        encounter = await uow.encounter.get_state()
        tracker = uow.encounter.info.tracker_message_id
    return encounter, tracker


async def test_an_encounter_mid_asalto_resumes_exactly(
    session: Session, script: Script, dice: ForcedDice, database_url: str
) -> None:
    dice.push([9, 9, 9, 9, 9, 9])
    await script.run(*MID_ASALTO, "@kaeda", "/defender")  # Bran's defense still pending
    before_tables = await dump_tables(session.storage.engine)
    before_state, tracker = await state(session)
    old = session.discord.messages
    await session.close()

    restarted = await open_session(database_url, dice=ForcedDice([9, 9, 9]), migrate=False)
    try:
        assert await dump_tables(restarted.storage.engine) == before_tables
        assert await state(restarted) == (before_state, tracker)
        fake = restarted.discord
        fake.restore(old)
        pressed = await fake.press("bran", "mesa", "Defender")  # the old message's button
        assert "Bran se defiende de Ñu del puerto 2" in pressed.text()
        edits = [e.message.id for e in pressed.events if e.kind == "edit"]
        assert tracker in edits  # the same tracker message, edited in place
        out = Script(fake)
        text = await out.run("@master", "/asalto")
        assert "asalto 2" in text
        after, same_tracker = await state(restarted)
        assert same_tracker == tracker and after["asalto"] == before_state["asalto"] + 1
    finally:
        await restarted.close()


async def test_a_stop_finishes_running_commands_and_refuses_new_ones(
    session: Session, fake: FakeDiscord, script: Script
) -> None:
    await script.run(*KAEDA)
    guild, channel = fake.guild.id, fake.channel_id("mesa")
    lock = session.storage.lock(guild, channel)
    await lock.acquire()  # the command below waits here: it is in flight
    running = asyncio.create_task(
        fake.command("kaeda", "mesa", "tirada", {"atributo": "vigor", "umbral": 9})
    )
    await until(lambda: fake.bot.tree.in_flight)  # type: ignore[attr-defined]
    stopping = asyncio.create_task(shutdown(fake.bot, grace_s=60))
    await until(lambda: fake.bot.tree.closing)  # type: ignore[attr-defined]
    refused = await fake.command("kaeda", "mesa", "tirada", {"atributo": "vigor", "umbral": 9})
    assert refused.first.ephemeral and refused.first.content == CLOSING_NOTICE
    assert not stopping.done()  # still waiting for the running command
    lock.release()
    reply = await running
    await stopping
    assert any(not m.ephemeral and "Vigor" in m.text() for m in reply.messages)  # it finished
    assert session.storage.engine.pool.checkedout() == 0  # the engine was disposed


async def test_sigterm_to_the_bot_process_closes_it(session: Session, fake: FakeDiscord) -> None:
    closed = asyncio.Event()
    original = fake.bot.close

    async def close() -> None:
        await original()
        closed.set()

    fake.bot.close = close  # type: ignore[method-assign]
    undo = install_bot_signals(fake.bot, grace_s=60)
    try:
        os.kill(os.getpid(), signal.SIGTERM)  # handled by the loop: shutdown(), not death
        await closed.wait()
    finally:
        undo()
    assert fake.bot.tree.closing  # type: ignore[attr-defined]


async def test_a_stop_waits_for_a_defender_press_being_handled(
    session: Session, fake: FakeDiscord, script: Script, dice: ForcedDice
) -> None:
    await script.run(
        *GUARDIA,
        *KAEDA,
        "@master",
        "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse",
        "@master",
        "/asalto",
        '/atacar objetivo:Íñigo atacante:"Ñu del puerto"',
    )
    lock = session.storage.lock(fake.guild.id, fake.channel_id("mesa"))
    await lock.acquire()
    dice.push([9])
    pressing = asyncio.create_task(fake.press("kaeda", "mesa", "Defender"))
    await until(lambda: any(t.get_name().startswith(UI_TASKS) for t in asyncio.all_tasks()))
    stopping = asyncio.create_task(shutdown(fake.bot, grace_s=60))
    await until(lambda: fake.bot.tree.closing)  # type: ignore[attr-defined]
    assert not stopping.done()
    lock.release()
    reply = await pressing
    await stopping
    assert "Íñigo se defiende de Ñu del puerto" in reply.text()
