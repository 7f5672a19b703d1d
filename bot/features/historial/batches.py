"""The roll log read whole (``/historial exportar``, ``/estadisticas``) without holding a
long transaction: in batches by id, each batch in its own short read-only unit of work.

Why not one transaction: on SQLite a read takes no write lock (``Storage.reading``: WAL,
DEFERRED), so it never makes a ``/tirar`` wait; but while a read transaction stays open
SQLite cannot checkpoint past its snapshot, and the WAL file grows with every write
meanwhile. A batch reads at most :data:`BATCH` entries (milliseconds), then lets go.
What a batched read gives up is one snapshot: it reads every entry up to the newest one
logged when it started (what is logged after it is left out, as it would be in one
transaction), and an entry changed between two batches (a ``/decir`` line deleted) shows
as it was when its batch was read."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import TypeVar

from bot.storage import Storage, UnitOfWork

T = TypeVar("T")

#: Entries read per batch (one short read transaction each).
BATCH = 2000
#: Awaited after each batch is read, with its length, while that batch's read transaction
#: is still open: a test's way to run other commands mid-read (None in the bot).
after_batch: Callable[[int], Awaitable[None]] | None = None

#: ``fetch(uow, after_id, before_id)``: the next batch (oldest first, at most ``size`` rows).
Fetch = Callable[[UnitOfWork, int | None, int], Awaitable[Sequence[T]]]


async def each(
    storage: Storage,
    guild_id: int,
    fetch: Fetch[T],
    id_of: Callable[[T], int],
    size: int = BATCH,
) -> AsyncIterator[Sequence[T]]:
    """Each batch ``fetch`` finds (``size`` at most), up to the guild's newest entry when
    the read started; the batch's transaction has ended when it is yielded."""
    upto: int | None = None
    last: int | None = None
    while True:
        async with storage.reading(guild_id) as uow:
            if upto is None:
                upto = await uow.rolls.last_id()
            batch = await fetch(uow, last, upto + 1)
            if after_batch is not None:
                await after_batch(len(batch))
        if batch:
            last = id_of(batch[-1])
            yield batch
        if len(batch) < size:
            return


async def read_all(
    storage: Storage,
    guild_id: int,
    fetch: Fetch[T],
    id_of: Callable[[T], int],
    size: int = BATCH,
) -> list[T]:
    """Every row of :func:`each`'s batches, in one list."""
    rows: list[T] = []
    async for batch in each(storage, guild_id, fetch, id_of, size):
        rows.extend(batch)
    return rows


async def undone(
    storage: Storage, guild_id: int, channel_id: int | None, oldest: int | None
) -> frozenset[int]:
    """The ids a /deshacer took back from ``oldest`` on (one more short read)."""
    async with storage.reading(guild_id) as uow:
        return await uow.rolls.undone_ids(channel_id=channel_id, after=oldest)
