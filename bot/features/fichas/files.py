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
    Format,
    SavedRollEntry,
    WeaponEntry,
    dump,
    load_sheet,
)
from bot.sheetfiles.models import cualidades_keys
from umbral_rules.text import name_key

if TYPE_CHECKING:
    from bot.storage import UnitOfWork
    from bot.storage.models import Character


def row_fields(entry: CharacterEntry) -> JsonObject:
    """The columns of a character row for an entry (besides owner, name and activity)."""
    return {
        "atributos": dict(entry.atributos),
        "oficios": dict(entry.oficios),
        "proteccion": entry.proteccion,
        "aguante_extra": entry.aguante_extra,
        "size": entry.tamano,
        "weapons": [w.weapon().to_dict() for w in entry.armas],
        "aguante": entry.aguante,
        "aguante_max": entry.aguante_max,
        "esencia": entry.esencia,
        "esencia_max": entry.esencia_max,
        "aliento": entry.aliento,
        "aliento_max": entry.aliento_max,
        "estados": list(entry.estados),
        "notas": entry.notas,
    }


LABELS = {
    "atributos": "atributos",
    "oficios": "Oficios",
    "proteccion": "Protección",
    "aguante_extra": "Aguante extra",
    "size": "Tamaño",
    "aguante": "Aguante",
    "aguante_max": "Aguante máximo",
    "aliento": "Aliento",
    "aliento_max": "Aliento máximo",
    "esencia": "Esencia",
    "esencia_max": "Esencia máxima",
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
    armas = [
        WeaponEntry.model_construct(
            nombre=w["nombre"],
            clase=w["clase"],
            potencia=w["potencia"],
            atributo=w["atributo"],
            cualidades=cualidades_keys(w.get("cualidades", [])),
        )
        for w in row.weapons
    ]
    return CharacterEntry.model_construct(
        nombre=row.nombre,
        atributos=dict(row.atributos),
        proteccion=row.proteccion,
        aguante_extra=row.aguante_extra,
        tamano=row.size,
        oficios=dict(row.oficios),
        armas=armas,
        aguante=row.aguante,
        esencia=row.esencia,
        esencia_max=row.esencia_max,
        aliento=row.aliento,
        aliento_max=row.aliento_max,
        estados=list(row.estados),
        notas=row.notas,
    )


async def parse_sheet(
    data: bytes, filename: str
) -> tuple[list[CharacterEntry], list[SavedRollEntry]]:
    """:func:`~bot.sheetfiles.load_sheet` (the characters, and the saved rolls beside them)
    on a worker thread: parsing and validating a big file must not hold the loop."""
    return await off_loop(load_sheet, data, filename)


async def export_characters(
    entries: Sequence[CharacterEntry], fmt: Format, saved: Sequence[SavedRollEntry] = ()
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
            f"{LABELS.get(name, name)}: {_shown(getattr(row, name))} → {_shown(value)}"
            for name, value in fields.items()
            if name in LABELS and getattr(row, name) != value
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
