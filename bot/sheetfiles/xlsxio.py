"""xlsx out: one sheet, a header row, numbers as numbers and every other cell written as
text, so that no spreadsheet runs what someone typed (a cell «=1+1» is the text «=1+1», not a
formula). Characters an xlsx cannot hold (control characters) become «�». And in, for the
files that take xlsx back (the percentile game's sheets): :func:`read`, the first sheet's
rows by their header, a bounded number of them."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from umbral_rules.text import word_key

from .errors import FileRefused, shown

Value = str | int | None


def write(title: str, header: Sequence[str], rows: Iterable[Sequence[Value]]) -> bytes:
    """The workbook's bytes: sheet ``title``, the ``header``, then ``rows``."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title)
    sheet.append([_cell(sheet, name) for name in header])
    for row in rows:
        sheet.append([_cell(sheet, value) for value in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cell(sheet: WriteOnlyWorksheet, value: Value) -> Cell | int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    text = ILLEGAL_CHARACTERS_RE.sub("\ufffd", str(value))
    cell = WriteOnlyCell(sheet, value=text)
    cell.data_type = "s"  # text, even when it starts with «=»
    return cell


def read(data: bytes, columns: Sequence[str], max_rows: int) -> list[tuple[int, dict[str, object]]]:
    """The first sheet's rows under its header (each with its row number), blank rows left
    out; a header cell that is not one of ``columns`` (matched by :func:`word_key`), or more
    than ``max_rows`` rows, refuses the file."""
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a file that is not a workbook
        raise FileRefused("el archivo no es un libro .xlsx que se pueda leer") from None
    try:
        rows = book.worksheets[0].iter_rows(values_only=True)
        known = {word_key(c): c for c in columns}
        header: list[str | None] = []
        for cell in next(rows, ()):
            name = known.get(word_key(str(cell))) if cell not in (None, "") else None
            if cell not in (None, "") and (name is None or name in header):
                raise FileRefused(
                    f"columna desconocida o repetida «{shown(cell)}»: las columnas son "
                    f"{', '.join(columns)}",
                    line=1,
                )
            header.append(name)
        found: list[tuple[int, dict[str, object]]] = []
        for number, cells in enumerate(rows, start=2):
            if all(v in (None, "") for v in cells):
                continue
            if len(found) == max_rows:
                raise FileRefused(f"demasiadas filas: como mucho {max_rows}")
            found.append((number, {h: v for h, v in zip(header, cells, strict=False) if h}))
    finally:
        book.close()
    if not header:
        raise FileRefused("el archivo está vacío")
    return found
