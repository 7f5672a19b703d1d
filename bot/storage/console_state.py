"""What the local console's Discord kept (migration 0018): one JSON document per name.

The console (``bot/console/``) fakes Discord; Discord outlives the bot, so a console reopened
on a database goes on where the last one stopped: its clock, the members it knew, the
channels' messages, webhooks and threads, the guild's events. The console writes that
document when it closes and reads it when it opens (``bot/console/memory.py``); the bot
itself never reads this table.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, DateTime, String, Table, delete, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Mapped, mapped_column

from bot.jsontypes import JsonObject

from .models import Base

#: The console's document (one database, one fake guild).
CONSOLE = "consola"


class ConsoleStateRow(Base):
    __tablename__ = "console_state"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    data: Mapped[JsonObject] = mapped_column(JSON)
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


TABLE: Table = ConsoleStateRow.__table__  # type: ignore[assignment]


async def load_console_state(engine: AsyncEngine, name: str = CONSOLE) -> JsonObject | None:
    """The document saved under ``name`` (an ``AsyncEngine``), or ``None``."""
    async with engine.connect() as conn:
        found = await conn.scalar(select(TABLE.c.data).where(TABLE.c.name == name))
    return dict(found) if found is not None else None


async def save_console_state(engine: AsyncEngine, data: JsonObject, name: str = CONSOLE) -> None:
    """Replace the document saved under ``name``, in one transaction."""
    async with engine.begin() as conn:
        await conn.execute(delete(TABLE).where(TABLE.c.name == name))
        await conn.execute(insert(TABLE).values(name=name, data=data, saved_at=datetime.now(UTC)))
