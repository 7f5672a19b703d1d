"""Which migration a database is at, and a database newer than this code (rolled back
without restoring): one Spanish line that names the revision and the copy to restore,
instead of Alembic's «Can't locate revision»."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from umbral_rules import UmbralError

from .backup import BackupError, sqlite_path
from .engine import create_migration_engine

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory

ADMIN_DOC = "docs/administracion.md, «Actualizar y volver atrás»"


class NewerDatabase(UmbralError):
    """The database is at a revision this code does not know: a later release migrated it."""

    def __init__(self, url: str, revision: str, head: str) -> None:
        self.revision, self.head = revision, head
        super().__init__(newer_message(url, revision, head))


@dataclass(frozen=True)
class Migrated:
    """What a start-up's migration did: from ``before`` (None: a new database) to ``head``,
    and the copy made first (a SQLite file, :func:`~bot.storage.backup.before_migrating`)."""

    before: str | None
    head: str
    backup: Path | None = None

    @property
    def changed(self) -> bool:
        """An existing database was migrated (a new one, or one already at the head: not)."""
        return self.before is not None and self.before != self.head

    def line(self) -> str:
        copy = f" (copia de antes: {self.backup})" if self.backup is not None else ""
        return f"Base de datos migrada de la revisión {self.before} a la {self.head}{copy}."


async def current_revision(url: str, engine: AsyncEngine | None = None) -> str | None:
    """The revision ``url`` is at (``None``: never migrated); on ``engine`` if given."""
    own = engine or create_migration_engine(url)
    try:
        async with own.connect() as conn:
            found = await conn.scalar(text("SELECT version_num FROM alembic_version"))
    except DBAPIError:  # no such table: a new database
        return None
    finally:
        if engine is None:
            await own.dispose()
    return None if found is None else str(found)


def check_known(url: str, revision: str | None, script: ScriptDirectory) -> None:
    """:class:`NewerDatabase` unless ``revision`` is one of this code's migrations."""
    if revision is None:
        return
    known = {rev.revision for rev in script.walk_revisions()}
    if revision not in known:
        raise NewerDatabase(url, revision, script.get_current_head() or "?")


def newer_message(url: str, revision: str, head: str) -> str:
    parsed = make_url(url)
    try:
        path = sqlite_path(url)
    except BackupError:
        shown = parsed.render_as_string(hide_password=True)
        restore = (
            f"restaura el pg_dump que hiciste antes de actualizar (de la revisión {head})"
            if parsed.get_backend_name() == "postgresql"
            else f"restaura una copia de la revisión {head}"
        )
        where = shown
    else:
        where = path.name
        restore = f"restaura la copia que hizo el bot antes de migrar, {_backup_of(path, head)}"
    return (
        f"La base de datos {where} está en la revisión {revision}, más nueva que esta versión "
        f"del bot (que llega a la {head}): la migró una versión posterior. Arranca esa versión "
        f"o, para seguir con esta, {restore} ({ADMIN_DOC})."
    )


def _backup_of(path: Path, head: str) -> str:
    """The copy ``before_migrating`` made when it moved ``path`` on from ``head`` (the
    newest, if there are several), or its name and that it is not there."""
    found = sorted(
        path.parent.glob(f"{path.stem}.respaldo-{head}*.db"), key=lambda p: p.stat().st_mtime
    )
    if found:
        return str(found[-1])
    return f"{path.with_name(f'{path.stem}.respaldo-{head}.db')} (no está en esa carpeta)"
