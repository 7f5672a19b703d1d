"""Engines, the retry classification and the start-up migration helper."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlalchemy import update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import StaleDataError

from bot.storage import (
    ConcurrencyError,
    Storage,
    create_engine,
    is_sqlite,
    upgrade_head,
    upgrade_head_sync,
)
from bot.storage.models import Character, table
from bot.storage.uow import _is_retryable

from .helpers import GUILD, make_character


def _dbapi_error(sqlstate: str) -> DBAPIError:
    return DBAPIError("stmt", {}, SimpleNamespace(sqlstate=sqlstate))  # type: ignore[arg-type]


def test_retryable_errors() -> None:
    assert _is_retryable(StaleDataError("x"))
    assert _is_retryable(_dbapi_error("40001"))  # serialization_failure
    assert _is_retryable(_dbapi_error("40P01"))  # deadlock_detected
    assert _is_retryable(_dbapi_error("23505"))  # unique_violation: a race, retry
    assert not _is_retryable(_dbapi_error("23503"))  # foreign_key_violation: a bug
    assert not _is_retryable(ValueError("x"))


def test_is_sqlite() -> None:
    assert is_sqlite("sqlite+aiosqlite:///x.db")
    assert not is_sqlite("postgresql+asyncpg://u@h/db")


async def test_sqlite_folder_is_created_and_migrated(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/a/b/umbral.db"
    await upgrade_head(url)
    assert (tmp_path / "a" / "b" / "umbral.db").exists()
    engine = create_engine(url)
    await engine.dispose()


def test_upgrade_head_sync(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/sync.db"
    upgrade_head_sync(url)
    upgrade_head_sync(url)


async def test_stale_character_write_is_a_concurrency_error(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        cid = (await make_character(uow)).id
    characters = table(Character)
    with pytest.raises(ConcurrencyError):
        async with storage.guild(GUILD) as uow:
            ch = await uow.characters.get(cid)
            assert ch is not None
            # another command's write to the same character, after we read it
            await uow.session.execute(
                update(characters)
                .where(characters.c.id == cid)
                .values(version=characters.c.version + 1)
            )
            ch.aguante = 1
    async with storage.guild(GUILD) as uow:
        ch = await uow.characters.get(cid)
        assert ch is not None and ch.aguante == 16


async def test_guild_unit_has_no_encounter(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        with pytest.raises(RuntimeError):
            _ = uow.encounter
        with pytest.raises(ValueError, match="channel"):
            await uow.rolls.append(user_id=1, command="tirar", dice=[1])
        await uow.rolls.append(user_id=1, command="tirar", dice=[1], channel_id=5)
        await uow.flush()
    assert await storage.run_in_guild(GUILD, lambda uow: uow.rolls.count()) == 1
