"""The tracker under a strict Discord (issue 16): permissions checked before an encounter
starts, a short note (never an apology) when the tracker can't be shown after a change, one
coalesced background edit, a new tracker when the old one is gone or too old, pinned.

Missing permissions, deleted messages and the passing of time are the console's fault lines
(``!permiso``, ``!borrar``, ``!esperar``): the fake Discord refuses as Discord does, nothing
is patched."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.console import FakeDiscord
from bot.console.gate import OLD_EDITS_PER_HOUR, OLD_MESSAGE_S
from bot.edge.errors import APOLOGY
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.discord_limits import assert_all_fit

START = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar",
    '/encuentro enemigos nombre:"Ñu del puerto"',
]


async def tracker_id(fake: FakeDiscord) -> int | None:
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        await uow.encounter.get()
        info = uow.encounter.info
        return info.tracker_message_id if info else None


def trackers(fake: FakeDiscord) -> list[Any]:
    return [m for m in fake.messages if m.title.startswith("Encuentro en") and not m.ephemeral]


def refusals(fake: FakeDiscord) -> list[str]:
    return [n.line for n in fake.gate.notices]


async def test_empezar_refuses_without_embed_links_and_creates_nothing(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run("!permiso quitar insertar_enlaces", "!permiso quitar enviar_mensajes")
    reply = await fake.command("master", "mesa", "encuentro empezar")
    assert reply.first.ephemeral
    assert "«Enviar mensajes» y «Insertar enlaces»" in reply.first.content
    assert "ajustes del canal" in reply.first.content
    assert await tracker_id(fake) is None
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        assert await uow.encounter.get() is None
    assert refusals(fake) == []  # the bot asked Discord for nothing


async def test_mapa_crear_names_attach_files(script: Script, fake: FakeDiscord) -> None:
    await script.run(
        "@master", "/encuentro empezar modo:tactico", "!permiso quitar adjuntar_archivos"
    )
    reply = await fake.command("master", "mesa", "mapa crear", {"ancho": 5, "alto": 5})
    assert reply.first.ephemeral and "«Adjuntar archivos»" in reply.first.content


async def test_permission_lost_during_an_encounter_is_a_note_not_an_apology(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*START)
    first = await tracker_id(fake)
    assert first is not None
    await script.run("!permiso quitar insertar_enlaces")
    reply = await fake.command("master", "mesa", "asalto")
    assert not reply.first.ephemeral  # the change is reported
    notes = [x for x in reply.messages if x.ephemeral]
    assert len(notes) == 1 and "«Insertar enlaces»" in notes[0].content
    assert APOLOGY not in reply.text()
    await script.run("!permiso dar insertar_enlaces")
    again = await fake.command("master", "mesa", "asalto")
    assert again.last.id == first and "asalto 2" in again.last.title
    assert_all_fit(fake)


async def test_a_deleted_tracker_is_posted_again_pinned_and_stored(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*START)
    old = await tracker_id(fake)
    assert next(m for m in fake.messages if m.id == old).pinned
    await script.run("!borrar Encuentro en")  # someone deleted it
    reply = await fake.command("master", "mesa", "asalto")
    new = await tracker_id(fake)
    assert new is not None and new != old
    assert reply.last.id == new and reply.last.pinned
    assert "fase de los enemigos" in reply.last.title
    assert APOLOGY not in reply.text()


async def test_an_edit_refused_as_too_old_posts_a_new_tracker_and_unpins_the_old(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*START)
    old = await tracker_id(fake)
    old_message = next(m for m in fake.messages if m.id == old)
    await script.run(f"!esperar {int(OLD_MESSAGE_S)}")
    for _ in range(OLD_EDITS_PER_HOUR):  # the edits an hour-old message still accepts
        edited = await fake.command("master", "mesa", "asalto")
        assert edited.last.id == old
    reply = await fake.command("master", "mesa", "asalto")
    assert any("30046" in line for line in refusals(fake))
    new = await tracker_id(fake)
    assert new != old and reply.last.id == new
    assert reply.last.pinned and not old_message.pinned
    assert APOLOGY not in reply.text()
    later = await fake.command("master", "mesa", "asalto")
    assert later.last.id == new  # the new one is edited from now on


async def test_a_burst_of_changes_is_one_edit_showing_the_latest_state(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*START)
    publisher: Any = fake.bot.trackers
    channel = fake.bot.get_channel(fake.channel_id("mesa"))
    before = len(fake.events)
    for _ in range(10):
        publisher.changed(
            fake.guild.id, fake.channel_id("mesa"), channel, discord.Permissions.all()
        )
    await publisher.idle()
    edits = fake.events[before:]
    assert len(edits) == 1 and edits[0].kind == "edit"
    # done, the channel keeps no task (nor the context of the command that started it)
    assert publisher.running() == 0
    assert all(state.task is None for state in publisher._channels.values())


async def test_concurrent_commands_end_with_the_final_state(
    script: Script, fake: FakeDiscord
) -> None:
    import asyncio

    from bot.render.tracker import tracker_embed

    await script.run(*START, "@kaeda", "/encuentro unirse")
    publisher: Any = fake.bot.trackers
    start_requests = publisher.requests.get(fake.channel_id("mesa"), 0)
    commands = [
        fake.command("master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": n})
        for n in range(1, 16)
    ]
    await asyncio.gather(*commands)
    await publisher.idle()
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.get()
        tid = uow.encounter.info.tracker_message_id
    shown = next(m for m in fake.messages if m.id == tid)
    assert shown.embeds[0]["description"] == tracker_embed(enc).description
    assert publisher.requests[fake.channel_id("mesa")] - start_requests <= 15


def test_the_readme_gives_the_invite_permissions_integer() -> None:
    from pathlib import Path

    from bot.edge.channel_access import LABELS, invite_permissions

    readme = Path(__file__).parents[2].joinpath("README.md").read_text(encoding="utf-8")
    section = readme.split("## Invitar el bot", 1)[1].split("\n## ", 1)[0]
    assert f"**{invite_permissions().value}**" in section
    assert "`bot`" in section and "`applications.commands`" in section
    assert all(label in section for label in LABELS.values())


async def test_a_private_roll_whose_gm_copy_fails_is_saved_and_said(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(
        "@master",
        "/config canal_master:#master",
        "#master",
        "!permiso quitar enviar_mensajes",
        "#mesa",
    )
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12", "privada": True})
    assert all(m.ephemeral for m in reply.messages)
    assert "queda anotada" in reply.last.content
    assert APOLOGY not in reply.text()
    assert not [m for m in fake.messages if m.channel == "master"]
    async with fake.bot.storage.guild(fake.guild.id) as uow:
        assert await uow.rolls.count() == 1


async def test_a_sheet_changed_elsewhere_asks_nothing_of_a_channel_it_may_not_post_in(
    script: Script, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """/ficha editar in another channel brings the encounter's tracker up to date only where
    the bot may post it: no request Discord refuses, no traceback; the next command in the
    encounter's channel, once the permission is back, shows the change."""
    await script.run(*START, "@kaeda", "/encuentro unirse", "@master")
    await script.run("!permiso quitar insertar_enlaces", "#otro", "@kaeda")
    out = await script.run("/ficha editar notas:Vuelve", "/ficha oficio nombre:nadar valor:2")
    assert "Notas cambiadas" in out and APOLOGY not in out
    assert refusals(fake) == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await script.run("#mesa", "!permiso dar insertar_enlaces", "@master", "/encuentro ver")
    await script.run("/encuentro ajustar combatiente:Íñigo aguante:9")
    shown = fake.message_by_id(await tracker_id(fake) or 0)
    assert "9/16" in shown.text() and shown.pinned


async def test_a_campaign_over_many_channels_forgets_the_idle_ones_not_their_trackers(
    script: Script, fake: FakeDiscord
) -> None:
    """Months of play touch channel after channel: the publisher remembers only channels
    with something pending or a request within its pause, and a forgotten channel's tracker
    is still edited (read from the rows) the next time its encounter changes."""
    publisher: Any = fake.bot.trackers
    publisher._sweep_at = 2  # sweep every few channels instead of every few hundred
    await script.run(*GUARDIA)
    rooms = [f"sala{i}" for i in range(6)]
    for room in rooms:
        await script.run(f"#{room}", "@master", "/encuentro empezar")
        await script.run('/encuentro enemigos nombre:"Ñu del puerto"', "!esperar 5")
    assert len(publisher._channels) < len(rooms)
    assert fake.channel_id(rooms[0]) not in publisher._channels
    first = [m for m in trackers(fake) if m.channel == rooms[0]]
    assert len(first) == 1
    reply = await fake.command("master", rooms[0], "asalto")
    assert reply.last.id == first[0].id and "fase de los enemigos" in reply.last.title
    assert [m for m in trackers(fake) if m.channel == rooms[0]] == first
    # a channel whose last request is within the pause is kept (its next edit waits for it)
    publisher._forget_idle()
    assert list(publisher._channels) == [fake.channel_id(rooms[0])]
    await script.run("!esperar 2")
    publisher._forget_idle()
    assert not publisher._channels
    assert refusals(fake) == []
