"""The bestiary's files: rows ↔ entries, the import with its name clashes, the example file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.jsontypes import JsonObject, from_json_text
from bot.offloop import off_loop
from bot.sheetfiles import (
    BESTIARY,
    EnemyEntry,
    ExportFormat,
    FileRefused,
    dump,
    load_bestiary,
    too_big,
)
from bot.sheetfiles import fields as field_list
from bot.sheetfiles import limits as L
from bot.storage.repositories import RAW_JSON
from umbral_rules.text import name_key, sort_key

if TYPE_CHECKING:
    from bot.storage import UnitOfWork
    from bot.storage.models import BestiaryEntry

Conflictos = Literal["reemplazar", "saltar"]
#: The example bestiary, shipped inside the package; ``bestiario/ejemplo.yaml`` at the
#: repository's root is a link to this same file.
EXAMPLE_PATH = Path(__file__).resolve().parents[2] / "data" / "ejemplo.yaml"
SHOWN_NAMES = 15


@dataclass
class ImportResult:
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    #: what a replacement changed, one line per replaced entry that changed
    changes: list[str] = field(default_factory=list)

    def lines(self, what: str) -> list[str]:
        out = [f"{what.capitalize()} nuevos: {len(self.added)}."]
        if self.replaced:
            out.append(f"Reemplazados: {len(self.replaced)} ({names_text(self.replaced)}).")
        if self.skipped:
            out.append(f"Saltados, ya estaban: {len(self.skipped)} ({names_text(self.skipped)}).")
        out.extend(self.changes[:SHOWN_NAMES])
        return out


def names_text(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN_NAMES])
    rest = len(names) - SHOWN_NAMES
    return f"{shown} y {rest} más" if rest > 0 else shown


def refuse_clashes(clashes: list[str], where: str, what: str) -> FileRefused:
    return FileRefused(
        f"{where} ya hay {what} con esos nombres ({names_text(clashes)}); "
        "elige conflictos:reemplazar o conflictos:saltar"
    )


def check_total(existing: int, adding: int, where: str) -> None:
    if existing + adding > L.MAX_ENTRIES:
        raise FileRefused(
            f"{where} quedarían {existing + adding} entradas y el máximo es {L.MAX_ENTRIES}"
        )


def row_fields(entry: EnemyEntry) -> JsonObject:
    """The columns of a bestiary row for an entry (by the enemy's field list)."""
    return field_list.row_fields(entry)


def entry_of(row: BestiaryEntry | SimpleNamespace) -> EnemyEntry:
    """A stored row as an entry (it was validated when it was stored)."""
    return field_list.entry_of(EnemyEntry, row)


async def parse_bestiary(data: bytes, filename: str) -> list[EnemyEntry]:
    """:func:`~bot.sheetfiles.load_bestiary` on a worker thread: decoding, parsing and
    validating 2,000 entries takes up to a second of CPU, which must not hold the loop."""
    return await off_loop(load_bestiary, data, filename)


async def import_bestiary(
    uow: UnitOfWork, entries: list[EnemyEntry], conflictos: Conflictos | None
) -> ImportResult:
    """Add the entries to the guild's bestiary; a clash is refused unless told what to do.
    Replaced and new rows are written by batched executemany (no ORM objects)."""
    existing = {
        name_key(nombre): entry_id for entry_id, nombre in (await uow.bestiary.names()).items()
    }
    clashes = [e for e in entries if name_key(e.nombre) in existing]
    if clashes and conflictos is None:
        raise refuse_clashes([e.nombre for e in clashes], "en el bestiario", "enemigos")
    new = [e for e in entries if name_key(e.nombre) not in existing]
    check_total(len(existing), len(new), "en el bestiario")
    result = ImportResult(added=[e.nombre for e in new])
    if conflictos == "saltar":
        result.skipped = [e.nombre for e in clashes]
    else:
        fields = await off_loop(_all_fields, clashes) if clashes else []
        await uow.bestiary.replace_many(
            {existing[name_key(e.nombre)]: f for e, f in zip(clashes, fields, strict=True)}
        )
        result.replaced = [e.nombre for e in clashes]
    # the fields of a large import take a while to build: on the worker thread, not the loop's
    await uow.bestiary.add_many(await off_loop(_all_fields, new))
    return result


def _all_fields(entries: list[EnemyEntry]) -> list[JsonObject]:
    return [row_fields(e) for e in entries]


async def export_rows(rows: Sequence[Mapping[str, Any]], fmt: ExportFormat) -> bytes:
    """The file of the bestiary's plain rows (``uow.bestiary.rows()``): their JSON decoded,
    sorted, built and written on a worker thread."""
    return await off_loop(_export, list(rows), fmt)


def _decoded(row: Mapping[str, Any]) -> SimpleNamespace:
    fields = dict(row)
    for name in RAW_JSON:
        fields[name] = from_json_text(fields[name])
    return SimpleNamespace(**fields)


def _export(rows: list[Mapping[str, Any]], fmt: ExportFormat) -> bytes:
    plain = sorted((_decoded(row) for row in rows), key=lambda r: sort_key(r.nombre))
    return dump([entry_of(row) for row in plain], fmt, BESTIARY)


async def read_attachment(archivo: discord.Attachment) -> bytes:
    """The attachment's bytes; one over the size limit is refused before it is downloaded."""
    if archivo.size > L.MAX_BYTES:
        raise FileRefused(too_big(archivo.size))
    data: bytes = await archivo.read()
    return data
