"""Sessions on Discord's calendar (issue 37), through the console and its clock: a session
scheduled in Europe/Madrid across the change to summer time, two players interested, the
24 h and 1 h reminders at their moments and once each (a restart of the bot in between),
who played counted after the session, a change and a cancel reflected in Discord — and
every request the bot made valid against Discord's schema."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest

from bot.console import FakeDiscord, Session, open_session
from bot.console.clock import EPOCH
from bot.console.messages import SentMessage
from bot.console.payloads import stable_id
from bot.console.scheduled import ACTIVE, CANCELED, COMPLETED
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

ANA, BEA = stable_id("user", "ana"), stable_id("user", "bea")
#: Friday 27 March 2026, 12:00 UTC: Madrid still on winter time (+1) until Sunday 02:00.
FRIDAY = datetime(2026, 3, 27, 12, tzinfo=UTC)
#: Sunday 29 March 2026, 20:00 in Madrid, already summer time (+2): 18:00 UTC.
START = datetime(2026, 3, 29, 18, tzinfo=UTC)


async def opened(database_url: str) -> Session:
    return await open_session(database_url, dice=ForcedDice([]), migrate=False)


def seconds(moment: datetime) -> float:
    return (moment - EPOCH).total_seconds()


def reminders(fake: FakeDiscord, since: int = 0) -> list[SentMessage]:
    return [m for m in fake.messages[since:] if m.content.startswith("⏰")]


def when(message: SentMessage) -> datetime:
    return EPOCH + timedelta(seconds=round(message.created))


def pinged(message: SentMessage) -> frozenset[int]:
    allowed = frozenset(int(u) for u in message.payload["allowed_mentions"]["users"])
    for user in allowed:
        assert message.content.count(f"<@{user}>") == 1
    return allowed


async def wait_until(script: Script, fake: FakeDiscord, moment: datetime) -> str:
    return await script.run(f"!esperar {seconds(moment) - fake.clock.now:.0f}")


async def test_a_session_across_summer_time_with_reminders_and_attendance(
    database_url: str,
) -> None:
    first = await opened(database_url)
    try:
        fake, script = first.discord, Script(first.discord)
        await wait_until(script, fake, FRIDAY)
        await script.run(
            "@carla",
            "/ficha crear nombre:Carla vigor:1 destreza:2 percepcion:1 voluntad:1 proteccion:0",
        )
        out = await script.run(
            "@master",
            "/config zona_horaria:Europe/Madrid",
            '/sesion programar titulo:"Sesión 5" fecha:29/03/2026 hora:20:00 '
            'descripcion:"La cripta de Ñuño"',
        )
        # <t:…:F>, as the console shows it (issue 31): 20:00 in Madrid, summer time
        assert "domingo, 29 de marzo de 2026 20:00" in out
        assert "crea el evento" in out and "2026-03-29 18:00–21:00 UTC · #mesa" in out
        [event] = fake.calendar.events.values()
        assert event.start == seconds(START) and event.end == seconds(START) + 3 * 3600
        for user in ("ana", "bea"):
            await script.run(f"@{user}", "!interes Sesión 5")
        # nothing before the 24 h reminder: Saturday 18:00 UTC (19:00 in Madrid, winter time)
        await wait_until(script, fake, START - timedelta(hours=24, seconds=5))
        assert reminders(fake) == []
        await wait_until(script, fake, START - timedelta(hours=23))
        [day] = reminders(fake)
        assert when(day) == START - timedelta(hours=24)
        assert pinged(day) == {ANA, BEA} and "mañana" in day.content
        stopped = fake
    finally:
        await first.close()

    second = await opened(database_url)  # the bot restarts on the same database
    try:
        fake, script = second.discord, Script(second.discord)
        fake.carry_over(stopped)  # Discord kept the event and who is interested
        assert len(reminders(fake)) == 1  # the channel still shows the 24 h one
        new = len(fake.messages)
        await script.run("!esperar 0")  # what the console does at start
        assert reminders(fake, new) == []  # it went out before the restart: not again
        await wait_until(script, fake, START - timedelta(minutes=30))
        [hour] = reminders(fake, new)
        assert when(hour) == START - timedelta(hours=1)
        assert pinged(hour) == {ANA, BEA} and "dentro de una hora" in hour.content
        await wait_until(script, fake, START + timedelta(minutes=10))
        assert fake.calendar.events[event.id].status(fake.clock.now) == ACTIVE
        # ana rolls and carla (not interested) joins an encounter; bea never plays
        await script.run("@ana", "/tirar expresion:2d6")
        await script.run("@master", "/encuentro empezar modo:mesa", "@carla", "/encuentro unirse")
        await wait_until(script, fake, START + timedelta(hours=3, minutes=1))
        assert fake.calendar.events[event.id].status(fake.clock.now) == COMPLETED
        assert len(reminders(fake, new)) == 1  # nothing else was sent after the start
        listed = await script.run("@bea", "/sesion lista")
        # (the console writes a mention as @name)
        assert "Interesados: @bea, @ana\n  Jugaron: @carla, @ana\n" in listed  # by id
        exported = await fake.command(
            "master", "mesa", "historial", {"exportar": "json", "asistencia": True}
        )
        [row] = json.loads(exported.last.files["sesiones.json"])
        assert (row["titulo"], row["estado"], row["inicio"]) == (
            "Sesión 5",
            "terminada",
            "2026-03-29T18:00:00+00:00",
        )
        assert (sorted(row["interesados"]), sorted(row["jugaron"])) == (
            ["ana", "bea"],
            ["ana", "carla"],
        )
        assert not fake.gate.failed and not fake.gate.notices
    finally:
        await second.close()


async def test_a_change_and_a_cancel_reach_discord(fake: FakeDiscord, script: Script) -> None:
    await wait_until(script, fake, FRIDAY)
    await script.run(
        "@master",
        '/sesion programar titulo:"Sesión 6" fecha:2026-04-03 hora:19:30 duracion:120',
    )
    [event] = fake.calendar.events.values()
    out = await script.run('/sesion cambiar sesion:"Sesión 6" hora:21:00 duracion:150')
    assert "cambia el evento" in out and "Sesión «Sesión 6» cambiada" in out
    changed = fake.calendar.events[event.id]
    assert changed.start == seconds(datetime(2026, 4, 3, 19, tzinfo=UTC))  # 21:00 CEST
    assert changed.end == changed.start + 150 * 60
    # a change made in Discord's own window is what the bot reads next
    await script.run('!evento cambiar "Sesión 6" nombre:"Sesión 6: la torre"')
    listed = await script.run("/sesion lista")
    assert "Sesión 6: la torre" in listed
    out = await script.run('/sesion cancelar sesion:"Sesión 6: la torre"')
    assert "cancela el evento" in out and "cancelada" in out
    assert fake.calendar.events[event.id].status(fake.clock.now) == CANCELED
    await wait_until(script, fake, datetime(2026, 4, 4, tzinfo=UTC))
    assert reminders(fake) == []  # a cancelled session reminds nobody
    assert not fake.gate.failed and not fake.gate.notices


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/sesion programar titulo:X fecha:29/03/2026 hora:02:30", "no existe en Europe/Madrid"),
        ("/sesion programar titulo:X fecha:2026-01-01 hora:10:00", "ya han pasado"),
        ("/sesion programar titulo:X fecha:30/02/2026 hora:20:00", "no es un día"),
        ("/sesion programar titulo:X fecha:2026-03-01 hora:25:00", "hora como 20:00"),
        ('/sesion cancelar sesion:"No existe"', "No encuentro esa sesión"),
        ("/historial asistencia:sí", "«asistencia» va con «exportar»"),
    ],
)
async def test_bad_sessions_are_refused_in_spanish(
    fake: FakeDiscord, script: Script, line: str, message: str
) -> None:
    out = await script.run("@master", line)
    assert message in out and "(solo para ti)" in out
    assert fake.calendar.events == {} and not fake.gate.failed


async def test_only_the_gm_schedules_and_a_missing_permission_is_named(
    fake: FakeDiscord, script: Script
) -> None:
    out = await script.run("@ana", "/sesion programar titulo:X fecha:2026-03-01 hora:20:00")
    assert "Solo el máster puede programar sesiones" in out
    out = await script.run(
        "@master",
        "!permiso quitar crear_eventos",
        "/sesion programar titulo:X fecha:2026-03-01 hora:20:00",
    )
    assert "me falta el permiso «Crear eventos»" in out
    assert fake.calendar.events == {} and not fake.gate.failed


async def test_a_console_reopened_on_its_database_schedules_again(database_url: str) -> None:
    """A console opened on the database an earlier one wrote (its Discord no longer has
    that run's events): the next event gets an id of its own and the session is scheduled."""
    ids = []
    for title in ("Uno", "Dos"):
        session = await opened(database_url)
        try:
            out = await Script(session.discord).run(
                "@master", f"/sesion programar titulo:{title} fecha:2026-02-01 hora:20:00"
            )
            assert f"Sesión «{title}» programada" in out
            ids.extend(session.discord.calendar.events)
            assert not session.discord.gate.failed
        finally:
            await session.close()
    assert len(set(ids)) == 2


async def test_two_processes_send_each_session_reminder_once(database_url: str) -> None:
    """Two bots on one database (shards in two processes), each running the steps at the
    same moments of the same clock: each reminder goes out once, from one of them."""
    a, b = await opened(database_url), await opened(database_url)
    try:
        script = Script(a.discord)
        await wait_until(script, a.discord, FRIDAY)
        await script.run(
            "@master", '/sesion programar titulo:"Sesión 7" fecha:29/03/2026 hora:20:00'
        )
        b.discord.carry_over(a.discord)  # one Discord: both see the same event
        b.discord.calendar = a.discord.calendar
        await script.run("@ana", "!interes Sesión 7")
        for moment in (START - timedelta(hours=24), START - timedelta(hours=1), START):
            for fake in (a.discord, b.discord):
                fake.clock.now = seconds(moment) + 30
            for _ in range(3):
                await asyncio.gather(a.bot.reminders.run_due(), b.bot.reminders.run_due())
        sent = reminders(a.discord) + reminders(b.discord)  # (each bot's own channel view)
        assert len(sent) == 2 and {pinged(m) for m in sent} == {frozenset({ANA})}
        assert a.bot.reminders.sessions.sent + b.bot.reminders.sessions.sent == 2
    finally:
        await a.close()
        await b.close()


async def test_a_session_in_a_voice_channel(fake: FakeDiscord, script: Script) -> None:
    out = await script.run(
        "@master", "/sesion programar titulo:Voces fecha:2026-01-10 hora:21:00 canal:voz"
    )
    assert "🔊 #voz" in out and "en #mesa" in out  # <#id> (the play channel), as shown
    [event] = fake.calendar.events.values()
    assert event.entity_type == 2 and event.channel_id == fake.channel_id("voz")
    choices = await fake.autocomplete(
        "master", "mesa", "sesion cancelar", {"sesion": "voc"}, "sesion"
    )
    assert [c["name"] for c in choices] == ["Voces · 10/01 21:00"]
    out = await script.run(f"/sesion cancelar sesion:{choices[0]['value']}")
    assert "cancelada" in out and not fake.gate.failed
    out = await script.run(
        "#voz",
        "!permiso quitar conectar",
        "#mesa",
        "/sesion programar titulo:Voces fecha:2026-01-10 hora:21:00 canal:voz",
    )
    assert "me falta el permiso «Conectar» en ese canal de voz" in out
