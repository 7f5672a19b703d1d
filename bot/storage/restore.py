"""``umbral-bot restaurar FICHERO``: put a SQLite copy (a ``respaldo``) back in place of the
bot's database.

An idle SQLite file holds no lock, so the running bot holds one of its own: a shared
``flock`` on ``<db>.lock`` beside the file (:func:`running_on`, taken at start, dropped
when the process ends, even killed). ``restaurar`` takes it exclusively and refuses while a
bot holds it. Before touching anything it checks the copy: SQLite's ``integrity_check``, and
its migration revision — one this code knows (an older one is fine: the bot migrates it at
its next start; one it does not know is from a newer release). The current file is kept as a
copy beside it (``<name>.antes-de-restaurar-<fecha>.db``, made with the backup API, so what
its WAL held is in it), then the checked copy replaces it in one rename.

PostgreSQL has its own tools (``pg_dump`` / ``pg_restore``: docs/administracion.md)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from .backup import BackupError, backup_file, sqlite_path


class RestoreError(BackupError):
    """A restore refused or failed (the message is Spanish); nothing was changed."""


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


@contextlib.contextmanager
def _flock(database: Path, mode: int) -> Iterator[bool]:
    """``flock(mode | LOCK_NB)`` on the database's lock file: whether it was granted
    (``OSError`` when the file can't be opened: no folder, or one not writable)."""
    fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@contextlib.contextmanager
def running_on(url: str) -> Iterator[None]:
    """Held while a bot runs on ``url``'s SQLite file (nothing for another database, or
    when the lock file can't be made: the database's own check at start says why). A
    restore under way refuses the start."""
    with contextlib.ExitStack() as stack:
        try:
            database = sqlite_path(url)
            granted = stack.enter_context(_flock(database, fcntl.LOCK_SH))
        except (BackupError, OSError):  # PostgreSQL, SQLite in memory, no folder
            granted = True
        if not granted:
            raise RestoreError(
                f"Se está restaurando la base de datos {database}: espera a que termine."
            )
        yield


def known_revisions() -> set[str]:
    """Every migration revision this code has."""
    from alembic.script import ScriptDirectory

    from .migrate import alembic_config

    return {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def check_copy(source: Path) -> str:
    """The copy's revision, once it is known to be a sound SQLite file of the bot from this
    release or an older one; :class:`RestoreError` otherwise."""
    if not source.is_file():
        raise RestoreError(f"No existe el fichero {source}.")
    try:
        conn = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise RestoreError(
                    f"La copia {source} está dañada ({problems[0]}); no se ha restaurado nada."
                )
            try:
                row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            except sqlite3.OperationalError:
                row = None
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise RestoreError(
            f"La copia {source} está dañada o no es una base de datos SQLite ({error}); "
            "no se ha restaurado nada."
        ) from None
    if row is None:
        raise RestoreError(f"{source} no es una base de datos del bot (no tiene migraciones).")
    revision = str(row[0])
    if revision not in known_revisions():
        raise RestoreError(
            f"La copia {source} es de una versión del bot más nueva que esta (migración "
            f"{revision}, que este código no conoce): actualiza el bot antes de restaurarla."
        )
    return revision


def restore_file(source: Path, database: Path) -> Path | None:
    """Replace ``database`` with the checked copy ``source``; the copy kept of what was
    there (``None`` when there was no file)."""
    if source.resolve() == database.resolve():
        raise RestoreError("La copia y la base de datos son el mismo fichero.")
    with contextlib.ExitStack() as stack:
        try:
            granted = stack.enter_context(_flock(database, fcntl.LOCK_EX))
        except OSError as error:
            raise RestoreError(f"No se puede usar {database}: {error}") from None
        if not granted:
            raise RestoreError(
                f"Hay un bot en marcha con la base de datos {database}: páralo antes de restaurar."
            )
        check_copy(source)
        staged = database.with_name(f".{database.name}.{os.getpid()}.restaurando")
        backup_file(source, staged)  # checked again as it is copied
        kept = None
        try:
            if database.is_file():
                stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
                kept = database.with_name(f"{database.stem}.antes-de-restaurar-{stamp}.db")
                backup_file(database, kept)
            for suffix in ("-wal", "-shm"):  # the old file's: they must not touch the new one
                database.with_name(database.name + suffix).unlink(missing_ok=True)
            os.replace(staged, database)
        finally:
            staged.unlink(missing_ok=True)
    return kept


def restore(url: str, source: str | Path) -> Path | None:
    """:func:`restore_file` for the SQLite database at ``url``."""
    try:
        database = sqlite_path(url)
    except BackupError:
        raise RestoreError(
            "restaurar es para SQLite; en PostgreSQL usa pg_restore (docs/administracion.md)."
        ) from None
    return restore_file(Path(source), database)
