"""The token: read only from the environment or ``.env``, never in a log line, a traceback,
an error the user sees or the settings' repr, even when the start fails."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.__main__ import main
from bot.app import UmbralBot
from bot.process.config import Settings
from bot.process.startup import EXIT_TOKEN_REFUSED

TOKEN = "MTIzNDU2Nzg5.secreto-de-prueba.XyZ_no-debe-salir"


def test_the_token_comes_from_dotenv_and_hides_in_repr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\n", encoding="utf-8")
    settings = Settings()
    assert settings.token == TOKEN
    assert TOKEN not in repr(settings) and TOKEN not in str(settings.model_dump())


def test_a_failed_login_never_shows_the_token(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("UMBRAL_DB_PATH", str(tmp_path / "umbral.db"))
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")

    async def refused(self: UmbralBot, token: str, *, reconnect: bool = True) -> None:
        await self.setup_hook_for_test()  # type: ignore[attr-defined]
        raise discord.LoginFailure("Improper token has been passed.")

    async def setup(self: UmbralBot) -> None:
        await self.load_features()

    monkeypatch.setattr(UmbralBot, "setup_hook_for_test", setup, raising=False)
    monkeypatch.setattr(UmbralBot, "start", refused)
    with caplog.at_level(logging.DEBUG):
        assert main([]) == EXIT_TOKEN_REFUSED  # one Spanish line, the traceback at DEBUG
    shown: list[Any] = [caplog.text, capsys.readouterr()]
    assert "LoginFailure" in caplog.text
    assert all(TOKEN not in str(text) for text in shown)
    assert (tmp_path / "umbral.db").exists()  # the run got as far as migrating
