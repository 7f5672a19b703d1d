"""The cells of an exported spreadsheet (CSV or xlsx) that a spreadsheet program would run."""

from __future__ import annotations

import csv
import io
import re

NUMBER = re.compile(r"-?\d+")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_rows(data: bytes) -> list[list[str]]:
    """A CSV the bot exported, read as a spreadsheet would: its separator from the header."""
    text = data.decode("utf-8-sig")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def xlsx_rows(data: bytes) -> list[list[object]]:
    """An xlsx's first sheet, every cell as stored; a formula cell is its text with «=»."""
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(data)).worksheets[0]
    rows: list[list[object]] = []
    for row in sheet.iter_rows():
        cells: list[object] = []
        for item in row:
            if item.data_type == "f":
                cells.append(f"=formula:{item.value}")
            else:
                cells.append(item.value)
        rows.append(cells)
    return rows


def formula_cells(filename: str, data: bytes) -> list[str]:
    """The cells of ``filename`` a spreadsheet would read as a formula (none for other
    files): in a CSV, a text cell starting with =, +, -, @, a tab or a carriage return (a
    number such as ``-3`` is a number); in an xlsx, any formula cell."""
    if filename.endswith(".csv"):
        return [
            cell
            for row in csv_rows(data)
            for cell in row
            if cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell)
        ]
    if filename.endswith(".xlsx"):
        return [
            str(cell)
            for row in xlsx_rows(data)
            for cell in row
            if isinstance(cell, str) and cell.startswith("=formula:")
        ]
    return []
