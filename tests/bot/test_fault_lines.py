"""A scenario per fault line of the console (issue 16), typed as a player would: the bot's
permission taken away before and during an encounter (``!permiso``), the tracker deleted
(``!borrar``), an hour passing in play by post (``!esperar 3600``) in an archived thread
(``#canal/hilo``, ``!archivar``). Each ends with a tracker that shows the encounter as it is
and no apology; what Discord refused is only what the console itself caused."""

from __future__ import annotations

from bot.console import FakeDiscord
from bot.edge.errors import APOLOGY
from bot.edge.publisher import waiting_of
from bot.render.tracker import tracker_embed
from tests.bot.conftest import GUARDIA, KAEDA, Script

START = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]


async def assert_tracker_is_right(fake: FakeDiscord, channel: str = "mesa") -> None:
    """The stored tracker exists, is pinned in ``channel`` and shows the stored encounter."""
    place = fake.places.get(channel)
    async with fake.bot.storage.channel(fake.guild.id, place.id) as uow:
        enc = await uow.encounter.get()
        info = uow.encounter.info
        assert enc is not None and info is not None
        waiting = waiting_of(enc, uow.encounter)  # the «Se espera a» lines, as the tracker has them
    assert info.tracker_message_id is not None
    shown = fake.message_by_id(info.tracker_message_id)  # 404 if it was deleted
    assert shown.channel == place.name and shown.pinned
    assert shown.embeds == [tracker_embed(enc, waiting=waiting).to_dict()]
    live = [m for m in fake.messages if m.title.startswith("Encuentro en") and m.pinned]
    assert [m.id for m in live if m.channel == place.name] == [shown.id]  # the old one unpinned


def refusals(fake: FakeDiscord) -> list[str]:
    return [n.line for n in fake.gate.notices]


async def test_a_permission_taken_before_the_encounter(script: Script, fake: FakeDiscord) -> None:
    out = await script.run(
        *GUARDIA, "@master", "!permiso quitar insertar_enlaces", "/encuentro empezar"
    )
    assert "me falta el permiso «Insertar enlaces»" in out
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        assert await uow.encounter.get() is None  # nothing was created
    out += await script.run("!permiso dar insertar_enlaces", *START[len(GUARDIA) :])
    assert APOLOGY not in out
    assert refusals(fake) == []  # the bot asked Discord for nothing it could not do
    await assert_tracker_is_right(fake)


async def test_a_permission_taken_during_the_encounter(script: Script, fake: FakeDiscord) -> None:
    out = await script.run(*START, "@master", "!permiso quitar insertar_enlaces", "/asalto")
    assert "Hecho, pero no puedo actualizar el estado del encuentro" in out
    assert "«Insertar enlaces»" in out
    out += await script.run("!permiso quitar fijar_mensajes", "!permiso dar insertar_enlaces")
    out += await script.run("/encuentro ajustar combatiente:Íñigo aguante:9", "/asalto")
    assert APOLOGY not in out
    await assert_tracker_is_right(fake)
    assert "9/16" in fake.message_by_id(await _tracker_id(fake)).text()


async def test_the_tracker_deleted(script: Script, fake: FakeDiscord) -> None:
    out = await script.run(*START, "@master", "!borrar Encuentro en", "/asalto")
    out += await script.run("/encuentro ajustar combatiente:Íñigo aguante:7")
    assert APOLOGY not in out
    assert any("10008" in line for line in refusals(fake))  # the edit of the deleted one
    await assert_tracker_is_right(fake)
    assert "fase de los enemigos" in fake.message_by_id(await _tracker_id(fake)).title


async def test_an_hour_in_play_by_post(script: Script, fake: FakeDiscord) -> None:
    thread = "mesa/partida"
    out = await script.run(
        *GUARDIA, *KAEDA, "@master", f"#{thread}", *START[len(GUARDIA) + len(KAEDA) + 1 :]
    )
    await assert_tracker_is_right(fake, thread)
    first = await _tracker_id(fake, thread)
    out += await script.run("!esperar 3600", "!archivar", "@master")
    for aguante in (15, 14, 13, 12, 11):  # more edits than an hour-old message accepts
        out += await script.run(f"/encuentro ajustar combatiente:Íñigo aguante:{aguante}")
        out += await script.run("!esperar 60")
    assert APOLOGY not in out
    assert not fake.places.get(thread).archived  # reopened by the bot
    assert any("30046" in line for line in refusals(fake))
    assert await _tracker_id(fake, thread) != first  # posted again when Discord refused
    await assert_tracker_is_right(fake, thread)
    assert "11/16" in fake.message_by_id(await _tracker_id(fake, thread)).text()


async def _tracker_id(fake: FakeDiscord, channel: str = "mesa") -> int:
    async with fake.bot.storage.channel(fake.guild.id, fake.places.get(channel).id) as uow:
        await uow.encounter.get()
        assert uow.encounter.info is not None
        tid = uow.encounter.info.tracker_message_id
    assert tid is not None
    return int(tid)
