"""Migration 0021 (issues 45–47, more than one game system): a database 0020 wrote keeps its
encounters, reminders and settings; every encounter plays Umbral and every server defaults
to it; ``system_sheets`` takes sheets of the other systems; the downgrade drops only what
0021 added (the reminders of an encounter stay: no table is copied)."""

from __future__ import annotations

from sqlalchemy import inspect, text

from bot.storage import Storage, create_engine, downgrade

from .helpers import CHANNEL, GUILD, USER, seed_at
from .test_migration_0019 import ROWS


async def _columns(url: str, table: str) -> set[str]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            found = await conn.run_sync(lambda c: inspect(c).get_columns(table))
            return {str(c["name"]) for c in found}
    finally:
        await engine.dispose()


async def test_0021_plays_umbral_before_and_keeps_everything(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0020", ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.reading(GUILD, CHANNEL) as uow:
            assert await uow.encounter.system() == "umbral"
            settings = await uow.guild.get()
            assert (settings.default_system, settings.system_rules) == ("umbral", {})
        async with storage.guild(GUILD) as uow:
            added = await uow.system_sheets.add("hielo", "pj", USER, "Yorgen", {"rangos": {}})
            assert (added.nombre, added.version) == ("Yorgen", 1)
        async with storage.guild(GUILD) as uow:
            found = await uow.system_sheets.require("hielo", "pj", "yorgen")
            saved = await uow.system_sheets.save(found, {"rangos": {"Agilidad": 3}})
            assert saved.version == 2 and saved.data == {"rangos": {"Agilidad": 3}}
            assert await uow.system_sheets.get("hielo", "enemigo", "Yorgen") is None
    finally:
        await storage.close()
    await downgrade(url, "0020")
    assert "system" not in await _columns(url, "encounters")
    assert not {"default_system", "system_rules"} & await _columns(url, "guild_settings")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            reminders = (await conn.execute(text("SELECT count(*) FROM reminders"))).scalar()
            encounters = (await conn.execute(text("SELECT id, version FROM encounters"))).all()
            assert reminders == 1 and encounters == [(3, 5)]
            tables = await conn.run_sync(lambda c: inspect(c).get_table_names())
            assert "system_sheets" not in tables
    finally:
        await engine.dispose()
