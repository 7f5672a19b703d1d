"""xlsx out (for exports only: the bot imports YAML, JSON and CSV): one sheet, a header row,
numbers as numbers and every other cell written as text, so that no spreadsheet runs what
someone typed (a cell «=1+1» is the text «=1+1», not a formula). Characters an xlsx cannot
hold (control characters) become «�»."""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

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
