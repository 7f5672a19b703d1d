"""Shared bits of the storage tests: sample encounter dicts and characters."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage import Character, UnitOfWork

GUILD = 1001
OTHER_GUILD = 2002
CHANNEL = 501
USER = 9_000_000_000_000_001  # a real snowflake does not fit in 32 bits

ATRIBUTOS = {"vigor": 2, "destreza": 3, "percepcion": 1, "voluntad": 0}


def combatant(cid: str, nombre: str, side: str = "enemigo", **rest: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": cid,
        "nombre": nombre,
        "side": side,
        "aguante": 20,
        "aguante_max": 20,
        "estados": [],
        "character_id": None,
        "owner_id": None,
    }
    base.update(rest)
    return base


def sample_state(**top: Any) -> dict[str, Any]:
    """An encounter dict in the ``Encounter.to_dict()`` layout, with some of everything."""
    state: dict[str, Any] = {
        "schema": 1,
        "mode": "mesa",
        "asalto": 2,
        "phase": "enemigos",
        "settings": {"defensa_inmediata": False, "estados_extra": ["Marcado"]},
        "combatants": [
            combatant("c3", "Orco 1", aguante=11, estados=["Aturdido"], status="activo"),
            combatant(
                "c1",
                "Ayla",
                side="pj",
                aguante=14,
                aguante_max=16,
                owner_id=USER,
                aliento=2,
                sheet={"nombre": "Ayla", "atributos": ATRIBUTOS},
                weapons=[{"nombre": "Espada", "clase": "mano"}],
                last_hit={"damage": 4, "notes": ["pleno"]},
            ),
            combatant("c2", "Orco 2", accion="gastada"),
        ],
        "pending": [
            {"id": "p2", "defender": "c1", "attacker": "c3", "aimed_at": "c1", "potencia": 4},
            {"id": "p1", "defender": "c1", "attacker": "c2", "aimed_at": None, "potencia": 6},
        ],
        "retos": [{"id": "r1", "texto": "Cruzar el puente", "exitos": 1, "meta": 3}],
        "extra": {"counters": {"combatant": 3, "pending": 2}, "attacked_by": {"c1": ["c3"]}},
    }
    state.update(top)
    return copy.deepcopy(state)


async def make_character(
    uow: UnitOfWork, owner: int = USER, nombre: str = "Ayla", **kw: Any
) -> Character:
    kw.setdefault("atributos", ATRIBUTOS)
    kw.setdefault("aguante_max", 16)
    return await uow.characters.create(owner, nombre, **kw)


async def seed_at(
    url: str, revision: str, statements: Sequence[str], params: Mapping[str, object]
) -> None:
    """Migrate an empty database to ``revision``, write ``statements`` (rows as that schema
    had them) and migrate to the head: how a migration test meets existing data."""
    from sqlalchemy import text

    from bot.storage import create_engine, upgrade, upgrade_head

    await upgrade(url, revision)
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            for statement in statements:
                await conn.execute(text(statement), dict(params))
    finally:
        await engine.dispose()
    await upgrade_head(url)
