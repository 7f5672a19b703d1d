"""``Storage.reading``: the unit of work of a command that only reads. On SQLite it begins
DEFERRED (WAL: no write lock), so a writer commits while a read transaction is open, and
the reader keeps the snapshot it began with; a change made in it is refused, never saved."""

from __future__ import annotations

import pytest

from bot.storage import Storage

GUILD = 900


@pytest.mark.backends("sqlite")
async def test_a_writer_commits_while_a_read_transaction_is_open(storage: Storage) -> None:
    async with storage.reading(GUILD) as reader:
        assert await reader.characters.list_all() == []  # its snapshot is taken
        # With BEGIN IMMEDIATE the reader would hold the write lock: this writer would wait
        # out busy_timeout and fail with «database is locked».
        async with storage.guild(GUILD) as writer:
            await writer.characters.create(1, "Íñigo", atributos={"vigor": 3}, aguante_max=10)
        assert await reader.characters.list_all() == []  # still its own snapshot
    async with storage.reading(GUILD) as after:
        assert [c.nombre for c in await after.characters.list_all()] == ["Íñigo"]


async def test_a_read_unit_refuses_a_change_and_saves_nothing(storage: Storage) -> None:
    with pytest.raises(RuntimeError, match="read-only unit of work tried to write"):
        async with storage.reading(GUILD) as uow:
            await uow.guild.update(timezone="America/Lima")
            await uow.flush()
    async with storage.reading(GUILD) as uow:
        assert (await uow.guild.get()).timezone != "America/Lima"
