"""Core statements of the hot path, built once: every command reuses their compiled form."""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import (
    Delete,
    Insert,
    Select,
    Table,
    Update,
    bindparam,
    delete,
    insert,
    literal_column,
    null,
    select,
    union_all,
    update,
)

from .encounter_map import Row
from .models import (
    ENCOUNTER_ACTIVE,
    Character,
    CombatantRow,
    EncounterRow,
    PendingDefenseRow,
    RetoRow,
    table,
)

ENC = table(EncounterRow)
COMB = table(CombatantRow)
PEND = table(PendingDefenseRow)
RETO = table(RetoRow)
CHAR = table(Character)

#: The channel's active encounter (bind ``g``, ``c``).
SELECT_ACTIVE: Select[tuple[object, ...]] = select(ENC).where(
    ENC.c.guild_id == bindparam("g"),
    ENC.c.channel_id == bindparam("c"),
    ENC.c.status == ENCOUNTER_ACTIVE,
)
SELECT_ACTIVE_FOR_UPDATE = SELECT_ACTIVE.with_for_update()

KIND_COMBATANT, KIND_PENDING, KIND_RETO = 0, 1, 2

#: The three kinds of child rows of encounter ``eid`` in one round trip, ordered by kind and
#: position. Columns: kind, key, position, a, b, aguante, aguante_max, estados,
#: character_id, owner_id, data, name_key (a/b: nombre/side of a combatant, defender/attacker
#: of a pending defense).
SELECT_CHILDREN = union_all(
    select(
        literal_column(str(KIND_COMBATANT)).label("kind"),
        COMB.c.key,
        COMB.c.position,
        COMB.c.nombre.label("a"),
        COMB.c.side.label("b"),
        COMB.c.aguante,
        COMB.c.aguante_max,
        COMB.c.estados,
        COMB.c.character_id,
        COMB.c.owner_id,
        COMB.c.data,
        COMB.c.name_key,
    ).where(COMB.c.encounter_id == bindparam("eid")),
    select(
        literal_column(str(KIND_PENDING)),
        PEND.c.key,
        PEND.c.position,
        PEND.c.defender,
        PEND.c.attacker,
        null(),
        null(),
        null(),
        null(),
        null(),
        PEND.c.data,
        null(),
    ).where(PEND.c.encounter_id == bindparam("eid")),
    select(
        literal_column(str(KIND_RETO)),
        RETO.c.key,
        RETO.c.position,
        null(),
        null(),
        null(),
        null(),
        null(),
        null(),
        null(),
        RETO.c.data,
        RETO.c.name_key,
    ).where(RETO.c.encounter_id == bindparam("eid")),
).order_by(literal_column("kind"), literal_column("position"))


def children(rows: Any) -> tuple[list[Row], list[Row], list[Row]]:
    """The rows of :data:`SELECT_CHILDREN` as combatant, pending-defense and reto rows."""
    combatants: list[Row] = []
    pending: list[Row] = []
    retos: list[Row] = []
    for r in rows:
        kind, key, position, a, b = r[0], r[1], r[2], r[3], r[4]
        data = r[10] or {}
        if kind == KIND_COMBATANT:
            combatants.append(
                {
                    "key": key,
                    "position": position,
                    "nombre": a,
                    "name_key": r[11],
                    "side": b,
                    "aguante": r[5],
                    "aguante_max": r[6],
                    "estados": r[7] or [],
                    "character_id": r[8],
                    "owner_id": r[9],
                    "data": data,
                }
            )
        elif kind == KIND_PENDING:
            pending.append(
                {"key": key, "position": position, "defender": a, "attacker": b, "data": data}
            )
        else:
            retos.append({"key": key, "position": position, "name_key": r[11], "data": data})
    return combatants, pending, retos


#: Insert any table's rows (the parameters name the columns).
INSERT_ENCOUNTER: Insert = insert(ENC).returning(*ENC.c)


@functools.cache
def bump(columns: tuple[str, ...]) -> Update:
    """``UPDATE encounters SET <columns>, version = version + 1`` where the version is the one
    read (binds ``b_id``, ``b_g``, ``b_v`` and one ``v_<column>`` per column)."""
    return (
        update(ENC)
        .where(
            ENC.c.id == bindparam("b_id"),
            ENC.c.guild_id == bindparam("b_g"),
            ENC.c.version == bindparam("b_v"),
            ENC.c.status == ENCOUNTER_ACTIVE,
        )
        .values({"version": ENC.c.version + 1, **{c: bindparam(f"v_{c}") for c in columns}})
    )


@functools.cache
def delete_children(child: Table) -> Delete:
    """Binds ``eid`` and ``keys`` (expanding)."""
    return delete(child).where(
        child.c.encounter_id == bindparam("eid"),
        child.c.key.in_(bindparam("keys", expanding=True)),
    )


@functools.cache
def insert_rows(child: Table) -> Insert:
    return insert(child)


@functools.cache
def update_children(child: Table, columns: tuple[str, ...]) -> Update:
    """Binds ``b_eid``, ``b_key`` and ``v_<column>``: one executemany for all changed rows."""
    return (
        update(child)
        .where(child.c.encounter_id == bindparam("b_eid"), child.c.key == bindparam("b_key"))
        .values({c: bindparam(f"v_{c}") for c in columns})
    )


@functools.cache
def write_back(columns: tuple[str, ...]) -> Update:
    """A PC's values back to its character (binds ``b_id``, ``b_g``, ``v_<column>``)."""
    return (
        update(CHAR)
        .where(CHAR.c.id == bindparam("b_id"), CHAR.c.guild_id == bindparam("b_g"))
        .values({"version": CHAR.c.version + 1, **{c: bindparam(f"v_{c}") for c in columns}})
    )


def prefixed(values: dict[str, object], prefix: str = "v_") -> dict[str, object]:
    return {f"{prefix}{k}": v for k, v in values.items()}
