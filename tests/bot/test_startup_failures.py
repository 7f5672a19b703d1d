"""What can go wrong when the real bot starts: one Spanish line each, its own exit status,
no traceback (unless ``LOG_LEVEL=DEBUG``), and other libraries' start-up chatter kept at
DEBUG. Discord is never reached: its login is patched."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.__main__ import main
from bot.process import startup
from bot.process.config import ThirdPartyStartupNoise

TOKEN = "token-super-secreto-123"


@pytest.fixture
def bot_env(tmp_path: Path, monkeypatch: Any) -> Path:
    db = tmp_path / "umbral.db"
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("UMBRAL_DB_PATH", str(db))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return db


def login_fails(monkeypatch: Any, error: BaseException) -> list[str]:
    calls: list[str] = []

    async def static_login(self: Any, token: str) -> Any:
        calls.append(token)
        raise error

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)
    return calls


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_a_refused_token_is_one_line_and_status_78(
    bot_env: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = login_fails(monkeypatch, discord.LoginFailure("Improper token has been passed."))
    assert main([]) == startup.EXIT_TOKEN_REFUSED == 78
    line = one_line(capsys.readouterr().err)
    assert line.startswith("umbral-bot: Discord rechaza el token (DISCORD_TOKEN)")
    assert TOKEN not in line
    assert calls == [TOKEN]  # no retry: a wrong token stays wrong


def test_discord_unreachable_is_retried_with_back_off_then_one_line_and_status_69(
    bot_env: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str], caplog: Any
) -> None:
    calls = login_fails(monkeypatch, aiohttp.ClientConnectionError("Cannot connect to host"))
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(startup.asyncio, "sleep", sleep)
    with caplog.at_level(logging.WARNING, logger="bot"):
        assert main([]) == startup.EXIT_DISCORD_UNREACHABLE == 69
    assert waits == list(startup.LOGIN_RETRY_DELAYS_S)  # growing waits, then it gives up
    assert len(calls) == len(waits) + 1
    line = one_line(capsys.readouterr().err)
    assert line == (
        "umbral-bot: No se puede conectar con Discord tras 7 intentos: ¿hay conexión a "
        "internet? (ClientConnectionError: Cannot connect to host)"
    )
    retries = [r.getMessage() for r in caplog.records if r.name == "bot"]
    assert retries[0] == (
        "No se puede conectar con Discord (ClientConnectionError: Cannot connect to host); "
        "nuevo intento en 2 s (2 de 7)."
    )


def test_discord_reachable_again_the_bot_starts(
    bot_env: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    attempts: list[int] = []

    async def start(self: Any, token: str, *, reconnect: bool = True) -> None:
        attempts.append(1)
        if len(attempts) < 3:
            raise OSError("Network is unreachable")

    async def sleep(seconds: float) -> None:
        return None

    monkeypatch.setattr(startup.asyncio, "sleep", sleep)
    monkeypatch.setattr(startup.UmbralBot, "start", start)
    assert main([]) == 0
    assert len(attempts) == 3
    assert capsys.readouterr().err == ""


def test_a_database_folder_that_cannot_exist_is_one_line_and_status_74(
    tmp_path: Path, bot_env: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fichero").write_text("no soy una carpeta")
    monkeypatch.setenv("UMBRAL_DB_PATH", str(tmp_path / "fichero" / "umbral.db"))
    assert main([]) == startup.EXIT_DATABASE == 74
    line = one_line(capsys.readouterr().err)
    assert line.startswith("umbral-bot: No se puede usar la base de datos sqlite+aiosqlite:///")
    assert "¿existe la carpeta y se puede escribir en ella? (FileExistsError" in line


def test_a_read_only_database_is_one_line_and_status_74(
    tmp_path: Path, bot_env: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "solo_lectura.db"
    db.touch()
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///file:{db}?mode=ro&uri=true")
    assert main([]) == startup.EXIT_DATABASE
    line = one_line(capsys.readouterr().err)
    assert "se puede escribir en ella? (OperationalError: attempt to write a readonly" in line


def test_an_unreachable_postgresql_is_one_line_without_its_password(
    bot_env: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://umbral:secreta@127.0.0.1:9/umbral")
    assert main([]) == startup.EXIT_DATABASE
    line = one_line(capsys.readouterr().err)
    assert line.startswith(
        "umbral-bot: No se puede usar la base de datos postgresql+asyncpg://umbral:***@127.0.0.1:9"
        "/umbral: ¿está el servidor en marcha y es correcta la URL (DATABASE_URL)?"
    )
    assert "secreta" not in line


def test_the_console_says_the_same_of_its_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fichero").write_text("")
    assert main(["consola", "--db", str(tmp_path / "fichero" / "x.db")]) == startup.EXIT_DATABASE
    assert one_line(capsys.readouterr().err).startswith("umbral-bot: No se puede usar")


#: The real entry point in a child process, with Discord's login refusing the token.
REFUSED = """
import discord, sys
async def static_login(self, token):
    raise discord.LoginFailure("Improper token has been passed.")
discord.http.HTTPClient.static_login = static_login
from bot.__main__ import main
sys.exit(main([]))
"""


def run_refused(tmp_path: Path, level: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": TOKEN,
        "UMBRAL_DB_PATH": str(tmp_path / "umbral.db"),
        "LOG_LEVEL": level,
    }
    env.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "-c", REFUSED],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_at_start_up_other_libraries_stay_quiet_and_the_traceback_only_at_debug(
    tmp_path: Path,
) -> None:
    quiet = run_refused(tmp_path, "INFO")
    assert quiet.returncode == 78
    assert "Traceback" not in quiet.stderr
    assert "alembic" not in quiet.stderr and "PyNaCl" not in quiet.stderr, quiet.stderr
    assert quiet.stderr.splitlines()[-1].startswith("umbral-bot: Discord rechaza el token")
    loud = run_refused(tmp_path, "DEBUG")
    assert loud.returncode == 78
    assert "Traceback" in loud.stderr and "LoginFailure" in loud.stderr
    assert "DEBUG alembic.runtime.migration: " in loud.stderr


def test_the_noise_filter_keeps_the_bots_own_lines() -> None:
    noise = ThirdPartyStartupNoise(logging.INFO)

    def record(name: str, level: int, message: str) -> logging.LogRecord:
        return logging.LogRecord(name, level, __file__, 1, message, None, None)

    assert noise.filter(record("bot", logging.INFO, "Aplicando migraciones"))
    assert noise.filter(record("discord.gateway", logging.WARNING, "Shard ID 0 …"))
    assert not noise.filter(record("alembic.runtime.migration", logging.INFO, "Running"))
    assert not noise.filter(record("discord.client", logging.WARNING, "PyNaCl is not installed"))
    assert ThirdPartyStartupNoise(logging.DEBUG).filter(record("alembic", logging.INFO, "x"))
