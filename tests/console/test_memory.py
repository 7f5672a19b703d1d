"""A console reopened on its database goes on where the last one stopped (issue 43): the
clock resumes, the members keep their names, the tracker's message is still there to edit
(no «404 10008 Unknown Message»), and a message deleted in the earlier session is still gone."""

from __future__ import annotations

from bot.console import Session, open_session
from bot.console.clock import EPOCH
from bot.storage.console_state import load_console_state
from tests.bot.conftest import KAEDA, Script
from umbral_rules import ForcedDice

DAY = 24 * 3600.0


async def opened(database_url: str) -> Session:
    return await open_session(database_url, dice=ForcedDice([]), migrate=False)


async def test_a_reopened_console_goes_on_from_its_last_time(database_url: str) -> None:
    first = await opened(database_url)
    try:
        script = Script(first.discord)
        out = await script.run(*KAEDA, "@master", "/encuentro empezar modo:mesa")
        out += await script.run("@kaeda", "/encuentro unirse", "!esperar 86400")
        assert "(discord)" not in out, out
        stopped_at = first.discord.clock.now
        assert stopped_at > DAY
        tracker = first.discord.latest("master", "mesa", 1)
    finally:
        await first.close()
    second = await opened(database_url)
    try:
        fake = second.discord
        assert fake.clock.now == stopped_at  # not 2026-01-01 12:00 again
        assert fake.clock.datetime() > EPOCH.replace(day=2)
        assert fake.names[fake.user_id("kaeda")] == "kaeda"
        assert fake.message_by_id(tracker.id).payload == tracker.payload
        script = Script(fake)
        listed = await script.run("@master", "/ficha lista")
        assert "**kaeda**" in listed and "ya no está en el servidor" not in listed, listed
        out = await script.run("@master", "/encuentro terminar")
        assert "(discord) 404" not in out and not fake.gate.failed, out
        new = fake.latest("master", "mesa", 1)
        assert new.id > tracker.id and new.created >= stopped_at  # no id given twice
    finally:
        await second.close()


async def test_a_message_deleted_before_closing_is_still_gone(database_url: str) -> None:
    """The memory is honest: what the earlier session deleted does not come back."""
    first = await opened(database_url)
    try:
        await Script(first.discord).run(*KAEDA, "@master", "/encuentro empezar modo:mesa")
        tracker = next(m for m in first.discord.messages if m.title.startswith("Encuentro"))
        await Script(first.discord).run("!borrar Encuentro")
    finally:
        await first.close()
    second = await opened(database_url)
    try:
        fake = second.discord
        assert all(m.id != tracker.id for m in fake.messages)
        out = await Script(fake).run("@kaeda", "/encuentro unirse")
        assert "(discord) 404 10008 Unknown Message" in out, out  # Discord lost it for real
    finally:
        await second.close()


async def test_a_database_no_console_used_starts_at_the_epoch(database_url: str) -> None:
    """The first console on a database starts on 2026-01-01 12:00 and leaves its memory."""
    session = await opened(database_url)
    try:
        assert session.discord.clock.now == 0.0
        assert await load_console_state(session.storage.engine) is None
        await Script(session.discord).run("!esperar 60")
    finally:
        await session.close()
    again = await opened(database_url)
    try:
        kept = await load_console_state(again.storage.engine)
        assert kept is not None and kept["now"] == 60.0 and again.discord.clock.now == 60.0
    finally:
        await again.close()


async def test_threads_and_permissions_are_kept(database_url: str) -> None:
    first = await opened(database_url)
    try:
        await Script(first.discord).run(
            "#mesa/escena",
            "!archivar",
            "#taberna",
            "!permiso quitar insertar_enlaces",
            "!permiso quitar crear_eventos",
        )
        thread = first.discord.places.get("mesa/escena").id
    finally:
        await first.close()
    second = await opened(database_url)
    try:
        places = second.discord.places
        kept = places.by_id(thread)
        assert kept is not None and kept.name == "mesa/escena" and kept.archived
        assert not places.get("taberna").can("embed_links") and places.get("mesa").can(
            "embed_links"
        )
        assert not places.guild_permissions().create_events
        assert second.discord.guild.get_channel(places.get("taberna").id) is not None
    finally:
        await second.close()


async def test_a_reminder_scheduled_in_one_session_goes_out_in_the_next(
    database_url: str,
) -> None:
    """Reminders can be tried across sessions: the next console's clock goes on, so the
    session's reminder falls due on it, once, with the event the last one created."""
    first = await opened(database_url)
    try:
        out = await Script(first.discord).run(
            "@master",
            "/sesion programar titulo:Uno fecha:2026-01-03 hora:20:00",
            "@ana",
            "!interes Uno",
            "!esperar 3600",
        )
        assert "Sesión «Uno» programada" in out and "(discord)" not in out, out
    finally:
        await first.close()
    second = await opened(database_url)
    try:
        fake = second.discord
        assert len(fake.calendar.events) == 1  # the event Discord kept
        out = await Script(fake).run("!esperar 0")
        assert "⏰" not in out  # not due yet: the clock did not start over, nor jump
        out = await Script(fake).run("!esperar 201600")  # to 2026-01-03 21:00
        assert out.count("⏰ La sesión «Uno»") == 2, out  # the 24 h and the 1 h reminders
        assert f"<@{fake.user_id('ana')}>" not in out and "@ana" in out
        assert not fake.gate.failed
    finally:
        await second.close()
