"""The hash of the command tree last synced with Discord (table ``command_sync``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import Table, delete, insert, select

from bot.storage.models import CommandSyncRow

if TYPE_CHECKING:
    from bot.storage.uow import Storage

TABLE: Table = CommandSyncRow.__table__  # type: ignore[assignment]


async def synced_hash(storage: Storage, scope: str) -> str | None:
    """The hash last synced for ``scope``, or ``None`` (never synced)."""
    async with storage.engine.connect() as conn:
        found = await conn.scalar(select(TABLE.c.payload_hash).where(TABLE.c.scope == scope))
    return str(found) if found is not None else None


async def remember_hash(storage: Storage, scope: str, payload_hash: str) -> None:
    async with storage.engine.begin() as conn:
        await conn.execute(delete(TABLE).where(TABLE.c.scope == scope))
        await conn.execute(
            insert(TABLE).values(
                scope=scope, payload_hash=payload_hash, synced_at=datetime.now(UTC)
            )
        )
