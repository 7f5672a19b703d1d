"""The encounter as one document (issue 33): one row read, one UPDATE to save, the undo record a
difference; the process's cache used only at the version committed, never shared, never left
behind by a unit that failed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Text, cast, event, select

from bot.records.undo import before_from_json, diff, patch
from bot.storage import Storage
from bot.storage.encounter_info import Cached, EncounterCache
from bot.storage.models import EncounterRow, UndoRow, table
from umbral_rules.dice import ForcedDice
from umbral_rules.encounter import Encounter
from umbral_rules.errors import UmbralError
from umbral_rules.sheets import EnemySheet

from .helpers import CHANNEL, GUILD, USER

GUARD = EnemySheet(nombre="Guardia", ataque=12, defensa=12, aguante=8, potencia=4)


@contextmanager
def statements(storage: Storage) -> Iterator[list[str]]:
    """The first word of each statement the storage runs meanwhile (BEGIN left out)."""
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if not statement.lstrip().upper().startswith("BEGIN"):
            seen.append(statement.split(None, 1)[0].upper())

    engine = storage.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


async def _start(storage: Storage, enemies: int = 3) -> None:
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = Encounter.start("mesa")
        for first in range(0, enemies, 50):
            enc.add_enemies(GUARD, min(50, enemies - first))
        await uow.encounter.create(enc, creator_id=USER)


async def _hurt(storage: Storage, nombre: str, amount: int) -> Encounter:
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        enc.adjust(enc.find(nombre).id, aguante=enc.find(nombre).aguante - amount)
        await uow.encounter.save(enc)
    return enc


async def _stored(storage: Storage) -> tuple[dict[str, Any], int]:
    """The document as the row holds it, and the row's version (no cache involved)."""
    enc = table(EncounterRow)
    stmt = select(cast(enc.c.state, Text), enc.c.version).where(enc.c.channel_id == CHANNEL)
    async with storage.engine.connect() as conn:
        text, version = (await conn.execute(stmt)).one()
    return json.loads(text), version


async def test_a_save_is_one_update_of_the_whole_document(storage: Storage) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    with statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            enc.adjust(enc.find("Guardia 2").id, aguante=6)
            await uow.encounter.save(enc)
            await uow.rolls.append(user_id=USER, command="atacar", dice=[9])
    # the encounter's row (its document left out: this process holds that version), the
    # save, the roll, and the channel's undo record (its table's trigger prunes the old ones)
    assert seen == ["SELECT", "UPDATE", "INSERT", "INSERT"]
    doc, version = await _stored(storage)
    assert doc == enc.to_dict() and version == 3
    assert [c["aguante"] for c in doc["combatants"]] == [5, 6, 8]


def _previous(record: dict[str, Any], current: dict[str, Any]) -> dict[str, Any]:
    """The document before the operation, through the undo record's codec."""
    before = before_from_json(record)
    assert before is not None
    return before.previous(current)


async def test_the_undo_record_is_the_difference(storage: Storage) -> None:
    await _start(storage, enemies=200)
    before, _ = await _stored(storage)
    after = (await _hurt(storage, "Guardia 7", 2)).to_dict()
    undo = table(UndoRow)
    async with storage.engine.connect() as conn:
        record = (await conn.execute(select(undo.c.before))).scalar_one()
    assert record == {"patch": diff(before, after)}
    assert len(json.dumps(record)) < 400  # one combatant's Aguante, among 200
    assert _previous(record, after) == before


def test_a_record_of_the_older_form_gives_the_state_back() -> None:
    """Records written before the document (migration 0016) keep the encounter's own fields,
    the combatants' order then and the combatants the operation changed."""
    now = {"mode": "mesa", "combatants": [{"id": "c2", "a": 1}, {"id": "c1", "a": 5}]}
    record = {"mode": "mesa", "order": ["c1", "c2"], "combatants": [{"id": "c1", "a": 7}]}
    assert _previous(record, now) == {
        "mode": "mesa",
        "combatants": [{"id": "c1", "a": 7}, {"id": "c2", "a": 1}],
    }
    assert _previous({"mode": "narrativo"}, now) == {"mode": "narrativo"}  # the whole


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ({"a": [1, 2, 3, 4], "b": {"c": 1}}, {"a": [1, 9, 3, 4], "b": {"c": 1, "d": 2}}),
        ({"a": [1, 2, 3, 4]}, {"a": [1, 4]}),  # removed from the middle
        ({"a": [1, 2]}, {"a": [1, 2, 3], "x": None}),  # added at the end, a key gained
        ({"a": [{"id": 1, "v": [True]}]}, {"a": [{"id": 1, "v": [False, 0]}]}),
        ({"a": 1}, {"a": "1"}),  # a value of another type
        ([1, 2], {"a": 1}),
    ],
)
def test_patch_undoes_diff(old: Any, new: Any) -> None:
    frozen = json.dumps(new)
    assert patch(new, diff(old, new)) == old
    assert json.dumps(new) == frozen  # the newer document is left as it was
    assert diff(old, old) == []


async def test_a_failed_unit_leaves_nothing_behind(storage: Storage) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    with pytest.raises(RuntimeError):
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            enc.adjust(enc.find("Guardia 1").id, aguante=0)  # changed, saved, then it fails
            await uow.encounter.save(enc)
            raise RuntimeError("boom")
    assert len(storage.encounter_cache) == 0
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert (await uow.encounter.require()).find("Guardia 1").aguante == 5


async def test_only_what_was_saved_or_only_looked_at_is_cached(storage: Storage) -> None:
    await _start(storage)
    first = await _hurt(storage, "Guardia 1", 3)
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.view() is first  # it only looks: back at COMMIT
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        assert enc is first
        enc.adjust(enc.find("Guardia 1").id, aguante=1)  # never saved
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
        assert enc is not first and enc.find("Guardia 1").aguante == 5


async def test_another_process_write_is_seen(storage: Storage, database_url: str) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 3)
    other = Storage.from_url(database_url)
    try:
        async with other.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            enc.adjust(enc.find("Guardia 3").id, aguante=2)
            await uow.encounter.save(enc)
    finally:
        await other.close()
    misses = storage.encounter_cache.misses
    async with storage.channel(GUILD, CHANNEL) as uow:
        enc = await uow.encounter.require()
    assert storage.encounter_cache.misses == misses + 1
    assert [c.aguante for c in enc.combatants] == [5, 8, 2]


async def test_a_refusal_half_way_changes_nothing(storage: Storage) -> None:
    """The rules put a refused operation back (all or nothing), and the unit rolls back."""
    await _start(storage)
    await _hurt(storage, "Guardia 1", 1)
    before, version = await _stored(storage)
    with pytest.raises(UmbralError):
        async with storage.channel(GUILD, CHANNEL) as uow:
            enc = await uow.encounter.require()
            assert enc.undo_on_refusal
            enc.attack(ForcedDice([]), enc.find("Guardia 1").id, enc.find("Guardia 3").id)
    assert enc.to_dict() == before  # the object too is as it was
    assert await _stored(storage) == (before, version)
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert (await uow.encounter.require()).to_dict() == before


async def test_ending_drops_the_encounter(storage: Storage) -> None:
    await _start(storage)
    await _hurt(storage, "Guardia 1", 1)
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.encounter.require()
        await uow.encounter.end()
    assert len(storage.encounter_cache) == 0
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.get() is None


@pytest.mark.backends("sqlite")
def test_the_cache_is_bounded_by_combatants_least_recently_used_first() -> None:
    def entry(key: int, combatants: int) -> Cached:
        doc = {"combatants": [{"id": f"c{i}"} for i in range(combatants)]}
        return Cached(key, 1, 0, Encounter.start("mesa"), doc)

    cache = EncounterCache(max_combatants=12)
    for key in (1, 2, 3):
        cache.put((GUILD, key), entry(key, 3))  # 4 each, with the encounter itself
    assert len(cache) == 3
    cache.put((GUILD, 4), entry(4, 3))  # 16 > 12: the oldest goes
    assert len(cache) == 3 and cache.take((GUILD, 1), 1, 1, 0) is None
    assert cache.take((GUILD, 3), 3, 2, 0) is None  # another version: a miss, and gone
    assert cache.take((GUILD, 3), 3, 1, 0) is None
    assert cache.take((GUILD, 2), 2, 1, 1) is None  # the sheets changed since
    got = cache.take((GUILD, 4), 4, 1, 0)
    assert got is not None and len(cache) == 0
    cache.put((GUILD, 5), entry(5, 20))  # bigger than the whole budget: not kept
    assert len(cache) == 0
