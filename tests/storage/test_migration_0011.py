"""Migration 0011 (issue 18 item 6) keeps every roll-log row as it was and gives the new
fields (who rolled, the character, the target, motivo, the encounter) empty; new rows fill
them and are found by character."""

from __future__ import annotations

from bot.storage import Storage

from .helpers import CHANNEL, GUILD, USER, seed_at

OLD_ROWS = [
    "INSERT INTO roll_log (guild_id, channel_id, user_id, command, dice, modifiers, result,"
    " physical, created_at) VALUES (:g, :c, :u, 'atacar', '[{\"faces\": [9]}]', '[]',"
    ' \'{"totales": [12], "grado": "Éxito"}\', false, \'2026-11-30 20:00:00+00\')',
    "INSERT INTO roll_log (guild_id, channel_id, user_id, command, dice, modifiers, result,"
    " physical, created_at) VALUES (:g, :c, :u, 'tirar', '[]', '[]',"
    " '{\"total\": 7, \"privada\": true}', true, '2026-11-30 20:01:00+00')",
]


async def test_0011_keeps_old_rows_and_leaves_the_new_fields_empty(
    empty_database_url: str,
) -> None:
    url = empty_database_url
    await seed_at(url, "0009", OLD_ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.channel(GUILD, CHANNEL) as uow:
            old = await uow.rolls.entries(newest_first=False)
            await uow.rolls.append(
                user_id=USER,
                command="tirada",
                dice=[],
                actor="Íñigo",
                character_id=7,
                target="Ñu del puerto",
                motivo="trepar",
                encounter_id=3,
            )
        assert [(e.command, e.dice, e.result.to_json(), e.physical) for e in old] == [
            ("atacar", [{"faces": [9]}], {"totales": [12], "grado": "Éxito"}, False),
            ("tirar", [], {"total": 7, "privada": True}, True),
        ]
        assert old[0].created_at.isoformat() == "2026-11-30T20:00:00+00:00"
        assert all(
            (e.actor, e.character_id, e.target, e.motivo, e.encounter_id) == (None,) * 5
            for e in old
        )
        async with storage.guild(GUILD) as uow:
            [new] = await uow.rolls.entries(personaje="ÍÑIGO")
            assert (new.actor, new.character_id, new.target, new.motivo, new.encounter_id) == (
                "Íñigo",
                7,
                "Ñu del puerto",
                "trepar",
                3,
            )
            assert await uow.rolls.count_encounter(3) == 1
            assert len(await uow.rolls.entries(limit=None)) == 3
    finally:
        await storage.close()
