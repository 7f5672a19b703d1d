"""The roll log as files: CSV (Spanish headers, UTF-8 with a BOM so that spreadsheets read
the accents, «;» between cells as Spanish-locale spreadsheets expect, and a «'» before text
that a spreadsheet would run as a formula: :func:`bot.render.safe.cell`), xlsx (the same
columns, every text cell written as text) or JSON (a list of objects); with ``asistencia``,
the sessions and who came too (:func:`session_parts`). Pure: entries in, bytes out; run it
off the loop.

A log bigger than one attachment is split into parts, each a complete file (the CSV's header
in every part, each JSON part a list); :func:`export_parts` refuses when more than
:data:`MAX_PARTS` would be needed."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from bot.features.historial.options import ExportFormat
from bot.render.safe import cell
from bot.sheetfiles import xlsxio
from bot.storage import RollLogEntry
from bot.storage.sessions import GameSession
from umbral_rules import UmbralError

#: The header of each column, in order (the JSON objects use the same keys).
HEADERS = (
    "id",
    "fecha",
    "canal",
    "usuario",
    "nombre_usuario",
    "comando",
    "personaje",
    "personaje_id",
    "objetivo",
    "motivo",
    "encuentro",
    "dados",
    "modificadores",
    "resultado",
    "dado_fisico",
    "privada",
    "deshecha",
    "dicho",
    "dicho_borrado",
)
#: The sessions' file: one row per session, who was interested and who played (names and ids).
SESSION_HEADERS = (
    "sesion",
    "titulo",
    "inicio",
    "fin",
    "estado",
    "interesados",
    "interesados_ids",
    "jugaron",
    "jugaron_ids",
)
BOM = "\ufeff".encode()
#: At most this many files (one follow-up message each).
MAX_PARTS = 10
TOO_BIG = (
    "El historial pesa demasiado para exportarlo de una vez ({size} MB en más de {parts} "
    "archivos de {limit} MB): acota con «usuario», «personaje» o «canal»."
)


@dataclass(frozen=True)
class ExportPart:
    filename: str
    data: bytes
    rows: int


def record(entry: RollLogEntry, names: Mapping[int, str], undone: frozenset[int]) -> dict[str, Any]:
    """One entry as plain JSON values, keyed by :data:`HEADERS`."""
    created = entry.created_at.astimezone(UTC).isoformat() if entry.created_at else None
    return {
        "id": entry.id,
        "fecha": created,
        "canal": str(entry.channel_id),
        "usuario": str(entry.user_id),
        "nombre_usuario": names.get(entry.user_id),
        "comando": entry.command,
        "personaje": entry.actor,
        "personaje_id": entry.character_id,
        "objetivo": entry.target,
        "motivo": entry.motivo or entry.result.motivo,
        "encuentro": entry.encounter_id,
        "dados": entry.dice,
        "modificadores": entry.modifiers,
        "resultado": entry.result.to_json(),
        "dado_fisico": entry.physical,
        "privada": bool(entry.result.privada),
        "deshecha": entry.id in undone,
        "dicho": entry.said,  # a /decir line's text (none once deleted)
        "dicho_borrado": entry.said_deleted,
    }


def _value(value: object) -> str | int:
    """A cell: numbers stay numbers, the rest is text (not yet guarded)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "sí" if value else "no"
    if isinstance(value, int):
        return value
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def _csv_cell(value: object) -> str:
    shown = _value(value)
    return str(shown) if isinstance(shown, int) else cell(shown)


def _csv_line(values: Sequence[str]) -> bytes:
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\r\n").writerow(values)
    return out.getvalue().encode()


def session_record(session: GameSession, names: Mapping[int, str]) -> dict[str, Any]:
    """One session as plain JSON values, keyed by :data:`SESSION_HEADERS` (``jugaron``
    empty until the session has ended and been counted)."""
    played = list(session.attended or ())
    return {
        "sesion": session.id,
        "titulo": session.title,
        "inicio": session.starts_at.astimezone(UTC).isoformat(),
        "fin": session.ends_at.astimezone(UTC).isoformat(),
        "estado": session.status,
        "interesados": [names.get(u, str(u)) for u in session.interested],
        "interesados_ids": [str(u) for u in session.interested],
        "jugaron": [names.get(u, str(u)) for u in played],
        "jugaron_ids": [str(u) for u in played],
    }


def _encoded(
    records: Sequence[Mapping[str, Any]], fmt: ExportFormat, headers: Sequence[str] = HEADERS
) -> list[bytes]:
    """Each record as its file writes it (an xlsx part is sized by its CSV: zipped, it is
    smaller)."""
    if fmt in ("csv", "xlsx"):
        return [_csv_line([_csv_cell(r[h]) for h in headers]) for r in records]
    return [json.dumps(r, ensure_ascii=False).encode() for r in records]


def _file(rows: Sequence[bytes], fmt: ExportFormat, headers: Sequence[str] = HEADERS) -> bytes:
    if fmt in ("csv", "xlsx"):
        return BOM + _csv_line(headers) + b"".join(rows)
    return b"[\n" + b",\n".join(rows) + b"\n]\n"


def session_parts(
    sessions: Sequence[GameSession], names: Mapping[int, str], fmt: ExportFormat, limit: int
) -> list[ExportPart]:
    """The guild's sessions with their attendance as one file (``sesiones.csv``/``.json``/
    ``.xlsx``)."""
    records = [session_record(s, names) for s in sessions]
    if fmt == "xlsx":
        data = _workbook(records, SESSION_HEADERS, "sesiones")
    else:
        data = _file(_encoded(records, fmt, SESSION_HEADERS), fmt, SESSION_HEADERS)
    if len(data) > limit:
        raise UmbralError(_too_big(len(data), limit))
    return [ExportPart(f"sesiones.{fmt}", data, len(records))]


def encode(
    entries: Sequence[RollLogEntry],
    names: Mapping[int, str],
    undone: frozenset[int],
    fmt: ExportFormat,
) -> list[bytes]:
    """Each entry as its CSV line or JSON object (bytes: a batch of a big export keeps only
    these, not its entries). Not for xlsx, which needs the cells: :func:`export_parts`."""
    return _encoded([record(e, names, undone) for e in entries], fmt)


def split(
    rows: Sequence[bytes], fmt: ExportFormat, limit: int, stem: str = "historial"
) -> list[ExportPart]:
    """Encoded rows (:func:`encode`, CSV or JSON) as files of at most ``limit`` bytes each."""
    chunks = _chunks(rows, fmt, limit)
    return _named([_file(chunk, fmt) for chunk in chunks], chunks, fmt, stem)


def export_parts(
    entries: Sequence[RollLogEntry],
    names: Mapping[int, str],
    undone: frozenset[int],
    fmt: ExportFormat,
    limit: int,
    stem: str = "historial",
) -> list[ExportPart]:
    """The entries (oldest first) as files of at most ``limit`` bytes each."""
    records = [record(e, names, undone) for e in entries]
    if fmt != "xlsx":
        return split(_encoded(records, fmt), fmt, limit, stem)
    chunks = _chunks(_encoded(records, fmt), fmt, limit)
    files, at = [], 0
    for chunk in chunks:
        files.append(_workbook(records[at : at + len(chunk)], HEADERS, "historial"))
        at += len(chunk)
    return _named(files, chunks, fmt, stem)


def _chunks(rows: Sequence[bytes], fmt: ExportFormat, limit: int) -> list[list[bytes]]:
    """The rows in groups whose files stay within ``limit`` (refused past MAX_PARTS)."""
    overhead = len(_file([], fmt)) + 2  # the header (or brackets) and a row's separator
    chunks: list[list[bytes]] = [[]]
    size = overhead
    for row in rows:
        grown = size + len(row) + 2
        if chunks[-1] and grown > limit:
            chunks.append([])
            size, grown = overhead, overhead + len(row) + 2
        if grown > limit:  # one row alone over the limit: no file could hold it
            raise UmbralError(_too_big(sum(map(len, rows)), limit))
        chunks[-1].append(row)
        size = grown
    if len(chunks) > MAX_PARTS:
        raise UmbralError(_too_big(sum(map(len, rows)), limit))
    return chunks


def _named(
    files: Sequence[bytes], chunks: Sequence[Sequence[bytes]], fmt: ExportFormat, stem: str
) -> list[ExportPart]:
    if len(chunks) == 1:
        return [ExportPart(f"{stem}.{fmt}", files[0], len(chunks[0]))]
    return [
        ExportPart(f"{stem}-{i}-de-{len(chunks)}.{fmt}", data, len(chunk))
        for i, (chunk, data) in enumerate(zip(chunks, files, strict=True), 1)
    ]


def _workbook(records: Sequence[Mapping[str, Any]], headers: Sequence[str], title: str) -> bytes:
    return xlsxio.write(title, headers, ([_value(r[h]) for h in headers] for r in records))


def _too_big(size: int, limit: int) -> str:
    return TOO_BIG.format(size=_mb(size), parts=MAX_PARTS, limit=_mb(limit))


def _mb(size: int) -> str:
    """«10», «2,5», «0,1»: megabytes (MiB) for a message, with a decimal comma."""
    value = size / (1024 * 1024)
    text = f"{value:.0f}" if value >= 10 else f"{max(value, 0.1):.1f}".replace(".", ",")
    return text.removesuffix(",0")
