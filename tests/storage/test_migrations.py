"""Alembic: upgrade on an empty database, down and up again, models == migrations, triggers."""

from __future__ import annotations

import asyncio
import sys
from asyncio.subprocess import PIPE
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.exc import DBAPIError

from bot.storage import create_engine, downgrade, upgrade_head
from bot.storage.models import Base

from .helpers import CHANNEL, GUILD, USER

ROOT = Path(__file__).resolve().parents[2]
TABLES = {
    "activity",
    "alembic_version",
    "bestiary",
    "channel_webhooks",
    "characters",
    "command_sync",
    "console_state",
    "encounter_reminders",
    "encounters",
    "game_sessions",
    "guild_settings",
    "reminders",
    "roll_log",
    "saved_rolls",
    "scene_lines",
    "session_steps",
    "system_sheets",
    "undo_records",
}


async def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def _diff(url: str) -> list[Any]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:

            def compare(sync_conn: Any) -> list[Any]:
                ctx = MigrationContext.configure(sync_conn, opts={"compare_type": True})
                return list(compare_metadata(ctx, Base.metadata))

            return await conn.run_sync(compare)
    finally:
        await engine.dispose()


async def test_upgrade_head_on_empty_database(empty_database_url: str) -> None:
    assert await _tables(empty_database_url) == set()
    await upgrade_head(empty_database_url)
    assert await _tables(empty_database_url) == TABLES
    await upgrade_head(empty_database_url)  # idempotent: nothing to do the second time


async def test_two_migrations_at_once_in_one_process(empty_database_url: str) -> None:
    await asyncio.gather(upgrade_head(empty_database_url), upgrade_head(empty_database_url))
    assert await _tables(empty_database_url) == TABLES


async def test_two_bots_starting_at_once(empty_database_url: str) -> None:
    """Two processes run ``upgrade head`` on the same empty database at the same moment."""
    code = "import sys; from bot.storage import upgrade_head_sync; upgrade_head_sync(sys.argv[1])"
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, empty_database_url, cwd=ROOT, stderr=PIPE
        )
        for _ in range(2)
    ]
    results = await asyncio.gather(*(p.communicate() for p in procs))
    assert [p.returncode for p in procs] == [0, 0], [err.decode()[-800:] for _, err in results]
    assert await _tables(empty_database_url) == TABLES


async def test_downgrade_base_and_upgrade_again(empty_database_url: str) -> None:
    await upgrade_head(empty_database_url)
    await downgrade(empty_database_url, "base")
    assert await _tables(empty_database_url) <= {"alembic_version"}
    await upgrade_head(empty_database_url)
    assert await _tables(empty_database_url) == TABLES
    assert await _diff(empty_database_url) == []


async def test_models_and_migrations_agree(database_url: str) -> None:
    assert await _diff(database_url) == []


@pytest.mark.parametrize("statement", ["UPDATE roll_log SET user_id = 1", "DELETE FROM roll_log"])
async def test_roll_log_is_append_only_in_the_database(database_url: str, statement: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO roll_log (guild_id, channel_id, user_id, command, dice, "
                    "modifiers, result, physical) VALUES "
                    "(:g, :c, :u, 'tirar', '[5]', '[]', '{}', false)"
                ),
                {"g": GUILD, "c": CHANNEL, "u": USER},
            )
        with pytest.raises(DBAPIError, match="solo anexado"):
            async with engine.begin() as conn:
                await conn.execute(text(statement))
        async with engine.connect() as conn:
            rows = (await conn.execute(text("SELECT user_id FROM roll_log"))).all()
        assert [r[0] for r in rows] == [USER]
    finally:
        await engine.dispose()
