"""The console's fault lines, ``--registro`` and its exit status (a public contract)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

import bot.console.session as console_session
from bot.__main__ import main
from bot.console.parser import (
    Archive,
    Delete,
    Permission,
    SwitchChannel,
    Wait,
    parse_line,
)
from bot.console.runner import Console
from tests.console.conftest import FakeDiscord, Probe, refused
from umbral_rules import UmbralError

pytestmark = pytest.mark.backends("sqlite")


@pytest.mark.parametrize(
    ("line", "parsed"),
    [
        ("!esperar 3600", Wait(3600.0)),
        ("!esperar 1,5", Wait(1.5)),
        ("!permiso quitar enviar_mensajes", Permission("enviar_mensajes", False)),
        ("!permiso dar Fijar_Mensajes", Permission("fijar_mensajes", True)),
        ("!borrar Encuentro en Mesa", Delete("Encuentro en Mesa")),
        ("!archivar", Archive()),
        ("#mesa/Partida", SwitchChannel("mesa/partida")),
    ],
)
def test_fault_lines_parse(line: str, parsed: object) -> None:
    assert parse_line(line) == parsed


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("!esperar", "Uso: !esperar"),
        ("!esperar -1", "Uso: !esperar"),
        ("!esperar luego", "Uso: !esperar"),
        ("!permiso quita ver_canal", "Uso: !permiso"),
        ("!borrar", "Uso: !borrar"),
        ("!archivar ya", "va solo"),
        ("#mesa/", "#canal/hilo"),
        ("#mesa/a/b", "#canal/hilo"),
        ("!volar", "!esperar SEGUNDOS"),
    ],
)
def test_bad_fault_lines_say_how(line: str, message: str) -> None:
    with pytest.raises(UmbralError, match=message):
        parse_line(line)


async def test_fault_lines_drive_the_fake(fake: FakeDiscord, probe: Probe) -> None:
    out = io.StringIO()
    console = Console(fake, out)
    await console.run_line("!esperar 90")
    assert fake.clock.now == 90
    await console.run_line("!permiso quitar insertar_enlaces")
    assert not fake.places.get("mesa").can("embed_links")
    await console.run_line("!permiso quitar volar")
    assert "No conozco el permiso «volar»" in out.getvalue()
    await console.run_line("!permiso dar insertar_enlaces")
    assert fake.places.get("mesa").can("embed_links")
    await console.run_line("!borrar Nada")
    assert "No hay ningún mensaje del bot en #mesa" in out.getvalue()
    await console.run_line("!archivar")
    assert "!archivar archiva un hilo" in out.getvalue()
    await console.run_line("#mesa/hilo")
    assert console.channel == "mesa/hilo"
    await console.run_line("!archivar")
    assert fake.places.get("mesa/hilo").archived
    thread = fake.guild.get_thread(fake.channel_id("mesa/hilo"))
    assert thread is not None and thread.archived
    assert not fake.gate.notices


async def test_refusals_print_as_discord_lines(fake: FakeDiscord, probe: Probe) -> None:
    async def post_in_channel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hecho")
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(embed=discord.Embed(title="Encuentro"))

    probe.answer = post_in_channel
    out = io.StringIO()
    console = Console(fake, out)
    await console.run_lines(["!permiso quitar enviar_mensajes", "/prueba"])
    lines = out.getvalue().splitlines()
    assert "(discord) 403 50013 Missing Permissions — POST /channels/{channel_id}/messages" in lines
    assert not fake.gate.failed
    refused(fake)


async def test_ayuda_lists_the_console_lines(fake: FakeDiscord) -> None:
    out = io.StringIO()
    await Console(fake, out).run_line("/ayuda")
    text = out.getvalue()
    for line in ("!esperar SEGUNDOS", "!permiso quitar|dar PERMISO", "!borrar TEXTO"):
        assert line in text
    assert "#canal/hilo" in text and "!archivar" in text
    refused(fake)  # whatever the bot itself does before answering is issue 16b's


def _with_command(monkeypatch: pytest.MonkeyPatch, answer: str | None) -> None:
    """``consola`` loads a bot with ``/prueba``: it answers ``answer``, or never."""
    original = console_session.create_bot

    async def create_bot(*args: Any, **kwargs: Any) -> Any:
        made = await original(*args, **kwargs)

        @app_commands.command(name="prueba", description="prueba")
        async def prueba(interaction: discord.Interaction) -> None:
            if answer is not None:
                await interaction.response.send_message(answer)

        made.tree.add_command(prueba)
        return made

    monkeypatch.setattr(console_session, "create_bot", create_bot)


def _console(tmp_path: Path, lines: str, *extra: str) -> tuple[int, str]:
    out = io.StringIO()
    db = tmp_path / "consola.db"
    status = main(["consola", "--db", str(db), *extra], stdin=io.StringIO(lines), stdout=out)
    return status, out.getvalue()


@pytest.mark.usefixtures("database_url")
def test_registro_writes_every_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, strict_discord: list[FakeDiscord]
) -> None:
    _with_command(monkeypatch, "a" * 2001)
    log = tmp_path / "registro.jsonl"
    status, out = _console(tmp_path, "!esperar 5\n/prueba\n", "--registro", str(log))
    records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert all(set(r) == {"method", "path", "body"} for r in records)
    record = records[0]  # then the bot's own apology, refused as a second response
    assert record["method"] == "POST"
    assert record["path"].startswith("/interactions/") and record["path"].endswith("/callback")
    assert record["body"]["type"] == 4 and len(record["body"]["data"]["content"]) == 2001
    assert "(discord) 400 50035 Invalid Form Body" in out
    assert status == 1  # refused as invalid (the bot's own apology then answered it)
    strict_discord[0].gate.notices.clear()  # the faults this test made on purpose


@pytest.mark.usefixtures("database_url")
def test_exit_status_is_zero_when_discord_accepted_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _with_command(monkeypatch, "hola")
    status, out = _console(tmp_path, "/prueba\n!permiso quitar ver_canal\n/prueba\n")
    assert "(discord)" not in out
    assert status == 0


@pytest.mark.usefixtures("database_url")
def test_exit_status_one_for_an_unanswered_interaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, strict_discord: list[FakeDiscord]
) -> None:
    _with_command(monkeypatch, None)
    status, out = _console(tmp_path, "/prueba\n")
    assert "(discord) sin respuesta: /prueba" in out
    assert status == 1
    strict_discord[0].gate.notices.clear()


async def test_registro_of_a_multipart_request_is_its_payload_json(
    fake: FakeDiscord,
) -> None:
    log = io.StringIO()
    fake.gate.log = log
    mesa = fake.guild.get_channel(fake.channel_id("mesa"))
    assert isinstance(mesa, discord.TextChannel)
    await mesa.send("el mapa", file=discord.File(io.BytesIO(b"png"), "mapa.png"))
    (record,) = [json.loads(line) for line in log.getvalue().splitlines()]
    assert record["path"] == f"/channels/{mesa.id}/messages"
    assert record["body"]["content"] == "el mapa"
    assert record["body"]["attachments"][0]["filename"] == "mapa.png"
    assert fake.messages[-1].files == {"mapa.png": b"png"}
