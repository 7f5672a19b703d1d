"""/historial exportar's files: split into complete parts within the attachment limit, or
refused in Spanish when the log would need more than MAX_PARTS files."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime

import pytest

from bot.features.historial.export import BOM, HEADERS, MAX_PARTS, export_parts
from bot.records.rolls import result_from_json
from bot.storage import RollLogEntry
from umbral_rules import UmbralError


def entries(n: int) -> list[RollLogEntry]:
    when = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    return [
        RollLogEntry(
            id=i,
            guild_id=1,
            channel_id=2,
            user_id=3,
            command="tirar",
            dice=[{"faces": [i % 12 + 1], "sides": 12}],
            modifiers=[],
            result=result_from_json({"total": i % 12 + 1}),
            physical=False,
            created_at=when,
            actor="Íñigo",
            motivo=f"motivo {i}, con «comas»",
        )
        for i in range(1, n + 1)
    ]


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_a_big_log_is_split_into_complete_files(fmt: str) -> None:
    log = entries(300)
    whole = export_parts(log, {3: "kaeda"}, frozenset({5}), fmt, 10_000_000)  # type: ignore[arg-type]
    assert len(whole) == 1 and whole[0].filename == f"historial.{fmt}"
    limit = len(whole[0].data) // 3 + 200
    parts = export_parts(log, {3: "kaeda"}, frozenset({5}), fmt, limit)  # type: ignore[arg-type]
    assert 3 <= len(parts) <= 4
    assert all(len(p.data) <= limit for p in parts)
    assert parts[0].filename == f"historial-1-de-{len(parts)}.{fmt}"
    ids: list[int] = []
    for part in parts:
        if fmt == "csv":
            assert part.data.startswith(BOM)
            rows = list(csv.DictReader(io.StringIO(part.data.decode("utf-8-sig")), delimiter=";"))
            assert list(rows[0]) == list(HEADERS)
            ids += [int(r["id"]) for r in rows]
            assert rows[0]["nombre_usuario"] == "kaeda"
        else:
            objects = json.loads(part.data)
            ids += [o["id"] for o in objects]
        assert part.rows == len(ids) - sum(p.rows for p in parts[: parts.index(part)])
    assert ids == list(range(1, 301))


def test_more_than_max_parts_is_refused() -> None:
    log = entries(200)
    one = export_parts(log, {}, frozenset(), "csv", 10_000_000)
    limit = len(one[0].data) // (MAX_PARTS + 2)
    with pytest.raises(UmbralError, match="pesa demasiado para exportarlo"):
        export_parts(log, {}, frozenset(), "csv", limit)


def test_an_empty_log_is_a_file_of_headers() -> None:
    [part] = export_parts([], {}, frozenset(), "csv", 1000)
    assert part.data == BOM + (";".join(HEADERS) + "\r\n").encode() and part.rows == 0
    [part] = export_parts([], {}, frozenset(), "json", 1000)
    assert json.loads(part.data) == []
