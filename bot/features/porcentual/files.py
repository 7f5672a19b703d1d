"""The percentile game's sheets and bestiary as files, in the four formats of Umbral's
sheets. YAML and JSON: one list under ``fichas:`` (or ``enemigos:``), each entry a sheet as
the rules write it (características, competencias, armas, armadura, escudo, PV…). CSV (cells
separated by «;») and XLSX: one row per sheet, each column an option of ``/porcentual ficha
crear`` written as that option takes it, and the weapons in the column ``armas`` (the syntax
is :mod:`.rows`'s). Exporting and importing back gives the same sheets in every format. A file
with one bad entry or row is refused whole, naming it and saying why; nothing is written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from bot.jsontypes import JsonObject
from bot.sheetfiles import csvio, jsonio, xlsxio, yamlio
from bot.sheetfiles.codec import EXTENSIONS, SNIFFED, decode, detect_format
from bot.sheetfiles.errors import FileRefused
from bot.storage.system_sheets import SheetKind, StoredSheet
from umbral_rules import UmbralError
from umbral_rules.text import name_key

from .options import FileFormat
from .rows import COLUMNS, NUMERIC, exportable_row, sheet_of_row
from .sheets import checked

#: The key a file's list goes under, by kind.
KEYS: dict[SheetKind, str] = {"pj": "fichas", "enemigo": "enemigos", "tabla": "tablas"}
MAX_ENTRIES = 200
SCHEMA = csvio.CsvSchema(columns=COLUMNS, numeric=NUMERIC)


def _entries(parsed: object, kind: SheetKind) -> list[Any]:
    key = KEYS[kind]
    other = KEYS["enemigo" if kind == "pj" else "pj"]
    if isinstance(parsed, dict) and other in parsed and key not in parsed:
        raise FileRefused(f"esto es un archivo de {other}, no de {key}")
    if isinstance(parsed, dict) and key in parsed:
        entries = parsed[key]
    elif isinstance(parsed, dict) and "nombre" in parsed:
        entries = [parsed]
    else:
        entries = parsed
    if not isinstance(entries, list) or not entries:
        raise FileRefused(f"se esperaba una lista de fichas (o «{key}:» con la lista)")
    return entries


def _rows(data: bytes, filename: str, kind: SheetKind) -> tuple[list[Any], list[int] | None, bool]:
    """The file's entries, their lines (CSV and XLSX) and whether they are rows."""
    suffix = PurePath(filename).suffix.lower()
    if suffix not in (*EXTENSIONS, *SNIFFED, ".xlsx"):
        raise FileRefused(f"formato desconocido «{suffix}»: usa .yaml, .yml, .json, .csv o .xlsx")
    if suffix == ".xlsx":
        numbered = xlsxio.read(data, COLUMNS, MAX_ENTRIES)
        return [row for _, row in numbered], [n for n, _ in numbered], True
    text = decode(data)
    fmt = detect_format(filename, text)
    if fmt == "csv":
        rows, lines = csvio.read(text, SCHEMA)
        return rows, [lines.line((i,)) or 0 for i in range(len(rows))], True
    parsed = yamlio.load(text)[0] if fmt == "yaml" else jsonio.load(text)[0]
    return _entries(parsed, kind), None, False


def load(data: bytes, filename: str, kind: SheetKind) -> list[JsonObject]:
    """Every sheet of the file, checked; the first problem refuses the whole file."""
    entries, lines, flat = _rows(data, filename, kind)
    if not entries:
        raise FileRefused("el archivo no tiene ninguna ficha")
    if len(entries) > MAX_ENTRIES:
        raise FileRefused(f"demasiadas fichas: como mucho {MAX_ENTRIES}")
    found: list[JsonObject] = []
    for number, entry in enumerate(entries, 1):
        line = None if lines is None else lines[number - 1]
        nombre = entry.get("nombre") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or nombre is None or not str(nombre).strip():
            raise FileRefused("falta el nombre", entry=number, line=line)
        try:
            found.append(sheet_of_row(entry) if flat else checked(entry))
        except UmbralError as error:
            problem = str(error).removeprefix("La ficha no es válida: ")
            raise FileRefused(problem, entry=number, nombre=str(nombre), line=line) from None
    names = [name_key(str(f["nombre"])) for f in found]
    if len(set(names)) != len(names):
        raise FileRefused("hay dos fichas con el mismo nombre")
    return found


def dump(rows: Sequence[StoredSheet], kind: SheetKind, fmt: FileFormat) -> bytes:
    """The sheets as a file (a sheet a row cannot hold exactly refuses a CSV or XLSX)."""
    if fmt in ("yaml", "json"):
        data = {KEYS[kind]: [row.data for row in rows]}
        text = yamlio.dump(data) if fmt == "yaml" else jsonio.dump(data)
        return text.encode("utf-8")
    table = [exportable_row(row.data) for row in rows]
    if fmt == "csv":
        return csvio.write(table, SCHEMA).encode("utf-8")
    return xlsxio.write(KEYS[kind], COLUMNS, (csvio.values(r, SCHEMA) for r in table))


def filename(kind: SheetKind, fmt: FileFormat) -> str:
    return f"porcentual-{KEYS[kind]}.{fmt}"
