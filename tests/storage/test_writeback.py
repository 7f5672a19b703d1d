"""A PC combatant linked to a character writes its state back in the same transaction."""

from __future__ import annotations

import pytest

from bot.storage import Storage

from .helpers import CHANNEL, GUILD, USER, make_character, sample_state


async def _linked(storage: Storage) -> int:
    async with storage.channel(GUILD, CHANNEL) as uow:
        ch = await make_character(uow, aliento_max=3, esencia_max=2)
        state = sample_state()
        state["combatants"][1].update(character_id=ch.id, aliento=3, esencia=2)
        await uow.encounter.create(state, creator_id=USER)
        return ch.id


async def test_writeback_to_character(storage: Storage) -> None:
    cid = await _linked(storage)
    async with storage.channel(GUILD, CHANNEL) as uow:
        state = await uow.encounter.get_state()
        assert state is not None
        pc = state["combatants"][1]
        pc.update(aguante=5, aliento=1, esencia=0, estados=["Aturdido"])
        await uow.encounter.save(state)
    async with storage.guild(GUILD) as uow:
        ch = await uow.characters.get(cid)
        assert ch is not None
        assert (ch.aguante, ch.aliento, ch.esencia, ch.estados) == (5, 1, 0, ["Aturdido"])


async def test_writeback_when_the_character_is_loaded_in_the_same_unit(storage: Storage) -> None:
    cid = await _linked(storage)
    async with storage.channel(GUILD, CHANNEL) as uow:
        ch = await uow.characters.get(cid)
        assert ch is not None
        ch.notas = "Herida en el brazo"
        state = await uow.encounter.get_state()
        assert state is not None
        state["combatants"][1]["aguante"] = 2
        await uow.encounter.save(state)
        assert ch.aguante == 2  # the loaded row follows the encounter
    async with storage.guild(GUILD) as uow:
        ch = await uow.characters.get(cid)
        assert ch is not None and (ch.aguante, ch.notas) == (2, "Herida en el brazo")


async def test_deleted_character_unlinks_its_combatant(storage: Storage) -> None:
    cid = await _linked(storage)
    async with storage.guild(GUILD) as uow:
        assert await uow.characters.delete(cid)
    async with storage.channel(GUILD, CHANNEL) as uow:
        state = await uow.encounter.get_state()
        assert state is not None and state["combatants"][1]["character_id"] is None
        state["combatants"][1]["aguante"] = 1
        await uow.encounter.save(state)


@pytest.mark.parametrize("field", ["aguante", "estados"])
async def test_unchanged_pc_writes_nothing_back(storage: Storage, field: str) -> None:
    cid = await _linked(storage)
    async with storage.guild(GUILD) as uow:
        ch = await uow.characters.get(cid)
        assert ch is not None
        version = ch.version
    async with storage.channel(GUILD, CHANNEL) as uow:
        state = await uow.encounter.get_state()
        assert state is not None
        state["combatants"][0][field] = 3 if field == "aguante" else ["Derribado"]  # an enemy
        await uow.encounter.save(state)
    async with storage.guild(GUILD) as uow:
        ch = await uow.characters.get(cid)
        assert ch is not None and ch.version == version
