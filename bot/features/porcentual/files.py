"""The percentile game's sheets and bestiary as files: YAML or JSON, one list under
``fichas:`` (or ``enemigos:``), each entry a sheet as ``/porcentual … ver`` shows it and the
rules read it (características, competencias, armas, armadura, escudo, PV). CSV and Excel
do not hold a sheet's lists of weapons: only YAML and JSON. A file with one bad entry is
refused whole, saying which and why; nothing is written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import Literal

from bot.jsontypes import JsonObject
from bot.sheetfiles import jsonio, yamlio
from bot.sheetfiles.codec import decode
from bot.sheetfiles.errors import FileRefused
from bot.storage.system_sheets import SheetKind, StoredSheet
from umbral_rules import UmbralError

from .sheets import checked

FileFormat = Literal["yaml", "json"]
#: The key a file's list goes under, by kind.
KEYS: dict[SheetKind, str] = {"pj": "fichas", "enemigo": "enemigos", "tabla": "tablas"}
MAX_ENTRIES = 200


def load(data: bytes, filename: str, kind: SheetKind) -> list[JsonObject]:
    """Every sheet of the file, checked."""
    text = decode(data)
    suffix = PurePath(filename).suffix.lower()
    parsed: object
    if suffix in (".yaml", ".yml"):
        parsed = yamlio.load(text)[0]
    elif suffix == ".json":
        parsed = jsonio.load(text)[0]
    else:
        raise FileRefused(
            f"formato desconocido «{suffix}»: usa .yaml, .yml o .json (una ficha del juego "
            "porcentual lleva listas de armas que no caben en CSV)"
        )
    key = KEYS[kind]
    if isinstance(parsed, dict) and key in parsed:
        entries = parsed[key]
    elif isinstance(parsed, dict) and "nombre" in parsed:
        entries = [parsed]
    else:
        entries = parsed
    if not isinstance(entries, list) or not entries:
        raise FileRefused(f"se esperaba una lista de fichas (o «{key}:» con la lista)")
    if len(entries) > MAX_ENTRIES:
        raise FileRefused(f"demasiadas fichas: como mucho {MAX_ENTRIES}")
    found: list[JsonObject] = []
    for number, entry in enumerate(entries, 1):
        nombre = entry.get("nombre") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(nombre, str) or not nombre.strip():
            raise FileRefused("falta el nombre", entry=number)
        try:
            found.append(checked(entry))
        except UmbralError as error:
            raise FileRefused(str(error), entry=number, nombre=nombre) from None
    return found


def dump(rows: Sequence[StoredSheet], kind: SheetKind, fmt: FileFormat) -> bytes:
    data = {KEYS[kind]: [row.data for row in rows]}
    text = yamlio.dump(data) if fmt == "yaml" else jsonio.dump(data)
    return text.encode("utf-8")
