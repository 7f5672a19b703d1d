"""The storage's cache of decoded encounters: used only at the version it was committed at,
never shared, never left behind by a unit that failed, and bypassed whenever anything else
wrote the encounter (another process, a deleted character)."""

from __future__ import annotations

import pytest

from bot.storage import Storage, character_sheet
from bot.storage.encounter_cache import CachedEncounter, EncounterCache
from bot.storage.encounters import EncounterInfo, _Tracked
from umbral_rules.dice import ForcedDice
from umbral_rules.encounter import Encounter
from umbral_rules.errors import UmbralError
from umbral_rules.sheets import EnemySheet

from .helpers import ATRIBUTOS, CHANNEL, GUILD, USER
from .test_statement_count import _statements

GUARD = EnemySheet(nombre="Guardia", ataque=12, defensa=12, aguante=8, potencia=4)


async def _start(storage: Storage, enemies: int = 3, channel: int = CHANNEL) -> None:
    async with storage.channel(GUILD, channel) as uow:
        enc = Encounter.start("mesa")
        enc.add_enemies(GUARD, enemies)
        await uow.encounter.create(enc, creator_id=USER)


async def _hurt(storage: Storage, nombre: str, amount: int) -> Encounter:
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        enc.find(nombre).aguante -= amount
        await uow.encounter.save(enc)
    return enc


async def _fresh_state(url: str) -> dict:
    other = Storage.from_url(url)
    try:
        async with other.channel(GUILD, CHANNEL) as uow:
            state = await uow.encounter.get_state()
    finally:
        await other.close()
    assert state is not None
    return state


async def test_a_committed_save_serves_the_next_read_with_one_statement(
    storage: Storage, database_url: str
) -> None:
    await _start(storage)
    first = await _hurt(storage, "Guardia 1", 3)
    with _statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            assert enc is first  # the very object, handed to one unit at a time
            enc.find("Guardia 2").aguante -= 2
            await uow.encounter.save(enc)
    # the encounter's row only, the version check, the one combatant that changed, and the
    # channel's undo record (old ones pruned, the new one written)
    assert seen == ["SELECT", "UPDATE", "UPDATE", "DELETE", "INSERT"]
    assert storage.encounter_cache.hits >= 1
    state = await _fresh_state(database_url)
    assert [c["aguante"] for c in state["combatants"]] == [5, 6, 8]
    assert state == enc.to_dict()


async def test_a_failed_unit_leaves_nothing_behind(storage: Storage) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    with pytest.raises(RuntimeError):
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            enc.find("Guardia 1").aguante = 0  # changed, saved, then the unit fails
            await uow.encounter.save(enc)
            raise RuntimeError("boom")
    assert len(storage.encounter_cache) == 0
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        assert enc.find("Guardia 1").aguante == 5


async def test_a_unit_that_only_reads_does_not_cache_what_it_may_have_changed(
    storage: Storage,
) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        enc.find("Guardia 1").aguante = 1  # never saved
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert (await uow.encounter.require()).find("Guardia 1").aguante == 5


async def test_a_view_leaves_the_cached_encounter_for_the_next_command(
    storage: Storage,
) -> None:
    """The tracker (and an autocomplete) only look: with ``view()`` the entry goes back at
    COMMIT, so the command after them still reads one row, not every combatant's."""
    await _start(storage)
    first = await _hurt(storage, "Guardia 1", 3)
    for _ in range(2):  # a view after a view keeps it too
        async with storage.channel(GUILD, CHANNEL) as uow:
            assert await uow.encounter.view() is first
    with _statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            assert enc is first
            enc.find("Guardia 2").aguante -= 2
            await uow.encounter.save(enc)
    assert seen == ["SELECT", "UPDATE", "UPDATE", "DELETE", "INSERT"]  # no children read


async def test_a_view_from_the_rows_is_not_cached(storage: Storage) -> None:
    """A view that had to read the rows caches nothing: only a committed save does."""
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    storage.encounter_cache.clear()
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert (await uow.encounter.view()).find("Guardia 1").aguante == 5
    assert len(storage.encounter_cache) == 0


async def test_another_process_write_is_seen(storage: Storage, database_url: str) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    other = Storage.from_url(database_url)
    try:
        async with other.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            enc.find("Guardia 3").aguante = 2
            await uow.encounter.save(enc)
    finally:
        await other.close()
    misses = storage.encounter_cache.misses
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
    assert storage.encounter_cache.misses == misses + 1
    assert [c.aguante for c in enc.combatants] == [5, 8, 2]


async def test_deleting_a_character_invalidates_its_encounters(storage: Storage) -> None:
    async with storage.channel(GUILD, CHANNEL) as uow:
        row = await uow.characters.create(USER, "Kaeda", atributos=ATRIBUTOS, aguante_max=16)
        enc = Encounter.start("mesa")
        enc.add_character(character_sheet(row), character_id=row.id, owner_id=USER)
        enc.add_enemies(GUARD, 1)
        await uow.encounter.create(enc, creator_id=USER)
        character_id = row.id
    await _hurt(storage, "Guardia 1", 1)  # cached now
    async with storage.guild(GUILD) as uow:
        assert await uow.characters.delete(character_id)
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        assert enc.find("Kaeda").character_id is None
        enc.find("Kaeda").aguante -= 1
        await uow.encounter.save(enc)  # and the version check still holds


async def test_ending_drops_the_encounter(storage: Storage) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 1)
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.encounter.require()
        await uow.encounter.end()
    assert len(storage.encounter_cache) == 0
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.get() is None


async def test_moved_added_and_removed_combatants_are_written(
    storage: Storage, database_url: str
) -> None:
    await _start(storage, enemies=4)
    await _hurt(storage, "Guardia 1", 1)
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        enc.remove(enc.find("Guardia 2").id)  # the ones after it move up a position
        enc.add_enemies(GUARD, 2)
        enc.find("Guardia 4").estados.append("aturdido")
        await uow.encounter.save(enc)
    assert await _fresh_state(database_url) == enc.to_dict()


@pytest.mark.backends("sqlite")
async def test_cache_is_bounded_least_recently_used_first() -> None:
    cache = EncounterCache(max_entries=2)
    entries = {}
    for key in (1, 2, 3):
        info = EncounterInfo(key, GUILD, key, "active", 1, USER, None, None)
        entries[key] = CachedEncounter(_Tracked(info=info), object())
        cache.put((GUILD, key), entries[key])
    assert len(cache) == 2
    assert cache.take((GUILD, 1), 1, 1) is None  # the oldest went
    assert cache.take((GUILD, 3), 3, 2) is None  # wrong version: a miss, and it is gone
    assert cache.take((GUILD, 3), 3, 1) is None
    assert cache.take((GUILD, 2), 2, 1) is entries[2]
    assert len(cache) == 0


async def test_a_refusal_half_way_changes_nothing(storage: Storage, database_url: str) -> None:
    """The rules do not undo a refusal for an encounter read by a unit (the unit is the undo):
    the unit rolls back and the next one reads what was committed."""
    await _start(storage)
    await _hurt(storage, "Guardia 1", 1)
    before = await _fresh_state(database_url)
    with pytest.raises(UmbralError):
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            assert enc.undo_on_refusal is False
            enc.find("Guardia 2").aguante -= 5  # a change made before the refusal
            enc.attack(enc.find("Guardia 1").id, enc.find("Guardia 3").id, ForcedDice([]))
            await uow.encounter.save(enc)
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        assert enc.to_dict() == before


def _entry(key: int, combatants: int) -> CachedEncounter:
    info = EncounterInfo(key, GUILD, key, "active", 1, USER, None, None)
    rows = {f"c{i}": {"key": f"c{i}"} for i in range(combatants)}
    return CachedEncounter(_Tracked(info=info, combatants=rows), object())


def test_cache_is_bounded_by_combatants_too() -> None:
    cache = EncounterCache(max_entries=10, max_combatants=10)
    cache.put((GUILD, 1), _entry(1, 4))
    cache.put((GUILD, 2), _entry(2, 4))
    cache.put((GUILD, 3), _entry(3, 4))  # 12 > 10: the oldest goes
    assert len(cache) == 2 and cache.take((GUILD, 1), 1, 1) is None
    cache.put((GUILD, 4), _entry(4, 11))  # bigger than the whole budget: not kept at all
    assert len(cache) == 0
    cache.put((GUILD, 5), _entry(5, 3))
    cache.put((GUILD, 5), _entry(5, 3))  # replacing an entry does not count it twice
    cache.put((GUILD, 6), _entry(6, 7))
    assert len(cache) == 2
