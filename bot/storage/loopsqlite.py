"""SQLite on the event loop's own thread: the driver connection the bot's engine uses.

``aiosqlite`` runs every call (cursor, execute, fetch, close, commit) on a thread of its own
and wakes the loop when it is done: a command made ~26 such trips, each costing more than the
SQLite work it carried (an UPDATE in WAL mode with ``synchronous=NORMAL`` takes microseconds).
This module gives SQLAlchemy's ``aiosqlite`` dialect a connection with the same awaitable
interface whose calls run ``sqlite3`` directly and return without suspending, so a whole
unit of work costs no thread hop at all.

What keeps the loop from ever blocking on a lock:

- the connection has ``busy_timeout=0``: SQLite never sleeps inside a call;
- the only statement that takes a lock is the ``BEGIN IMMEDIATE`` every transaction starts
  with (WAL readers and a writer never wait for each other, and a writer holding the
  RESERVED lock commits without waiting). That statement first takes the engine's
  in-process writer lock (an ``asyncio.Lock``: the process's own transactions queue on it in
  order, yielding to the loop), then, if another *process* holds the write lock, retries
  with an ``asyncio.sleep`` back-off until :data:`BUSY_TIMEOUT_S` has passed, when it raises
  SQLite's own "database is locked" as the driver would;
- COMMIT, ROLLBACK or closing the connection gives the writer lock back.

The price: a statement runs on the loop's thread, so a very large query (a whole roll-log
export) holds the loop for as long as SQLite takes to run it. The bot's statements are small
and indexed.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

#: How long ``BEGIN IMMEDIATE`` keeps retrying while another process writes; also the
#: ``busy_timeout`` of the aiosqlite connections migrations use (``engine.py``).
BUSY_TIMEOUT_S = 10.0
#: The first back-off while another process holds the write lock; it doubles up to the cap.
BUSY_BACKOFF_S = 0.001
BUSY_BACKOFF_MAX_S = 0.05


class _ImmediateRunner:
    """Stands in for aiosqlite's queue of calls (``_tx``), which SQLAlchemy's adapter uses
    to set ``isolation_level``: the call runs at once."""

    __slots__ = ()

    @staticmethod
    def put_nowait(item: tuple[asyncio.Future[Any], Callable[[], Any]]) -> None:
        future, function = item
        try:
            future.set_result(function())
        except Exception as exc:  # handed to the awaiting adapter, as aiosqlite would
            future.set_exception(exc)


class LoopCursor:
    """aiosqlite's cursor interface over a ``sqlite3`` cursor, run in place."""

    __slots__ = ("_connection", "_cursor")

    def __init__(self, connection: LoopConnection, cursor: sqlite3.Cursor) -> None:
        self._connection = connection
        self._cursor = cursor

    async def __aenter__(self) -> LoopCursor:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self._cursor.close()

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def arraysize(self) -> int:
        return self._cursor.arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._cursor.arraysize = value

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> LoopCursor:
        if sql == "BEGIN IMMEDIATE":
            await self._connection.begin_immediate(self._cursor)
        elif parameters is None:
            self._cursor.execute(sql)
        else:
            self._cursor.execute(sql, parameters)
        return self

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> LoopCursor:
        self._cursor.executemany(sql, parameters)
        return self

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(self._cursor.arraysize if size is None else size)

    async def close(self) -> None:
        self._cursor.close()


class _CursorOpener:
    """What ``connection.cursor()`` returns in aiosqlite: awaitable and an async context."""

    __slots__ = ("_connection",)

    def __init__(self, connection: LoopConnection) -> None:
        self._connection = connection

    def _open(self) -> LoopCursor:
        return LoopCursor(self._connection, self._connection._conn.cursor())

    async def __aenter__(self) -> LoopCursor:
        return self._open()

    async def __aexit__(self, *exc_info: object) -> None:
        return None

    def __await__(self) -> Any:
        return self._resolve().__await__()

    async def _resolve(self) -> LoopCursor:
        return self._open()


class LoopConnection:
    """aiosqlite's connection interface over a ``sqlite3`` connection, run in place."""

    _tx = _ImmediateRunner()

    def __init__(self, conn: sqlite3.Connection, writer: asyncio.Lock) -> None:
        self._conn = conn
        self._writer = writer
        self._holds_writer = False
        self._closed = False

    @classmethod
    async def connect(cls, database: str, writer: asyncio.Lock, *, uri: bool = False) -> Any:
        conn = sqlite3.connect(
            database, isolation_level=None, check_same_thread=False, uri=uri, timeout=0
        )
        return cls(conn, writer)

    # --- what SQLAlchemy's aiosqlite adapter reads ----------------------------------------

    @property
    def _connection(self) -> sqlite3.Connection | None:
        # None once closed, as aiosqlite's: SQLAlchemy then skips a COMMIT or ROLLBACK
        return None if self._closed else self._conn

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    @isolation_level.setter
    def isolation_level(self, value: Any) -> None:
        self._conn.isolation_level = value

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def cursor(self) -> _CursorOpener:
        return _CursorOpener(self)

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> LoopCursor:
        cursor: LoopCursor = await self.cursor()
        return await cursor.execute(sql, parameters)

    async def create_function(self, *args: Any, **kwargs: Any) -> None:
        self._conn.create_function(*args, **kwargs)

    async def commit(self) -> None:
        try:
            self._conn.commit()
        finally:
            self._release()

    async def rollback(self) -> None:
        try:
            self._conn.rollback()
        finally:
            self._release()

    async def close(self) -> None:
        self.stop()

    def stop(self) -> None:
        self._closed = True
        try:
            self._conn.close()
        finally:
            self._release()

    # --- the write lock -------------------------------------------------------------------

    async def begin_immediate(self, cursor: sqlite3.Cursor) -> None:
        """``BEGIN IMMEDIATE`` without ever sleeping on the loop's thread."""
        if not self._holds_writer:
            await self._writer.acquire()
            self._holds_writer = True
        try:
            deadline = time.monotonic() + BUSY_TIMEOUT_S
            backoff = BUSY_BACKOFF_S
            while True:
                try:
                    cursor.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if not _is_busy(exc) or time.monotonic() >= deadline:
                        raise
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BUSY_BACKOFF_MAX_S)
        except BaseException:
            self._release()
            raise

    def _release(self) -> None:
        if self._holds_writer and not self._conn_in_transaction():
            self._holds_writer = False
            self._writer.release()

    def _conn_in_transaction(self) -> bool:
        try:
            return self._conn.in_transaction
        except sqlite3.ProgrammingError:  # closed
            return False


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def creator(database: str, *, uri: bool = False) -> Callable[[], Any]:
    """The ``async_creator`` for one engine: its connections share one writer lock."""
    writer = asyncio.Lock()

    async def connect() -> Any:
        return await LoopConnection.connect(database, writer, uri=uri)

    return connect
