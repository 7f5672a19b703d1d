"""The server's open encounters, for ``/encuentro lista``."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from . import statements as st
from .models import ENCOUNTER_ACTIVE


async def active_channels(session: AsyncSession, guild_id: int) -> list[int]:
    """The channels (and threads) of the guild with an active encounter, oldest first."""
    stmt = (
        select(st.ENC.c.channel_id)
        .where(st.ENC.c.guild_id == guild_id, st.ENC.c.status == ENCOUNTER_ACTIVE)
        .order_by(st.ENC.c.id)
    )
    return [int(c) for c in (await session.scalars(stmt)).all()]
