"""The SQLite driver on the loop's thread: writers wait for each other without blocking the
event loop, inside one engine (the writer lock) and across engines or processes (the
``BEGIN IMMEDIATE`` back-off), and give up after the busy timeout as SQLite would."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import loopsqlite
from bot.storage.engine import create_engine

pytestmark = pytest.mark.backends("sqlite")


async def _make(path: Path) -> AsyncEngine:
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE IF NOT EXISTS t (v INTEGER)"))
    return engine


async def _ticking(stop: asyncio.Event, log: list[str]) -> None:
    while not stop.is_set():
        await asyncio.sleep(0.001)
        log.append("tick")


async def _write_and_hold(engine: AsyncEngine, value: int, hold: float, log: list[str]) -> None:
    async with engine.begin() as conn:
        log.append(f"begin {value}")
        await conn.execute(text("INSERT INTO t VALUES (:v)"), {"v": value})
        await asyncio.sleep(hold)  # a transaction that yields to the loop while it writes
        log.append(f"commit {value}")


async def _values(engine: AsyncEngine) -> list[int]:
    async with engine.connect() as conn:
        return list((await conn.execute(text("SELECT v FROM t ORDER BY v"))).scalars())


@pytest.mark.parametrize("engines", [1, 2], ids=["one engine", "two engines"])
async def test_writers_queue_without_blocking_the_loop(tmp_path: Path, engines: int) -> None:
    first = await _make(tmp_path / "w.db")
    second = first if engines == 1 else await _make(tmp_path / "w.db")
    stop = asyncio.Event()
    log: list[str] = []
    try:
        holder = asyncio.create_task(_write_and_hold(first, 1, 0.2, log))
        await asyncio.sleep(0.02)
        ticker = asyncio.create_task(_ticking(stop, log))
        log.append("waiting 2")
        await _write_and_hold(second, 2, 0, log)
        await holder
        stop.set()
        await ticker
        steps = [entry for entry in log if entry != "tick"]
        assert steps == ["begin 1", "waiting 2", "commit 1", "begin 2", "commit 2"]
        assert await _values(first) == [1, 2]
        # the loop kept running while the second writer waited for the first one
        waiting = log[log.index("waiting 2") : log.index("commit 1")]
        assert "tick" in waiting
    finally:
        await first.dispose()
        if second is not first:
            await second.dispose()


async def test_another_process_lock_times_out_and_releases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loopsqlite, "BUSY_TIMEOUT_S", 0.1)
    path = tmp_path / "busy.db"
    engine = await _make(path)
    other = sqlite3.connect(path, isolation_level=None)  # another process, as far as SQLite knows
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(OperationalError, match="locked"):
            async with engine.begin() as conn:
                await conn.execute(text("INSERT INTO t VALUES (1)"))
        other.execute("INSERT INTO t VALUES (7)")
        other.execute("COMMIT")
        # the writer lock went back with the failure: the next transaction goes through
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO t VALUES (8)"))
        assert await _values(engine) == [7, 8]
    finally:
        other.close()
        await engine.dispose()


async def test_a_cancelled_writer_gives_the_lock_back(tmp_path: Path) -> None:
    engine = await _make(tmp_path / "c.db")
    try:
        holder = asyncio.create_task(_write_and_hold(engine, 1, 10, []))
        await asyncio.sleep(0.02)
        waiter = asyncio.create_task(_write_and_hold(engine, 2, 0, []))
        await asyncio.sleep(0.02)
        holder.cancel()
        await asyncio.wait_for(waiter, 5)
        with pytest.raises(asyncio.CancelledError):
            await holder
        assert await _values(engine) == [2]
    finally:
        await engine.dispose()


async def test_a_closed_connection_skips_commit_and_rollback(tmp_path: Path) -> None:
    conn = await loopsqlite.LoopConnection.connect(str(tmp_path / "k.db"), asyncio.Lock())
    assert conn._connection is not None and not conn.in_transaction
    cursor = await conn.cursor()
    await cursor.execute("BEGIN IMMEDIATE")
    assert conn.in_transaction and conn._writer.locked()
    await conn.close()
    assert conn._connection is None  # SQLAlchemy's adapter then skips COMMIT / ROLLBACK
    assert not conn._writer.locked()  # closing gave the write lock back
