"""The console's Discord keeps channel webhooks as Discord does: created and listed with
«Gestionar webhooks», named without «clyde» or «discord», at most 15 a channel; executed
with any name and avatar, in a thread of the channel by ``thread_id``; its messages edited,
read and deleted only by that webhook (in a thread, only with the thread's id).

The bot's invite asks for «Gestionar webhooks» since ``/decir`` (issue 38); these tests still
give it in the channels they use, as ``!permiso dar gestionar_webhooks``."""

from __future__ import annotations

import copy
import io

import discord
import pytest

from bot.console.runner import Console
from tests.console.conftest import FakeDiscord, Probe, refused

pytestmark = pytest.mark.backends("sqlite")


@pytest.fixture(autouse=True)
def may_manage_webhooks(fake: FakeDiscord) -> None:
    for name in ("mesa", "otra"):
        fake.places.set_permission(fake.places.get(name), "gestionar_webhooks", True)


def text_channel(fake: FakeDiscord, name: str = "mesa") -> discord.TextChannel:
    found = fake.guild.get_channel(fake.channel_id(name))
    assert isinstance(found, discord.TextChannel)
    return found


def thread(fake: FakeDiscord, name: str = "mesa/escena") -> discord.Object:
    return discord.Object(fake.channel_id(name))


async def test_a_webhook_speaks_as_a_character_in_the_channel_and_its_threads(
    fake: FakeDiscord, probe: Probe
) -> None:
    hook = await text_channel(fake).create_webhook(name="Umbral — voces")
    assert [w.id for w in await text_channel(fake).webhooks()] == [hook.id]
    assert (await fake.bot.fetch_webhook(hook.id)).token == hook.token
    said = {}

    async def speak(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        said["here"] = await hook.send(
            "«Nadie cruza el puente»",
            username="Kaeda",
            avatar_url="https://example.com/kaeda.png",
            wait=True,
        )
        said["thread"] = await hook.send(
            "En la escena", username="Íñigo", thread=thread(fake), wait=True
        )
        await interaction.followup.send("dicho", ephemeral=True)

    probe.answer = speak
    reply = await fake.command("master", "mesa", "prueba")
    here, there = said["here"], said["thread"]
    assert here.author.name == "Kaeda" and here.webhook_id == hook.id
    sent = fake.message_by_id(here.id)
    assert (sent.channel, sent.author, sent.avatar_url) == (
        "mesa",
        "Kaeda",
        "https://example.com/kaeda.png",
    )
    assert fake.message_by_id(there.id).channel == "mesa/escena"
    out = io.StringIO()
    console = Console(fake, out)
    console.print_reply(reply)
    assert "Kaeda (webhook) → #mesa\n  «Nadie cruza el puente»" in out.getvalue()
    assert "Íñigo (webhook) → #mesa/escena" in out.getvalue()
    await hook.edit_message(there.id, content="En la escena, dicho otra vez", thread=thread(fake))
    assert fake.message_by_id(there.id).content == "En la escena, dicho otra vez"
    with pytest.raises(discord.NotFound) as caught:
        await hook.edit_message(there.id, content="sin el hilo")  # Discord wants thread_id
    assert caught.value.code == 10008
    fetched = await hook.fetch_message(here.id)
    assert fetched.content == "«Nadie cruza el puente»"
    await hook.delete_message(here.id)
    assert sent.deleted and fake.events[-1].kind == "delete"
    await hook.delete()
    with pytest.raises(discord.NotFound):
        await fake.bot.fetch_webhook(hook.id)
    refused(fake)


async def test_names_and_usernames_follow_discords_rules(fake: FakeDiscord) -> None:
    for name in ("Discord voces", "clyde", "x" * 81, ""):
        with pytest.raises(discord.HTTPException) as caught:
            await text_channel(fake).create_webhook(name=name)
        assert caught.value.code == 50035, name
    lines = refused(fake)
    assert 'name: Username cannot contain "discord"' in lines[0]
    assert "name: Must be 80 or fewer in length." in lines[2]
    hook = await text_channel(fake).create_webhook(name="Voces")
    for username in ("Clyde el bardo", "Everyone", "x" * 81):
        with pytest.raises(discord.HTTPException) as caught:
            await hook.send("hola", username=username)
        assert caught.value.code == 50035, username
    assert 'username: Username cannot be "everyone"' in refused(fake)[1]
    with pytest.raises(discord.HTTPException) as caught:
        await hook.send(username="Kaeda")
    assert caught.value.code == 50006  # nothing to show
    refused(fake)


async def test_webhooks_need_manage_webhooks_and_fit_fifteen(fake: FakeDiscord) -> None:
    out = io.StringIO()
    console = Console(fake, out)
    await console.run_line("!permiso quitar gestionar_webhooks")
    with pytest.raises(discord.Forbidden) as caught:
        await text_channel(fake).create_webhook(name="Voces")
    assert caught.value.code == 50013
    with pytest.raises(discord.Forbidden):
        await text_channel(fake).webhooks()
    assert not fake.gate.failed  # the console took it away: not the bot's fault
    refused(fake)
    await console.run_line("!permiso dar gestionar_webhooks")
    for n in range(15):
        await text_channel(fake).create_webhook(name=f"Voces {n}")
    with pytest.raises(discord.HTTPException) as caught:
        await text_channel(fake).create_webhook(name="Voces 16")
    assert caught.value.code == 30007
    await text_channel(fake, "otra").create_webhook(name="Voces")  # per channel
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.create_webhook(fake.channel_id("mesa/escena"), name="En un hilo")
    assert caught.value.code == 50024  # a thread has no webhooks of its own
    refused(fake)


async def test_threads_reopen_unless_locked_and_must_be_the_channels(fake: FakeDiscord) -> None:
    hook = await text_channel(fake).create_webhook(name="Voces")
    fake.places.get("mesa/escena")
    fake.archive("mesa/escena")
    await hook.send("vuelve", username="Kaeda", thread=thread(fake))
    assert not fake.places.get("mesa/escena").archived
    fake.archive("mesa/escena", locked=True)
    with pytest.raises(discord.HTTPException) as caught:
        await hook.send("cerrado", username="Kaeda", thread=thread(fake))
    assert caught.value.code == 50083
    fake.places.get("otra/escena")
    with pytest.raises(discord.HTTPException) as caught:
        await hook.send("fuera", username="Kaeda", thread=thread(fake, "otra/escena"))
    assert caught.value.code == 10003
    other = await text_channel(fake, "otra").create_webhook(name="Otras voces")
    mine = await hook.send("mío", username="Kaeda", wait=True)
    with pytest.raises(discord.NotFound):
        await other.edit_message(mine.id, content="de otro")  # only its own messages
    with pytest.raises(discord.HTTPException) as caught:
        bad = copy.copy(hook)
        bad.token = "mal"
        await bad.send("hola")
    assert caught.value.code == 50027
    refused(fake)
