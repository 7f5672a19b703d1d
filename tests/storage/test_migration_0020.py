"""Migration 0020 (issue 43, the console's memory): a database 0019 wrote keeps its rows and
gets an empty ``console_state`` that takes a document; the downgrade drops only that table."""

from __future__ import annotations

from sqlalchemy import inspect

from bot.storage import Storage, create_engine, downgrade
from bot.storage.console_state import load_console_state, save_console_state

from .helpers import GUILD, USER, seed_at
from .test_migration_0015 import ATTRS, ROWS


async def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def test_0020_adds_the_console_memory_and_keeps_the_rest(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0015", ROWS, {"g": GUILD, "u": USER, "attrs": ATTRS, "secret": "x"})
    storage = Storage.from_url(url)
    try:
        async with storage.guild(GUILD) as uow:
            kaeda = await uow.characters.by_name(USER, "Kaeda")
            assert kaeda is not None and kaeda.aguante == 9
        assert await load_console_state(storage.engine) is None
        await save_console_state(storage.engine, {"now": 5.0, "names": {"1": "ñu"}})
        await save_console_state(storage.engine, {"now": 9.0, "names": {"1": "ñu"}})
        assert await load_console_state(storage.engine) == {"now": 9.0, "names": {"1": "ñu"}}
    finally:
        await storage.close()
    await downgrade(url, "0019")
    assert "console_state" not in await _tables(url) and "characters" in await _tables(url)
