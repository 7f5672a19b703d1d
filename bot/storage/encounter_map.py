"""The encounter's dict (``Encounter.to_dict()``) split into rows, and rows put back together.

Layout of the dict (schema 1)::

    {"schema": 1, "mode": str, "asalto": int, "phase": str, "settings": {...},
     "combatants": [{"id", "nombre", "side", "aguante", "aguante_max", "estados",
                     "character_id", "owner_id", ...rest}],
     "pending": [{"id", "defender", "attacker", ...rest}],
     "retos": [{"id", ...rest}],
     "extra": {...}}

Each combatant / pending defense / reto is one row keyed by its ``id``; ``position`` keeps the
order and ``data`` keeps the rest of its keys. Combatant and reto rows carry the ``name_key``
of their name (a unique index per encounter; it is not part of the dict).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.jsontypes import JsonObject
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.codec import json_copy
from umbral_rules.text import name_key

Row = JsonObject

TOP_LEVEL_KEYS = frozenset(
    {"schema", "mode", "asalto", "phase", "settings", "combatants", "pending", "retos", "extra"}
)
COMBATANT_COLUMNS = (
    "nombre",
    "side",
    "aguante",
    "aguante_max",
    "estados",
    "character_id",
    "owner_id",
)
PENDING_COLUMNS = ("defender", "attacker")
#: Keys of a PC combatant written back to its character row (besides aguante and estados).
WRITEBACK_EXTRA = ("aliento", "esencia")


@dataclass
class EncounterRows:
    """The rows of one encounter, without ids of the database."""

    header: Row  # schema_version, mode, asalto, phase, settings, extra
    combatants: list[Row]
    pending: list[Row]
    retos: list[Row]


def _rest(item: Mapping[str, Any], columns: Iterable[str]) -> JsonObject:
    skip = {"id", *columns}
    return {k: v for k, v in item.items() if k not in skip}


def _key(item: Mapping[str, Any], what: str) -> str:
    try:
        key = item["id"]
    except KeyError:
        raise ValueError(f"{what} without an 'id': {item!r}") from None
    return str(key)


def split(state: Mapping[str, Any]) -> EncounterRows:
    """The rows of an encounter dict. Unknown top-level keys are refused, never dropped."""
    unknown = set(state) - TOP_LEVEL_KEYS
    if unknown:
        raise ValueError(f"Encounter dict has keys storage does not know: {sorted(unknown)}")
    header = {
        "schema_version": int(state.get("schema", 1)),
        "mode": state["mode"],
        "asalto": int(state["asalto"]),
        "phase": state["phase"],
        "settings": dict(state.get("settings") or {}),
        "extra": dict(state.get("extra") or {}),
    }
    combatants = [
        combatant_row(c, position) for position, c in enumerate(state.get("combatants") or ())
    ]
    pending = [
        {
            "key": _key(p, "Pending defense"),
            "position": position,
            "defender": str(p["defender"]),
            "attacker": str(p["attacker"]),
            "data": _rest(p, PENDING_COLUMNS),
        }
        for position, p in enumerate(state.get("pending") or ())
    ]
    retos = [
        {
            "key": _key(r, "Reto"),
            "position": position,
            "name_key": reto_key(r),
            "data": _rest(r, ()),
        }
        for position, r in enumerate(state.get("retos") or ())
    ]
    check_unique(combatants, "combatant")
    check_unique(pending, "pending defense")
    check_unique(retos, "reto")
    return EncounterRows(header, combatants, pending, retos)


def reto_key(reto: Mapping[str, Any]) -> str:
    """A reto's name key; one without a name gets ``<#id>``, which no name can be."""
    nombre = reto.get("nombre")
    return name_key(str(nombre)) if nombre else f"<#{_key(reto, 'Reto')}>"


def combatant_row(c: Mapping[str, Any], position: int) -> Row:
    """The row of one combatant's dict (``Combatant.to_dict()``) at ``position``."""
    return {
        "key": _key(c, "Combatant"),
        "position": position,
        "nombre": c["nombre"],
        "name_key": name_key(str(c["nombre"])),
        "side": c["side"],
        "aguante": int(c["aguante"]),
        "aguante_max": int(c["aguante_max"]),
        "estados": list(c.get("estados") or ()),
        "character_id": c.get("character_id"),
        "owner_id": c.get("owner_id"),
        "data": _rest(c, COMBATANT_COLUMNS),
        "character_version": None,  # set by the storage when it writes a linked one
    }


def combatant_dict(row: Row) -> JsonObject:
    """The combatant's dict (``Combatant.to_dict()``) back from its row."""
    return {"id": row["key"], **{col: row[col] for col in COMBATANT_COLUMNS}, **(row["data"] or {})}


def same_combatant(a: Row, b: Row) -> bool:
    """Whether two rows hold the same combatant's dict (wherever each stands in the order)."""
    return a["data"] == b["data"] and all(a[col] == b[col] for col in COMBATANT_COLUMNS)


def by_key(rows: list[Row]) -> dict[str, Row]:
    return {r["key"]: r for r in rows}


def check_unique(rows: list[Row], what: str) -> None:
    keys = [r["key"] for r in rows]
    if len(keys) != len(set(keys)):
        raise ValueError(f"Duplicate {what} ids: {keys}")


def assemble(rows: EncounterRows) -> JsonObject:
    """The encounter dict back from its rows (children in ``position`` order)."""
    h = rows.header
    combatants = [combatant_dict(r) for r in sorted(rows.combatants, key=lambda r: r["position"])]
    pending = [
        {"id": r["key"], "defender": r["defender"], "attacker": r["attacker"], **(r["data"] or {})}
        for r in sorted(rows.pending, key=lambda r: r["position"])
    ]
    retos = [
        {"id": r["key"], **(r["data"] or {})}
        for r in sorted(rows.retos, key=lambda r: r["position"])
    ]
    return {
        "schema": h["schema_version"],
        "mode": h["mode"],
        "asalto": h["asalto"],
        "phase": h["phase"],
        "settings": h["settings"] or {},
        "combatants": combatants,
        "pending": pending,
        "retos": retos,
        "extra": h["extra"] or {},
    }


def writeback_values(row: Row) -> JsonObject:
    """What a PC combatant row writes back to its character: aguante, estados, aliento…,
    and its owner."""
    values: JsonObject = {"aguante": row["aguante"], "estados": list(row["estados"])}
    data = row["data"] or {}
    for name in WRITEBACK_EXTRA:
        if isinstance(data.get(name), int):
            values[name] = data[name]
    # its secuelas said death: the sheet keeps it; and a fighter not dead (an undone death,
    # or one the GM revived) is alive on its sheet too: the two never disagree
    values["estado_vital"] = "muerto" if data.get("status") == "muerto" else "activo"
    if row["owner_id"] is not None:  # who controls it: /ficha ceder hands it over in the fight
        values["owner_id"] = int(row["owner_id"])
    return values


def to_dict(encounter: Encounter | Mapping[str, Any]) -> JsonObject:
    """``encounter.to_dict()`` for an ``Encounter``; a plain mapping is copied (deeply: the
    rows remembered after a save must not change with the caller's dict)."""
    if isinstance(encounter, Mapping):
        copied: JsonObject = json_copy(dict(encounter))
        return copied
    result: JsonObject = encounter.to_dict()
    return result


def from_dict(state: JsonObject) -> Encounter:
    """``Encounter.from_dict(state)``."""
    return Encounter.from_dict(state)


def changed_rows(
    encounter: Encounter, copies: dict[str, Combatant], stored: dict[str, Row]
) -> tuple[EncounterRows, dict[str, Combatant]]:
    """The encounter's rows, building a row only for a combatant that differs from its copy
    (or moved): the others keep the row as stored. With the new copies of its combatants."""
    rows = split(encounter.to_dict(combatants=False))
    new_copies: dict[str, Combatant] = {}
    for position, c in enumerate(encounter.combatants):
        copy, row = copies.get(c.id), stored.get(c.id)
        if copy is None or row is None or row["position"] != position or not copy.same(c):
            row = combatant_row(c.to_dict(), position)
            copy = c.copy()
        new_copies[c.id] = copy
        rows.combatants.append(row)
    check_unique(rows.combatants, "combatant")
    return rows, new_copies
