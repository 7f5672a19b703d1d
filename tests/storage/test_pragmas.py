"""SQLite connections get WAL, synchronous=NORMAL and foreign keys on; the bot's engine drives
SQLite on the loop's thread (``bot.storage.loopsqlite``) and never lets SQLite sleep there."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from bot.storage import Storage, upgrade_head
from bot.storage.engine import create_migration_engine
from bot.storage.loopsqlite import LoopConnection


async def _pragmas(engine: object) -> tuple[str, int, int, int, object]:
    async with engine.connect() as conn:  # type: ignore[attr-defined]
        journal = (await conn.execute(text("PRAGMA journal_mode"))).scalar_one()
        synchronous = (await conn.execute(text("PRAGMA synchronous"))).scalar_one()
        foreign_keys = (await conn.execute(text("PRAGMA foreign_keys"))).scalar_one()
        busy = (await conn.execute(text("PRAGMA busy_timeout"))).scalar_one()
        driver = (await conn.get_raw_connection()).driver_connection
    return journal, synchronous, foreign_keys, busy, driver


@pytest.mark.backends("sqlite")
async def test_sqlite_pragmas(storage: Storage) -> None:
    journal, synchronous, foreign_keys, busy, driver = await _pragmas(storage.engine)
    assert (journal, synchronous, foreign_keys) == ("wal", 1, 1)
    # on the loop's thread SQLite must not sleep: loopsqlite waits for the write lock itself
    assert busy == 0
    assert isinstance(driver, LoopConnection)


@pytest.mark.backends("sqlite")
async def test_migration_engine_keeps_aiosqlite_and_its_busy_timeout(tmp_path: Path) -> None:
    engine = create_migration_engine(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")
    try:
        journal, _, foreign_keys, busy, driver = await _pragmas(engine)
    finally:
        await engine.dispose()
    assert (journal, foreign_keys) == ("wal", 1)
    assert busy > 0
    assert not isinstance(driver, LoopConnection)


@pytest.mark.backends("sqlite")
async def test_an_in_memory_database_is_one_migrated_database_for_every_session() -> None:
    url = "sqlite+aiosqlite:///:memory:"
    storage = Storage.from_url(url)
    try:
        await upgrade_head(url, engine=storage.engine)  # migrated where it lives
        journal, synchronous, foreign_keys, _, _ = await _pragmas(storage.engine)
        assert (journal, synchronous, foreign_keys) == ("memory", 1, 1)  # no WAL in memory
        async with storage.guild(1) as uow:
            await uow.characters.create(7, "Kaeda", atributos={"vigor": 1}, aguante_max=10)
        async with storage.guild(1) as uow:  # another session, the same database
            assert [c.nombre for c in await uow.characters.list_all()] == ["Kaeda"]
    finally:
        await storage.close()
