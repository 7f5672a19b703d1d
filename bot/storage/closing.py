"""The rounds the bot closes by itself (issue 46: the graded fight's window), as the
reminders' task reads them across guilds: those due now and the next moment one falls due,
of the guilds this process sees to (:class:`~.shards.ShardScope`: its shards', another's
once overdue by the grace). Both read only the encounters whose ``closes_at`` is set
(migration 0022's partial index)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import SQLColumnExpression, select
from sqlalchemy.ext.asyncio import AsyncSession

from .encounter_info import aware
from .models import ENCOUNTER_ACTIVE, EncounterRow
from .shards import ShardScope, earliest, earliest_columns, seen_to

#: When a round closes (the rows read here all have one: the column is nullable).
CLOSES_AT = cast("SQLColumnExpression[datetime]", EncounterRow.closes_at)


@dataclass(frozen=True)
class Closing:
    """An active encounter whose round the bot closes at ``closes_at``."""

    encounter_id: int
    guild_id: int
    channel_id: int
    system: str
    closes_at: datetime


async def closing_due(
    session: AsyncSession, now: datetime, scope: ShardScope | None = None
) -> list[Closing]:
    """The active encounters whose round is due to close by ``now``, earliest first."""
    e = EncounterRow
    stmt = (
        select(e.id, e.guild_id, e.channel_id, e.system, e.closes_at)
        .where(
            e.closes_at.is_not(None),
            e.closes_at <= now,
            e.status == ENCOUNTER_ACTIVE,
            seen_to(scope, e.guild_id, CLOSES_AT, now),
        )
        .order_by(e.closes_at)
    )
    rows = (await session.execute(stmt)).all()
    return [Closing(r[0], r[1], r[2], r[3], aware(r[4]) or now) for r in rows]


async def next_closing(session: AsyncSession, scope: ShardScope | None = None) -> datetime | None:
    """The earliest moment this process has a round to close (another shard's: once
    overdue by the grace)."""
    e = EncounterRow
    stmt = select(*earliest_columns(scope, e.guild_id, CLOSES_AT)).where(
        e.closes_at.is_not(None), e.status == ENCOUNTER_ACTIVE
    )
    return earliest(scope, (await session.execute(stmt)).one())
