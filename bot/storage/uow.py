"""The storage: its units of work (one command = one transaction; :mod:`.unit`), the
per-channel lock and the retry."""

from __future__ import annotations

import asyncio
import logging
import random
import re
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, nullcontext
from contextvars import ContextVar
from typing import TypeVar

from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from bot.clock import Now, system_now

from .encounter_info import EncounterCache
from .engine import READ_ONLY, create_engine, create_sessionmaker, is_sqlite
from .errors import ConcurrencyError
from .settings import SettingsCache
from .unit import CommitListener, UnitOfWork

__all__ = ["CommitListener", "Storage", "UnitOfWork"]

T = TypeVar("T")

log = logging.getLogger(__name__)

#: The channel locks the current task holds (to refuse a nested unit on the same channel).
_HELD: ContextVar[frozenset[tuple[int, int, int]]] = ContextVar("umbral_held", default=frozenset())

DEFAULT_ATTEMPTS = 5
#: Seconds of the first retry's random back-off; it doubles with every further attempt.
BACKOFF_S = 0.002
#: PostgreSQL's serialization failure, deadlock and unique violation: all three mean "another
#: process did the same thing at the same time, try the command again" (every insert of the
#: repositories checks for duplicates first, so a retry turns a race into a Spanish error).
RETRYABLE_SQLSTATES = frozenset({"40001", "40P01", "23505"})
_SQLSTATE_NAMES = {"40001": "serialization", "40P01": "deadlock", "23505": "unique"}
#: The table a statement writes (or, for a read, the first it reads).
_TABLE = re.compile(r"^\s*(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM|.*?\bFROM)\s+\"?(\w+)", re.I | re.S)
_STALE_TABLE = re.compile(r"table '(\w+)'")


def _refuse_writes(session: Session, *_: object) -> None:
    """A read-only unit's flush: nothing to write, or it is a bug (a command that writes
    must use ``Storage.guild``/``channel``)."""
    if session.new or session.dirty or session.deleted:
        raise RuntimeError("A read-only unit of work tried to write.")


def _sqlstate(exc: DBAPIError) -> str | None:
    orig = exc.orig
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    return None if code is None else str(code)


def _is_retryable(exc: BaseException) -> bool:
    if isinstance(exc, StaleDataError):
        return True
    if isinstance(exc, DBAPIError):
        return _sqlstate(exc) in RETRYABLE_SQLSTATES
    return False


def conflict_of(exc: StaleDataError | DBAPIError) -> str:
    """What a retried transaction collided on, as ``table: what`` (the retry counts'
    key): the ORM's version check of a table, or the statement PostgreSQL refused and why
    (``encounter_reminders: UPDATE serialization``); ``?`` for a COMMIT's."""
    if isinstance(exc, StaleDataError):
        found = _STALE_TABLE.search(str(exc))
        return f"{found.group(1) if found else '?'}: stale_version (ORM)"
    statement = exc.statement or ""
    table = _TABLE.match(statement)
    verb = statement.split(None, 1)[0].upper() if statement.strip() else "COMMIT"
    code = _sqlstate(exc) or "?"
    return f"{table.group(1) if table else '?'}: {verb} {_SQLSTATE_NAMES.get(code, code)}"


def _statement(exc: BaseException) -> str:
    """The SQL behind a conflict, for the DEBUG log (its start)."""
    cause = exc.__cause__
    text = cause.statement if isinstance(cause, DBAPIError) else None
    return " ".join((text or "").split())[:300]


class Storage:
    """The bot's database: open once at start-up, share everywhere, ``await close()`` at exit."""

    def __init__(self, engine: AsyncEngine, *, attempts: int = DEFAULT_ATTEMPTS) -> None:
        self.engine = engine
        self.attempts = attempts
        #: How many times a command was re-run because the encounter changed underneath,
        #: and by what collided (:func:`conflict_of`; each one is logged at DEBUG).
        self.conflicts = 0
        self.conflict_kinds: Counter[str] = Counter()
        self._sessions = create_sessionmaker(engine)
        #: PostgreSQL's retries: READ COMMITTED, so that the encounter row read FOR UPDATE
        #: is the latest one once the lock comes (under REPEATABLE READ a retry could lose to
        #: the same busy channel every time).
        self._retry_sessions = (
            self._sessions
            if is_sqlite(str(engine.url))
            else create_sessionmaker(engine.execution_options(isolation_level="READ COMMITTED"))
        )
        #: Read-only units (:meth:`reading`): SQLite begins them DEFERRED (no write lock).
        self._read_sessions = create_sessionmaker(engine.execution_options(**{READ_ONLY: True}))
        #: The guilds' settings, read once per guild (see :mod:`bot.storage.settings`).
        self.settings_cache = SettingsCache()
        #: The encounters this process committed last, checked by version on every read.
        self.encounter_cache = EncounterCache()
        #: Told each encounter a unit committed, right after its COMMIT (the tracker).
        self.commit_listeners: list[CommitListener] = []
        #: The time written into the rows: the console's fake clock replaces it.
        self.clock: Now = system_now
        self._locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    @classmethod
    def from_url(
        cls, url: str, *, attempts: int = DEFAULT_ATTEMPTS, **engine_kwargs: object
    ) -> Storage:
        return cls(create_engine(url, **engine_kwargs), attempts=attempts)

    async def close(self) -> None:
        self.encounter_cache.clear()
        await self.engine.dispose()

    dispose = close

    def lock(self, guild_id: int, channel_id: int) -> asyncio.Lock:
        """The in-process lock that serialises the commands of one channel."""
        key = (guild_id, channel_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        return lock

    @asynccontextmanager
    async def _locked(self, guild_id: int, channel_id: int) -> AsyncIterator[None]:
        """The channel's lock; asking for it again inside it is a bug (it would never come)."""
        key = (id(self), guild_id, channel_id)
        held = _HELD.get()
        if key in held:
            raise RuntimeError("Nested unit of work on the same channel: it would deadlock.")
        async with self.lock(guild_id, channel_id):
            token = _HELD.set(held | {key})
            try:
                yield
            finally:
                _HELD.reset(token)

    @asynccontextmanager
    async def channel(self, guild_id: int, channel_id: int) -> AsyncIterator[UnitOfWork]:
        """One command in a channel: the channel's lock, one transaction, commit or rollback."""
        async with (
            self._locked(guild_id, channel_id),
            self._transaction(guild_id, channel_id) as uow,
        ):
            yield uow

    @asynccontextmanager
    async def guild(self, guild_id: int) -> AsyncIterator[UnitOfWork]:
        """One command that touches no encounter (sheets, bestiary, settings): no lock."""
        async with self._transaction(guild_id, None) as uow:
            yield uow

    @asynccontextmanager
    async def reading(
        self, guild_id: int, channel_id: int | None = None
    ) -> AsyncIterator[UnitOfWork]:
        """A command that only reads (a listing, ``/historial``, ``/estadisticas``, an
        autocomplete; with ``channel_id``, the channel's encounter too): no channel lock (it
        reads what was last committed), and a transaction that takes no write lock (SQLite:
        DEFERRED, so in WAL mode it neither waits for a writer nor makes one wait). It is
        never committed: closing the session ends it (the pool rolls it back) and keeps what
        it read usable; a change made in it is refused at its flush. Keep it short: an open
        read transaction holds back SQLite's checkpoints (read a big log in batches, one
        unit each)."""
        async with self._read_sessions() as session:
            event.listen(session.sync_session, "before_flush", _refuse_writes)
            yield UnitOfWork(
                session,
                guild_id,
                channel_id,
                settings_cache=self.settings_cache,
                encounter_cache=self.encounter_cache,
                clock=self.clock,
            )

    @asynccontextmanager
    async def across_guilds(self) -> AsyncIterator[AsyncSession]:
        """A transaction scoped by no guild: what the reminders' scheduler reads first."""
        async with self._sessions() as session, session.begin():
            yield session

    async def run_in_channel(
        self,
        guild_id: int,
        channel_id: int | None,
        fn: Callable[[UnitOfWork], Awaitable[T]],
        *,
        attempts: int | None = None,
        claiming: bool = False,
    ) -> T:
        """Run ``fn(uow)`` in one transaction under the channel's lock; re-run it from scratch
        when the encounter changed underneath, up to ``attempts`` times, then raise
        :class:`ConcurrencyError`. ``fn`` may run more than once: no messages inside it.
        (``channel_id`` ``None``: :meth:`run_in_guild`, no lock.)

        ``claiming``: ``fn`` claims rows that other processes may claim at the same moment
        (the scheduler's reminders, :mod:`.claims`): it runs as a retry does from its first
        attempt, the encounter read ``FOR UPDATE`` at READ COMMITTED (PostgreSQL), so the
        process that loses the race waits for the winner's commit and then sees its claim,
        instead of failing on its older snapshot and running the whole unit again."""
        tries = self.attempts if attempts is None else attempts
        lock = self._locked(guild_id, channel_id) if channel_id is not None else nullcontext()
        async with lock:
            for attempt in range(1, tries + 1):
                try:
                    # A retry reads the encounter FOR UPDATE (PostgreSQL): it cannot lose
                    # twice.
                    locked = claiming or attempt > 1
                    async with self._transaction(guild_id, channel_id, locked) as uow:
                        return await fn(uow)
                except ConcurrencyError as exc:
                    self._conflicted(exc, attempt, tries, guild_id, channel_id)
                    if attempt == tries:
                        raise
                await asyncio.sleep(random.uniform(0, BACKOFF_S * 2 ** (attempt - 1)))
        raise AssertionError("unreachable")  # pragma: no cover

    async def run_in_guild(
        self,
        guild_id: int,
        fn: Callable[[UnitOfWork], Awaitable[T]],
        *,
        attempts: int | None = None,
        claiming: bool = False,
    ) -> T:
        """Like :meth:`run_in_channel` for a command with no channel (no lock); with
        ``claiming``, at READ COMMITTED from the first attempt (a session's steps)."""
        return await self.run_in_channel(guild_id, None, fn, attempts=attempts, claiming=claiming)

    def _conflicted(
        self,
        exc: ConcurrencyError,
        attempt: int,
        tries: int,
        guild_id: int,
        channel_id: int | None,
    ) -> None:
        """A unit lost a race: counted by what collided, and a DEBUG line with its statement."""
        self.conflicts += 1
        where = exc.where or "?"
        self.conflict_kinds[where] += 1
        log.debug(
            "Conflicto en %s (intento %d de %d, servidor %s, canal %s)%s",
            where,
            attempt,
            tries,
            guild_id,
            channel_id,
            f": {sql}" if (sql := _statement(exc)) else "",
        )

    @asynccontextmanager
    async def _transaction(
        self, guild_id: int, channel_id: int | None, lock_encounter: bool = False
    ) -> AsyncIterator[UnitOfWork]:
        try:
            sessions = self._retry_sessions if lock_encounter else self._sessions
            async with sessions() as session:
                async with session.begin():
                    uow = UnitOfWork(
                        session,
                        guild_id,
                        channel_id,
                        lock_encounter=lock_encounter,
                        settings_cache=self.settings_cache,
                        encounter_cache=self.encounter_cache,
                        clock=self.clock,
                    )
                    yield uow
                    await uow.finish()
                uow.publish(self.commit_listeners)  # committed: its encounters may be cached
        except (StaleDataError, DBAPIError) as exc:
            if _is_retryable(exc):
                raise ConcurrencyError(where=conflict_of(exc)) from exc
            raise
