"""Migration 0010 (issue 19, reminders) keeps the guilds' settings and the encounters (every
guild in Europe/Madrid, every encounter's reminders off), and downgrades cleanly."""

from __future__ import annotations

from sqlalchemy import text

from bot.storage import Storage, create_engine, downgrade
from bot.storage.reminders import armed

from .helpers import CHANNEL, GUILD, USER, seed_at

ROWS = [
    "INSERT INTO guild_settings (guild_id, gm_role_id, physical_dice_allowed, default_mode,"
    " defense_mode, secuelas, extra_estados, version) VALUES (:g, 42, true, 'narrativo',"
    " 'inmediata', '{}', '[]', 2)",
    "INSERT INTO encounters (id, guild_id, channel_id, schema_version, mode, asalto, phase,"
    " settings, extra, status, creator_id, version) VALUES (3, :g, :c, 1, 'mesa', 2,"
    " 'jugadores', '{}', '{}', 'active', :u, 5)",
]


async def test_0010_keeps_settings_and_encounters(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0009", ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.channel(GUILD, CHANNEL) as uow:
            settings = await uow.guild.get()
            assert (settings.gm_role_id, settings.default_mode, settings.timezone) == (
                42,
                "narrativo",
                "Europe/Madrid",
            )
            enc = await uow.encounter.require()
            assert (enc.asalto, enc.phase) == (2, "jugadores")
            assert await uow.reminders.settings(3) is None  # off
        async with storage.across_guilds() as session:
            assert await armed(session) == []
    finally:
        await storage.close()
    await downgrade(url, "0009")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            mode = (await conn.execute(text("SELECT default_mode FROM guild_settings"))).scalar()
            assert mode == "narrativo"
    finally:
        await engine.dispose()
