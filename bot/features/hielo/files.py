"""Files of Canción de hielo y fuego sheets and bestiary entries: YAML and JSON hold each
sheet as the rules write it (``Sheet.to_dict``) under ``fichas:`` or ``enemigos:``; CSV and
XLSX hold one row per sheet with the lists written as ``/hielo ficha crear`` takes them
(«Agilidad 3, Brío 4»; «Brío: Trepar 2»; «Daga: 2, Arco: 3 Puntería (Arcos)»). Export and
import give back the same sheets. The readers and limits are :mod:`bot.sheetfiles`'s; the
whole file is refused at its first problem, naming the entry."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any, Literal

from openpyxl import load_workbook

from bot.sheetfiles import FileRefused, csvio, jsonio, xlsxio, yamlio
from bot.sheetfiles.codec import decode, detect_format
from bot.sheetfiles.fields import numeric
from umbral_rules import UmbralError
from umbral_rules.hielo.common import key
from umbral_rules.hielo.sheet import Sheet

from .sheet_input import SheetOptions, checked_names, merged

FileFormat = Literal["yaml", "json", "csv", "xlsx"]
#: The list's key in a YAML or JSON file, by kind.
KEYS = {"pj": "fichas", "enemigo": "enemigos"}
COLUMNS = (
    "nombre", "habilidades", "especialidades", "armas", "armadura", "proteccion",
    "penalizacion", "escudo", "destino",
)  # fmt: skip
#: The numeric columns: those the options' declaration types as numbers.
NUMERIC = numeric(SheetOptions) & frozenset(COLUMNS)
SCHEMA = csvio.CsvSchema(columns=COLUMNS, numeric=NUMERIC)
_WEAPON = re.compile(
    r"^(?P<name>[^:]+?)\s*:\s*(?P<dano>\d+)(?:\s+(?P<hab>[^()]*?))?\s*(?:\((?P<esp>[^)]*)\))?$"
)


# --- a sheet as a row ------------------------------------------------------------------------


def row_of(sheet: Sheet) -> dict[str, Any]:
    armas = []
    for w in sheet.armas:
        cell = f"{w.nombre}: {w.dano}" + ("" if w.melee else f" {w.habilidad}")
        armas.append(cell + (f" ({w.especialidad})" if w.especialidad else ""))
    armour = sheet.armadura
    return {
        "nombre": sheet.nombre,
        "habilidades": ", ".join(f"{n} {r}" for n, r in sheet.habilidades.items()),
        "especialidades": ", ".join(
            f"{s.habilidad}: {s.nombre} {s.dados_bonificacion}" for s in sheet.especialidades
        ),
        "armas": ", ".join(armas),
        "armadura": armour.nombre if armour else None,
        "proteccion": armour.proteccion if armour else None,
        "penalizacion": armour.penalizacion if armour else None,
        "escudo": sheet.escudo,
        "destino": sheet.destino,
    }


def _text(row: dict[str, Any], column: str) -> str | None:
    value = row.get(column)
    return None if value is None or str(value).strip() == "" else str(value).strip()


def _number(row: dict[str, Any], column: str) -> int | None:
    value = row.get(column)
    if value is None or str(value).strip() == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise UmbralError(f"«{column}» tiene que ser un número (se dio «{value}»).") from None


def sheet_of_row(row: dict[str, Any]) -> Sheet:
    nombre = _text(row, "nombre")
    if nombre is None:
        raise UmbralError("falta el nombre.")
    options = SheetOptions(
        habilidades=_text(row, "habilidades"),
        especialidades=_text(row, "especialidades"),
        armadura=_text(row, "armadura"),
        proteccion=_number(row, "proteccion"),
        penalizacion=_number(row, "penalizacion"),
        escudo=_number(row, "escudo"),
        destino=_number(row, "destino"),
    )
    sheet = merged({}, nombre, options)
    weapons = []
    for item in re.split(r",", _text(row, "armas") or ""):
        if not item.strip():
            continue
        found = _WEAPON.match(item.strip())
        if found is None:
            raise UmbralError(f"no entiendo el arma «{item.strip()}» (se escribe «Daga: 2»).")
        weapons.append({
            "nombre": found["name"].strip(),
            "dano": int(found["dano"]),
            "habilidad": (found["hab"] or "").strip() or "Combate cuerpo a cuerpo",
            "especialidad": (found["esp"] or "").strip() or None,
        })  # fmt: skip
    return Sheet.from_dict({**sheet.to_dict(), "armas": weapons})


# --- out ---------------------------------------------------------------------------------------


def dump(sheets: Sequence[Sheet], fmt: FileFormat, kind: str) -> bytes:
    if fmt in ("yaml", "json"):
        data = {KEYS[kind]: [s.to_dict() for s in sheets]}
        text = yamlio.dump(data) if fmt == "yaml" else jsonio.dump(data)
        return text.encode("utf-8")
    rows = [row_of(s) for s in sheets]
    if fmt == "csv":
        return csvio.write(rows, SCHEMA).encode("utf-8")
    return xlsxio.write(KEYS[kind], COLUMNS, (csvio.values(r, SCHEMA) for r in rows))


def filename(kind: str, fmt: FileFormat) -> str:
    return f"hielo-{KEYS[kind]}.{fmt}"


# --- in ----------------------------------------------------------------------------------------


def _xlsx_rows(data: bytes) -> list[dict[str, Any]]:
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook
        raise FileRefused("el archivo no es un libro .xlsx que se pueda leer") from None
    sheet = book.worksheets[0]
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    book.close()
    if not rows:
        raise FileRefused("el archivo está vacío")
    header = [key(str(c or "")) for c in rows[0]]
    unknown = [h for h in header if h and h not in COLUMNS]
    if unknown:
        raise FileRefused(
            f"columna desconocida «{unknown[0]}»: las columnas son {', '.join(COLUMNS)}"
        )
    return [
        {h: v for h, v in zip(header, r, strict=False) if h}
        for r in rows[1:]
        if any(v not in (None, "") for v in r)
    ]


def load(data: bytes, name: str, kind: str) -> list[Sheet]:
    """Every sheet of the file, checked; the first problem refuses the whole file."""
    if PurePath(name).suffix.lower() == ".xlsx":
        rows: list[Any] = _xlsx_rows(data)
        flat = True
    else:
        text = decode(data)
        fmt = detect_format(name, text)
        flat = fmt == "csv"
        if flat:
            rows, _ = csvio.read(text, SCHEMA)
        else:
            parsed, _ = yamlio.load(text) if fmt == "yaml" else jsonio.load(text)
            rows = _entries(parsed, kind)
    if not rows:
        raise FileRefused("el archivo no tiene ninguna ficha")
    sheets: list[Sheet] = []
    for index, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise FileRefused("cada ficha tiene que ser un objeto con sus claves", entry=index)
        try:
            sheets.append(checked_names(sheet_of_row(row) if flat else Sheet.from_dict(row)))
        except UmbralError as error:
            raise FileRefused(
                str(error), entry=index, nombre=str(row.get("nombre") or "")
            ) from None
    names = [key(s.nombre) for s in sheets]
    if len(set(names)) != len(names):
        raise FileRefused("hay dos fichas con el mismo nombre")
    return sheets


def _entries(parsed: object, kind: str) -> list[Any]:
    wanted, other = KEYS[kind], KEYS["enemigo" if kind == "pj" else "pj"]
    if isinstance(parsed, list):
        return parsed
    if isinstance(parsed, dict):
        if other in parsed:
            raise FileRefused(f"esto es un archivo de {other}, no de {wanted}")
        if wanted in parsed and isinstance(parsed[wanted], list):
            return list(parsed[wanted])
        if "nombre" in parsed:
            return [parsed]
    raise FileRefused(f"se esperaba una lista de {wanted} (o «{wanted}:» con la lista)")
