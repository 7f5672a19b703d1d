"""Per-command overhead: how many statements a load and a save cost."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from bot.storage import Storage

from .helpers import CHANNEL, GUILD, USER, sample_state


@contextmanager
def _statements(storage: Storage) -> Iterator[list[str]]:
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


async def test_load_and_save_touch_only_what_changed(storage: Storage) -> None:
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.encounter.create(sample_state(), creator_id=USER)
    with _statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            state = await uow.encounter.get_state()
            assert state is not None
            state["combatants"][0]["aguante"] -= 4
            await uow.encounter.save(state)
            await uow.rolls.append(user_id=USER, command="atacar", dice=[9])
    # the encounter, its children (one UNION ALL), the version check, one combatant, the log,
    # and the channel's undo record (old ones pruned, the new one written)
    assert seen == ["SELECT", "SELECT", "UPDATE", "UPDATE", "INSERT", "DELETE", "INSERT"]

    with _statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            state = await uow.encounter.get_state()
            assert state is not None
            await uow.encounter.save(state)  # nothing changed: only the version moves
    assert seen == ["SELECT", "SELECT", "UPDATE", "DELETE", "INSERT"]  # (and its undo record)

    with _statements(storage) as seen:
        async with storage.channel(GUILD, CHANNEL) as uow:
            state = await uow.encounter.get_state()
            assert state is not None
            state["combatants"].pop()  # one deleted
            state["pending"].append({"id": "p3", "defender": "c1", "attacker": "c2"})  # added
            state["pending"][0]["potencia"] = 5  # changed
            await uow.encounter.save(state)
    assert seen == ["SELECT", "SELECT", "UPDATE", "DELETE", "INSERT", "UPDATE", "DELETE", "INSERT"]
