"""The guild settings' cache (``bot/storage/settings.py``): a unit that wrote the settings
empties it once it has committed, so the next command of this process sees the change at
once; a unit that only read them, or that rolled back, leaves it as it was."""

from __future__ import annotations

import pytest

from bot.storage import Storage

from .helpers import GUILD


async def _warm(storage: Storage) -> None:
    """Read the settings twice: the second read is served from the cache."""
    for _ in range(2):
        async with storage.guild(GUILD) as uow:
            await uow.guild.get()
    assert GUILD in storage.settings_cache.by_guild


async def test_a_committed_change_is_seen_by_the_next_unit_at_once(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=7)
    await _warm(storage)
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=42, secuelas={"2": "Cojera"})
    assert GUILD not in storage.settings_cache.by_guild
    async with storage.guild(GUILD) as uow:
        settings = await uow.guild.get()
        assert (settings.gm_role_id, settings.secuelas) == (42, {"2": "Cojera"})


async def test_an_in_place_change_of_the_row_read_empties_the_cache_too(
    storage: Storage,
) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(extra_estados=["Marcado"])
    async with storage.guild(GUILD) as uow:
        (await uow.guild.get()).extra_estados.append("Sangrando")  # read, not cached: attached
    async with storage.guild(GUILD) as uow:
        assert (await uow.guild.get()).extra_estados == ["Marcado", "Sangrando"]


async def test_a_unit_that_only_reads_keeps_what_it_cached(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=7)
    async with storage.guild(GUILD) as uow:
        await uow.guild.get()  # a miss: the row read, attached to this unit's session
    cached = storage.settings_cache.by_guild[GUILD]
    async with storage.guild(GUILD) as uow:
        assert (await uow.guild.get()).gm_role_id == 7
    assert storage.settings_cache.by_guild[GUILD] is cached


async def test_a_rolled_back_change_leaves_the_cache_as_it_was(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=7)
    await _warm(storage)
    cached, generation = storage.settings_cache.by_guild[GUILD], storage.settings_cache.generation
    with pytest.raises(RuntimeError, match="no"):
        async with storage.guild(GUILD) as uow:
            await uow.guild.update(gm_role_id=42)
            await uow.flush()  # written, then rolled back
            raise RuntimeError("no")
    assert storage.settings_cache.by_guild[GUILD] is cached
    assert storage.settings_cache.generation == generation
    async with storage.guild(GUILD) as uow:
        assert (await uow.guild.get()).gm_role_id == 7


async def test_a_change_empties_the_cache_only_once_committed(
    storage: Storage,
) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=7)
    await _warm(storage)
    generation = storage.settings_cache.generation
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=8)
        await uow.flush()
        assert storage.settings_cache.generation == generation  # not yet: not committed
    assert storage.settings_cache.generation > generation


async def test_a_cached_copy_changed_by_its_caller_changes_neither_cache_nor_row(
    storage: Storage,
) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.guild.update(gm_role_id=7, secuelas={"2": "Cojera"})
    await _warm(storage)
    async with storage.guild(GUILD) as uow:
        copy = await uow.guild.get()  # a hit: a detached copy
        copy.secuelas["3"] = "Cicatriz"
        copy.gm_role_id = 8
    async with storage.guild(GUILD) as uow:
        settings = await uow.guild.get()
        assert (settings.gm_role_id, settings.secuelas) == (7, {"2": "Cojera"})
    async with storage.reading(GUILD) as uow:
        row = await uow.session.get(type(settings), GUILD)
        assert row is not None and (row.gm_role_id, row.secuelas) == (7, {"2": "Cojera"})
