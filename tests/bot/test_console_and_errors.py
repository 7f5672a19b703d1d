"""The console's parser, printer and entry point; the tree's single error handler."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.__main__ import build_parser, main, parse_faces
from bot.console import FakeDiscord
from bot.console.parser import Command, Press, SwitchChannel, SwitchUser, parse_line
from bot.edge.errors import APOLOGY, explain
from tests.bot.conftest import Script
from umbral_rules import UmbralError


def test_parse_lines() -> None:
    assert parse_line("") is None
    assert parse_line("   ; un comentario") is None
    assert parse_line("@Íñigo") == SwitchUser("Íñigo")
    assert parse_line("#Taberna") == SwitchChannel("taberna")
    assert parse_line("!pulsar Defender ahora") == Press("Defender ahora")
    assert parse_line('/ficha crear nombre:"Íñigo la Roja" vigor:3 ; comentario') == Command(
        ("ficha", "crear"), {"nombre": "Íñigo la Roja", "vigor": "3"}
    )
    assert parse_line('/atacar objetivo:"Ñu del puerto"') == Command(
        ("atacar",), {"objetivo": "Ñu del puerto"}
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('/atacar objetivo:"sin cerrar', "Faltan unas comillas"),
        ("/atacar objetivo:x suelto", "va después de las opciones"),
        ("/atacar a:1 a:2", "aparece dos veces"),
        ("hola", "No entiendo «hola»"),
        ("@kaeda #mesa", "va solo en su línea"),
        ("!pulsar", "Uso: !pulsar"),
        ("/ x:1", "Falta el nombre del comando"),
    ],
)
def test_parse_errors(line: str, message: str) -> None:
    with pytest.raises(UmbralError, match=message):
        parse_line(line)


async def test_console_reports_its_own_mistakes(script: Script) -> None:
    out = await script.run(
        "/nada",
        "/ficha",
        "/ficha bailar",
        "/ayuda extra",
        "/ayuda para:todos",
        "/ayuda cosa:1",
        "!pulsar Nada",
        '/atacar objetivo:"x',
    )
    assert "(consola) No existe el comando /nada." in out
    assert "(consola) /ficha necesita un subcomando: crear, oficio" in out
    assert "(consola) /ficha no tiene el subcomando «bailar»." in out
    assert "(consola) Sobra «extra»" in out
    assert "(consola) La opción «para» admite: jugador, master." in out
    assert "(consola) /ayuda no tiene la opción «cosa»" in out
    assert "(consola) No hay ningún botón «Nada» en #mesa." in out
    assert "(consola) Faltan unas comillas" in out


async def test_console_prints_who_reads_what(script: Script) -> None:
    out = await script.run("@kaeda", "#taberna", "/ayuda para:jugador")
    assert "kaeda en #taberna> /ayuda para:jugador" in out
    assert "Umbral → @kaeda (solo para ti)\n  == Ayuda de Umbral ==" in out


async def test_options_are_typed_like_discord(script: Script, fake: FakeDiscord) -> None:
    out = await script.run("/config dados_fisicos:quizá", "/ficha oficio nombre:x valor:dos")
    assert "(consola) La opción «dados_fisicos» es sí o no." in out
    assert "(consola) La opción «valor» necesita un número entero." in out
    with pytest.raises(LookupError, match="No hay ningún rol"):
        await fake.command("master", "mesa", "config", {"rol_master": "Nadie"})


def test_parse_faces() -> None:
    assert parse_faces("9,5, 12") == [9, 5, 12]
    with pytest.raises(Exception, match="no es una cara"):
        parse_faces("9,x")
    with pytest.raises(Exception, match="empiezan en 1"):
        parse_faces("0")
    args = build_parser().parse_args(["consola", "--master", "ana", "--master", "luis"])
    assert args.master == ["ana", "luis"]


def test_main_opens_the_console_without_a_token(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("UMBRAL_DB_PATH", str(tmp_path / "umbral.db"))
    out = io.StringIO()
    assert main([], stdin=io.StringIO("/ayuda para:master\n"), stdout=out) == 0
    assert "Si diriges (máster)" in out.getvalue()
    assert (tmp_path / "umbral.db").exists()


def test_main_masters_hold_the_gm_role(tmp_path: Path) -> None:
    out = io.StringIO()
    script = "/bestiario lista\n@luis\n/bestiario lista\n@pepe\n/bestiario lista\n"
    args = ["consola", "--db", str(tmp_path / "x.db"), "--master", "ana", "--master", "luis"]
    assert main(args, stdin=io.StringIO(script), stdout=out) == 0
    text = out.getvalue()
    assert "> " not in text  # silent when piped: no prompt, no echo
    assert "Umbral → @ana (solo para ti)\n  == Bestiario ==" in text  # the first is current
    assert "Umbral → @luis (solo para ti)\n  == Bestiario ==" in text
    assert "Umbral → @pepe (solo para ti)\n  Solo el máster puede ver el bestiario" in text


def test_explain() -> None:
    assert explain(UmbralError("hola")) == "hola"
    wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    wrapped.original = UmbralError("dentro")
    assert explain(wrapped) == "dentro"
    assert explain(app_commands.NoPrivateMessage()) == "Este comando solo funciona en un servidor."
    assert explain(RuntimeError("x")) is None


async def test_unexpected_errors_are_logged_and_apologised(
    fake: FakeDiscord, monkeypatch: Any, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.features.ayuda import cog

    def boom(steps: list[str], families: list[object]) -> discord.Embed:
        raise RuntimeError("fallo interno secreto")

    monkeypatch.setattr(cog, "index_embed", boom)
    with caplog.at_level(logging.ERROR, logger="bot.edge.errors"):
        reply = await fake.command("kaeda", "mesa", "ayuda")
    assert reply.first.ephemeral
    assert reply.first.content == APOLOGY
    assert "secreto" not in reply.first.text()
    record = next(r for r in caplog.records if r.name == "bot.edge.errors")
    assert record.exc_info is not None and "fallo interno secreto" in str(record.exc_info[1])
    assert "/ayuda" in record.getMessage()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


async def test_interactive_prompts_on_a_terminal_and_survives_faults(
    fake: FakeDiscord, monkeypatch: Any
) -> None:
    from bot.console.runner import Console, interactive

    out = io.StringIO()
    console = Console(fake, out)
    await interactive(console, _Terminal("@kaeda\n/ayuda para:jugador\n"))
    assert "master en #mesa> kaeda en #mesa> Umbral → @kaeda (solo para ti)" in out.getvalue()

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("roto")

    monkeypatch.setattr(fake, "command", broken)
    out2 = io.StringIO()
    await interactive(Console(fake, out2), io.StringIO("/ayuda\n/ayuda\n"))
    assert out2.getvalue().count("(consola) Algo ha fallado con esa línea: roto") == 2
