"""A guild's secuelas table as a file (``/tabla secuelas importar``): one entry per result or
range of results, read by the same machinery as the bestiary (YAML, JSON or CSV with Spanish
headers, all or nothing, the entry, field and line of the first problem).

::

    secuelas:
      - nombre: Cicatriz fea
        resultado: 2-4
        efecto: Se nota de lejos.

The table is stored as the encounter's ``secuelas_tabla`` (``{"2": "texto", …}``, one key per
result): each result's text is the entry's name, and its effect after «—». The results go
from 2 (1 is death, [D] ``tables.SECUELAS_DEATH``) up to at most 16 (a 12 and Aliento's +4,
``tables.SECUELAS_MAX``), every one of them from 2 to the highest named exactly once; [D] a
result above the highest reads the highest entry (``umbral_rules.encounter.wounds``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, cast

from pydantic import AfterValidator, BeforeValidator, Strict

from umbral_rules.tables import SECUELAS_DEATH, SECUELAS_MAX

from . import csvio
from .codec import Kind, load
from .errors import FileRefused
from .models import Entry, clean_text

#: Between a secuela's name and its effect, in the stored text.
SEPARATOR = " — "
EFECTO_MAX = 200
RANGE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$")
LOW = SECUELAS_DEATH + 1


def parse_range(value: object) -> tuple[int, int]:
    """``5`` or ``"2-4"`` (also «2–4»): the results from low to high, within 2..16."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError("se esperaba un resultado («5») o un rango («2-4»)")
    found = RANGE.match(str(value))
    if found is None:
        raise ValueError(f"«{value}» no es un resultado («5») ni un rango («2-4»)")
    low = int(found.group(1))
    high = int(found.group(2) or low)
    if low > high:
        raise ValueError(f"el rango «{value}» va al revés: el menor primero («{high}-{low}»)")
    if low < LOW or high > SECUELAS_MAX:
        raise ValueError(
            f"los resultados van de {LOW} a {SECUELAS_MAX} (el {SECUELAS_DEATH} es la muerte "
            f"y no se cambia): «{value}»"
        )
    return low, high


def range_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _range(value: object) -> str:
    return range_text(*parse_range(value))


def _efecto(value: str) -> str:
    return clean_text(value, limit=EFECTO_MAX)


class SecuelaEntry(Entry):
    """One secuela: its name, the results that give it, and optionally what it does."""

    resultado: Annotated[str, BeforeValidator(_range)]
    efecto: Annotated[str, Strict(), AfterValidator(_efecto)] = ""

    @property
    def text(self) -> str:
        return f"{self.nombre}{SEPARATOR}{self.efecto}" if self.efecto else self.nombre


SECUELAS = Kind(
    key="secuelas",
    model=SecuelaEntry,
    what="secuela",
    stem="secuelas",
    header="# Tabla de secuelas de Umbral.\n",
    csv=csvio.CsvSchema(columns=SecuelaEntry.columns()),
    wrong=("enemigos", "/bestiario importar"),
)


def load_secuelas(data: bytes, filename: str) -> dict[str, str]:
    """The file's table, one key per result (``{"2": "Cicatriz fea — …", …}``); a result
    named twice, or one missing between 2 and the highest, refuses the whole file."""
    entries = cast(list[SecuelaEntry], load(data, filename, SECUELAS))
    owner: dict[int, int] = {}
    table: dict[str, str] = {}
    for index, entry in enumerate(entries, start=1):
        low, high = parse_range(entry.resultado)
        for result in range(low, high + 1):
            if result in owner:
                raise FileRefused(
                    f"el {result} ya está en la entrada {owner[result]}",
                    entry=index,
                    nombre=entry.nombre,
                    field="resultado",
                )
            owner[result] = index
            table[str(result)] = entry.text
    missing = [r for r in range(LOW, max(owner) + 1) if r not in owner]
    if missing:
        raise FileRefused(
            f"faltan resultados: {', '.join(map(str, missing))} (la tabla va del {LOW} al "
            f"{max(owner)} sin huecos)"
        )
    return {str(r): table[str(r)] for r in sorted(owner)}


def table_rows(table: Mapping[str, str]) -> list[tuple[str, str]]:
    """A stored table as its rows: consecutive results with the same text in one range."""
    rows: list[tuple[int, int, str]] = []
    for key in sorted(table, key=int):
        result, text = int(key), table[key]
        if rows and rows[-1][2] == text and rows[-1][1] == result - 1:
            rows[-1] = (rows[-1][0], result, text)
        else:
            rows.append((result, result, text))
    return [(range_text(low, high), text) for low, high, text in rows]
