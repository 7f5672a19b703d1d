"""Issue 38 item 1: ``/decir`` posts a line through the channel's one webhook (created on first
use, reused in the channel and its threads, made again once if Discord lost it) under the
character's name and picture, escaped but for *cursiva* and **negrita**, and keeps it in the
record that ``/historial`` shows and exports among the rolls."""

from __future__ import annotations

import json

import discord
import pytest

from bot.console import FakeDiscord
from bot.console.messages import SentMessage
from bot.features.decir.voice import DEFAULT_AVATAR, WEBHOOK_NAME
from tests.bot.conftest import KAEDA, Script
from tests.bot.live_markdown import live
from tests.bot.test_sesiones import opened

AVATAR = "https://example.com/inigo.png"


def said(fake: FakeDiscord, channel: str = "mesa") -> list[SentMessage]:
    return [m for m in fake.webhook_messages(channel) if not m.deleted]


async def test_one_webhook_for_the_channel_and_its_threads_with_name_and_picture(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA)
    first = await fake.command("kaeda", "mesa", "decir", {"texto": "«Nadie cruza el puente»"})
    assert first.last.ephemeral and first.last.content == "Dicho como Íñigo."
    [line] = said(fake)
    assert (line.author, line.avatar_url) == ("Íñigo", DEFAULT_AVATAR)
    assert line.content == "«Nadie cruza el puente»"
    await script.run("@kaeda", f"/ficha editar avatar_url:{AVATAR}")
    out = await script.run(
        "#mesa/escena", '/decir texto:"En la escena"', "#mesa", "/decir texto:Otra"
    )
    assert "(discord)" not in out, out
    [in_thread] = said(fake, "mesa/escena")
    assert (in_thread.author, in_thread.avatar_url) == ("Íñigo", AVATAR)
    assert len(said(fake)) == 2
    assert [w.name for w in fake.webhooks.values()] == [WEBHOOK_NAME]  # one for both
    assert {m.webhook_id for m in [*fake.webhook_messages("mesa"), in_thread]} == set(fake.webhooks)


async def test_emphasis_is_kept_and_nothing_else_comes_alive(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA)
    typed = "*susurra* **¡Alto!** [x](https://evil.example) @everyone <@123> ||spoiler|| # no"
    await fake.command("kaeda", "mesa", "decir", {"texto": typed})
    [line] = said(fake)
    assert line.content.startswith("*susurra* **¡Alto!** \\[x\\](<https://evil.example>)")
    assert live(line.content) == []  # no masked link, mention, spoiler or heading
    assert line.payload["allowed_mentions"] == {"parse": []}


async def test_without_manage_webhooks_a_spanish_note_and_nothing_kept(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, "!permiso quitar gestionar_webhooks")
    refused = await fake.command("kaeda", "mesa", "decir", {"texto": "Hola"})
    assert refused.first.ephemeral
    assert "me falta el permiso «Gestionar webhooks»" in refused.first.content
    assert said(fake) == [] and fake.webhooks == {}
    history = await fake.command("kaeda", "mesa", "historial")
    assert "/decir" not in history.first.text()
    await script.run("!permiso dar gestionar_webhooks")
    await fake.command("kaeda", "mesa", "decir", {"texto": "Ahora sí"})
    assert [m.content for m in said(fake)] == ["Ahora sí"]


async def test_a_deleted_webhook_is_made_again_once(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA, '/decir texto:"Uno"')
    [old] = list(fake.webhooks)
    del fake.webhooks[old]  # someone deleted it in the channel's settings
    again = await fake.command("kaeda", "mesa", "decir", {"texto": "Dos"})
    assert again.last.content == "Dicho como Íñigo."
    [new] = list(fake.webhooks)
    assert new != old and [m.content for m in said(fake)] == ["Uno", "Dos"]
    await fake.command("kaeda", "mesa", "decir", {"texto": "Tres"})  # the new one, kept
    assert list(fake.webhooks) == [new] and said(fake)[-1].webhook_id == new


async def test_refusals_change_nothing(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA)
    cases = [
        ("nadie", {"texto": "Hola"}, "No tienes personaje activo"),
        ("kaeda", {"texto": "Hola", "personaje": "Bran"}, "No tienes ningún personaje llamado"),
        ("kaeda", {"texto": "   "}, "Di algo: el texto está vacío."),
        ("kaeda", {"texto": "<" * 1001}, "pasa de los 2000 caracteres"),
    ]
    for user, options, message in cases:
        refused = await fake.command(user, "mesa", "decir", options)
        assert refused.first.ephemeral and message in refused.first.content, refused.text()
    assert said(fake) == []
    for url, message in [
        ("http://example.com/a.png", "debe ser un enlace https"),
        ("https://cdn.discordapp.com/attachments/1/2/a.png", "caducan"),
    ]:
        refused = await fake.command("kaeda", "mesa", "ficha editar", {"avatar_url": url})
        assert message in refused.first.content, refused.text()
    await fake.command("kaeda", "mesa", "decir", {"texto": "Hola"})
    assert said(fake)[0].avatar_url == DEFAULT_AVATAR


async def test_historial_shows_and_exports_the_dialogue_with_the_rolls(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, '/decir texto:"*Desenvaina* ¡En guardia!"', "/tirar expresion:1d12")
    shown = (await fake.command("kaeda", "mesa", "historial")).first.text()
    assert "/decir · Íñigo · «\\*Desenvaina\\* ¡En guardia!»" in shown
    assert shown.index("/tirar") < shown.index("/decir")  # newest first, one order
    exported = await fake.command("kaeda", "mesa", "historial", {"exportar": "json"})
    [data] = [d for m in exported.messages for d in m.files.values()]
    rows = json.loads(data)
    [line] = [r for r in rows if r["comando"] == "decir"]
    assert (line["personaje"], line["dicho"], line["dicho_borrado"]) == (
        "Íñigo",
        "*Desenvaina* ¡En guardia!",
        False,
    )


@pytest.mark.parametrize("channel", ["mesa", "mesa/escena"])
async def test_the_webhook_token_is_never_shown(
    script: Script, fake: FakeDiscord, channel: str
) -> None:
    await script.run(*KAEDA, f"#{channel}")
    out = await script.run('/decir texto:"Hola"', "/historial")
    [hook] = fake.webhooks.values()
    assert hook.token not in out
    assert all(hook.token not in json.dumps(m.payload) for m in fake.messages)


async def test_borrar_lo_dicho_by_its_author_or_the_gm_only(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, "@bran", "/decir texto:Nada", "@kaeda", '/decir texto:"Uno"')
    out = await script.run("@bran", "!menu mensaje 1 Borrar lo dicho")  # kaeda's line
    assert "Solo quien dijo esa línea, o el máster, puede cambiarla o borrarla." in out
    out = await script.run("!escribir hola", "!menu mensaje 1 Borrar lo dicho")
    assert "Ese mensaje no es una línea dicha con /decir." in out
    assert [m.content for m in said(fake)] == ["Uno"]
    out = await script.run("@kaeda", "!menu mensaje 3 Borrar lo dicho")  # past her replies
    assert "Línea borrada" in out and "(discord)" not in out, out
    assert said(fake) == []
    shown = (await fake.command("kaeda", "mesa", "historial")).first.text()
    assert "/decir · Íñigo · (línea borrada)" in shown and "Uno" not in shown
    out = await script.run("#mesa/escena", '/decir texto:"En el hilo"', "@master")
    out = await script.run("!menu mensaje 1 Borrar lo dicho")  # the GM, in the thread
    assert "Línea borrada" in out and said(fake, "mesa/escena") == [], out
    exported = await fake.command("kaeda", "mesa", "historial", {"exportar": "json"})
    [data] = [d for m in exported.messages for d in m.files.values()]  # hers, both channels
    assert [(r["dicho"], r["dicho_borrado"]) for r in json.loads(data)] == [(None, True)] * 2


def written(fake: FakeDiscord, text: str) -> SentMessage:
    [message] = [m for m in fake.messages if m.author_id is not None and m.content == text]
    return message


async def test_decir_como_reposts_ones_own_message_and_deletes_it_with_manage_messages(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA)
    out = await script.run("!escribir *Se levanta* ¿Quién va?", "!menu mensaje 1 Decir como…")
    assert "me falta el permiso «Gestionar mensajes» para borrarlo" in out, out
    assert not written(fake, "*Se levanta* ¿Quién va?").deleted  # kept, and the reply says why
    assert [(m.author, m.content) for m in said(fake)] == [("Íñigo", "*Se levanta* ¿Quién va?")]
    out = await script.run(
        "!permiso dar gestionar_mensajes", "!escribir Otra vez", "!menu mensaje 1 Decir como..."
    )
    assert "Dicho como Íñigo." in out and "(discord)" not in out, out
    assert written(fake, "Otra vez").deleted
    out = await script.run("@bran", "!escribir mío", "@kaeda", "!menu mensaje 1 Decir como…")
    assert "Solo puedes decir como tu personaje un mensaje que escribiste tú." in out
    assert not written(fake, "mío").deleted
    out = await script.run("@bran", "!menu mensaje 1 Decir como…")  # bran has no character
    assert "No tienes personaje activo" in out and not written(fake, "mío").deleted
    out = await script.run("@kaeda", "!menu mensaje 4 Decir como…")  # a line: not hers
    assert "Solo puedes decir como tu personaje un mensaje que escribiste tú." in out
    assert len(said(fake)) == 2


async def test_the_console_refuses_deleting_anothers_message_without_manage_messages(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run("@ana", "!escribir hola")
    channel = fake.bot.get_channel(fake.channel_id("mesa"))  # type: ignore[attr-defined]
    message = await channel.fetch_message(written(fake, "hola").id)
    with pytest.raises(discord.Forbidden):
        await message.delete()
    fake.gate.notices.clear()  # refused on purpose
    assert not written(fake, "hola").deleted


async def test_editar_lo_dicho_opens_a_form_with_the_text_for_its_author_or_the_gm(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, '/decir texto:"*Uno*"')
    out = await script.run("@bran", "!menu mensaje 1 Editar lo dicho")
    assert "Solo quien dijo esa línea, o el máster, puede cambiarla o borrarla." in out
    assert "[Editar]" not in out
    out = await script.run("@kaeda", "!menu mensaje 2 Editar lo dicho", "!pulsar Editar")
    assert "Texto*: [párrafo, hasta 1800] = «*Uno*»" in out  # the form, filled with the text
    out = await script.run(f'!formulario Texto="{"<" * 1001}"')  # too long once escaped
    assert "pasa de los 2000 caracteres" in out
    assert [m.content for m in said(fake)] == ["*Uno*"]
    out = await script.run("!pulsar Editar", '!formulario Texto="**Dos** [x](https://e.x)"')
    assert "Línea cambiada." in out and "(discord)" not in out, out
    [line] = said(fake)
    assert line.content == "**Dos** \\[x\\](<https://e.x>)" and live(line.content) == []
    shown = (await fake.command("kaeda", "mesa", "historial")).first.text()
    assert "«\\*\\*Dos\\*\\* \\[x\\](<https://e.x>)»" in shown and "Uno" not in shown
    await script.run("#mesa/escena", '/decir texto:"En el hilo"', "@master")
    out = await script.run("!menu mensaje 1 Editar lo dicho", "!pulsar Editar")
    out = await script.run('!formulario Texto="Corregido por el máster"')
    assert "Línea cambiada." in out and "(discord)" not in out, out
    assert [m.content for m in said(fake, "mesa/escena")] == ["Corregido por el máster"]


async def test_a_console_reopened_on_its_database_speaks_again(database_url: str) -> None:
    """The next run's Discord keeps the channel's webhook and messages (issue 43: it goes
    on where the last run stopped), so the bot speaks through the stored webhook; once
    someone deletes the webhook in Discord, the stored one is 404 and made again, once."""
    for run, line in enumerate(("Uno", "Dos", "Tres")):
        session = await opened(database_url)
        try:
            if run == 2:
                session.discord.webhooks.clear()  # deleted in Discord's channel settings
            script = Script(session.discord)
            first = [] if run else [*KAEDA]
            out = await script.run(*first, "@kaeda", f"/decir texto:{line}")
            assert "Dicho como Íñigo." in out and "(discord) 400" not in out, out
            lost = "(discord) 404 10015 Unknown Webhook" in out  # the stored one: made again
            assert lost == (run == 2), out
            out = await script.run("!menu mensaje 2 Borrar lo dicho")
            assert "Línea borrada" in out, out
            assert not session.discord.gate.failed
        finally:
            await session.close()
    session = await opened(database_url)
    try:
        history = (await session.discord.command("kaeda", "mesa", "historial")).first.text()
        assert history.count("(línea borrada)") == 3
    finally:
        await session.close()
