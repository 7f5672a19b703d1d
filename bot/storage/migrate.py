"""Running the Alembic migrations from the bot (start-up) and from tests.

Alembic is configured here in code, not from ``alembic.ini`` (which stays at the repository's
root for developers' ``alembic`` commands): the scripts are the installed package
``umbral_migrations`` (the repository's ``migrations/`` folder, see ``setup.py``), found
wherever the bot is installed."""

from __future__ import annotations

import asyncio
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

import umbral_migrations
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from .backup import before_migrating
from .engine import create_migration_engine
from .revision import Migrated, NewerDatabase, check_known, current_revision

__all__ = ["Migrated", "NewerDatabase", "check_revision", "downgrade", "upgrade", "upgrade_head"]

if TYPE_CHECKING:  # Alembic (~11 MB) is imported only when a migration runs
    from alembic.config import Config

#: Alembic's script folder: ``env.py``, ``script.py.mako`` and ``versions/``.
SCRIPTS = Path(umbral_migrations.__file__).resolve().parent


def alembic_config(url: str | None = None) -> Config:
    """The project's Alembic configuration for ``url``, without any ``.ini`` file (so
    ``env.py`` leaves the logging configuration alone)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


#: Held while migrating on PostgreSQL, so that bots starting together migrate one at a time.
MIGRATION_LOCK_KEY = 0x756D6272  # "umbr"


def exclusive(connection: Connection) -> None:
    """Start the one transaction a whole migration run happens in, holding the database:
    on SQLite its ``BEGIN IMMEDIATE`` is the write lock; on PostgreSQL an advisory lock.
    Called by ``migrations/env.py`` before Alembic looks at the current revision, so that a
    second process reads the revision only after the first one committed all of its steps
    (otherwise Alembic commits step by step on SQLite and the second one repeats a step)."""
    if not connection.in_transaction():
        connection.begin()
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})


#: Alembic's ``context`` and ``op`` are process-wide proxies: two migrations interleaved on
#: one event loop would send each other's DDL to the wrong connection. One at a time.
_LOCKS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


async def _run(url: str, action: str, revision: str, engine: AsyncEngine | None = None) -> None:
    loop = asyncio.get_running_loop()
    lock = _LOCKS.setdefault(loop, asyncio.Lock())
    async with lock:
        await _run_alone(url, action, revision, engine)


async def _run_alone(
    url: str, action: str, revision: str, given: AsyncEngine | None = None
) -> None:
    """On ``given`` (left open: an in-memory database lives in its engine), else on a
    migration engine of its own."""
    engine = given or create_migration_engine(url)
    try:
        async with engine.connect() as conn:

            def go(sync_conn: Connection) -> None:
                from alembic import command

                cfg = alembic_config(url)
                cfg.attributes["connection"] = sync_conn
                getattr(command, action)(cfg, revision)

            await conn.run_sync(go)  # migrations/env.py: one transaction, see exclusive()
            await conn.commit()
    finally:
        if given is None:
            await engine.dispose()


async def upgrade_head(url: str, *, engine: AsyncEngine | None = None) -> Migrated:
    """``alembic upgrade head`` on ``url``: what the bot runs at start-up; a SQLite file that
    has something to migrate is copied first (:func:`~bot.storage.backup.before_migrating`).
    ``engine``: run it on that engine instead of a migration engine of its own (an in-memory
    database). A database a later release migrated is :class:`NewerDatabase` (nothing
    copied, nothing changed); what was done, :class:`Migrated` (its ``line()`` says it)."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config(url))
    head = script.get_current_head() or "base"
    before = await current_revision(url, engine)
    check_known(url, before, script)
    backup = await asyncio.to_thread(before_migrating, url, head)
    await _run(url, "upgrade", "head", engine)
    return Migrated(before, head, backup)


async def check_revision(url: str, engine: AsyncEngine | None = None) -> None:
    """:class:`NewerDatabase` when ``url`` is at a revision this code does not know (a start
    that does not migrate: ``RUN_MIGRATIONS=no``)."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config(url))
    check_known(url, await current_revision(url, engine), script)


async def upgrade(url: str, revision: str = "head") -> None:
    await _run(url, "upgrade", revision)


async def downgrade(url: str, revision: str = "base") -> None:
    await _run(url, "downgrade", revision)


def upgrade_head_sync(url: str) -> None:
    """:func:`upgrade_head` for code that runs outside an event loop."""
    asyncio.run(upgrade_head(url))
