"""The server's open encounters, for ``/encuentro lista``."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from .models import ENCOUNTER_ACTIVE, EncounterRow


async def active_channels(session: AsyncSession, guild_id: int) -> list[int]:
    """The channels (and threads) of the guild with an active encounter, oldest first."""
    stmt = (
        select(EncounterRow.channel_id)
        .where(EncounterRow.guild_id == guild_id, EncounterRow.status == ENCOUNTER_ACTIVE)
        .order_by(EncounterRow.id)
    )
    return [int(c) for c in (await session.scalars(stmt)).all()]
