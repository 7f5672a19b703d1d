"""Bestiary and character files: YAML, JSON and CSV in and out, validated all or nothing.

Pure code (no Discord, no database)::

    entries = load_bestiary(data, "bestiario.yaml")   # list[EnemyEntry], or FileRefused
    data = dump(entries, "yaml", BESTIARY)            # the same format back
    characters = load_characters(data, "fichas.csv")  # list[CharacterEntry]

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
    too_big,
)
from .errors import FileRefused
from .models import CharacterEntry, EnemyEntry, Entry, WeaponEntry

__all__ = [
    "BESTIARY",
    "CHARACTERS",
    "EXPORT_HELP",
    "EXTENSIONS",
    "FORMATS",
    "CharacterEntry",
    "EnemyEntry",
    "Entry",
    "ExportFormat",
    "FileRefused",
    "Format",
    "Kind",
    "WeaponEntry",
    "decode",
    "detect_format",
    "dump",
    "filename_for",
    "load",
    "load_bestiary",
    "load_characters",
    "too_big",
]
