"""Migration 0004: a database made at 0003 with names that collide under the new name key
keeps every row (the later ones renamed «Bran (2)»), gets its keys, and its estado keys
rewritten; the same on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from sqlalchemy import text

from bot.storage import create_engine
from bot.storage.migrate import upgrade

from .helpers import CHANNEL, GUILD, USER

OTHER = USER + 1


async def _run(url: str, statements: list[tuple[str, dict[str, Any]]]) -> None:
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            for sql, params in statements:
                await conn.execute(text(sql), params)
    finally:
        await engine.dispose()


async def _rows(url: str, sql: str) -> list[Any]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            return list((await conn.execute(text(sql))).all())
    finally:
        await engine.dispose()


CHARACTER = (
    "INSERT INTO characters (id, guild_id, owner_id, nombre, atributos, oficios, proteccion, "
    "aguante_extra, size, weapons, aguante, aguante_max, esencia, esencia_max, aliento, "
    "aliento_max, estados, is_active, notas, version) VALUES (:id, :g, :o, :n, '{}', '{}', 0, "
    "0, 'normal', '[]', 10, 10, 0, 0, 0, 0, :e, false, '', 1)"
)
ENEMY = (
    "INSERT INTO bestiary (id, guild_id, nombre, ataque, defensa, aguante, potencia, arma, "
    "size, proteccion, cualidades, notas, acciones_extra, respuestas_extra, estados) VALUES "
    "(:id, :g, :n, 10, 10, 10, 4, 'arma', 'normal', 0, '[]', '', 0, 0, :e)"
)
ENCOUNTER = (
    "INSERT INTO encounters (id, guild_id, channel_id, schema_version, mode, asalto, phase, "
    "settings, extra, status, creator_id, version) VALUES (1, :g, :c, 1, 'mesa', 1, "
    "'jugadores', :s, '{}', 'active', :o, 1)"
)
COMBATANT = (
    "INSERT INTO combatants (encounter_id, key, guild_id, position, nombre, side, aguante, "
    "aguante_max, estados, data) VALUES (1, :k, :g, :p, :n, 'enemigo', 10, 10, :e, '{}')"
)
RETO = "INSERT INTO retos (encounter_id, key, position, data) VALUES (1, :k, :p, :d)"


async def test_colliding_names_are_renamed_never_dropped(
    empty_database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    url = empty_database_url
    await upgrade(url, "0003")
    g, o = GUILD, USER
    extra = {"anoranza": {"nombre": "Añoranza", "desventaja": ["social"]}}
    await _run(
        url,
        [
            (CHARACTER, {"id": 1, "g": g, "o": o, "n": "Bran", "e": '["enmaranado"]'}),
            (CHARACTER, {"id": 2, "g": g, "o": o, "n": "bran", "e": "[]"}),
            (CHARACTER, {"id": 3, "g": g, "o": o, "n": "BRAN", "e": "[]"}),
            (CHARACTER, {"id": 4, "g": g, "o": OTHER, "n": "Bran", "e": "[]"}),
            (CHARACTER, {"id": 5, "g": g, "o": o, "n": "Ángel", "e": "[]"}),
            (CHARACTER, {"id": 6, "g": g, "o": o, "n": "Angel", "e": "[]"}),
            (CHARACTER, {"id": 7, "g": g, "o": o, "n": "Año", "e": "[]"}),
            (CHARACTER, {"id": 8, "g": g, "o": o, "n": "Ano", "e": "[]"}),
            (ENEMY, {"id": 1, "g": g, "n": "Ñu salvaje", "e": '["Enmarañado"]'}),
            (ENEMY, {"id": 2, "g": g, "n": "ñu salvaje", "e": "[]"}),
            (ENCOUNTER, {"g": g, "c": CHANNEL, "o": o, "s": json.dumps({"estados_extra": extra})}),
            (COMBATANT, {"k": "c1", "g": g, "p": 0, "n": "Óscar", "e": '["anoranza"]'}),
            (COMBATANT, {"k": "c2", "g": g, "p": 1, "n": "óscar", "e": "[]"}),
            (RETO, {"k": "r1", "p": 0, "d": json.dumps({"nombre": "Puerta", "usados": []})}),
            (RETO, {"k": "r2", "p": 1, "d": json.dumps({"nombre": "puerta", "usados": []})}),
        ],
    )
    with caplog.at_level(logging.WARNING):
        await upgrade(url, "0011")  # the last schema with combatant and reto rows
    chars = await _rows(url, "SELECT id, owner_id, nombre, name_key FROM characters ORDER BY id")
    assert [(r[0], r[2], r[3]) for r in chars] == [
        (1, "Bran", "bran"),
        (2, "bran (2)", "bran (2)"),
        (3, "BRAN (3)", "bran (3)"),
        (4, "Bran", "bran"),  # another owner's: no collision
        (5, "Ángel", "angel"),
        (6, "Angel (2)", "angel (2)"),
        (7, "Año", "año"),
        (8, "Ano", "ano"),  # ñ is not n: no collision
    ]
    enemies = await _rows(url, "SELECT nombre, name_key, estados FROM bestiary ORDER BY id")
    assert [(r[0], r[1]) for r in enemies] == [
        ("Ñu salvaje", "ñu salvaje"),
        ("ñu salvaje (2)", "ñu salvaje (2)"),
    ]
    assert _json(enemies[0][2]) == ["enmaranado"]
    assert _json((await _rows(url, "SELECT estados FROM characters WHERE id = 1"))[0][0]) == [
        "enmaranado"
    ]
    combatants = await _rows(url, "SELECT nombre, name_key, estados FROM combatants ORDER BY key")
    assert [(r[0], r[1]) for r in combatants] == [("Óscar", "oscar"), ("óscar (2)", "oscar (2)")]
    assert _json(combatants[0][2]) == ["añoranza"]
    settings = _json((await _rows(url, "SELECT settings FROM encounters"))[0][0])
    assert list(settings["estados_extra"]) == ["añoranza"]
    retos = await _rows(url, "SELECT name_key, data FROM retos ORDER BY key")
    assert [(r[0], _json(r[1])["nombre"]) for r in retos] == [
        ("puerta", "Puerta"),
        ("puerta (2)", "puerta (2)"),
    ]
    renamed = [r.getMessage() for r in caplog.records if "0004" in r.getMessage()]
    assert len(renamed) == 6
    assert any("«bran» " in m and "«bran (2)»" in m for m in renamed)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value
