"""Reminders for play by post (issue 19, item 3), through the real slash commands and the
console's clock: ``!esperar`` runs what falls due, at its own time."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.__main__ import main
from bot.console import FakeDiscord, Session, open_session
from bot.console.clock import EPOCH
from bot.console.messages import SentMessage
from bot.console.payloads import GUILD_ID, stable_id
from bot.console.runner import Console
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

SETUP = [
    "@master",
    "/bestiario añadir nombre:Bandido ataque:11 defensa:11 aguante:10 potencia:4 arma:Porra",
    "@iria",
    "/ficha crear nombre:Iria vigor:1 destreza:2 percepcion:1 voluntad:1 proteccion:2",
    "/ficha arma nombre:Hacha clase:mano",
    "@bran",
    "/ficha crear nombre:Bran vigor:2 destreza:1 percepcion:1 voluntad:1 proteccion:1",
    "/ficha arma nombre:Maza clase:mano",
    "@master",
    "/encuentro empezar modo:mesa",
    "/encuentro enemigos nombre:Bandido cantidad:2",
    "@iria",
    "/encuentro unirse",
    "@bran",
    "/encuentro unirse",
]
IRIA, BRAN = stable_id("user", "iria"), stable_id("user", "bran")


def reminders(fake: FakeDiscord, since: int = 0) -> list[SentMessage]:
    return [m for m in fake.messages[since:] if m.content.startswith("⏰ **Recordatorio**")]


def pinged(message: SentMessage) -> set[int]:
    """Who the message may ping (its allowed mentions), checked against who it mentions."""
    allowed = {int(u) for u in message.payload["allowed_mentions"]["users"]}
    mentioned = {u for u in (IRIA, BRAN) if f"<@{u}>" in message.content}
    assert allowed == mentioned
    for user in mentioned:
        assert message.content.count(f"<@{user}>") == 1  # each player once
    return mentioned


def at(message: SentMessage) -> datetime:
    return EPOCH + timedelta(seconds=round(message.created))  # (+ the network latency)


async def test_mesa_by_post_reminds_the_right_players_once(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*SETUP)
    refused = await script.run(
        "@iria",
        "/encuentro recordatorios horas:1",
        "/config zona_horaria:Atlantic/Canary",
        "@master",
        "/config zona_horaria:Marte/Olympus",
        "/encuentro recordatorios horas:2 silencio:9-9",
        "/encuentro recordatorios horas:2 silencio:tarde",
    )
    assert refused.count("Solo el máster puede") == 2
    assert "No conozco la zona horaria «Marte/Olympus»" in refused
    assert refused.count("«silencio» son dos horas de 0 a 23") == 2
    assert "Zona horaria: Europe/Madrid" in await script.run("/config")
    assert reminders(fake) == []  # default off
    out = await script.run("/encuentro recordatorios horas:2 silencio:23-9", "!esperar 7000")
    assert "cada 2 horas" in out and "entre las 23:00 y las 9:00 (Europe/Madrid)" in out
    assert reminders(fake) == []  # not 2 hours yet

    # 2 hours after the players' phase began: one message, both players, each pinged once
    out = await script.run("!esperar 400")
    [first] = reminders(fake)
    assert pinged(first) == {IRIA, BRAN}
    assert "Iria aún no ha actuado en la fase de los jugadores desde <t:" in first.content
    assert first.buttons == []  # nothing to defend
    assert "@iria, Iria aún no ha actuado" in out  # the console prints it at its time

    # Iria acts: only Bran is reminded, 2 hours after the last reminder
    dice.push([6])
    mark = len(fake.messages)
    acted = await script.run("@iria", '/atacar objetivo:"Bandido 1"', "!esperar 7300")
    assert "Iria ataca a Bandido 1" in acted
    [second] = reminders(fake, mark)
    assert pinged(second) == {BRAN}
    assert (at(second) - at(first)).total_seconds() == 7200

    # 19:00 and 21:00 in Madrid (UTC+1 in January); 23:00 is quiet: next one at 9:00
    mark = len(fake.messages)
    await script.run("!esperar 7300", "!esperar 7200")
    evening = reminders(fake, mark)
    assert [at(m).astimezone(UTC).hour for m in evening] == [18, 20]
    mark = len(fake.messages)
    await script.run("!esperar 36000")  # to about 7:00 in Madrid
    assert reminders(fake, mark) == []
    await script.run("!esperar 7200")
    [morning] = reminders(fake, mark)
    assert at(morning) == datetime(2026, 1, 2, 8, 0, tzinfo=UTC)  # 9:00 in Madrid
    assert pinged(morning) == {BRAN}

    # the enemies' phase: nobody is reminded to act; a pending defense is, with Defender
    mark = len(fake.messages)
    await script.run("@master", "/asalto", '/atacar objetivo:Bran atacante:"Bandido 1"')
    await script.run("!esperar 7300")
    [defense] = reminders(fake, mark)
    assert pinged(defense) == {BRAN}
    assert "Bran debe defenderse de Bandido 1" in defense.content
    assert [b["label"] for b in defense.buttons] == ["Defender"]
    dice.push([9])
    pressed = await fake.press("bran", "mesa", "Defender")  # on the reminder itself
    assert "Defensa de Bran" in pressed.first.text()
    mark = len(fake.messages)
    await script.run("!esperar 30000")
    assert reminders(fake, mark) == []  # defended; no turn to remind in the enemies' phase

    # 0 turns them off
    out = await script.run("@master", "/encuentro recordatorios horas:0", "/asalto")
    assert "Recordatorios desactivados" in out
    await script.run("!esperar 40000")
    assert reminders(fake, mark) == []


async def test_a_reminder_due_while_the_bot_was_down_is_sent_once_at_start(
    database_url: str,
) -> None:
    first = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        script = Script(first.discord)
        await script.run(*SETUP, "@master", "/encuentro recordatorios horas:1")
        stopped_at = first.discord.clock.now
    finally:
        await first.close()
    # ten hours later a new bot starts on the same database
    second = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        fake = second.discord
        fake.clock.now = stopped_at + 10 * 3600
        console = Console(fake, io.StringIO())
        await console.wait(0)  # what the console does at start
        [late] = reminders(fake)
        assert pinged(late) == {IRIA, BRAN}
        await console.wait(3500)
        assert len(reminders(fake)) == 1  # not once per missed hour
        await console.wait(200)
        assert len(reminders(fake)) == 2  # an hour after the late one
    finally:
        await second.close()


async def test_two_processes_send_each_reminder_exactly_once(database_url: str) -> None:
    """Two bots on one database (own engines, own connections), each claiming at the same
    moment of the same clock: every period's reminder goes out once, from one of them."""
    a = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    b = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        await Script(a.discord).run(*SETUP, "@master", "/encuentro recordatorios horas:1")
        start = a.discord.clock.now
        for hour in range(1, 7):
            for fake in (a.discord, b.discord):
                fake.clock.now = start + hour * 3600 + 30
            for _ in range(3):  # each process tries several times at the same moment
                await asyncio.gather(a.bot.reminders.run_due(), b.bot.reminders.run_due())
            sent = reminders(a.discord) + reminders(b.discord)
            assert len(sent) == hour
        for message in sent:
            assert pinged(message) == {IRIA, BRAN}
        assert a.bot.reminders.sent + b.bot.reminders.sent == 6
    finally:
        await a.close()
        await b.close()


def test_the_readme_reminders_example(tmp_path: Path) -> None:
    """The README's walkthrough, then the GM's guide's undo and play-by-post examples."""
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    readme += (root / "docs/master.md").read_text(encoding="utf-8")

    def block(marker: str) -> str:
        text = readme.split(f"<!-- {marker} -->")[1].split(f"<!-- /{marker} -->")[0]
        return text.strip().removeprefix("```text").removesuffix("```")

    out = io.StringIO()
    args = ["consola", "--eco", "--db", str(tmp_path / "umbral.db"), "--dados", "9,6,8"]
    script = "\n".join(block(m) for m in ("walkthrough", "deshacer", "recordatorios")) + "\n"
    assert main(args, stdin=io.StringIO(script), stdout=out) == 0
    text = out.getvalue()
    assert "(consola)" not in text
    example = text.split("/encuentro recordatorios horas:4", 1)[1]
    assert example.count("⏰ **Recordatorio**") == 1
    waited, acted = example.split("/atacar", 1)
    assert "@kaeda, Kaeda aún no ha actuado en la fase de los jugadores" in waited
    assert "Recordatorio" not in acted


async def test_a_reminder_reopens_the_archived_thread_of_its_encounter(
    script: Script, fake: FakeDiscord
) -> None:
    """Play by post in a thread goes quiet for days: Discord archives it, and refuses
    messages there until it is reopened."""
    await script.run(
        *SETUP[:9],
        "#mesa/partida",
        "/encuentro empezar modo:mesa",
        "/encuentro enemigos nombre:Bandido",
        "@iria",
        "/encuentro unirse",
        "@master",
        "/encuentro recordatorios horas:3",
        "!archivar",
        "!esperar 11000",
    )
    [reminder] = reminders(fake)
    assert reminder.channel == "mesa/partida"
    assert pinged(reminder) == {IRIA}
    assert not fake.places.get("mesa/partida").archived


async def test_the_guild_zone_is_offered_stored_and_used(script: Script, fake: FakeDiscord) -> None:
    offered = await fake.autocomplete(
        "master", "mesa", "config", {"zona_horaria": "canar"}, "zona_horaria"
    )
    assert [c["value"] for c in offered] == ["Atlantic/Canary"]
    every = await fake.autocomplete(
        "master", "mesa", "config", {"zona_horaria": ""}, "zona_horaria"
    )
    assert len(every) == 25 and every[0]["value"] == "Europe/Madrid"
    out = await script.run("@master", "/config zona_horaria:Atlantic/Canary", "/config")
    assert "Zona horaria: Atlantic/Canary" in out
    await script.run(*SETUP)
    out = await script.run("@master", "/encuentro recordatorios horas:10 silencio:22-8")
    assert "entre las 22:00 y las 8:00 (Atlantic/Canary)" in out
    # the phase began at 12:00 in Canarias; 22:00 there is quiet: 8:00 next day, 08:00 UTC
    await script.run("!esperar 36100", "!esperar 36000")
    [reminder] = reminders(fake)
    assert at(reminder) == datetime(2026, 1, 2, 8, 0, tzinfo=UTC)


async def test_the_background_task_wakes_at_the_next_due_time(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """The gateway bot's task (``setup_hook`` starts it): it sleeps until the next reminder
    is due, at most a minute, on the injected clock."""
    await script.run(*SETUP, "@master", "/encuentro recordatorios horas:1")
    async with session.storage.channel(GUILD_ID, fake.channel_id("mesa")) as uow:
        info = uow.encounter.info if await uow.encounter.get() else None
    assert info is not None and info.phase_since is not None
    due = (info.phase_since - EPOCH).total_seconds() + 3600
    waits: list[float] = []
    parked = asyncio.Event()

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 3:
            parked.set()
            await asyncio.Event().wait()  # until stopped
        fake.clock.advance(seconds)

    scheduler = session.bot.reminders
    scheduler.use_clock(fake.clock.datetime, sleep)
    fake.clock.now = due - 30
    scheduler.start()
    try:
        await asyncio.wait_for(parked.wait(), timeout=60)
    finally:
        await scheduler.stop()
    assert 29 < waits[0] <= 30  # straight to the due time (less the requests' latency)
    assert waits[1:] == [60.0, 60.0]  # then the next one is an hour away: every minute
    [reminder] = reminders(fake)
    assert pinged(reminder) == {IRIA, BRAN}
