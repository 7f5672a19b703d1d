"""Saved rolls in the database (migration 0012): a database the previous release wrote keeps
every row; each owner's names are unique by their key; the player's own and the server's
may share a name; a downgrade drops only the new table."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from bot.storage import Storage, create_engine, downgrade
from bot.storage.saved_rolls import SERVER, SavedRoll

from .helpers import CHANNEL, GUILD, OTHER_GUILD, USER, seed_at

OLD_ROWS = [
    "INSERT INTO characters (guild_id, owner_id, nombre, name_key, atributos, oficios,"
    " proteccion, aguante_extra, size, weapons, aguante, aguante_max, esencia, esencia_max,"
    " aliento, aliento_max, estados, is_active, notas, estado_vital, version) VALUES"
    " (:g, :u, 'Íñigo', 'iñigo', '{}', '{}', 1, 0, 'normal', '[]', 16, 16, 0, 0, 0, 0, '[]',"
    " true, '', 'activo', 1)",
    "INSERT INTO roll_log (guild_id, channel_id, user_id, command, dice, modifiers, result,"
    " physical, created_at, actor) VALUES (:g, :c, :u, 'tirar', '[{\"faces\": [9]}]', '[]',"
    ' \'{"privada": false, "expresion": "1d12"}\', false, \'2026-12-01 20:00:00+00\', NULL)',
]


async def test_0012_keeps_what_the_previous_release_wrote(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0011", OLD_ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.channel(GUILD, CHANNEL) as uow:
            [row] = await uow.characters.list_for_owner(USER)
            [entry] = await uow.rolls.entries()
            assert (row.nombre, row.aguante) == ("Íñigo", 16)
            assert (entry.command, entry.dice, entry.result.to_json()) == (
                "tirar",
                [{"faces": [9]}],
                {"privada": False, "expresion": "1d12"},
            )
            assert await uow.saved_rolls.of(USER) == []
            await uow.saved_rolls.put(USER, "ataque", "1d12+5")
        async with storage.guild(GUILD) as uow:
            assert await uow.saved_rolls.of(USER) == [SavedRoll("ataque", "1d12+5", USER)]
    finally:
        await storage.close()
    await downgrade(url, "0011")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            names = (await conn.execute(text("SELECT nombre FROM characters"))).scalars().all()
            assert names == ["Íñigo"]
    finally:
        await engine.dispose()


async def test_names_are_unique_per_owner_by_their_key(database_url: str) -> None:
    storage = Storage.from_url(database_url)
    try:
        async with storage.guild(GUILD) as uow:
            assert await uow.saved_rolls.put(USER, "Daño", "2d6") is None
            assert await uow.saved_rolls.put(SERVER, "daño", "2d6+1") is None  # the server's
            replaced = await uow.saved_rolls.put(USER, "DANO", "2d6+2")  # ñ ≠ n: another
            assert replaced is None
            replaced = await uow.saved_rolls.put(USER, "DAÑO", "2d6+3")
            assert replaced == SavedRoll("Daño", "2d6", USER)
        async with storage.guild(OTHER_GUILD) as uow:  # another server sees none of them
            assert await uow.saved_rolls.visible(USER) == ([], [])
        async with storage.guild(GUILD) as uow:
            own, server = await uow.saved_rolls.visible(USER)
            assert [s.pair for s in own] == [("DANO", "2d6+2"), ("DAÑO", "2d6+3")]
            assert [s.pair for s in server] == [("daño", "2d6+1")]
            assert await uow.saved_rolls.count(USER) == 2
            assert await uow.saved_rolls.remove(USER, "daño") == SavedRoll("DAÑO", "2d6+3", USER)
            assert await uow.saved_rolls.remove(USER, "daño") is None
            assert await uow.saved_rolls.get(SERVER, "DAÑO") == SavedRoll("daño", "2d6+1", 0)
    finally:
        await storage.close()


async def test_the_database_refuses_a_second_row_with_the_same_key(database_url: str) -> None:
    insert = text(
        "INSERT INTO saved_rolls (guild_id, owner_id, nombre, name_key, expresion, updated_at)"
        " VALUES (:g, :u, 'ataque', 'ataque', '1d12', :t)"
    )
    params = {"g": GUILD, "u": USER, "t": datetime(2026, 12, 2, tzinfo=UTC)}
    engine = create_engine(database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(insert, params)
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:  # past the repository, straight into the table
                await conn.execute(insert, params)
    finally:
        await engine.dispose()
