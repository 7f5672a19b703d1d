"""Migration 0014 (issue 34, the Malherido clock's setting) keeps every guild's settings as
the previous release wrote them — its secuelas table and its own estados included — with no
value for the new setting (the project's default), and downgrades cleanly."""

from __future__ import annotations

from sqlalchemy import text

from bot.storage import Storage, create_engine, downgrade

from .helpers import CHANNEL, GUILD, seed_at

ROWS = [
    "INSERT INTO guild_settings (guild_id, gm_role_id, physical_dice_allowed, gm_channel_id,"
    " default_mode, defense_mode, secuelas, extra_estados, timezone, version) VALUES (:g, 42,"
    ' true, 77, \'narrativo\', \'inmediata\', \'{"2": "Cojera", "3": "Cicatriz"}\','
    ' \'["Marcado", {"nombre": "Aterrado", "desventaja": ["ofensiva"]}]\','
    " 'America/Lima', 3)",
]


async def test_0014_keeps_the_guild_settings_and_adds_no_value(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0011", ROWS, {"g": GUILD})
    storage = Storage.from_url(url)
    try:
        async with storage.channel(GUILD, CHANNEL) as uow:
            settings = await uow.guild.get()
            assert (settings.gm_role_id, settings.gm_channel_id, settings.timezone) == (
                42,
                77,
                "America/Lima",
            )
            assert settings.secuelas == {"2": "Cojera", "3": "Cicatriz"}
            assert settings.extra_estados == [
                "Marcado",
                {"nombre": "Aterrado", "desventaja": ["ofensiva"]},
            ]
            assert settings.malherido_asaltos is None  # the project's default
            await uow.guild.update(malherido_asaltos=5)
        async with storage.channel(GUILD, CHANNEL) as uow:
            assert (await uow.guild.get()).malherido_asaltos == 5
    finally:
        await storage.close()
    await downgrade(url, "0011")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            row = (
                await conn.execute(text("SELECT default_mode, timezone FROM guild_settings"))
            ).one()
            assert tuple(row) == ("narrativo", "America/Lima")
    finally:
        await engine.dispose()
