"""Bestiary and character files: YAML, JSON and CSV in and out, validated all or nothing.

Pure code (no Discord, no database)::

    entries = load_bestiary(data, "bestiario.yaml")   # list[EnemyEntry], or FileRefused
    data = dump(entries, "yaml", BESTIARY)            # the same format back
    characters = load_characters(data, "fichas.csv")  # list[CharacterEntry]
    characters, saved = load_sheet(data, "fichas.yaml")  # and the saved rolls beside them

:class:`FileRefused` is an ``UmbralError`` whose message (Spanish) names the entry, the
field, the line when the format gives one, and what was expected. The limits live in
:mod:`bot.sheetfiles.limits`.
"""

from .codec import (
    BESTIARY,
    CHARACTERS,
    EXPORT_HELP,
    EXTENSIONS,
    FORMATS,
    SAVED_ROLLS,
    ExportFormat,
    Format,
    Kind,
    decode,
    detect_format,
    dump,
    filename_for,
    load,
    load_bestiary,
    load_characters,
    load_sheet,
    too_big,
)
from .enemy import EnemyEntry
from .errors import FileRefused
from .models import CharacterEntry, Entry, SavedRollEntry, WeaponEntry

__all__ = [
    "BESTIARY",
    "CHARACTERS",
    "EXPORT_HELP",
    "EXTENSIONS",
    "FORMATS",
    "SAVED_ROLLS",
    "CharacterEntry",
    "EnemyEntry",
    "Entry",
    "ExportFormat",
    "FileRefused",
    "Format",
    "Kind",
    "SavedRollEntry",
    "WeaponEntry",
    "decode",
    "detect_format",
    "dump",
    "filename_for",
    "load",
    "load_bestiary",
    "load_characters",
    "load_sheet",
    "too_big",
]
