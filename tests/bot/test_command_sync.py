"""Command sync only when the tree changed (hash in the database), forced by
``umbral-bot sincronizar``, a failure logged in one Spanish line, one process under sharding."""

from __future__ import annotations

import logging
from typing import Any
from unittest.mock import AsyncMock

import discord
import pytest
from discord import app_commands

from bot.app import UmbralBot
from bot.console.gate import FakeResponse
from bot.edge.sync import payload_hash, sync_commands
from bot.process.config import Settings
from bot.storage import Storage
from umbral_rules import ForcedDice


async def make_bot(storage: Storage, **settings: Any) -> UmbralBot:
    bot = UmbralBot(Settings(discord_token=None, **settings), ForcedDice([]), storage)
    await bot.load_features()
    bot._connection.application_id = 42
    bot.http.bulk_upsert_global_commands = AsyncMock(return_value=[])  # type: ignore[method-assign]
    return bot


def upserts(bot: UmbralBot) -> int:
    return int(bot.http.bulk_upsert_global_commands.await_count)  # type: ignore[attr-defined]


async def test_syncs_once_then_only_when_the_tree_changes(storage: Storage) -> None:
    first = await make_bot(storage)
    assert await sync_commands(first)
    assert upserts(first) == 1
    again = await make_bot(storage)  # a restart with the same tree
    assert await sync_commands(again)
    assert upserts(again) == 0
    changed = await make_bot(storage)

    @app_commands.command(name="nuevo", description="Un comando nuevo")
    async def nuevo(interaction: discord.Interaction) -> None:
        del interaction

    changed.tree.add_command(nuevo)
    assert payload_hash(changed.tree) != payload_hash(again.tree)
    await sync_commands(changed)
    assert upserts(changed) == 1
    forced = await make_bot(storage)  # umbral-bot sincronizar
    await sync_commands(forced, force=True)
    assert upserts(forced) == 1


async def test_a_failed_sync_is_one_spanish_line_and_the_bot_starts(
    storage: Storage, caplog: pytest.LogCaptureFixture
) -> None:
    bot = await make_bot(storage)
    bot.http.bulk_upsert_global_commands = AsyncMock(  # type: ignore[method-assign]
        side_effect=discord.HTTPException(FakeResponse(429), {"message": "rate limited"})
    )
    with caplog.at_level(logging.INFO, logger="bot.edge.sync"):
        await bot.setup_hook()  # does not raise
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is None
    assert errors[0].getMessage().startswith("No se pudieron sincronizar los comandos")
    retry = await make_bot(storage)  # nothing was stored: the next start tries again
    await sync_commands(retry)
    assert upserts(retry) == 1


async def test_under_sharding_only_the_process_of_shard_0_syncs(storage: Storage) -> None:
    other = await make_bot(storage, shard_count=2, shard_ids="1")
    await sync_commands(other)
    assert upserts(other) == 0
    first = await make_bot(storage, shard_count=2, shard_ids="0")
    await sync_commands(first)
    assert upserts(first) == 1


def test_umbral_bot_sincronizar_forces_the_sync(tmp_path: Any, monkeypatch: Any) -> None:
    from bot.__main__ import main

    monkeypatch.setenv("UMBRAL_DB_PATH", str(tmp_path / "umbral.db"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["sincronizar"]) == 2  # no token: nothing to sync with
    monkeypatch.setenv("DISCORD_TOKEN", "token-de-prueba")
    counts: list[int] = []

    async def fake_login(self: UmbralBot, token: str) -> None:
        self._connection.application_id = 42
        upsert = AsyncMock(return_value=[])
        self.http.bulk_upsert_global_commands = upsert  # type: ignore[method-assign]
        await self.setup_hook()
        counts.append(upsert.await_count)

    monkeypatch.setattr(UmbralBot, "login", fake_login)
    assert main(["sincronizar"]) == 0
    assert main(["sincronizar"]) == 0  # same tree, synced again: it is forced
    assert counts == [1, 1]
