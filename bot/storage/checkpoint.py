"""SQLite's WAL checkpoints, in the background instead of inside a command's commit.

In WAL mode a commit appends the pages it changed to the ``-wal`` file. Once that file holds
``wal_autocheckpoint`` pages (SQLite's default: 1,000), the commit that crossed the mark also
copies them back into the database and syncs both files: a checkpoint, which the command whose
commit that was waits for — an order of magnitude longer than a plain commit, the slowest
commands of a busy bot (figures in ``bench/README.md``).

So every :data:`CHECKPOINT_EVERY` commits the storage starts a ``PASSIVE`` checkpoint in a
task of its own, on a pooled connection: the statement runs on that connection's aiosqlite
thread, never on the loop's. A passive checkpoint waits for no reader or writer and holds no
lock a writer needs, so commands go on committing meanwhile; the next writer after a complete
checkpoint starts the WAL over. SQLite's own automatic checkpoint stays on, at
:data:`~bot.storage.engine.WAL_AUTOCHECKPOINT_PAGES`, as the backstop: one commit of thousands
of rows (an import) still crosses it in its own commit, and if the checkpointer fails the WAL
stays bounded all the same. PostgreSQL and in-memory SQLite have no checkpointer.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging

from sqlalchemy.ext.asyncio import AsyncEngine

from .engine import is_sqlite, is_sqlite_memory

log = logging.getLogger(__name__)

#: Commits between two background checkpoints: a command's commit writes a few dozen pages,
#: so the WAL stays well under the backstop, :data:`~bot.storage.engine.WAL_AUTOCHECKPOINT_PAGES`.
CHECKPOINT_EVERY = 50


class WalCheckpointer:
    """Counts the storage's commits and checkpoints the WAL every ``every`` of them."""

    def __init__(self, engine: AsyncEngine, every: int = CHECKPOINT_EVERY) -> None:
        self.engine = engine
        self.every = every
        self._commits = 0
        self._task: asyncio.Task[None] | None = None
        #: Checkpoints that ran, and the last one's (busy, WAL pages, pages copied) answer.
        self.done = 0
        self.last: tuple[int, int, int] | None = None

    def committed(self) -> None:
        """A unit of work committed (synchronous: nothing on the command's path)."""
        self._commits += 1
        if self._commits < self.every or self.running:
            return
        self._commits = 0
        # The task runs in an empty context, not the one of the command whose commit this was.
        self._task = asyncio.get_running_loop().create_task(
            self._checkpoint(), name="umbral-wal-checkpoint", context=contextvars.Context()
        )

    @classmethod
    def for_engine(cls, engine: AsyncEngine) -> WalCheckpointer | None:
        """A checkpointer for a SQLite file's engine; None where there is no WAL to keep
        short (PostgreSQL, SQLite in memory)."""
        url = str(engine.url)
        return cls(engine) if is_sqlite(url) and not is_sqlite_memory(url) else None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def _checkpoint(self) -> None:
        try:
            async with self.engine.connect() as conn:
                # aiosqlite's own connection: no BEGIN (a checkpoint can't run inside one)
                driver = (await conn.get_raw_connection()).driver_connection
                assert driver is not None  # one the pool has just handed out
                async with driver.execute("PRAGMA wal_checkpoint(PASSIVE)") as cur:
                    row = await cur.fetchone()
            self.last = (int(row[0]), int(row[1]), int(row[2])) if row else None
            self.done += 1
        except Exception:  # the automatic checkpoint still bounds the WAL
            log.warning("No se pudo hacer el checkpoint del WAL de SQLite", exc_info=True)

    async def idle(self) -> None:
        """Wait for the checkpoint under way, if any (tests, and closing the storage)."""
        if self._task is not None:
            await asyncio.wait([self._task])
