"""Migration 0015 (issue 30, private notes): the notes every character had become its
private notes, its public notes start empty; the downgrade puts both back in one column."""

from __future__ import annotations

import json

from sqlalchemy import text

from bot.storage import Storage, create_engine, downgrade

from .helpers import GUILD, USER, seed_at

ATTRS = json.dumps({"vigor": 3, "destreza": 2, "percepcion": 1, "voluntad": 1})
ROW = (
    "INSERT INTO characters (id, guild_id, owner_id, nombre, name_key, atributos, oficios,"
    " proteccion, aguante_extra, size, weapons, aguante, aguante_max, esencia, esencia_max,"
    " aliento, aliento_max, estados, is_active, notas, version) VALUES ({id}, :g, :u,"
    " '{nombre}', '{key}', :attrs, '{{}}', 1, 0, 'normal', '[]', 9, 16, 0, 0, 0, 0, '[]',"
    " {active}, {notas}, 3)"
)
ROWS = [
    ROW.format(id=7, nombre="Kaeda", key="kaeda", active="true", notas=":secret"),
    ROW.format(id=8, nombre="Sombra", key="sombra", active="false", notas="''"),
]
SECRET = "Debe 30 monedas al gremio.\n=1+1 (no es una fórmula)"


async def test_0015_makes_existing_notes_private(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0014", ROWS, {"g": GUILD, "u": USER, "attrs": ATTRS, "secret": SECRET})
    storage = Storage.from_url(url)
    try:
        async with storage.guild(GUILD) as uow:
            kaeda = await uow.characters.by_name(USER, "Kaeda")
            sombra = await uow.characters.by_name(USER, "Sombra")
            assert kaeda is not None and sombra is not None
            assert (kaeda.notas, kaeda.notas_privadas) == ("", SECRET)
            assert (sombra.notas, sombra.notas_privadas) == ("", "")
            kaeda.notas = "Lleva una capa roja."
    finally:
        await storage.close()
    await downgrade(url, "0014")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            notes = (await conn.execute(text("SELECT notas FROM characters ORDER BY id"))).all()
    finally:
        await engine.dispose()
    assert [n for (n,) in notes] == [f"Lleva una capa roja.\n\n{SECRET}", ""]
