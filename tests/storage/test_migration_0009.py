"""Migration 0009 (issue 18) keeps every character, bestiary entry and roll-log row, and
places a character already fighting in its active encounter."""

from __future__ import annotations

import json

from bot.storage import Storage

from .helpers import CHANNEL, GUILD, USER, seed_at

SHEET = {"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1}
COMBATANT_DATA = {
    "sheet": {"nombre": "Kaeda", "atributos": SHEET, "proteccion": 1},
    "weapons": [],
    "status": "activo",
}
ROWS = [
    "INSERT INTO characters (id, guild_id, owner_id, nombre, atributos, oficios, proteccion,"
    " aguante_extra, size, weapons, aguante, aguante_max, esencia, esencia_max, aliento,"
    " aliento_max, estados, is_active, notas, version) VALUES (7, :g, :u, 'Kaeda', :attrs,"
    " '{}', 1, 0, 'normal', '[]', 9, 16, 0, 0, 0, 0, '[]', true, 'vieja', 3)",
    "INSERT INTO bestiary (guild_id, nombre, ataque, defensa, aguante, potencia, arma, size,"
    " proteccion, cualidades, notas, acciones_extra, respuestas_extra, estados) VALUES"
    " (:g, 'Lobo', 9, 9, 8, 2, 'Colmillos', 'normal', 0, '[]', '', 1, 0, '[]')",
    "INSERT INTO roll_log (guild_id, channel_id, user_id, command, dice, modifiers, result,"
    " physical) VALUES (:g, :c, :u, 'tirar', '[]', '[]', '{\"total\": 7}', false)",
    "INSERT INTO encounters (id, guild_id, channel_id, schema_version, mode, asalto, phase,"
    " settings, extra, status, creator_id, version) VALUES (3, :g, :c, 1, 'mesa', 1,"
    " 'jugadores', '{}', '{}', 'active', :u, 1)",
    "INSERT INTO combatants (encounter_id, key, guild_id, position, nombre, side, aguante,"
    " aguante_max, estados, character_id, owner_id, data) VALUES (3, 'c1', :g, 0, 'Kaeda',"
    " 'pj', 12, 16, '[]', 7, :u, :data)",
]


async def test_0009_keeps_the_data_and_places_fighters(empty_database_url: str) -> None:
    url = empty_database_url
    params = {
        "g": GUILD,
        "c": CHANNEL,
        "u": USER,
        "attrs": json.dumps(SHEET),
        "data": json.dumps(COMBATANT_DATA),
    }
    await seed_at(url, "0003", ROWS, params)  # through 0004–0008 too
    storage = Storage.from_url(url)
    try:
        async with storage.channel(GUILD, CHANNEL) as uow:
            kaeda = await uow.characters.get(7)
            # issue 30's migration 0015 keeps the old notes as private notes
            assert kaeda is not None and (kaeda.nombre, kaeda.aguante, kaeda.notas_privadas) == (
                "Kaeda",
                9,
                "vieja",
            )
            assert (kaeda.encounter_id, kaeda.estado_vital, kaeda.genero) == (3, "activo", None)
            lobo = await uow.bestiary.get("Lobo")
            assert lobo is not None and lobo.acciones_extra == 1
            [entry] = await uow.rolls.entries()
            assert entry.result.to_json() == {"total": 7}
            enc = await uow.encounter.require()
            assert enc.find("Kaeda").aguante == 9  # the sheet is the truth
    finally:
        await storage.close()
