"""Claims with a lease (issue 43): a message the scheduler posts (an encounter's reminder, a
session's reminder step) is taken by one process for a while before it is posted, and
released after (posted, to be retried, or given up).

A claim is one conditional ``UPDATE``: it takes the row only if nobody holds it or the
holder's lease has passed (a process that died), and counts the try (``attempts``), which
is then the claim's token: only the process whose try it still is may release it. The
``nonce`` is set by the first try and kept by the retries, so every try of one message
carries the same nonce (Discord drops a repeat of it within a few minutes). The ``UPDATE``
serialises the processes on its own: PostgreSQL's row lock makes the second one see the
first one's lease, and SQLite's write lock lets one writer at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, or_, select, update
from sqlalchemy.engine import CursorResult, Result
from sqlalchemy.ext.asyncio import AsyncSession

from .reminder_models import EncounterReminderSettings
from .session_models import SessionStepRow

#: The rows a message is claimed on: an encounter's reminders, a session's step.
Claimable = type[EncounterReminderSettings] | type[SessionStepRow]


@dataclass(frozen=True)
class Claim:
    """This process's try of a message: which one (1, 2, …) and the nonce it carries."""

    attempt: int
    nonce: str


def free(model: Claimable, now: datetime) -> ColumnElement[bool]:
    """Nobody holds the row, or its holder's lease has passed."""
    return or_(model.claimed_until.is_(None), model.claimed_until <= now)


async def take(
    session: AsyncSession,
    model: Claimable,
    key: Sequence[ColumnElement[bool]],
    now: datetime,
    lease_until: datetime,
    nonce: str,
    *also: ColumnElement[bool],
) -> Claim | None:
    """Claim the row ``key`` names (if ``also`` holds) until ``lease_until``; None if another
    process holds it."""
    result = await session.execute(
        update(model)
        .where(*key, *also, free(model, now))
        .values(
            claimed_until=lease_until,
            attempts=model.attempts + 1,
            nonce=func.coalesce(model.nonce, nonce),
        )
        .execution_options(synchronize_session=False)
    )
    if _count(result) != 1:
        return None
    attempt, kept = (await session.execute(select(model.attempts, model.nonce).where(*key))).one()
    return Claim(int(attempt), str(kept))


async def release(
    session: AsyncSession,
    model: Claimable,
    key: Sequence[ColumnElement[bool]],
    claim: Claim,
    **values: datetime | int | None,
) -> bool:
    """Set ``values`` on the row and let go of it, if the claim is still this process's
    (the same try): whether it was."""
    result = await session.execute(
        update(model)
        .where(*key, model.attempts == claim.attempt)
        .values(claimed_until=None, **values)
        .execution_options(synchronize_session=False)
    )
    return _count(result) == 1


def _count(result: Result[Any]) -> int:
    assert isinstance(result, CursorResult)
    return int(result.rowcount)
