"""Online backups of the SQLite database (``umbral-bot respaldo DESTINO``), safe while the bot
runs: SQLite's backup API copies one consistent snapshot (in WAL mode the writers don't wait),
into a temporary file that is checked and then renamed over ``DESTINO``. The same copy is made
before a migration changes a database file (:func:`before_migrating`)."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from umbral_rules import UmbralError

from .engine import SQLITE_BUSY_TIMEOUT_MS, is_sqlite

log = logging.getLogger(__name__)


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


def revision_of(path: Path) -> str | None:
    """The Alembic revision a SQLite file is at (``None``: no file, or never migrated)."""
    if not path.is_file():
        return None
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:  # no such table: a new file
        return None
    finally:
        conn.close()
    return None if row is None else str(row[0])


def before_migrating(url: str, head: str) -> Path | None:
    """Copy a SQLite file that a migration is about to change (its revision is not ``head``)
    to ``<name>.respaldo-<revision>.db`` beside it (with the time too if that exists), so the
    release before can go on from it (docs/administracion.md); the copy, or ``None`` when
    there is nothing to migrate (or the URL is not a SQLite file)."""
    try:
        source = sqlite_path(url)
    except BackupError:
        return None
    revision = revision_of(source)
    if revision is None or revision == head:
        return None
    destination = source.with_name(f"{source.stem}.respaldo-{revision}.db")
    if destination.exists():
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        destination = source.with_name(f"{source.stem}.respaldo-{revision}-{stamp}.db")
    backup_file(source, destination)
    if revision_of(destination) != revision:  # another process migrated it meanwhile
        destination.unlink(missing_ok=True)
        return None
    # said in the start's one line (bot/storage/revision.py: Migrated.line)
    log.debug("Copia de la base de datos antes de migrarla (%s → %s): %s", revision, head,
              destination)  # fmt: skip
    return destination
