"""Nothing of one guild is reachable from another."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from umbral_rules import UmbralError

from .helpers import CHANNEL, GUILD, OTHER_GUILD, USER, make_character, sample_state


async def test_guilds_see_only_their_own_rows(storage: Storage) -> None:
    async with storage.channel(GUILD, CHANNEL) as uow:
        ch = await make_character(uow)
        await uow.bestiary.add("Orco", ataque=14, defensa=12, aguante=11, potencia=4)
        await uow.guild.update(gm_role_id=42)
        await uow.encounter.create(sample_state(), creator_id=USER)
        await uow.rolls.append(user_id=USER, command="tirar", dice=[4])
        cid = ch.id
    # the same channel id and user id, another guild: nothing is there
    async with storage.channel(OTHER_GUILD, CHANNEL) as uow:
        assert await uow.characters.get(cid) is None
        assert await uow.characters.active(USER) is None
        assert await uow.characters.by_name(USER, "Ayla") is None
        assert await uow.characters.list_for_owner(USER) == []
        assert await uow.characters.list_all() == []
        assert await uow.characters.delete(cid) is False
        with pytest.raises(UmbralError):
            await uow.characters.set_active(USER, cid)
        assert await uow.bestiary.get("Orco") is None
        assert await uow.bestiary.list_all() == []
        assert await uow.bestiary.delete("Orco") is False
        assert (await uow.guild.get()).gm_role_id is None
        assert await uow.encounter.get_state() is None
        assert await uow.encounter.history() == []
        assert await uow.rolls.entries() == [] and await uow.rolls.count() == 0
        # its own things with the same names do not collide with the other guild's
        await make_character(uow)
        await uow.bestiary.add("Orco", ataque=1, defensa=1, aguante=1, potencia=1)
        await uow.encounter.create(sample_state(), creator_id=USER)
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert (await uow.characters.get(cid)) is not None
        assert (await uow.bestiary.get("orco")).ataque == 14  # type: ignore[union-attr]
        assert len(await uow.encounter.history()) == 1


async def test_combatant_cannot_point_at_another_guilds_character(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        cid = (await make_character(uow)).id
    state = sample_state()
    state["combatants"][1]["character_id"] = cid
    with pytest.raises(UmbralError, match="no existe en este servidor"):
        async with storage.channel(OTHER_GUILD, CHANNEL) as uow:
            await uow.encounter.create(state, creator_id=USER)
    async with storage.channel(OTHER_GUILD, CHANNEL) as uow:
        await uow.encounter.create(sample_state(), creator_id=USER)
    with pytest.raises(UmbralError, match="no existe en este servidor"):
        async with storage.channel(OTHER_GUILD, CHANNEL) as uow:
            again = await uow.encounter.get_state()
            assert again is not None
            state = again
            state["combatants"].append({**state["combatants"][1], "id": "c7", "nombre": "X"})
            state["combatants"][-1]["character_id"] = cid
            await uow.encounter.save(state)
