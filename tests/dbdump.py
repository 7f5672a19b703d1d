"""A read-only dump of every table (tests compare the database before and after a command)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.models import Base


async def dump_tables(engine: AsyncEngine) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every mapped table but the console's memory (``console_state``, written
    when a console closes), sorted, as plain tuples (one read transaction)."""
    dumped: dict[str, list[tuple[object, ...]]] = {}
    async with engine.connect() as conn:
        for table in Base.metadata.sorted_tables:
            if table.name == "console_state":  # the console's Discord, not the game's data
                continue
            rows = (await conn.execute(select(table))).all()
            dumped[table.name] = sorted((tuple(row) for row in rows), key=repr)
    return dumped
