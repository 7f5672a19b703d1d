"""Issue 43, ``/decir`` under attack: a line speaks only under a name and a picture that are
its character's own (never the bot's or a role's name, never a name or picture another
owner's character spoke with first); «Editar lo dicho» keeps to the form's 1800 characters
whatever a crafted submission sends; and a line posted whose record fails is deleted from
the channel before the apology, so a retry does not say it twice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from sqlalchemy import event, text

from bot.console import FakeDiscord, Session, forms
from bot.console.messages import SentMessage
from bot.edge.errors import APOLOGY
from bot.features.decir.claims import NAME_TAKEN, PICTURE_TAKEN, RESERVED
from bot.features.decir.speak import HALF_DONE, TEXT_MAX
from tests.bot.conftest import KAEDA, Script

AVATAR = "https://example.com/kaeda.png"
SHEET = "vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1"


def said(fake: FakeDiscord, channel: str = "mesa") -> list[SentMessage]:
    return [m for m in fake.webhook_messages(channel) if not m.deleted]


def crear(user: str, nombre: str) -> list[str]:
    return [f"@{user}", f'/ficha crear nombre:"{nombre}" {SHEET}']


async def lines_saved(fake: FakeDiscord) -> int:
    """The scene lines and their roll-log entries the record holds (each counted)."""
    async with fake.bot.storage.engine.connect() as conn:  # type: ignore[attr-defined]
        lines = (await conn.execute(text("SELECT count(*) FROM scene_lines"))).scalar_one()
        logged = await conn.execute(text("SELECT count(*) FROM roll_log WHERE command='decir'"))
        assert logged.scalar_one() == lines
    return int(lines)


async def refused(fake: FakeDiscord, user: str, expected: str, texto: str = "Hola") -> None:
    before = (len(fake.webhook_messages("mesa")), await lines_saved(fake))
    reply = await fake.command(user, "mesa", "decir", {"texto": texto})
    assert reply.first.ephemeral and expected in reply.first.content, reply.text()
    assert (len(fake.webhook_messages("mesa")), await lines_saved(fake)) == before


@pytest.mark.parametrize("nombre", ["Umbral", "máster", "MASTER", "Umbral — voces"])
async def test_never_as_the_bot_or_a_role_of_the_server(
    script: Script, fake: FakeDiscord, nombre: str
) -> None:
    """«Umbral» is the bot's name (and its role's), «Máster» the GM's role, compared by the
    name key: case and accents do not matter."""
    out = await script.run(*crear("ana", nombre))
    assert "(discord)" not in out, out
    await refused(fake, "ana", RESERVED.format(nombre=nombre))
    assert said(fake) == []


async def test_another_owners_name_is_refused_to_whoever_did_not_speak_first(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*crear("ana", "Kaeda"), '/decir texto:"Soy Kaeda"')
    await script.run(*crear("bran", "kaéda"))  # the same name by the key, another owner
    await refused(fake, "bran", NAME_TAKEN.format(nombre="kaéda"))
    again = await fake.command("ana", "mesa", "decir", {"texto": "Y sigo siéndolo"})
    assert again.last.content == "Dicho como Kaeda."  # the first speaker keeps the name
    assert [(m.author, m.content) for m in said(fake)] == [
        ("Kaeda", "Soy Kaeda"),
        ("Kaeda", "Y sigo siéndolo"),
    ]
    history = (await fake.command("ana", "mesa", "historial")).first.text()
    assert history.count("/decir") == 2
    # his own other character speaks: only the name was refused
    await script.run("@bran", f"/ficha crear nombre:Bran {SHEET}", "/ficha usar nombre:Bran")
    ok = await fake.command("bran", "mesa", "decir", {"texto": "Me llamo Bran"})
    assert ok.last.content == "Dicho como Bran.", ok.text()


async def test_when_nobody_spoke_yet_the_first_to_speak_keeps_the_name(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*crear("ana", "Kaeda"), *crear("bran", "KAEDA"))
    first = await fake.command("bran", "mesa", "decir", {"texto": "Yo primero"})
    assert first.last.content == "Dicho como KAEDA.", first.text()
    await refused(fake, "ana", NAME_TAKEN.format(nombre="Kaeda"))
    await script.run("@bran", "/decir texto:Otra")  # still his
    assert [m.content for m in said(fake)] == ["Yo primero", "Otra"]


async def test_another_owners_picture_is_refused_to_whoever_did_not_speak_first(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(
        *crear("ana", "Kaeda"), f"/ficha editar avatar_url:{AVATAR}", "/decir texto:Hola"
    )
    await script.run(*KAEDA, f"/ficha editar avatar_url:{AVATAR}")  # Íñigo copies her picture
    await refused(fake, "kaeda", PICTURE_TAKEN)
    await script.run("@ana", "/decir texto:Sigo")  # she keeps it
    await script.run("@kaeda", "/ficha editar avatar_url:https://example.com/inigo.png")
    ok = await fake.command("kaeda", "mesa", "decir", {"texto": "Con la mía"})
    assert ok.last.content == "Dicho como Íñigo.", ok.text()
    assert [(m.author, m.avatar_url) for m in said(fake)] == [
        ("Kaeda", AVATAR),
        ("Kaeda", AVATAR),
        ("Íñigo", "https://example.com/inigo.png"),
    ]


async def test_decir_como_is_refused_the_same_and_keeps_the_message(
    script: Script, fake: FakeDiscord
) -> None:
    out = await script.run(
        *crear("ana", "Máster"), "!permiso dar gestionar_mensajes", "!escribir Silencio"
    )
    out = await script.run("!menu mensaje 1 Decir como…")
    assert "es el nombre del bot o de un rol del servidor" in out, out
    assert said(fake) == [] and await lines_saved(fake) == 0
    [mine] = [m for m in fake.messages if m.content == "Silencio"]
    assert not mine.deleted


def crafted(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """A client that sends ``value`` in the form's text field whatever its ``max_length``
    (Discord's own client keeps to it; a crafted submission need not)."""
    honest = forms.submitted

    def client(modal: Mapping[str, Any], typed: Mapping[str, str]) -> list[dict[str, Any]]:
        components = honest(modal, {name: "x" for name in typed})

        def put(parts: list[Any]) -> None:
            for part in parts:
                if "value" in part:
                    part["value"] = value
                put(
                    part.get("components", [])
                    + ([part["component"]] if "component" in part else [])
                )

        put(components)
        return components

    monkeypatch.setattr(forms, "submitted", client)


@pytest.mark.parametrize("length", [TEXT_MAX + 1, 1990])
async def test_editar_lo_dicho_refuses_more_than_the_form_promises(
    script: Script, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, length: int
) -> None:
    await script.run(*KAEDA, '/decir texto:"*Uno*"')
    out = await script.run("!menu mensaje 2 Editar lo dicho", "!pulsar Editar")  # past a reply
    assert f"[párrafo, hasta {TEXT_MAX}]" in out, out
    crafted(monkeypatch, "a" * length)
    out = await script.run('!formulario Texto="x"')
    assert f"«Texto» admite hasta 1800 caracteres y llegaron {length}" in out, out
    assert "no se ha cambiado nada" in out and "Línea cambiada." not in out
    assert [m.content for m in said(fake)] == ["*Uno*"]  # the message as it was
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        [line] = [await uow.scene.line(m.id) for m in said(fake)]
    assert line is not None and line.texto == "*Uno*"  # and the record
    crafted(monkeypatch, "a" * TEXT_MAX)  # what the form promises is taken
    out = await script.run("!pulsar Editar", '!formulario Texto="x"')
    assert "Línea cambiada." in out and said(fake)[0].content == "a" * TEXT_MAX, out


def failing_saves(session: Session, *, and_then: Any = None) -> None:
    """Every scene line's INSERT fails in the database itself (a trigger: SQLite's), after
    the webhook posted the line; ``and_then()`` runs as the INSERT is sent."""
    sync = session.storage.engine.sync_engine

    @event.listens_for(sync, "before_cursor_execute")
    def on_insert(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.startswith("INSERT INTO scene_lines") and and_then is not None:
            and_then()


async def trigger(session: Session, on: bool) -> None:
    async with session.storage.engine.begin() as conn:
        if on:
            await conn.execute(
                text(
                    "CREATE TRIGGER fail_lines BEFORE INSERT ON scene_lines "
                    "BEGIN SELECT RAISE(ABORT, 'disco lleno'); END"
                )
            )
        else:
            await conn.execute(text("DROP TRIGGER fail_lines"))


@pytest.mark.backends("sqlite")
async def test_a_line_whose_save_fails_is_deleted_before_the_apology(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*KAEDA, '/decir texto:"Antes"')
    await trigger(session, on=True)
    failed = await fake.command("kaeda", "mesa", "decir", {"texto": "Una vez"})
    assert failed.last.content == APOLOGY and failed.last.ephemeral, failed.text()
    posted = fake.webhook_messages("mesa")
    assert [(m.content, m.deleted) for m in posted] == [("Antes", False), ("Una vez", True)]
    assert await lines_saved(fake) == 1  # nothing of the failed line in the record
    fake.gate.notices.clear()
    await trigger(session, on=False)
    retried = await fake.command("kaeda", "mesa", "decir", {"texto": "Una vez"})
    assert retried.last.content == "Dicho como Íñigo.", retried.text()
    assert [m.content for m in said(fake)] == ["Antes", "Una vez"]  # said once, not twice
    assert await lines_saved(fake) == 2


@pytest.mark.backends("sqlite")
async def test_a_line_neither_saved_nor_deleted_is_told_not_apologised(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """The webhook deleted in the channel's settings between the post and the failed save:
    the post cannot be deleted (Discord keeps a deleted webhook's messages), and the reply
    says the line stayed, not «prueba de nuevo»."""
    await script.run(*KAEDA)
    await trigger(session, on=True)
    failing_saves(session, and_then=fake.webhooks.clear)
    failed = await fake.command("kaeda", "mesa", "decir", {"texto": "Huérfana"})
    assert failed.last.content == HALF_DONE and APOLOGY not in failed.text(), failed.text()
    assert [m.content for m in said(fake)] == ["Huérfana"] and await lines_saved(fake) == 0
    fake.gate.notices.clear()
