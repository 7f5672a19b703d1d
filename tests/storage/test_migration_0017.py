"""Migration 0017 (issue 38, speaking as a character): a character 0015 wrote keeps every
value and gets no picture (the default one); the webhooks and lines tables start empty and
take rows; the downgrade drops them and the column, the character still there."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import text

from bot.storage import Storage, create_engine, downgrade
from bot.storage.scene import SceneLine, StoredWebhook

from .helpers import GUILD, USER, seed_at
from .test_migration_0015 import ATTRS, ROWS


async def test_0017_keeps_characters_and_adds_the_scene(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0015", ROWS, {"g": GUILD, "u": USER, "attrs": ATTRS, "secret": "x"})
    storage = Storage.from_url(url)
    try:
        async with storage.guild(GUILD) as uow:
            kaeda = await uow.characters.by_name(USER, "Kaeda")
            assert kaeda is not None
            assert (kaeda.aguante, kaeda.aguante_max, kaeda.avatar_url) == (9, 16, None)
            assert await uow.scene.webhook(5) is None
            await uow.scene.keep_webhook(5, StoredWebhook(77, "secreto"))
            line = SceneLine(0, 5, None, 88, 77, USER, kaeda.id, "Kaeda", "Hola", 1)
            await uow.scene.add_line(line, datetime(2026, 1, 1, tzinfo=UTC))
        async with storage.guild(GUILD) as uow:
            assert await uow.scene.webhook(5) == StoredWebhook(77, "secreto")
            assert "secreto" not in repr(await uow.scene.webhook(5))
            await uow.scene.delete_line(88, datetime(2026, 1, 2, tzinfo=UTC))
            gone = await uow.scene.line(88)
            assert gone is not None and gone.texto is None and gone.actor == "Kaeda"
    finally:
        await storage.close()
    await downgrade(url, "0015")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            names = (await conn.execute(text("SELECT nombre FROM characters ORDER BY id"))).all()
    finally:
        await engine.dispose()
    assert [n for (n,) in names] == ["Kaeda", "Sombra"]
