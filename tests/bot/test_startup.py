"""``umbral-bot`` with a token: migrations, logging, the bot started (offline), the token
never in the log."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock

import pytest

from bot.__main__ import main
from bot.app import UmbralBot
from bot.features.combate.defender_button import DEFENDER_ID

TOKEN = "token-super-secreto-123"


def test_with_a_token_the_real_bot_starts(
    tmp_path: Path, monkeypatch: Any, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "umbral.db"
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("UMBRAL_DB_PATH", str(db))
    monkeypatch.setenv("DEV_GUILD_ID", "1234")
    seen: dict[str, Any] = {}

    async def fake_start(self: UmbralBot, token: str, *, reconnect: bool = True) -> None:
        seen["token"] = token
        self._connection.application_id = 42
        upsert = AsyncMock(return_value=[])
        self.http.bulk_upsert_guild_commands = upsert  # type: ignore[method-assign]
        await self.setup_hook()
        seen["synced"] = upsert.await_args.kwargs["payload"]
        seen["views"] = self._connection._view_store._views.get(None, {})
        async with self.storage.guild(1) as uow:
            seen["settings"] = await uow.guild.get()

    monkeypatch.setattr(UmbralBot, "start", fake_start)
    with caplog.at_level(logging.DEBUG):
        assert main([]) == 0
    assert seen["token"] == TOKEN
    assert db.exists()  # migrated at start-up
    assert seen["settings"].default_mode == "mesa"
    assert {c["name"] for c in seen["synced"]} >= {"atacar", "defender", "ficha"}
    assert (2, DEFENDER_ID) in seen["views"]
    assert TOKEN not in caplog.text
    assert "sincronizados con el servidor de pruebas 1234" in caplog.text
