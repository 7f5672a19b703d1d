"""The suite runs as a user's clone has it (issue 43 §1): a ``.env`` holding a token beside the
tests, a developer's shell holding settings, a loaded machine. None of them reaches a test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from bot.process.config_check import ENV_FILE_VARIABLE, KNOWN, env_file, load_settings


def test_no_setting_of_the_users_environment_reaches_the_tests() -> None:
    assert [name for name in KNOWN if name in os.environ] == []
    assert env_file() == Path(os.devnull)


def test_a_dotenv_with_a_token_in_the_current_folder_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=token-de-quien-prueba\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert load_settings().discord_token is None
    monkeypatch.delenv(ENV_FILE_VARIABLE)  # the bot itself, outside the tests, reads it
    token = load_settings().discord_token
    assert token is not None and token.get_secret_value() == "token-de-quien-prueba"


def test_umbral_env_file_names_the_settings_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "umbral.env"
    other.write_text("LOG_LEVEL=debug\n", encoding="utf-8")
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(other))
    assert load_settings().log_level == "DEBUG"


def test_no_hypothesis_test_has_a_deadline() -> None:
    assert settings.default.deadline is None
