"""The database as the rest of ``bot/`` sees it, without importing SQLAlchemy (only
``bot/storage/`` does): a URL's parts, the driver's errors under storage's names, the one
statement that asks whether a database answers, and listeners on an engine's statements
and transactions (the console's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

#: The driver's error: a database that can't be opened, reached or used (a table missing).
DatabaseError = DBAPIError
#: Any error of SQLAlchemy's, the driver's among them.
StorageError = SQLAlchemyError


def drivername(url: str) -> str:
    """The ``dialect+driver`` of ``url``; ``ValueError`` when it is not a database URL."""
    try:
        return make_url(url).drivername
    except ArgumentError:
        raise ValueError("not a database URL") from None


def database_of(url: str) -> str:
    """The database part of ``url`` (an SQLite file's path), ``""`` when it has none."""
    return make_url(url).database or ""


def shown_url(url: str) -> str:
    """``url`` as it may be shown or logged: its password hidden."""
    return make_url(url).render_as_string(hide_password=True)


async def answers(engine: AsyncEngine) -> None:
    """Open a connection on ``engine`` and run ``SELECT 1`` (the driver's error if the
    database does not answer)."""
    async with engine.connect() as conn:
        await conn.execute(text("SELECT 1"))


async def migration_revision(engine: AsyncEngine) -> str | None:
    """The migration the database is at (``None``: none applied), read by ``/listo``."""
    async with engine.connect() as conn:
        row = (await conn.execute(text("SELECT version_num FROM alembic_version"))).first()
    return None if row is None else str(row[0])


def listen(engine: AsyncEngine, name: str, listener: Callable[..., Any]) -> None:
    """Call ``listener`` on ``engine``'s event ``name`` (``before_cursor_execute``,
    ``commit``, ``rollback``…), once however often it is asked."""
    target = engine.sync_engine
    if not event.contains(target, name, listener):
        event.listen(target, name, listener)
