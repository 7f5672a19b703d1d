"""The console's Discord keeps scheduled events as Discord does: created and changed through
discord.py's own calls (every body against Discord's schema), refused where Discord refuses
(bad bodies, the past, missing permissions, finished events), started and ended by the
clock, with the users a person marks interested (``!interes``) until the event ends."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from typing import Any

import discord
import pytest

from bot.console.calendar import Calendar
from bot.console.clock import EPOCH
from bot.console.parser import EventAction, Interest, parse_line
from bot.console.runner import Console
from bot.console.scheduled import ACTIVE, CANCELED, COMPLETED, SCHEDULED
from tests.console.conftest import FakeDiscord, Probe, refused

pytestmark = pytest.mark.backends("sqlite")


def at(fake: FakeDiscord, hours: float) -> datetime:
    """``hours`` after the fake's clock started (it moves a little with each request)."""
    del fake
    return EPOCH + timedelta(hours=hours)


async def external(fake: FakeDiscord, **kwargs: Any) -> discord.ScheduledEvent:
    """An external event the bot creates as ``/sesion programar`` would."""
    fields: dict[str, Any] = {
        "name": "Sesión 5",
        "start_time": at(fake, 24),
        "end_time": at(fake, 27),
        "entity_type": discord.EntityType.external,
        "privacy_level": discord.PrivacyLevel.guild_only,
        "location": "#mesa",
        "description": "La cripta de Ñuño",
    }
    return await fake.guild.create_scheduled_event(**(fields | kwargs))


async def in_voice(fake: FakeDiscord, name: str, **kwargs: Any) -> discord.ScheduledEvent:
    """A voice event in the guild's voice channel ``#voz``, 2 h from the clock's start."""
    voz = fake.guild.get_channel(fake.channel_id("voz"))
    assert isinstance(voz, discord.VoiceChannel)
    fields: dict[str, Any] = {
        "name": name,
        "start_time": at(fake, 2),
        "channel": voz,
        "privacy_level": discord.PrivacyLevel.guild_only,
    }
    return await fake.guild.create_scheduled_event(**(fields | kwargs))


def calendar(fake: FakeDiscord) -> Calendar:
    return fake.calendar


async def test_the_bot_creates_changes_and_cancels_an_event(fake: FakeDiscord) -> None:
    event = await external(fake)
    assert event.name == "Sesión 5" and event.location == "#mesa"
    assert event.status is discord.EventStatus.scheduled
    assert event.start_time == at(fake, 24)
    later = await event.edit(start_time=at(fake, 25), end_time=at(fake, 28))
    assert later.start_time == at(fake, 25)
    fetched = await fake.guild.fetch_scheduled_event(event.id, with_counts=True)
    assert fetched.end_time == at(fake, 28) and fetched.user_count == 0
    cancelled = await later.cancel()
    assert cancelled.status is discord.EventStatus.cancelled
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.edit_scheduled_event(fake.guild.id, event.id, name="Otra")
    assert caught.value.code == 180000  # a finished event can't be changed
    assert not fake.gate.failed
    assert [e.message.author for e in fake.events if e.kind == "evento"] == ["Umbral"] * 3
    refused(fake)


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"name": "x" * 101}, "name", "BASE_TYPE_MAX_LENGTH"),
        ({"name": ""}, "name", "BASE_TYPE_MIN_LENGTH"),
        ({"description": "d" * 1001}, "description", "BASE_TYPE_MAX_LENGTH"),
        ({"scheduled_end_time": None}, "scheduled_end_time", "BASE_TYPE_REQUIRED"),
        ({"entity_metadata": {"location": "l" * 101}}, "entity_metadata", "BASE_TYPE_MAX_LENGTH"),
        ({"entity_metadata": {}}, "entity_metadata", "BASE_TYPE_REQUIRED"),
        ({"scheduled_start_time": "2025-12-31T20:00:00+00:00"}, "scheduled_start_time", None),
        ({"scheduled_end_time": "2026-01-01T13:00:00+00:00"}, "scheduled_end_time", None),
        ({"privacy_level": 1}, "privacy_level", None),
    ],
)
async def test_bad_events_are_refused_with_the_field(
    fake: FakeDiscord, change: dict[str, Any], field: str, code: str | None
) -> None:
    body: dict[str, Any] = {
        "name": "Sesión",
        "privacy_level": 2,
        "entity_type": 3,
        "scheduled_start_time": "2026-01-02T19:00:00+00:00",
        "scheduled_end_time": "2026-01-02T22:00:00+00:00",
        "entity_metadata": {"location": "#mesa"},
    }
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.create_guild_scheduled_event(fake.guild.id, **(body | change))
    assert caught.value.code == 50035
    (line,) = refused(fake)
    assert f"POST /guilds/{{guild_id}}/scheduled-events: {field}" in line
    if code is not None:
        assert code in str(caught.value._errors)  # Discord's code for the field
    assert fake.gate.failed is False  # refused() cleared it; the notice counted as invalid
    assert not calendar(fake).events


async def test_a_voice_event_needs_a_voice_channel(fake: FakeDiscord) -> None:
    event = await in_voice(fake, "Sesión en voz")
    assert event.entity_type is discord.EntityType.voice
    assert event.channel_id == fake.channel_id("voz")
    body = {"entity_type": 2, "channel_id": str(fake.channel_id("mesa"))}
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.create_guild_scheduled_event(
            fake.guild.id,
            name="En un canal de texto",
            privacy_level=2,
            scheduled_start_time=at(fake, 2).isoformat(),
            **body,
        )
    assert caught.value.code == 50035
    assert "channel_id: A voice event needs a voice channel." in refused(fake)[0]
    await console_line(fake, "!permiso quitar conectar", channel="voz")
    with pytest.raises(discord.Forbidden):
        await in_voice(fake, "Sin conectar")
    refused(fake)


async def console_line(
    fake: FakeDiscord, line: str, *, user: str = "master", channel: str = "mesa"
) -> str:
    out = io.StringIO()
    console = Console(fake, out, user=user)
    console.channel = channel
    await console.run_line(line)
    return out.getvalue()


async def test_creating_and_changing_need_their_permissions(fake: FakeDiscord) -> None:
    await console_line(fake, "!permiso quitar crear_eventos")
    with pytest.raises(discord.Forbidden) as caught:
        await external(fake)
    assert caught.value.code == 50013
    (line,) = refused(fake)
    assert line.startswith("(discord) 403 50013 Missing Permissions — POST /guilds/")
    assert not fake.gate.failed  # the console took the permission: not the bot's fault
    await console_line(fake, "!permiso dar crear_eventos")
    assert fake.guild.me.guild_permissions.create_events  # discord.py's cache of the role
    own = await external(fake)
    await own.edit(name="Sesión 5 bis")  # its own event: «Crear eventos» is enough
    text = await console_line(
        fake,
        "!evento crear Partida del máster inicio:2026-01-03T18:00Z fin:2026-01-03T21:00Z "
        "lugar:Casa",
    )
    assert "master → eventos del servidor" in text and "crea el evento" in text
    theirs = calendar(fake).find("partida del master")
    event = await fake.guild.fetch_scheduled_event(theirs.id)
    assert event.creator_id == fake.user_id("master")
    with pytest.raises(discord.Forbidden):
        await event.edit(name="Mía")  # someone else's: «Gestionar eventos»
    refused(fake)
    await console_line(fake, "!permiso dar gestionar_eventos")
    await event.edit(name="Mía")
    assert calendar(fake).get(event.id).name == "Mía"


async def test_status_follows_the_clock_and_interest_ends_with_the_event(
    fake: FakeDiscord,
) -> None:
    event = await external(fake)
    for user in ("ana", "bea"):
        printed = await console_line(fake, "!interes sesion 5", user=user)
    assert printed == "bea → 📅 «Sesión 5»: Me interesa ✓ (2 interesados)\n"
    await console_line(fake, "!interes Sesión 5", user="carla")
    await console_line(fake, "!desinteres Sesión 5", user="carla")
    users = [u async for u in event.users()]
    assert sorted(u.name for u in users) == ["ana", "bea"]
    assert (await fake.guild.fetch_scheduled_event(event.id, with_counts=True)).user_count == 2
    fake.clock.advance(24 * 3600)
    running = await fake.guild.fetch_scheduled_event(event.id)
    assert running.status is discord.EventStatus.active
    assert len([u async for u in running.users()]) == 2
    fake.clock.advance(3 * 3600)
    ended = await fake.guild.fetch_scheduled_event(event.id)
    assert ended.status is discord.EventStatus.completed
    assert [u async for u in ended.users()] == []  # Discord stops listing them
    assert await fake.guild.fetch_scheduled_events() == []
    assert "ya ha terminado" in await console_line(fake, "!interes Sesión 5", user="ana")
    assert not fake.gate.failed


async def test_a_voice_event_nobody_starts_is_cancelled_hours_later(fake: FakeDiscord) -> None:
    event = await in_voice(fake, "Voz", start_time=at(fake, 1), end_time=at(fake, 3))
    stored = calendar(fake).get(event.id)
    assert stored.status(fake.clock.now + 3600) == SCHEDULED
    assert stored.status(fake.clock.now + 5 * 3600) == CANCELED
    await console_line(fake, "!evento empezar Voz")
    assert stored.status(fake.clock.now) == SCHEDULED  # the line changed a copy
    started = calendar(fake).get(event.id)
    assert started.status(fake.clock.now) == ACTIVE
    assert started.status(fake.clock.now + 3 * 3600) == COMPLETED


async def test_changes_in_discords_window_are_what_the_bot_reads_next(fake: FakeDiscord) -> None:
    event = await external(fake)
    line = '!evento cambiar "Sesión 5" inicio:2026-01-02T20:00+01:00 fin:2026-01-02T22:00Z'
    assert "cambia el evento" in await console_line(fake, line)
    fetched = await fake.guild.fetch_scheduled_event(event.id)
    assert fetched.start_time == datetime.fromisoformat("2026-01-02T19:00:00+00:00")
    text = await console_line(fake, "!evento cambiar Sesión 5 fin:2026-01-01T00:00Z")
    assert "Discord no lo acepta: scheduled_end_time: Cannot schedule event to end" in text
    await console_line(fake, "!evento cancelar Sesión 5")
    fetched = await fake.guild.fetch_scheduled_event(event.id)
    assert fetched.status is discord.EventStatus.cancelled
    assert "No hay ningún evento «Otra»" in await console_line(fake, "!evento cancelar Otra")
    assert "no tiene «hora»" in await console_line(fake, "!evento crear X hora:1")
    assert not fake.gate.notices


async def test_deleting_and_unknown_events(fake: FakeDiscord) -> None:
    event = await external(fake)
    await event.delete()
    with pytest.raises(discord.NotFound) as caught:
        await fake.guild.fetch_scheduled_event(event.id)
    assert caught.value.code == 10070
    refused(fake)


def test_event_lines_parse() -> None:
    assert parse_line("!interes Sesión 5") == Interest("Sesión 5", True)
    assert parse_line("!desinteres Sesión 5") == Interest("Sesión 5", False)
    assert parse_line('!evento cambiar "Sesión 5" inicio:2026-03-29T20:00+02:00') == (
        EventAction("cambiar", "Sesión 5", {"inicio": "2026-03-29T20:00+02:00"})
    )
    assert parse_line("!evento cancelar Sesión 5") == EventAction("cancelar", "Sesión 5")


async def test_the_ui_event_shows_as_a_client_shows_it(fake: FakeDiscord, probe: Probe) -> None:
    del probe
    await external(fake)
    out = io.StringIO()
    console = Console(fake, out)
    await console.run_line('!evento cambiar Sesión 5 nombre:"Sesión 6"')
    assert out.getvalue().splitlines() == [
        "master → eventos del servidor",
        "  cambia el evento",
        "  📅 «Sesión 6» · programado",
        "  2026-01-02 12:00–15:00 UTC · #mesa",
        "  La cripta de Ñuño",
        "  0 interesados",
    ]
