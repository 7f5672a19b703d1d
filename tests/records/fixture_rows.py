"""The rows release e16c8fc wrote (``tests/storage/fixtures/release-e16c8fc``), read straight
from its SQLite file and from its PostgreSQL dump's ``INSERT`` lines (no server needed)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parent.parent / "storage" / "fixtures" / "release-e16c8fc"
#: One SQL literal of an ``INSERT … VALUES (…)``: a quoted string ('' inside is a quote) or
#: anything up to the next comma.
_LITERAL = re.compile(r"\s*(?:'((?:[^']|'')*)'|([^,]+))\s*(?:,|$)")


def sqlite_rows(table: str) -> list[dict[str, Any]]:
    with sqlite3.connect(FIXTURE / "umbral.db") as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute(f"SELECT * FROM {table} ORDER BY id")]


def postgresql_rows(table: str) -> list[dict[str, Any]]:
    dump = (FIXTURE / "umbral.postgresql.sql").read_text(encoding="utf-8")
    create = re.search(rf"CREATE TABLE public\.{table} \((.*?)\n\);", dump, re.S)
    assert create is not None, table
    columns = [line.split()[0] for line in create.group(1).strip().splitlines()]
    rows = []
    for line in re.findall(rf"^INSERT INTO public\.{table} VALUES \((.*)\);$", dump, re.M):
        values: list[Any] = []
        for quoted, bare in _LITERAL.findall(line):
            values.append(quoted.replace("''", "'") if bare == "" else bare.strip())
        assert len(values) == len(columns), line
        rows.append(dict(zip(columns, values, strict=True)))
    return rows


def json_column(value: Any) -> Any:
    """A JSON column's value as either database gave it (text, or NULL)."""
    return None if value in (None, "NULL") else json.loads(value)
