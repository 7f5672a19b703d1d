"""CSV in and out: one row per entry, a header naming the columns.

Lists (cualidades, estados) go in one cell separated by commas or semicolons; the columns
of a nested table (a character's atributos) are flattened; a few columns have their own
small syntax (a character's Oficios and weapons), given by the schema.

Written for spreadsheets set to Spanish: cells separated by «;» (a Spanish-locale Excel or
LibreOffice splits on it, where the comma is the decimal separator), UTF-8 with a BOM. A
text cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, a tab or a carriage
return first) is written with a leading «'» (OWASP's advice; :func:`bot.render.safe.cell`);
reading takes it away again, and still refuses a formula that has none.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.render.safe import cell as text_cell
from bot.render.safe import uncell
from umbral_rules.text import word_key

from .errors import FileRefused, number, shown
from .models import FORMULA_START

NUMBER = re.compile(r"-?\d+")
LIST_SPLIT = re.compile(r"[;,]")
BOM = "\ufeff"
#: The separator the bot writes (it reads «,» too).
DELIMITER = ";"


@dataclass(frozen=True)
class CsvSchema:
    columns: tuple[str, ...]
    numeric: frozenset[str] = frozenset()
    lists: frozenset[str] = frozenset()
    #: A nested table whose keys are columns of their own: ``{"atributos": ("vigor", …)}``.
    nested: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Columns with their own syntax: cell → value (``ValueError`` with a Spanish text).
    parsers: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
    writers: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)

    @property
    def flat(self) -> tuple[str, ...]:
        out: list[str] = []
        for column in self.columns:
            out.extend(self.nested.get(column, (column,)))
        return tuple(out)


class CsvLines:
    def __init__(self, lines: Sequence[int]) -> None:
        self.lines = lines

    def line(self, loc: Sequence[str | int]) -> int | None:
        if loc and isinstance(loc[0], int) and 0 <= loc[0] < len(self.lines):
            return self.lines[loc[0]]
        return None


def _delimiter(text: str) -> str:
    first = text.split("\n", 1)[0]
    return ";" if first.count(";") > first.count(",") else ","


def _header(cells: list[str], schema: CsvSchema) -> list[str]:
    known = {word_key(c): c for c in schema.flat}
    header: list[str] = []
    for cell in cells:
        name = known.get(word_key(cell))
        if name is None:
            raise FileRefused(
                f"columna desconocida «{shown(cell)}»: las columnas son {', '.join(schema.flat)}",
                line=1,
            )
        if name in header:
            raise FileRefused(f"la columna «{name}» aparece dos veces", line=1)
        header.append(name)
    return header


def _value(column: str, cell: str, schema: CsvSchema) -> Any:
    if column in schema.parsers:
        return schema.parsers[column](cell)
    if column in schema.lists:
        return [item.strip() for item in LIST_SPLIT.split(cell) if item.strip()]
    if column in schema.numeric and NUMBER.fullmatch(cell):
        return number(cell)
    return cell


def read(text: str, schema: CsvSchema) -> tuple[list[dict[str, Any]], CsvLines]:
    """Rows as the models' raw dicts; refuses bad quoting, ragged rows and formula cells."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    rows: list[dict[str, Any]] = []
    lines: list[int] = []
    try:
        header = _header(next(reader, []), schema)
        last = reader.line_num
        for cells in reader:
            start, last = last + 1, reader.line_num
            if not any(c.strip() for c in cells):
                continue
            rows.append(_row(cells, header, schema, len(rows) + 1, start))
            lines.append(start)
    except csv.Error as error:
        raise FileRefused(_malformed(error), line=reader.line_num) from None
    return rows, CsvLines(lines)


def _malformed(error: csv.Error) -> str:
    """What is wrong with the CSV, from the module's English message."""
    if "field larger than field limit" in str(error):
        limit = f"{csv.field_size_limit():,}".replace(",", ".")
        return f"una celda es demasiado larga (más de {limit} caracteres)"
    return "el CSV está mal formado (unas comillas sin cerrar o mal puestas)"


def _row(
    cells: list[str], header: list[str], schema: CsvSchema, entry: int, line: int
) -> dict[str, Any]:
    if len(cells) != len(header):
        raise FileRefused(
            f"la fila tiene {len(cells)} celdas y la cabecera {len(header)}",
            entry=entry,
            line=line,
        )
    raw: dict[str, Any] = {}
    nombre = cells[header.index("nombre")].strip() if "nombre" in header else None
    for column, cell in zip(header, cells, strict=True):
        cell = cell.strip()
        if not cell:
            continue
        guarded = uncell(cell)
        if guarded != cell:  # the «'» an export put before a formula character
            cell = guarded
        elif cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell):
            raise FileRefused(
                f"la celda «{shown(cell)}» parece una fórmula de hoja de cálculo "
                "(empieza por =, +, - o @; si es texto, pon una «'» delante)",
                entry=entry,
                nombre=nombre,
                field=column,
                line=line,
            )
        try:
            value = _value(column, cell, schema)
        except ValueError as error:
            raise FileRefused(
                str(error), entry=entry, nombre=nombre, field=column, line=line
            ) from None
        parent = next((p for p, cols in schema.nested.items() if column in cols), None)
        if parent is None:
            raw[column] = value
        else:
            raw.setdefault(parent, {})[column] = value
    return raw


def _cell(column: str, value: Any, schema: CsvSchema) -> str | int:
    if column in schema.writers:
        return str(schema.writers[column](value))
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if column in schema.numeric and isinstance(value, int):
        return value
    return str(value)


def values(entry: Mapping[str, Any], schema: CsvSchema) -> list[str | int]:
    """One entry's cells in the columns' order: numbers as numbers, the rest as text (not
    yet guarded: the CSV guards it, the xlsx writes it as text)."""
    row: list[str | int] = []
    for column in schema.columns:
        if column in schema.nested:
            row.extend(int(entry[column][key]) for key in schema.nested[column])
        else:
            row.append(_cell(column, entry[column], schema))
    return row


def write(entries: Sequence[Mapping[str, Any]], schema: CsvSchema) -> str:
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=DELIMITER, lineterminator="\r\n")
    writer.writerow(schema.flat)
    for entry in entries:
        row = values(entry, schema)
        writer.writerow([v if isinstance(v, int) else text_cell(v) for v in row])
    return BOM + out.getvalue()
