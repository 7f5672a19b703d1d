"""Migration 0022 (issue 46, a round that closes by itself): a database 0021 wrote keeps its
encounters and reminders, none of them closes by itself (``closes_at`` NULL), a save with a
window sets it and the task's read finds it; the downgrade drops only the column and its
index (the reminders of an encounter stay: no table is copied)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import inspect, text

from bot.storage import Storage, create_engine, downgrade
from bot.storage.closing import closing_due, next_closing

from .helpers import CHANNEL, GUILD, USER, seed_at
from .test_migration_0019 import ROWS


async def test_0022_keeps_everything_and_times_only_what_asks(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0021", ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.across_guilds() as session:
            assert await next_closing(session) is None
        async with storage.channel(GUILD, CHANNEL) as uow:
            info = await uow.encounter.facts()
            assert info is not None and (info.id, info.version, info.closes_at) == (3, 5, None)
            await uow.encounter.save({"asalto": 1}, window=timedelta(seconds=90))
            saved = uow.encounter.info
            assert saved is not None and saved.closes_at is not None
            closes = saved.closes_at
        async with storage.across_guilds() as session:
            assert await next_closing(session) == closes
            assert await closing_due(session, closes - timedelta(seconds=1)) == []
            [due] = await closing_due(session, closes)
            assert (due.encounter_id, due.channel_id, due.closes_at) == (3, CHANNEL, closes)
        async with storage.channel(GUILD, CHANNEL) as uow:
            await uow.encounter.facts()
            await uow.encounter.save({"asalto": 1})  # (no window: not timed any more)
        async with storage.across_guilds() as session:
            assert await next_closing(session) is None
    finally:
        await storage.close()
    await downgrade(url, "0021")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            columns = await conn.run_sync(lambda c: inspect(c).get_columns("encounters"))
            assert "closes_at" not in {str(c["name"]) for c in columns}
            indexes = await conn.run_sync(lambda c: inspect(c).get_indexes("encounters"))
            assert "ix_encounters_closes_at" not in {i["name"] for i in indexes}
            reminders = (await conn.execute(text("SELECT count(*) FROM reminders"))).scalar()
            encounters = (await conn.execute(text("SELECT id, version FROM encounters"))).all()
            assert reminders == 1 and encounters == [(3, 7)]
    finally:
        await engine.dispose()
