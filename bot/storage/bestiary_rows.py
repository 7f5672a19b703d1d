"""A bestiary import's rows, built off the event loop when there are many (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umbral_rules import UmbralError
from umbral_rules.text import clean_name, name_key

from .models import BestiaryEntry


def _defaults() -> dict[str, Any]:
    """What a row takes for a field an entry leaves out: its column's default (a list
    default is a new list), or ``None`` where the column may be null (the table's own)."""
    defaults: dict[str, Any] = {}
    for column in BestiaryEntry.__table__.columns:
        if column.default is not None:
            arg = column.default.arg
            defaults[column.key] = arg(None) if callable(arg) else arg
        elif column.nullable and not column.primary_key:
            defaults[column.key] = None
    return defaults


_BESTIARY_DEFAULTS = _defaults()


#: From how many rows :meth:`BestiaryRepository.add_many` builds them on a worker thread.
OFF_LOOP_ROWS = 100


def bestiary_rows(
    entries: Sequence[Mapping[str, Any]], taken: set[str], guild_id: int
) -> list[dict[str, Any]]:
    """The rows to insert (pure: 2,000 of them are tens of ms of CPU); refused whole if a
    name is already in ``taken`` or repeats."""
    rows: list[dict[str, Any]] = []
    for entry in entries:
        nombre = clean_name(str(entry["nombre"]))
        key = name_key(nombre)
        if key in taken:
            raise UmbralError(f"Ya hay un enemigo llamado «{nombre}» en el bestiario.")
        taken.add(key)
        row = {**_BESTIARY_DEFAULTS, **entry, "nombre": nombre, "guild_id": guild_id}
        row["name_key"] = key
        row["cualidades"] = list(row["cualidades"])
        row["estados"] = list(row["estados"])
        rows.append(row)
    return rows
