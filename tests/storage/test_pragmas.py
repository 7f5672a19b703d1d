"""SQLite connections get WAL, synchronous=NORMAL, foreign keys on and a busy timeout; the
bot's engine is stock aiosqlite, so a writer waiting for another one's lock waits on
aiosqlite's thread and the event loop keeps running."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import Storage, upgrade_head
from bot.storage.engine import SQLITE_BUSY_TIMEOUT_MS, create_engine, create_migration_engine

pytestmark = pytest.mark.backends("sqlite")


async def _pragmas(engine: AsyncEngine) -> tuple[str, int, int, int, object]:
    async with engine.connect() as conn:
        journal = (await conn.execute(text("PRAGMA journal_mode"))).scalar_one()
        synchronous = (await conn.execute(text("PRAGMA synchronous"))).scalar_one()
        foreign_keys = (await conn.execute(text("PRAGMA foreign_keys"))).scalar_one()
        busy = (await conn.execute(text("PRAGMA busy_timeout"))).scalar_one()
        driver = (await conn.get_raw_connection()).driver_connection
    return journal, synchronous, foreign_keys, busy, driver


async def test_sqlite_pragmas(storage: Storage) -> None:
    journal, synchronous, foreign_keys, busy, driver = await _pragmas(storage.engine)
    assert (journal, synchronous, foreign_keys) == ("wal", 1, 1)
    assert busy == SQLITE_BUSY_TIMEOUT_MS
    assert isinstance(driver, aiosqlite.Connection)


async def test_migration_engine_has_the_same_pragmas(tmp_path: Path) -> None:
    engine = create_migration_engine(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")
    try:
        journal, _, foreign_keys, busy, driver = await _pragmas(engine)
    finally:
        await engine.dispose()
    assert (journal, foreign_keys, busy) == ("wal", 1, SQLITE_BUSY_TIMEOUT_MS)
    assert isinstance(driver, aiosqlite.Connection)


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


async def _make(path: Path) -> AsyncEngine:
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE IF NOT EXISTS t (v INTEGER)"))
    return engine


async def _ticking(stop: asyncio.Event, log: list[str]) -> None:
    while not stop.is_set():
        await asyncio.sleep(0.001)
        log.append("tick")


async def _write_and_hold(
    engine: AsyncEngine, value: int, hold: float, log: list[str], began: asyncio.Event | None = None
) -> None:
    async with engine.begin() as conn:
        log.append(f"begin {value}")
        if began is not None:
            began.set()
        await conn.execute(text("INSERT INTO t VALUES (:v)"), {"v": value})
        await asyncio.sleep(hold)  # a transaction that yields to the loop while it writes
        log.append(f"commit {value}")


@pytest.mark.parametrize("engines", [1, 2], ids=["one engine", "two engines"])
async def test_writers_queue_without_blocking_the_loop(tmp_path: Path, engines: int) -> None:
    """The second writer's ``BEGIN IMMEDIATE`` sleeps on busy_timeout in aiosqlite's thread
    until the first commits; meanwhile the loop ticks (and runs the first to its COMMIT)."""
    first = await _make(tmp_path / "w.db")
    second = first if engines == 1 else await _make(tmp_path / "w.db")
    stop = asyncio.Event()
    log: list[str] = []
    try:
        began = asyncio.Event()
        holder = asyncio.create_task(_write_and_hold(first, 1, 0.2, log, began))
        await began.wait()  # the first writer holds the lock, however slow the machine
        ticker = asyncio.create_task(_ticking(stop, log))
        log.append("waiting 2")
        await _write_and_hold(second, 2, 0, log)
        await holder
        stop.set()
        await ticker
        steps = [entry for entry in log if entry != "tick"]
        assert steps == ["begin 1", "waiting 2", "commit 1", "begin 2", "commit 2"]
        async with first.connect() as conn:
            values = list((await conn.execute(text("SELECT v FROM t ORDER BY v"))).scalars())
        assert values == [1, 2]
        waiting = log[log.index("waiting 2") : log.index("commit 1")]
        assert "tick" in waiting
    finally:
        await first.dispose()
        if second is not first:
            await second.dispose()
