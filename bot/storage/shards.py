"""Which guilds' scheduled work a process sees to when the bot runs as several processes
(``SHARD_COUNT`` / ``SHARD_IDS``), as a clause of the scheduler's statements (issue 49).

A guild is on shard ``(guild_id >> 22) % count`` (Discord's rule). A process reads the due
reminders and session steps of the guilds on its own shards, and another shard's only once
what is due there is ``grace`` overdue (its process must be down): the filter runs in the
database, so N processes do not each read every guild's rows to throw most of them away.
The shift is written as ``>>`` (SQLite and PostgreSQL both have it for integers; ``guild_id``
is a BIGINT, and a snowflake is positive, so the shift is a division by 2**22).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Integer,
    SQLColumnExpression,
    case,
    false,
    func,
    literal_column,
    not_,
    or_,
    true,
)

from .encounter_info import aware

#: The bits of a snowflake below its timestamp: Discord's shard rule shifts them out.
SNOWFLAKE_SHIFT = 22


@dataclass(frozen=True)
class ShardScope:
    """The shards ``ids`` of ``count`` this process runs, and how long another shard's due
    work waits (``grace``) before this process takes it over."""

    count: int
    ids: frozenset[int]
    grace: timedelta

    @classmethod
    def of(cls, count: int, ids: Iterable[int], grace: timedelta) -> ShardScope:
        return cls(count, frozenset(ids), grace)

    def owns(self, guild_id: int) -> bool:
        """Whether the guild is on one of this process's shards."""
        return (guild_id >> SNOWFLAKE_SHIFT) % self.count in self.ids

    def mine(self, guild_id: SQLColumnExpression[int]) -> ColumnElement[bool]:
        """The SQL of :meth:`owns` for a ``guild_id`` column."""
        if not self.ids:
            return false()
        # (the shift's count a plain INTEGER: PostgreSQL's ``>>`` takes no BIGINT there)
        bits = literal_column(str(SNOWFLAKE_SHIFT), Integer)
        shard = guild_id.op(">>", return_type=BigInteger)(bits) % self.count
        return shard.in_(sorted(self.ids))

    def overdue(self, now: datetime) -> datetime:
        """Another shard's work due at or before this moment is this process's too."""
        return now - self.grace


def seen_to(
    scope: ShardScope | None,
    guild_id: SQLColumnExpression[int],
    due: SQLColumnExpression[datetime],
    now: datetime | None,
) -> ColumnElement[bool]:
    """The rows this process sees to: every one without a scope; with one, its own guilds'
    and another's whose ``due`` is the scope's grace overdue by ``now`` (then required)."""
    if scope is None:
        return true()
    if now is None:
        raise ValueError("A shard scope needs the time to tell what is overdue.")
    return or_(scope.mine(guild_id), due <= scope.overdue(now))


def earliest_columns(
    scope: ShardScope | None, guild_id: SQLColumnExpression[int], due: SQLColumnExpression[datetime]
) -> list[ColumnElement[datetime]]:
    """What :func:`earliest` reads in one statement: the first ``due`` of this process's
    guilds, and (with a scope) the first of the others'."""
    if scope is None:
        return [func.min(due)]
    mine = scope.mine(guild_id)
    return [func.min(case((mine, due))), func.min(case((not_(mine), due)))]


def earliest(scope: ShardScope | None, found: Sequence[datetime | None]) -> datetime | None:
    """When this process has something to do next, from what :func:`earliest_columns`
    read: the first due of its own guilds, or the first of another's plus the grace (when
    it becomes this process's too)."""
    first = aware(found[0])
    theirs = aware(found[1]) if scope is not None else None
    if scope is not None and theirs is not None:
        theirs += scope.grace
        return theirs if first is None else min(first, theirs)
    return first
