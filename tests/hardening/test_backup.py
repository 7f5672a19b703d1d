"""Online backups of the SQLite file while commands write: the copy is one consistent
snapshot that opens, migrated, and holds every write up to a point and none after it."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.console import Session, open_session
from bot.storage.backup import BackupError, backup, sqlite_path
from tests.bot.conftest import KAEDA, Script
from tests.dbdump import dump_tables
from tests.hardening.hostile import until


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql))


@pytest.mark.backends("sqlite")
async def test_a_backup_taken_while_rolling_restores_a_prefix(
    session: Session, script: Script, database_url: str, tmp_path: Path
) -> None:
    await script.run(*KAEDA)
    fake = session.discord
    stop = asyncio.Event()
    written = 0

    async def roll() -> None:
        nonlocal written
        while not stop.is_set():
            await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
            written += 1

    writer = asyncio.create_task(roll())
    copies = []
    await until(lambda: written >= 5)
    for index in range(3):  # several backups, each while the writer keeps writing
        copies.append(tmp_path / f"respaldo-{index}.db")
        await backup(database_url, copies[-1])
    stop.set()
    await writer
    source = sqlite_path(database_url)
    every = rows(source, "SELECT * FROM roll_log ORDER BY id")
    assert len(every) == written
    for copy in copies:
        assert rows(copy, "PRAGMA integrity_check") == [("ok",)]
        kept = rows(copy, "SELECT * FROM roll_log ORDER BY id")
        assert kept == every[: len(kept)]  # a prefix: nothing torn, nothing out of order
        assert rows(copy, "SELECT version_num FROM alembic_version") == rows(
            source, "SELECT version_num FROM alembic_version"
        )
    assert len(rows(copies[-1], "SELECT id FROM roll_log")) >= 5

    # restore the last copy: a bot opens it and goes on where it stopped
    restored_path = tmp_path / "restaurada.db"
    restored_path.write_bytes(copies[-1].read_bytes())
    restored = await open_session(f"sqlite+aiosqlite:///{restored_path}", migrate=True)
    try:
        reply = await restored.discord.command("kaeda", "mesa", "ficha ver")
        assert reply.first.title == "Íñigo"
        tables = await dump_tables(restored.storage.engine)
        original = await dump_tables(session.storage.engine)
        for name in tables:
            if name != "roll_log":
                assert tables[name] == original[name], name
    finally:
        await restored.close()


async def test_backups_refuse_what_they_cannot_copy(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="pg_dump"):
        await backup("postgresql+asyncpg://u@h/db", tmp_path / "x.db")
    with pytest.raises(BackupError, match="No existe"):
        await backup(f"sqlite+aiosqlite:///{tmp_path / 'nada.db'}", tmp_path / "x.db")
    db = tmp_path / "a.db"
    sqlite3.connect(db).close()
    with pytest.raises(BackupError, match="propia base"):
        await backup(f"sqlite+aiosqlite:///{db}", db)
