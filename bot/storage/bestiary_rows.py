"""A bestiary import's rows, built off the event loop when there are many (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umbral_rules import UmbralError
from umbral_rules.text import clean_name, name_key

_BESTIARY_DEFAULTS: dict[str, Any] = {
    "arma": "arma",
    "size": "normal",
    "proteccion": 0,
    "cualidades": [],
    "bono_ataque": None,
    "bono_defensa": None,
    "notas": "",
    "acciones_extra": 0,
    "respuestas_extra": 0,
    "estados": [],
}


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
