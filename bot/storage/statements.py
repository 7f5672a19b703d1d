"""Core statements of the hot path, built once: every command reuses their compiled form."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    Delete,
    Insert,
    Select,
    Table,
    Text,
    Update,
    and_,
    bindparam,
    cast,
    delete,
    func,
    insert,
    literal_column,
    null,
    select,
    union_all,
    update,
)

from bot.jsontypes import from_json_text

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

#: The versions of the characters fighting in an encounter, summed: any change of one of their
#: sheets (from any channel or process) changes it, so a cached encounter is checked by it.
SHEETS = (
    select(func.coalesce(func.sum(CHAR.c.version), 0))
    .where(CHAR.c.guild_id == ENC.c.guild_id, CHAR.c.encounter_id == ENC.c.id)
    .scalar_subquery()
    .label("sheets")
)

#: The channel's active encounter (bind ``g``, ``c``), with :data:`SHEETS`.
SELECT_ACTIVE: Select[tuple[object, ...]] = select(ENC, SHEETS).where(
    ENC.c.guild_id == bindparam("g"),
    ENC.c.channel_id == bindparam("c"),
    ENC.c.status == ENCOUNTER_ACTIVE,
)
SELECT_ACTIVE_FOR_UPDATE = SELECT_ACTIVE.with_for_update(of=ENC)

KIND_COMBATANT, KIND_PENDING, KIND_RETO = 0, 1, 2

#: The three kinds of child rows of encounter ``eid`` in one round trip, ordered by kind and
#: position. Columns: kind, key, position, a, b, aguante, aguante_max, estados,
#: character_id, owner_id, data, name_key, character_version and the character's version now
#: (a/b: nombre/side of a combatant, defender/attacker of a pending defense). The JSON columns
#: (estados, data) come as their text, for :func:`children` to decode off the event loop.
SELECT_CHILDREN = union_all(
    select(
        literal_column(str(KIND_COMBATANT)).label("kind"),
        COMB.c.key,
        COMB.c.position,
        COMB.c.nombre.label("a"),
        COMB.c.side.label("b"),
        COMB.c.aguante,
        COMB.c.aguante_max,
        cast(COMB.c.estados, Text),
        COMB.c.character_id,
        COMB.c.owner_id,
        cast(COMB.c.data, Text),
        COMB.c.name_key,
        COMB.c.character_version,
        CHAR.c.version,
    )
    .select_from(
        COMB.outerjoin(
            CHAR, and_(CHAR.c.id == COMB.c.character_id, CHAR.c.guild_id == COMB.c.guild_id)
        )
    )
    .where(COMB.c.encounter_id == bindparam("eid")),
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
        cast(PEND.c.data, Text),
        null(),
        null(),
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
        cast(RETO.c.data, Text),
        RETO.c.name_key,
        null(),
        null(),
    ).where(RETO.c.encounter_id == bindparam("eid")),
).order_by(literal_column("kind"), literal_column("position"))


def children(
    rows: Sequence[Sequence[Any]],
) -> tuple[list[Row], list[Row], list[Row], dict[str, int]]:
    """The rows of :data:`SELECT_CHILDREN` (each a tuple of column values, its JSON text
    decoded here) as combatant, pending-defense and reto rows, and the version now of each
    linked combatant's character (by combatant key)."""
    versions: dict[str, int] = {}
    combatants: list[Row] = []
    pending: list[Row] = []
    retos: list[Row] = []
    for r in rows:
        kind, key, position, a, b = r[0], r[1], r[2], r[3], r[4]
        data = from_json_text(r[10]) or {}
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
                    "estados": from_json_text(r[7]) or [],
                    "character_id": r[8],
                    "owner_id": r[9],
                    "data": data,
                    "character_version": r[12],
                }
            )
            if r[8] is not None and r[13] is not None:
                versions[key] = r[13]
        elif kind == KIND_PENDING:
            pending.append(
                {"key": key, "position": position, "defender": a, "attacker": b, "data": data}
            )
        else:
            retos.append({"key": key, "position": position, "name_key": r[11], "data": data})
    return combatants, pending, retos, versions


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
    """A PC's values back to its character if it is still at the version the encounter
    agreed with (binds ``b_id``, ``b_g``, ``b_v``, ``v_<column>``)."""
    return (
        update(CHAR)
        .where(
            CHAR.c.id == bindparam("b_id"),
            CHAR.c.guild_id == bindparam("b_g"),
            CHAR.c.version == bindparam("b_v"),
        )
        .values({"version": CHAR.c.version + 1, **{c: bindparam(f"v_{c}") for c in columns}})
    )


#: Characters of encounter ``eid`` leave it (binds ``g``, ``eid``, and ``ids``, expanding).
RELEASE: Update = (
    update(CHAR)
    .where(
        CHAR.c.guild_id == bindparam("g"),
        CHAR.c.encounter_id == bindparam("eid"),
        CHAR.c.id.in_(bindparam("ids", expanding=True)),
    )
    .values(encounter_id=None)
)
#: Every character of encounter ``eid`` leaves it (it ended).
RELEASE_ALL: Update = (
    update(CHAR)
    .where(CHAR.c.guild_id == bindparam("g"), CHAR.c.encounter_id == bindparam("eid"))
    .values(encounter_id=None)
)


def prefixed(values: dict[str, object], prefix: str = "v_") -> dict[str, object]:
    return {f"{prefix}{k}": v for k, v in values.items()}
