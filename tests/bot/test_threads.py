"""Threads and forum posts work like channels (issue 16): an encounter per thread, its tracker
in the thread, «Enviar mensajes en hilos» named when missing, an archived thread reopened
(or, locked, the user told how)."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Reply
from bot.console.guild import PERMISSIONS, Place
from bot.edge.errors import APOLOGY
from tests.bot.conftest import GUARDIA, Script

THREAD = "mesa/partida"  # the thread «partida» of #mesa (``#mesa/partida`` in the console)
SPANISH = {flag: name for name, flag in PERMISSIONS.items()}


def the_thread(fake: FakeDiscord) -> Place:
    return fake.places.get(THREAD)


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
    """``/path`` run in the thread «partida» of #mesa, archived (``!archivar``; ``locked``
    as a moderator locks it) and without the permissions ``lacks`` (``!permiso quitar``)
    if told. The bot never holds «Gestionar hilos» in the console's guild."""
    place = the_thread(fake)
    if archived:
        fake.archive(THREAD, locked=locked)
    for flag in lacks:
        if flag in SPANISH:
            fake.places.set_permission(place, SPANISH[flag], False)
        else:
            assert not place.can(flag), flag
    return await fake.command(user, THREAD, path, options)


def in_the_thread(fake: FakeDiscord) -> list[Any]:
    """What everyone sees in the thread (a private reply is only its user's)."""
    return [m for m in fake.messages if m.channel == THREAD and not m.ephemeral]


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
    assert not the_thread(fake).archived
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
    assert the_thread(fake).archived
    refused = await in_thread(
        fake, "master", "encuentro empezar", archived=True, locked=True, lacks=("manage_threads",)
    )
    assert refused.first.ephemeral and "bloqueado" in refused.first.content
