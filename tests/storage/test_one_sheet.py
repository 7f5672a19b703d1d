"""One sheet of truth (issue 18): a character fights in one encounter at a time, and the
encounter and every other writer of its sheet (another channel, another process) never lose
each other's changes."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import (
    ConcurrencyError,
    Storage,
    UnitOfWork,
    character_sheet,
    character_weapons,
)
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter

from .helpers import GUILD, USER, make_character

BOSQUE, TABERNA = 601, 602
ROUNDS = 12


async def _start(storage: Storage, channel: int) -> None:
    async with storage.channel(GUILD, channel) as uow:
        await uow.encounter.create(Encounter.start("mesa", {}), creator_id=USER)


async def _join(uow: UnitOfWork, cid: int) -> Encounter:
    enc = await uow.encounter.require()
    row = await uow.characters.get(cid)
    assert row is not None
    enc.add_character(
        character_sheet(row),
        character_weapons(row),
        aguante=row.aguante,
        aliento=row.aliento,
        aliento_max=row.aliento_max,
        character_id=row.id,
        owner_id=row.owner_id,
    )
    await uow.encounter.save(enc)
    return enc


async def _kaeda(storage: Storage) -> int:
    async with storage.guild(GUILD) as uow:
        return (await make_character(uow, nombre="Kaeda", aliento_max=ROUNDS, aguante_max=14)).id


async def test_a_second_join_is_refused_naming_the_channel(storage: Storage) -> None:
    cid = await _kaeda(storage)
    await _start(storage, BOSQUE)
    await _start(storage, TABERNA)
    async with storage.channel(GUILD, BOSQUE) as uow:
        await _join(uow, cid)
    with pytest.raises(UmbralError, match=f"Kaeda ya está en el encuentro de <#{BOSQUE}>"):
        async with storage.channel(GUILD, TABERNA) as uow:
            await _join(uow, cid)
    async with storage.channel(GUILD, BOSQUE) as uow:
        await uow.encounter.require()
        await uow.encounter.end()  # the end lets it go
    async with storage.channel(GUILD, TABERNA) as uow:
        await _join(uow, cid)
    async with storage.guild(GUILD) as uow:
        row = await uow.characters.get(cid)
        assert row is not None and row.encounter_id is not None


async def test_a_sheet_changed_elsewhere_reaches_the_cached_encounter(storage: Storage) -> None:
    cid = await _kaeda(storage)
    await _start(storage, BOSQUE)
    async with storage.channel(GUILD, BOSQUE) as uow:
        await _join(uow, cid)  # saved: the encounter is cached
    async with storage.guild(GUILD) as uow:
        row = await uow.characters.get(cid)
        assert row is not None
        row.aguante, row.proteccion = 9, 3
    hits = storage.encounter_cache.hits
    async with storage.channel(GUILD, BOSQUE) as uow:
        enc = await uow.encounter.require()
        kaeda = enc.find("Kaeda")
        assert (kaeda.aguante, kaeda.sheet and kaeda.sheet.proteccion) == (9, 3)
    assert storage.encounter_cache.hits == hits  # the cached copy was not used


async def _damage(storage: Storage, cid: int) -> None:
    async def hit(uow: UnitOfWork) -> None:
        enc = await uow.encounter.require()
        kaeda = next(c for c in enc.combatants if c.character_id == cid)
        enc.adjust(kaeda.id, aguante=kaeda.aguante - 1)
        await uow.encounter.save(enc)

    for _ in range(ROUNDS):
        await storage.run_in_channel(GUILD, BOSQUE, hit, attempts=50)
        await asyncio.sleep(0)


async def _breathe(storage: Storage, cid: int) -> None:
    async def spend(uow: UnitOfWork) -> None:
        row = await uow.characters.get(cid)
        assert row is not None
        row.aliento -= 1

    for _ in range(ROUNDS):
        await storage.run_in_guild(GUILD, spend, attempts=50)
        await asyncio.sleep(0)


@pytest.mark.parametrize("engines", [1, 2])
async def test_encounter_and_sheet_writers_lose_nothing(database_url: str, engines: int) -> None:
    """One writer damages Kaeda in #bosque's encounter, the other spends her Aliento on her
    sheet (another channel; with two engines, another process): every change of both ends
    on the sheet and in the encounter."""
    first = Storage.from_url(database_url)
    second = first if engines == 1 else Storage.from_url(database_url)
    try:
        cid = await _kaeda(first)
        await _start(first, BOSQUE)
        async with first.channel(GUILD, BOSQUE) as uow:
            await _join(uow, cid)
        await asyncio.gather(_damage(first, cid), _breathe(second, cid))
        async with second.guild(GUILD) as uow:
            row = await uow.characters.get(cid)
            assert row is not None and (row.aguante, row.aliento) == (14 - ROUNDS, 0)
        async with first.channel(GUILD, BOSQUE) as uow:
            kaeda = (await uow.encounter.require()).find("Kaeda")
            assert (kaeda.aguante, kaeda.aliento) == (row.aguante, 0)
    finally:
        await first.close()
        if second is not first:
            await second.close()


@pytest.mark.backends("postgresql")
async def test_two_processes_join_one_character_in_two_channels(database_url: str) -> None:
    first, second = Storage.from_url(database_url), Storage.from_url(database_url)
    try:
        cid = await _kaeda(first)
        await _start(first, BOSQUE)
        await _start(first, TABERNA)

        async def join(storage: Storage, channel: int) -> object:
            try:
                return await storage.run_in_channel(GUILD, channel, lambda u: _join(u, cid))
            except UmbralError as exc:
                return exc

        results = await asyncio.gather(join(first, BOSQUE), join(second, TABERNA))
        refused = [r for r in results if isinstance(r, UmbralError)]
        assert len(refused) == 1 and "ya está en el encuentro de" in str(refused[0])
    finally:
        await first.close()
        await second.close()


@pytest.mark.backends("postgresql")
async def test_a_write_back_over_a_changed_sheet_is_refused_then_redone(database_url: str) -> None:
    """The sheet changes (another unit, committed) between the encounter's read and its save:
    the save is refused, and the command run again keeps both changes."""
    storage = Storage.from_url(database_url)
    try:
        cid = await _kaeda(storage)
        await _start(storage, BOSQUE)
        async with storage.channel(GUILD, BOSQUE) as uow:
            await _join(uow, cid)

        async def hit(uow: UnitOfWork, meddle: bool) -> None:
            enc = await uow.encounter.require()
            if meddle:
                async with storage.guild(GUILD) as other:
                    row = await other.characters.get(cid)
                    assert row is not None
                    row.aliento -= 1
            kaeda = enc.find("Kaeda")
            enc.adjust(kaeda.id, aguante=kaeda.aguante - 1)
            await uow.encounter.save(enc)

        with pytest.raises(ConcurrencyError):
            async with storage.channel(GUILD, BOSQUE) as uow:
                await hit(uow, True)
        await storage.run_in_channel(GUILD, BOSQUE, lambda uow: hit(uow, False))
        async with storage.guild(GUILD) as uow:
            row = await uow.characters.get(cid)
            assert row is not None and (row.aguante, row.aliento) == (13, ROUNDS - 1)
    finally:
        await storage.close()
