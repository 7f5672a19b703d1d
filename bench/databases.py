"""The benchmark's databases: a fresh migrated PostgreSQL database per run, URLs redacted."""

from __future__ import annotations

import asyncio
import os
import time

from bench.measure import pg_connect_args


async def pg_admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(**pg_connect_args(url))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def pg_fresh(url: str) -> tuple[str, str]:
    """A new database on ``url``'s server, migrated: (its URL, its name)."""
    from sqlalchemy.engine import make_url

    from bot.storage import upgrade_head

    name = f"umbral_bench_{os.getpid()}_{int(time.time())}"
    asyncio.run(pg_admin(url, f"CREATE DATABASE {name}"))
    fresh = make_url(url).set(database=name).render_as_string(hide_password=False)
    asyncio.run(upgrade_head(fresh))
    return fresh, name


def redact(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
