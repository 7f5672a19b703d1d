"""The rules' sheets of stored rows (a character, a bestiary entry): a row's columns are
named as its sheet's fields, so the sheet is read by those names
(:func:`umbral_rules.named.sheet_of`), never copied field by field."""

from __future__ import annotations

from umbral_rules import CharacterSheet, EnemySheet, Weapon
from umbral_rules.named import S, sheet_fields, sheet_of

from .models import BestiaryEntry, Character


def row_sheet(kind: type[S], row: object) -> S:
    """The rules' sheet ``kind`` of a stored row (its columns by the sheet's field names)."""
    return sheet_of(kind, {name: getattr(row, name) for name in sheet_fields(kind)})


def character_sheet(row: Character) -> CharacterSheet:
    """The rules' sheet of a stored character."""
    return row_sheet(CharacterSheet, row)


def character_weapons(row: Character) -> list[Weapon]:
    return [Weapon.from_dict(w) for w in row.weapons]


def enemy_sheet(row: BestiaryEntry) -> EnemySheet:
    """The rules' sheet of a bestiary entry."""
    return row_sheet(EnemySheet, row)
