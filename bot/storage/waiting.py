"""Who waits for whom: when the phase began and when each pending defense began to wait."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from .encounter_info import since_times
from .models import EncounterRow


@dataclass(frozen=True)
class Waiting:
    phase_since: datetime | None
    #: pending defense id → when it began to wait
    pending_since: dict[str, datetime] = field(default_factory=dict)


async def waiting(
    session: AsyncSession, encounter_id: int, phase_since: datetime | None
) -> Waiting:
    """The times of the encounter's pending defenses (one SELECT) with the phase's start."""
    stmt = select(EncounterRow.pending_since).where(EncounterRow.id == encounter_id)
    stored = (await session.execute(stmt)).scalar() or {}
    return Waiting(phase_since, since_times(stored))
