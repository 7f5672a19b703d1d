"""Threads and forum posts work like channels (issue 16): an encounter per thread, its tracker
in the thread, «Enviar mensajes en hilos» named when missing, an archived thread reopened
(or, locked, the user told how)."""

from __future__ import annotations

from typing import Any

import discord

from bot.console import FakeDiscord, Reply
from bot.console.payloads import GUILD_ID, stable_id
from bot.errors import APOLOGY
from tests.bot.conftest import GUARDIA, Script

THREAD_ID = stable_id("channel", "mesa/partida")


def thread_payload(fake: FakeDiscord, *, archived: bool, locked: bool) -> dict[str, Any]:
    return {
        "id": str(THREAD_ID),
        "type": 11,  # public thread (a forum post is the same type, with a forum parent)
        "name": "partida",
        "guild_id": str(GUILD_ID),
        "parent_id": str(fake.channel_id("mesa")),
        "owner_id": str(fake.user_id("master")),
        "thread_metadata": {
            "archived": archived,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": locked,
        },
        "message_count": 0,
        "member_count": 1,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


async def in_thread(
    fake: FakeDiscord,
    user: str,
    path: str,
    options: dict[str, Any] | None = None,
    *,
    archived: bool = False,
    locked: bool = False,
    lacks: tuple[str, ...] = (),
) -> Reply:
    """``/path`` run in the thread «partida» of #mesa."""
    data = fake._command_data(path.split(), options or {})
    payload = fake._base_payload(2, user, "mesa", data)
    thread = fake.threads.setdefault(
        THREAD_ID, thread_payload(fake, archived=archived, locked=locked)
    )
    thread["thread_metadata"].update(archived=archived, locked=locked)
    payload["channel_id"] = str(THREAD_ID)
    payload["channel"] = dict(thread, thread_metadata=dict(thread["thread_metadata"]))
    perms = discord.Permissions.all()
    perms.update(**dict.fromkeys(lacks, False))
    payload["app_permissions"] = str(perms.value)
    interaction = discord.Interaction(data=payload, state=fake.bot._connection)  # type: ignore[arg-type]
    return await fake._run(fake.bot.tree._call(interaction))  # type: ignore[attr-defined]


def in_the_thread(fake: FakeDiscord) -> list[Any]:
    return [m for m in fake.messages if m.channel == str(THREAD_ID)]


async def test_an_encounter_per_thread_with_its_tracker_in_the_thread(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*GUARDIA, "@master", "/encuentro empezar modo:narrativo")
    started = await in_thread(fake, "master", "encuentro empezar")
    assert not started.first.ephemeral
    trackers = [m for m in in_the_thread(fake) if m.title.startswith("Encuentro en")]
    assert len(trackers) == 1 and trackers[0].pinned
    assert "Mesa" in trackers[0].title  # the thread's own encounter, not #mesa's Narrativo
    await in_thread(fake, "master", "encuentro enemigos", {"nombre": "Ñu del puerto"})
    assert "Ñu del puerto" in trackers[0].text()
    parent = next(
        m for m in fake.messages if m.channel == "mesa" and m.title.startswith("Encuentro")
    )
    assert "Ñu del puerto" not in parent.text()


async def test_a_thread_without_send_messages_in_threads_is_named(
    script: Script, fake: FakeDiscord
) -> None:
    reply = await in_thread(
        fake, "master", "encuentro empezar", lacks=("send_messages_in_threads",)
    )
    assert reply.first.ephemeral and "«Enviar mensajes en hilos»" in reply.first.content
    assert not in_the_thread(fake)


async def test_an_archived_thread_is_reopened(script: Script, fake: FakeDiscord) -> None:
    await script.run(*GUARDIA)
    await in_thread(fake, "master", "encuentro empezar")
    reply = await in_thread(fake, "master", "asalto", archived=True)
    assert fake.threads[THREAD_ID]["thread_metadata"]["archived"] is False
    assert "fase de los enemigos" in reply.last.title
    assert APOLOGY not in reply.text()


async def test_a_locked_archived_thread_says_how_to_reopen_it(
    script: Script, fake: FakeDiscord
) -> None:
    await in_thread(fake, "master", "encuentro empezar")
    reply = await in_thread(
        fake, "master", "asalto", archived=True, locked=True, lacks=("manage_threads",)
    )
    notes = [m for m in reply.messages if m.ephemeral]
    assert len(notes) == 1 and "bloqueado" in notes[0].content
    assert "«Gestionar hilos»" in notes[0].content
    assert fake.threads[THREAD_ID]["thread_metadata"]["archived"] is True
    refused = await in_thread(
        fake, "master", "encuentro empezar", archived=True, locked=True, lacks=("manage_threads",)
    )
    assert refused.first.ephemeral and "bloqueado" in refused.first.content
