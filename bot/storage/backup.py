"""Online backups of the SQLite database (``umbral-bot respaldo DESTINO``), safe while the bot
runs: SQLite's backup API copies one consistent snapshot (in WAL mode the writers don't wait),
into a temporary file that is checked and then renamed over ``DESTINO``."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url

from umbral_rules import UmbralError

from .engine import SQLITE_BUSY_TIMEOUT_MS, is_sqlite


class BackupError(UmbralError):
    """A backup that could not be made (the message is Spanish)."""


def sqlite_path(url: str) -> Path:
    """The file of a SQLite URL; a Spanish error for anything else."""
    if not is_sqlite(url):
        raise BackupError(
            "El respaldo en caliente es para SQLite; en PostgreSQL usa pg_dump "
            "(por ejemplo «pg_dump -Fc -f umbral.dump $DATABASE_URL»)."
        )
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        raise BackupError("Esa base de datos SQLite no es un fichero: no hay nada que respaldar.")
    return Path(database)


def backup_file(source: Path, destination: Path) -> int:
    """Copy ``source`` into ``destination`` (replaced at the end, atomically); the number of
    pages copied. The copy is one snapshot: every committed transaction or none of it."""
    if not source.is_file():
        raise BackupError(f"No existe la base de datos {source}.")
    destination = destination.resolve()
    if destination == source.resolve():
        raise BackupError("El respaldo no puede ir sobre la propia base de datos.")
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(f".{destination.name}.{os.getpid()}.parcial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(source, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # all pages in one step: one read transaction, one snapshot
            pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
            check = dst.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise BackupError(f"El respaldo salió dañado ({check}); no se ha guardado.")
            dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            dst.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    os.replace(partial, destination)
    return pages


async def backup(url: str, destination: str | Path) -> int:
    """:func:`backup_file` for the database at ``url``, off the event loop."""
    return await asyncio.to_thread(backup_file, sqlite_path(url), Path(destination))
