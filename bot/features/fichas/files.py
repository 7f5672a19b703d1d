"""A player's character files: rows ↔ entries and the import with its name clashes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.features.bestiario.files import (
    Conflictos,
    ImportResult,
    check_total,
    refuse_clashes,
)
from bot.features.fichas.editar import keep_wounds
from bot.features.fichas.vida import require_editable
from bot.jsontypes import JsonObject
from bot.offloop import off_loop
from bot.sheetfiles import (
    CHARACTERS,
    CharacterEntry,
    ExportFormat,
    SavedRollEntry,
    dump,
    load_sheet,
)
from bot.sheetfiles import fields as field_list
from umbral_rules.text import name_key

if TYPE_CHECKING:
    from bot.storage import UnitOfWork
    from bot.storage.models import Character


def row_fields(entry: CharacterEntry) -> JsonObject:
    """The columns of a character row for an entry (besides owner, name and activity), by
    the character's field list, and the Aguante's maximum its sheet gives; its private notes
    only when the file gives them."""
    fields = field_list.row_fields(entry)
    del fields["nombre"]
    fields["aguante_max"] = entry.aguante_max
    if "notas_privadas" not in entry.model_fields_set:
        del fields["notas_privadas"]
    return fields


#: What a re-import's changes call each column, in the order it tells them.
LABELS = {
    "atributos": "atributos",
    "oficios": "Oficios",
    "proteccion": "Protección",
    "aguante_extra": "Aguante extra",
    "tamano": "Tamaño",
    "aguante": "Aguante",
    "aguante_max": "Aguante máximo",
    "esencia": "Esencia",
    "esencia_max": "Esencia máxima",
    "aliento": "Aliento",
    "aliento_max": "Aliento máximo",
}


def _shown(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "ninguno"
    return str(value)


def keep_wounds_of(row: Character, fields: JsonObject) -> JsonObject:
    """[D] Re-importing a character never heals it: each bar keeps its wounds when its
    maximum changes (the file may still give a lower current value)."""
    kept = dict(fields)
    for bar in ("aguante", "aliento", "esencia"):
        wounded = keep_wounds(getattr(row, bar), getattr(row, f"{bar}_max"), kept[f"{bar}_max"])
        kept[bar] = min(kept[bar], wounded)
    return kept


def entry_of(row: Character) -> CharacterEntry:
    """A stored character as an entry (it was validated when it was stored)."""
    return field_list.entry_of(CharacterEntry, row)


async def parse_sheet(
    data: bytes, filename: str
) -> tuple[list[CharacterEntry], list[SavedRollEntry]]:
    """:func:`~bot.sheetfiles.load_sheet` (the characters, and the saved rolls beside them)
    on a worker thread: parsing and validating a big file must not hold the loop."""
    return await off_loop(load_sheet, data, filename)


async def export_characters(
    entries: Sequence[CharacterEntry], fmt: ExportFormat, saved: Sequence[SavedRollEntry] = ()
) -> bytes:
    """The file of ``entries`` (plain models) and the player's ``saved`` rolls, written on a
    worker thread."""
    return await off_loop(dump, list(entries), fmt, CHARACTERS, list(saved))


async def import_characters(
    uow: UnitOfWork,
    owner_id: int,
    entries: list[CharacterEntry],
    conflictos: Conflictos | None,
    *,
    whose: str = "entre tus personajes",
) -> ImportResult:
    """Add the entries as ``owner_id``'s characters; a clash with one of theirs is refused
    unless told what to do. The first new one becomes active if they had none active."""
    own = await uow.characters.list_for_owner(owner_id)
    existing = {name_key(row.nombre): row for row in own}
    clashes = [e for e in entries if name_key(e.nombre) in existing]
    if clashes and conflictos is None:
        raise refuse_clashes([e.nombre for e in clashes], whose, "personajes")
    new = [e for e in entries if name_key(e.nombre) not in existing]
    check_total(len(existing), len(new), whose)
    result = ImportResult(added=[e.nombre for e in new])
    for entry in clashes:
        if conflictos == "saltar":
            result.skipped.append(entry.nombre)
            continue
        row = existing[name_key(entry.nombre)]
        require_editable(row)
        row.nombre = entry.nombre
        fields = keep_wounds_of(row, row_fields(entry))
        changed = [
            f"{label}: {_shown(getattr(row, name))} → {_shown(fields[name])}"
            for name, label in LABELS.items()
            if getattr(row, name) != fields[name]
        ]
        for name, value in fields.items():
            setattr(row, name, value)
        result.replaced.append(entry.nombre)
        if changed:
            result.changes.append(f"{entry.nombre}: " + "; ".join(changed) + ".")
    make_active = not any(row.is_active for row in own)
    for entry in new:
        fields = row_fields(entry)
        atributos, aguante_max = fields.pop("atributos"), fields.pop("aguante_max")
        await uow.characters.create(
            owner_id,
            entry.nombre,
            atributos=atributos,
            aguante_max=aguante_max,
            active=make_active,
            **fields,
        )
        make_active = False
    return result
