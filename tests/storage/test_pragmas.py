"""SQLite connections get WAL, synchronous=NORMAL and foreign keys on."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from bot.storage import Storage


@pytest.mark.backends("sqlite")
async def test_sqlite_pragmas(storage: Storage) -> None:
    async with storage.engine.connect() as conn:
        journal = (await conn.execute(text("PRAGMA journal_mode"))).scalar_one()
        synchronous = (await conn.execute(text("PRAGMA synchronous"))).scalar_one()
        foreign_keys = (await conn.execute(text("PRAGMA foreign_keys"))).scalar_one()
        busy = (await conn.execute(text("PRAGMA busy_timeout"))).scalar_one()
    assert (journal, synchronous, foreign_keys) == ("wal", 1, 1)
    assert busy > 0
