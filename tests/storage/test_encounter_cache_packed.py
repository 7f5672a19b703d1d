"""The cache's packed tier: entries beyond the live budget are kept as one pickled ``bytes``
the garbage collector does not walk, and serve a read exactly like a live one."""

from __future__ import annotations

import gc

from bot.storage import Storage
from bot.storage.encounter_cache import CachedEncounter, EncounterCache
from bot.storage.encounters import EncounterInfo, _Tracked

from .helpers import CHANNEL, GUILD, USER
from .test_encounter_cache import _fresh_state, _hurt, _start
from .test_statement_count import _statements


def _entry(key: int, combatants: int) -> CachedEncounter:
    info = EncounterInfo(key, GUILD, key, "active", 1, USER, None, None)
    rows = {f"c{i}": {"key": f"c{i}", "aguante": i} for i in range(combatants)}
    return CachedEncounter(_Tracked(info=info, combatants=rows), {"state": key})


def test_older_entries_are_packed_and_untracked_by_the_collector() -> None:
    cache = EncounterCache(max_entries=10, max_combatants=100, live_combatants=5)
    for key in (1, 2, 3):
        cache.put((GUILD, key), _entry(key, 4))
    assert len(cache) == 3 and cache.live == 1  # only the newest stays as objects
    packed = [e for e in cache._entries.values() if isinstance(e, tuple)]
    assert len(packed) == 2
    gc.collect()  # CPython untracks a tuple of atoms when it first examines it
    assert not any(gc.is_tracked(p) for p in packed)
    taken = cache.take((GUILD, 1), 1, 1)
    assert taken is not None and taken.encounter == {"state": 1}
    assert taken.tracked.combatants == _entry(1, 4).tracked.combatants
    assert cache.take((GUILD, 2), 2, 5) is None  # a packed entry at another version: a miss
    assert len(cache) == 1 and cache.hits == 1 and cache.misses == 1


def test_the_budgets_count_packed_entries_once() -> None:
    cache = EncounterCache(max_entries=10, max_combatants=10, live_combatants=0)
    cache.put((GUILD, 1), _entry(1, 4))
    cache.put((GUILD, 2), _entry(2, 4))
    cache.put((GUILD, 1), _entry(1, 4))  # replacing a packed entry does not count it twice
    cache.put((GUILD, 3), _entry(3, 4))  # 12 > 10: the least recently used (2) goes
    assert len(cache) == 2 and cache.take((GUILD, 2), 2, 1) is None
    assert cache.live == 1
    cache.clear()
    assert len(cache) == 0 and cache.live == 0


async def test_a_packed_encounter_serves_the_next_command(
    storage: Storage, database_url: str
) -> None:
    storage.encounter_cache.live_combatants = 0  # everything but the newest entry is packed
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    await _start(storage, channel=CHANNEL + 1)  # a save in another channel packs ours
    async with storage.channel(GUILD, CHANNEL + 1) as uow:
        other = await uow.encounter.require()
        other.find("Guardia 3").aguante -= 1
        await uow.encounter.save(other)
    assert storage.encounter_cache.live == 1 and len(storage.encounter_cache) == 2
    hits = storage.encounter_cache.hits
    with _statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            enc.find("Guardia 2").aguante -= 2
            await uow.encounter.save(enc)
    assert storage.encounter_cache.hits == hits + 1
    # as from a live entry: the row for the version check, only the changed combatant
    assert seen == ["SELECT", "UPDATE", "UPDATE", "DELETE", "INSERT"]
    state = await _fresh_state(database_url)
    assert [c["aguante"] for c in state["combatants"]] == [5, 6, 8]
    assert state == enc.to_dict()
