"""Engines from a URL: SQLite (default) with its PRAGMAs, or PostgreSQL through asyncpg."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path

from sqlalchemy import event, pool
from sqlalchemy.engine import Connection, ExceptionContext, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection, DBAPICursor
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

DEFAULT_URL = "sqlite+aiosqlite:///umbral.db"
#: How long a SQLite statement waits for another writer's lock before "database is locked".
#: The wait happens inside ``sqlite3`` on aiosqlite's thread: the event loop keeps running.
SQLITE_BUSY_TIMEOUT_MS = 10_000
WAL_SWITCH_ATTEMPTS = 100
#: WAL pages at which a commit copies the WAL back into the database (a checkpoint, inside
#: that commit). SQLite's default, 1,000 pages: see bench/README.md (issue 33) for what that
#: costs the commands that cross it.
WAL_AUTOCHECKPOINT_PAGES = 1000
#: The execution option of a read-only unit of work's connections (``Storage.reading``):
#: SQLite begins their transaction DEFERRED, which in WAL mode takes no lock that a writer
#: waits for.
READ_ONLY = "umbral_read_only"


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def is_sqlite_memory(url: str) -> bool:
    """A private in-memory SQLite database (``sqlite+aiosqlite:///:memory:`` or no file): it
    lives in one connection and is gone when that connection closes."""
    if not is_sqlite(url):
        return False
    database = make_url(url).database
    return not database or database == ":memory:"


def _sqlite_connect(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    # SQLAlchemy, not the driver, emits BEGIN (see _sqlite_begin): the driver must not.
    dbapi_connection.isolation_level = None
    # Each statement runs on aiosqlite's thread (the adapter awaits it), so a writer waiting
    # on busy_timeout for another one's lock sleeps there, never on the loop's thread.
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    _wal(cursor)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _wal(cursor: DBAPICursor) -> None:
    """WAL mode (persistent in the file): only a new file switches, and that switch can meet
    another process opening the same new file, which SQLite answers with "locked" at once."""
    mode = _journal_mode(cursor, "PRAGMA journal_mode")
    if mode in ("wal", "memory"):  # an in-memory database has no file to keep a WAL beside
        return
    for attempt in range(WAL_SWITCH_ATTEMPTS):
        try:
            if _journal_mode(cursor, "PRAGMA journal_mode=WAL") == "wal":
                return
        except Exception as exc:
            if "locked" not in str(exc) or attempt == WAL_SWITCH_ATTEMPTS - 1:
                raise
        time.sleep(0.05)  # only ever on a brand-new file, at start-up
    raise RuntimeError("SQLite could not switch to WAL mode")


def _journal_mode(cursor: DBAPICursor, pragma: str) -> str:
    """The journal mode the ``PRAGMA journal_mode`` statement answers, in lower case."""
    cursor.execute(pragma)
    row = cursor.fetchone()
    return "" if row is None else str(row[0]).lower()


def _sqlite_begin(conn: Connection) -> None:
    # IMMEDIATE takes the write lock at BEGIN, so two writers queue on busy_timeout instead
    # of failing with SQLITE_BUSY when a read transaction tries to become a write one.
    # A read-only unit (READ_ONLY) begins DEFERRED: a WAL reader takes no write lock, so it
    # never makes a writer wait (nor waits for one: it reads the last committed snapshot).
    if conn.get_execution_options().get(READ_ONLY):
        conn.exec_driver_sql("BEGIN")
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _sqlite_reset(
    dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry, state: PoolResetState
) -> None:
    """The pool's reset of a connection it takes back: a ROLLBACK only when a transaction is
    still open (the pool's own would roll back after every COMMIT too: a trip for nothing)."""
    if state.terminate_only or not state.asyncio_safe or state.transaction_was_reset:
        return
    driver = record.driver_connection  # aiosqlite's own connection
    try:
        open_transaction = driver is None or bool(driver.in_transaction)
    except Exception:  # not aiosqlite's connection, or already closed: as the pool would
        open_transaction = True
    if open_transaction:
        dbapi_connection.rollback()


def _sqlite_interrupted(context: ExceptionContext) -> None:
    """A statement interrupted by a cancellation (Ctrl-C) is not a lost connection: the
    statement goes on to its end on aiosqlite's thread, and what comes next (the rollback)
    waits behind it there. SQLAlchemy would invalidate the connection (it does for any
    exception that is not an ``Exception``) and close it from under the statement, which
    leaves a half-closed SQLite connection holding the write lock until it is collected."""
    if context.is_disconnect and isinstance(context.original_exception, asyncio.CancelledError):
        context.is_disconnect = False


def create_engine(url: str = DEFAULT_URL, **kwargs: object) -> AsyncEngine:
    """An async engine for ``url`` (extra keyword arguments go to ``create_async_engine``).
    SQLite (stock ``sqlite+aiosqlite``: every call on aiosqlite's thread) gets WAL,
    ``synchronous=NORMAL``, foreign keys, its folder, ``BEGIN IMMEDIATE`` and a pool that rolls
    back only a connection left in a transaction (and keeps one whose statement a cancellation
    interrupted); ``:memory:`` one connection for the whole
    engine (migrate it with ``upgrade_head(url, engine=...)``). PostgreSQL runs at REPEATABLE
    READ (a unit of work's retry at READ COMMITTED: see ``Storage``)."""
    if is_sqlite(url):
        database = make_url(url).database
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        if is_sqlite_memory(url):
            kwargs.setdefault("poolclass", pool.StaticPool)
        reset = kwargs.setdefault("pool_reset_on_return", None) is None
        engine = create_async_engine(url, **kwargs)
        if reset:
            event.listen(engine.sync_engine.pool, "reset", _sqlite_reset)
        event.listen(engine.sync_engine, "connect", _sqlite_connect)
        event.listen(engine.sync_engine, "begin", _sqlite_begin)
        event.listen(engine.sync_engine, "handle_error", _sqlite_interrupted)
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    if behind_pooler(url):
        connect_args = dict(kwargs.get("connect_args") or {})  # type: ignore[call-overload]
        connect_args.setdefault("statement_cache_size", 0)
        connect_args.setdefault("prepared_statement_name_func", _statement_name)
        kwargs["connect_args"] = connect_args
    # One snapshot per transaction: the encounter and the sheets of its characters, read in
    # two statements when a sheet changed, always come from the same commit. A concurrent
    # write then fails with a serialization error (SQLSTATE 40001), which the unit of work
    # retries.
    kwargs.setdefault("isolation_level", "REPEATABLE READ")
    return create_async_engine(url, **kwargs)


def behind_pooler(url: str) -> bool:
    """``prepared_statement_cache_size=0`` in a PostgreSQL URL: a pooler in transaction mode
    (PgBouncer before 1.21) is in between, so consecutive transactions of one connection may
    run on different server connections and no prepared statement outlives its transaction
    (docs/administracion.md, «PgBouncer»)."""
    found = make_url(url)
    return not is_sqlite(url) and found.query.get("prepared_statement_cache_size") == "0"


def _statement_name() -> str:
    """A prepared statement's name no other connection of any process uses: asyncpg's own
    (``__asyncpg_stmt_1__``, …) repeat across connections, and behind a pooler two of them
    may meet on one server connection."""
    return f"__umbral_{uuid.uuid4().hex}__"


def create_migration_engine(url: str) -> AsyncEngine:
    """The engine a migration runs on: no pool, and on PostgreSQL READ COMMITTED rather than
    REPEATABLE READ, because a migration waits for another one's lock and must then see what
    that one committed."""
    if is_sqlite(url):
        return create_engine(url, poolclass=pool.NullPool)
    return create_engine(url, poolclass=pool.NullPool, isolation_level="READ COMMITTED")


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=True)
