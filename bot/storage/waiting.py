"""Who waits for whom: when the phase began and when each pending defense began to wait."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from .encounter_info import aware
from .models import PendingDefenseRow


@dataclass(frozen=True)
class Waiting:
    phase_since: datetime | None
    #: pending defense id → when it began to wait
    pending_since: dict[str, datetime] = field(default_factory=dict)


async def waiting(
    session: AsyncSession, encounter_id: int, phase_since: datetime | None
) -> Waiting:
    """The times of the encounter's pending defenses (one SELECT) with the phase's start."""
    stmt = select(PendingDefenseRow.key, PendingDefenseRow.created_at).where(
        PendingDefenseRow.encounter_id == encounter_id
    )
    rows = (await session.execute(stmt)).all()
    since = {str(key): when for key, when in ((k, aware(t)) for k, t in rows) if when is not None}
    return Waiting(phase_since, since)
