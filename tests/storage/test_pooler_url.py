"""``prepared_statement_cache_size=0`` in a PostgreSQL URL says a pooler in transaction mode
(PgBouncer) is in between (issue 49, docs/administracion.md): every prepared statement gets
a name no other connection uses and lives only in its transaction, and the bot works as
ever. Measured through a real PgBouncer by ``make bench ARGS=--escala``."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from bot.storage import Storage
from bot.storage.engine import behind_pooler
from umbral_rules.encounter import Encounter


def test_the_url_says_whether_a_pooler_is_in_between() -> None:
    base = "postgresql+asyncpg://bot@db.example/umbral"
    assert behind_pooler(f"{base}?prepared_statement_cache_size=0")
    assert not behind_pooler(base)
    assert not behind_pooler(f"{base}?prepared_statement_cache_size=100")
    assert not behind_pooler("sqlite+aiosqlite:///umbral.db?prepared_statement_cache_size=0")


@pytest.mark.backends("postgresql")
async def test_statements_behind_a_pooler_have_names_of_their_own(database_url: str) -> None:
    storage = Storage.from_url(f"{database_url}?prepared_statement_cache_size=0")
    try:
        async with storage.channel(guild_id=1, channel_id=2) as uow:
            await uow.encounter.create(Encounter.start("mesa"), creator_id=3)
            names = (
                await uow.session.execute(text("SELECT name FROM pg_prepared_statements"))
            ).scalars()
            found = list(names)
        assert found and all(n.startswith("__umbral_") for n in found)
        async with storage.channel(guild_id=1, channel_id=2) as uow:
            assert (await uow.encounter.require()).mode.value == "mesa"
    finally:
        await storage.close()
