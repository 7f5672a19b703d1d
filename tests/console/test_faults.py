"""The console Discord's clock, rate limits, token lifetimes, permissions, pins, deletions,
threads and the 3-second window — each as Discord answers it."""

from __future__ import annotations

import time

import discord
import pytest
from sqlalchemy import text

from bot import observe
from bot.console import FakeDiscord, Session
from bot.console.gate import OLD_EDITS_PER_HOUR
from tests.console.conftest import Answer, Probe, patch, post, refused
from tests.loopcheck import LoopTime

pytestmark = pytest.mark.backends("sqlite")


def channel(fake: FakeDiscord, name: str = "mesa") -> discord.abc.Messageable:
    found = fake.guild.get_channel_or_thread(fake.channel_id(name))
    assert isinstance(found, discord.TextChannel | discord.Thread)
    return found


async def test_five_creates_and_edits_per_channel_in_five_seconds(fake: FakeDiscord) -> None:
    first = await post(fake, "mesa", {"content": "1"})
    for i in range(3):
        await post(fake, "mesa", {"content": str(i)})
    await patch(fake, "mesa", int(first["id"]), {"content": "editado"})
    await post(fake, "otra", {"content": "otro canal, otro cupo"})
    assert fake.gate.rate_limited == 0
    start = fake.clock.now
    await post(fake, "mesa", {"content": "el sexto"})  # discord.py waits retry_after, retries
    assert fake.gate.rate_limited == 1
    assert fake.clock.now - start >= 4.5  # the wait moved the console's clock, not the wall's
    (line,) = refused(fake)
    assert line.startswith("(discord) 429 0 You are being rate limited.")
    assert "retry_after" in line
    assert not fake.gate.failed  # a 429 does not change the console's exit status


async def test_old_message_takes_few_edits_then_30046(fake: FakeDiscord) -> None:
    sent = await post(fake, "mesa", {"content": "tracker"})
    fake.clock.advance(3600)
    for i in range(OLD_EDITS_PER_HOUR):
        await patch(fake, "mesa", int(sent["id"]), {"content": f"v{i}"})
        fake.clock.advance(10)
    with pytest.raises(discord.HTTPException) as caught:
        await patch(fake, "mesa", int(sent["id"]), {"content": "una más"})
    assert caught.value.code == 30046
    assert refused(fake)[0].startswith("(discord) 400 30046")
    assert not fake.gate.failed
    fake.clock.advance(3600)
    await patch(fake, "mesa", int(sent["id"]), {"content": "otra hora"})


async def test_follow_up_after_fifteen_minutes_fails(fake: FakeDiscord, probe: Probe) -> None:
    async def defer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hecho")

    probe.answer = defer
    await fake.command("master", "mesa", "prueba")
    first = probe.interactions[0]

    async def late(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ahora")
        await first.followup.send("quince minutos después")

    probe.answer = late
    fake.clock.advance(14 * 60)
    await fake.command("master", "mesa", "prueba")
    assert not probe.errors
    fake.clock.advance(61)
    await fake.command("master", "mesa", "prueba")
    (error,) = probe.errors
    assert (error.status, error.code) == (401, 50027)
    assert refused(fake) == [
        "(discord) 401 50027 Invalid Webhook Token — POST /webhooks/{webhook_id}/{webhook_token}"
    ]


async def test_second_initial_response_is_40060(fake: FakeDiscord, probe: Probe) -> None:
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("uno")
        # discord.py refuses a second response itself; a fresh one sends it, as a bug would
        await discord.InteractionResponse(interaction).send_message("dos")

    probe.answer = twice
    await fake.command("master", "mesa", "prueba")
    (error,) = probe.errors
    assert (error.status, error.code) == (400, 40060)
    assert fake.gate.failed
    refused(fake)


async def test_unanswered_interaction_is_noted(fake: FakeDiscord, probe: Probe) -> None:
    reply = await fake.command("master", "mesa", "prueba")
    assert reply.notices[0].line == "(discord) sin respuesta: /prueba"

    async def only_think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)

    probe.answer = only_think
    await fake.command("master", "mesa", "prueba")
    assert refused(fake)[-1] == "(discord) sin respuesta: /prueba (solo «pensando…»)"


async def test_slow_work_before_the_first_response(
    fake: FakeDiscord, probe: Probe, session: Session
) -> None:
    async def read_first(interaction: discord.Interaction) -> None:
        async with session.storage.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
        await interaction.response.send_message("tarde")

    probe.answer = read_first
    await fake.command("master", "mesa", "prueba")
    assert refused(fake) == [
        "(discord) sin respuesta a tiempo: /prueba (base de datos antes de responder)"
    ]

    async def defer_first(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        observe.note_slow_work("fichero")
        async with session.storage.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
        await interaction.followup.send("a tiempo")

    probe.answer = defer_first
    await fake.command("master", "mesa", "prueba")
    assert not fake.gate.notices

    async def parse_first(interaction: discord.Interaction) -> None:
        observe.note_slow_work("fichero")
        await interaction.response.send_message("tarde")

    probe.answer = parse_first
    await fake.command("master", "mesa", "prueba")
    assert refused(fake) == [
        "(discord) sin respuesta a tiempo: /prueba (fichero antes de responder)"
    ]


async def test_autocomplete_may_read_before_answering(
    fake: FakeDiscord, probe: Probe, session: Session
) -> None:
    async def read(interaction: discord.Interaction) -> None:
        async with session.storage.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
        await interaction.response.autocomplete([])

    probe.answer = read
    await fake.autocomplete("master", "mesa", "prueba", {"texto": ""}, "texto")
    assert not fake.gate.notices


async def test_permissions_are_what_discord_py_computes_from(
    fake: FakeDiscord, probe: Probe
) -> None:
    mesa = channel(fake)
    assert isinstance(mesa, discord.TextChannel)
    me = fake.guild.me
    assert mesa.permissions_for(me).send_messages
    place = fake.places.get("mesa")
    fake.places.set_permission(place, "enviar_mensajes", granted=False)
    assert not mesa.permissions_for(me).send_messages
    assert mesa.permissions_for(me).read_message_history

    async def look(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("visto")

    probe.answer = look
    await fake.command("master", "mesa", "prueba")  # an interaction reply needs no permission
    assert not probe.interactions[0].app_permissions.send_messages
    with pytest.raises(discord.Forbidden) as caught:
        await mesa.send("hola")
    assert caught.value.code == 50013
    assert not fake.gate.failed  # the console took the permission away: not the bot's fault
    fake.places.set_permission(place, "enviar_mensajes", granted=True)
    await mesa.send("hola")
    refused(fake)


@pytest.mark.parametrize(
    ("permission", "code", "kwargs"),
    [
        ("ver_canal", 50001, {"content": "hola"}),
        ("enviar_mensajes", 50013, {"content": "hola"}),
        ("insertar_enlaces", 50013, {"embed": discord.Embed(title="t")}),
    ],
)
async def test_missing_permission_refuses_channel_messages(
    fake: FakeDiscord, permission: str, code: int, kwargs: dict[str, object]
) -> None:
    fake.places.set_permission(fake.places.get("mesa"), permission, granted=False)
    with pytest.raises(discord.Forbidden) as caught:
        await channel(fake).send(**kwargs)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert refused(fake)[0].startswith(f"(discord) 403 {code}")


async def test_attach_files_and_pins_need_their_permission(fake: FakeDiscord) -> None:
    import io

    mesa = channel(fake)
    sent = await mesa.send("fijable")
    fake.places.set_permission(fake.places.get("mesa"), "adjuntar_archivos", granted=False)
    with pytest.raises(discord.Forbidden):
        await mesa.send(file=discord.File(io.BytesIO(b"png"), "mapa.png"))
    fake.places.set_permission(fake.places.get("mesa"), "fijar_mensajes", granted=False)
    with pytest.raises(discord.Forbidden):
        await sent.pin()
    fake.places.set_permission(fake.places.get("mesa"), "fijar_mensajes", granted=True)
    await sent.pin()
    assert fake.message_by_id(sent.id).pinned
    assert [m.id async for m in mesa.pins()] == [sent.id]
    refused(fake)


async def test_fifty_pins_at_most(fake: FakeDiscord) -> None:
    mesa = channel(fake)
    for i in range(51):
        fake.clock.advance(2)
        message = await mesa.send(str(i))
        if i < 50:
            await message.pin()
    with pytest.raises(discord.HTTPException) as caught:
        await message.pin()
    assert caught.value.code == 30003
    refused(fake)


async def test_deleted_message_is_unknown(fake: FakeDiscord) -> None:
    mesa = channel(fake)
    sent = await mesa.send(embed=discord.Embed(title="Encuentro en Mesa"))
    fake.delete_titled("mesa", "Encuentro")
    with pytest.raises(discord.NotFound) as caught:
        await sent.edit(content="otra vez")
    assert caught.value.code == 10008
    assert not fake.gate.failed
    refused(fake)


async def test_threads_archive_and_reopen(fake: FakeDiscord, probe: Probe) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("en el hilo")

    probe.answer = answer
    reply = await fake.command("master", "mesa/partida", "prueba")
    thread = probe.interactions[0].channel
    assert isinstance(thread, discord.Thread)
    assert thread.parent_id == fake.channel_id("mesa")
    assert reply.first.channel == "mesa/partida"
    await thread.send("hola")
    fake.archive("mesa/partida")
    with pytest.raises(discord.HTTPException) as caught:
        await thread.send("archivado")
    assert caught.value.code == 50083
    reopened = await thread.edit(archived=False)
    assert not reopened.archived
    await thread.send("reabierto")
    fake.places.set_permission(fake.places.get("mesa/partida"), "enviar_mensajes_en_hilos", False)
    with pytest.raises(discord.Forbidden):
        await thread.send("sin permiso en hilos")
    await channel(fake).send("en el canal sí")
    refused(fake)


async def test_a_first_response_after_three_seconds_of_the_loop_is_10062(
    fake: FakeDiscord, probe: Probe
) -> None:
    """Discord's 3 seconds count on the loop's own (monotonic) time, not the fake's clock: a
    bot that keeps its loop busy past them (a long computation before answering) finds the
    interaction gone. The loop time is moved by hand: nothing waits, nothing is timed."""
    assert FakeDiscord.monotonic is time.monotonic  # the console itself reads the real one
    loop_time = fake.monotonic
    assert isinstance(loop_time, LoopTime)  # tests: still, unless moved

    def busy_for(seconds: float) -> Answer:
        async def answer(interaction: discord.Interaction) -> None:
            loop_time.advance(seconds)  # what a computation on the loop would spend
            await interaction.response.send_message("listo")

        return answer

    start = fake.clock.now
    probe.answer = busy_for(2.9)
    await fake.command("master", "mesa", "prueba")
    assert not probe.errors and not fake.gate.notices
    probe.answer = busy_for(3.1)
    reply = await fake.command("master", "mesa", "prueba")
    (error,) = probe.errors
    assert (error.status, error.code) == (404, 10062)
    assert [n.line for n in reply.notices] == [
        "(discord) 404 10062 Unknown interaction — "
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        "(discord) sin respuesta: /prueba",
    ]
    assert fake.clock.now - start < 1  # the fake's clock saw nothing of it
    refused(fake)

    async def defer_then_work(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        loop_time.advance(10)  # after the first response: 15 minutes for the rest
        await interaction.followup.send("listo")

    probe.answer = defer_then_work
    await fake.command("master", "mesa", "prueba")
    assert not probe.errors[1:] and not fake.gate.notices


async def test_a_repeated_nonce_gives_back_the_first_message_within_the_window(
    fake: FakeDiscord,
) -> None:
    """Discord's ``enforce_nonce`` (discord.py sends it with every ``nonce``): a repeat within
    the window returns the message already posted; after it, or with another nonce, a new
    one; a nonce whose message was deleted since gets 404 Unknown Message."""
    from bot.console.channels import NONCE_WINDOW_S

    mesa = channel(fake)
    first = await mesa.send("recordatorio", nonce="r-1")
    assert fake.message_by_id(first.id).payload["enforce_nonce"] is True
    fake.clock.advance(NONCE_WINDOW_S - 1)
    again = await mesa.send("recordatorio (reintento)", nonce="r-1")
    assert again.id == first.id and again.content == "recordatorio"
    assert [m.content for m in fake.messages] == ["recordatorio"]
    (line,) = refused(fake)
    assert line.startswith(f"(discord) nonce repetido: Discord devuelve el mensaje {first.id}")
    assert not fake.gate.failed
    other = await channel(fake, "otra").send("otro", nonce="r-2")
    assert other.id != first.id
    # without enforce_nonce the nonce is only a label: a second message
    body = {"content": "sin enforce", "nonce": "r-2"}
    assert int((await post(fake, "otra", body))["id"]) != other.id
    fake.clock.advance(2)  # past the window: Discord has forgotten the nonce
    late = await mesa.send("recordatorio (tarde)", nonce="r-1")
    assert late.id != first.id
    await late.delete()
    with pytest.raises(discord.NotFound) as caught:
        await mesa.send("recordatorio (borrado)", nonce="r-1")
    assert caught.value.code == 10008
    refused(fake)
