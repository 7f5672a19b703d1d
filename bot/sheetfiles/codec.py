"""Whole files: bytes in → validated entries (all or nothing), entries → bytes out.

The format comes from the file's extension (``.yaml``/``.yml``, ``.json``, ``.csv``); a file
with no extension or ``.txt`` is recognised by its content. Exporting writes the same format
so that export → import gives the same entries, and export → import → export the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Literal, Protocol, TypeVar, cast, get_args

from pydantic import ValidationError

from bot.observe import note_slow_work
from umbral_rules.tables import ATRIBUTOS
from umbral_rules.text import name_key, word_key

from . import csvio, fields, jsonio, xlsxio, yamlio
from . import limits as L
from .enemy import EnemyEntry
from .errors import FileRefused, explain, field_label, number, shown
from .models import CharacterEntry, Entry, SavedRollEntry

Format = Literal["yaml", "json", "csv"]
FORMATS: tuple[Format, ...] = get_args(Format)
#: What an export may be written as: the formats the bot reads, and xlsx (written only).
ExportFormat = Literal["yaml", "json", "csv", "xlsx"]
EXPORT_HELP = "yaml (por defecto), json, csv (con «;», para hojas de cálculo) o xlsx"
EXTENSIONS: dict[str, Format] = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".csv": "csv"}
SNIFFED = ("", ".txt")
E = TypeVar("E", bound=Entry)


class Lines(Protocol):
    def line(self, loc: Sequence[str | int]) -> int | None: ...


# --- a character's Oficios and weapons in one CSV cell ------------------------------------

WEAPON = re.compile(r"^(?P<nombre>.+?)\s*\((?P<spec>[^()]*)\)$")
WEAPON_FORM = (
    "«Nombre (clase, potencia, atributo, cualidades…)», p. ej. «Lanza (mano, 4, V, larga)»"
)


def parse_oficios(cell: str) -> dict[str, Any]:
    oficios: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in cell.split(";"))):
        name, _, value = item.rpartition(" ")
        if not name.strip() or not csvio.NUMBER.fullmatch(value):
            raise ValueError(f"«{shown(item)}» no tiene la forma «nombre valor», p. ej. «armas 3»")
        oficios[name.strip()] = number(value)
    return oficios


def write_oficios(oficios: dict[str, int]) -> str:
    return "; ".join(f"{name} {value}" for name, value in oficios.items())


def parse_armas(cell: str) -> list[dict[str, Any]]:
    armas: list[dict[str, Any]] = []
    for item in filter(None, (part.strip() for part in cell.split(";"))):
        found = WEAPON.match(item)
        parts = [p.strip() for p in found.group("spec").split(",")] if found else []
        if found is None or len(parts) < 3:
            raise ValueError(f"«{shown(item)}» no tiene la forma {WEAPON_FORM}")
        clase, potencia, atributo, *cualidades = parts
        armas.append(
            {
                "nombre": found.group("nombre"),
                "clase": clase,
                "potencia": number(potencia) if csvio.NUMBER.fullmatch(potencia) else potencia,
                "atributo": atributo,
                "cualidades": [c for c in cualidades if c],
            }
        )
    return armas


def write_armas(armas: list[dict[str, Any]]) -> str:
    specs = ([w["clase"], str(w["potencia"]), w["atributo"], *w["cualidades"]] for w in armas)
    return "; ".join(
        f"{w['nombre']} ({', '.join(spec)})" for w, spec in zip(armas, specs, strict=True)
    )


# --- the two kinds of file ----------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    key: str  # the top-level key of a YAML/JSON file: {"enemigos": [...]}
    model: type[Entry]
    what: str  # "enemigo", for messages
    stem: str  # the exported file's name
    header: str  # the exported YAML's comment
    csv: csvio.CsvSchema
    wrong: tuple[str, str]  # (the other kind's key, how to import it)
    #: Another kind the same YAML/JSON file may carry beside this one's list (a player's
    #: saved rolls beside their characters): ``{"personajes": […], "tiradas": […]}``.
    companion: str | None = None


BESTIARY = Kind(
    key="enemigos",
    model=EnemyEntry,
    what="enemigo",
    stem="bestiario",
    header="# Bestiario de Umbral (exportado por el bot). Números de Mesa.\n",
    csv=csvio.CsvSchema(
        columns=EnemyEntry.columns(),
        numeric=fields.numeric(EnemyEntry),
        lists=fields.listed(EnemyEntry),
    ),
    wrong=("personajes", "/ficha importar"),
)
CHARACTERS = Kind(
    key="personajes",
    model=CharacterEntry,
    what="personaje",
    stem="personajes",
    header="# Personajes de Umbral (exportados por el bot).\n",
    csv=csvio.CsvSchema(
        columns=CharacterEntry.columns(),
        numeric=frozenset(
            {*ATRIBUTOS, "proteccion", "aguante_extra", "aguante", "esencia", "esencia_max"}
            | {"aliento", "aliento_max"}
        ),
        lists=frozenset({"estados"}),
        nested={"atributos": ATRIBUTOS},
        parsers={"oficios": parse_oficios, "armas": parse_armas},
        writers=cast(
            dict[str, Callable[[Any], str]], {"oficios": write_oficios, "armas": write_armas}
        ),
    ),
    wrong=("enemigos", "/bestiario importar"),
    companion="tiradas",
)
#: A player's saved rolls: in their character file, beside the characters (YAML, JSON).
SAVED_ROLLS = Kind(
    key="tiradas",
    model=SavedRollEntry,
    what="tirada guardada",
    stem="tiradas",
    header="# Tiradas guardadas de Umbral (exportadas por el bot).\n",
    csv=csvio.CsvSchema(columns=SavedRollEntry.columns()),
    wrong=("enemigos", "/bestiario importar"),
)


# --- reading ------------------------------------------------------------------------------


def decode(data: bytes) -> str:
    if len(data) > L.MAX_BYTES:
        raise FileRefused(too_big(len(data)))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise FileRefused("el archivo no está en UTF-8 (guárdalo como UTF-8)", line=line) from None
    if not text:
        raise FileRefused("el archivo está vacío")
    if not text.strip():
        raise FileRefused("el archivo solo tiene espacios en blanco")
    return text


def too_big(size: int) -> str:
    def dotted(n: int) -> str:
        return f"{n:,}".replace(",", ".")

    return (
        f"el archivo ocupa {dotted(size)} bytes y el máximo es {dotted(L.MAX_BYTES)} "
        f"({L.MAX_BYTES / 1_000_000:g} MB)"
    )


def detect_format(filename: str, text: str) -> Format:
    suffix = PurePath(filename).suffix.lower()
    if suffix in EXTENSIONS:
        return EXTENSIONS[suffix]
    if suffix not in SNIFFED:
        raise FileRefused(f"formato desconocido «{suffix}»: usa .yaml, .yml, .json o .csv")
    start = text.lstrip()
    if start[:1] in ("{", "["):
        return "json"
    first = start.split("\n", 1)[0]
    cells = [word_key(c) for c in re.split(r"[;,]", first)]
    return "csv" if len(cells) > 1 and cells[0] == "nombre" else "yaml"


def _entries(data: Any, kind: Kind) -> tuple[list[Any], tuple[str | int, ...] | None]:
    """The raw entries and the path to their list (``None``: the file is one entry)."""
    if isinstance(data, list):
        return data, ()
    if isinstance(data, dict):
        other, how = kind.wrong
        if other in data:
            raise FileRefused(f"esto es un archivo de {other}: se importa con {how}")
        if kind.key not in data and kind.companion in data:
            return [], (kind.key,)  # only the companion's entries (read by load_sheet)
        if kind.key in data:
            extra = sorted(str(k) for k in data if k not in (kind.key, kind.companion))
            if extra:
                raise FileRefused(f"clave desconocida «{shown(extra[0])}» junto a «{kind.key}»")
            if not isinstance(data[kind.key], list):
                raise FileRefused(f"«{kind.key}» debe ser una lista")
            return data[kind.key], (kind.key,)
        if "nombre" in data:
            return [data], None
    raise FileRefused(f"se esperaba una lista de {kind.key} (o «{kind.key}:» con la lista)")


def _read(data: bytes, filename: str, kind: Kind) -> tuple[Any, Lines, Format]:
    """The file parsed: CSV rows (a list) or the YAML/JSON document, and its lines."""
    text = decode(data)
    fmt = detect_format(filename, text)
    if fmt == "csv":
        rows, csv_lines = csvio.read(text, kind.csv)
        return rows, csv_lines, fmt
    parsed, lines = yamlio.load(text) if fmt == "yaml" else jsonio.load(text)
    return parsed, lines, fmt


def load(data: bytes, filename: str, kind: Kind) -> list[Entry]:
    """Every entry of the file, validated; the first problem refuses the whole file."""
    note_slow_work("fichero")
    parsed, lines, fmt = _read(data, filename, kind)
    raw, prefix = (parsed, ()) if fmt == "csv" else _entries(parsed, kind)
    if not raw:
        raise FileRefused(f"el archivo no tiene ningún {kind.what}")
    return _validated(raw, prefix, lines, kind)


def _validated(
    raw: list[Any],
    prefix: tuple[str | int, ...] | None,
    lines: Lines,
    kind: Kind,
    within: str | None = None,
) -> list[Entry]:
    """The entries validated. ``within``: they are a companion list of the file (its key),
    which the refusal names with the entry's number («tiradas › 2 › nombre»)."""
    if len(raw) > L.MAX_ENTRIES:
        raise FileRefused(f"el archivo tiene {len(raw)} entradas y el máximo es {L.MAX_ENTRIES}")
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(raw):
        path: tuple[str | int, ...] = () if prefix is None else (*prefix, index)
        nombre = item.get("nombre") if isinstance(item, dict) else None
        nombre = nombre if isinstance(nombre, str) else None
        try:
            entry = kind.model.model_validate(item)
        except ValidationError as error:
            first = error.errors()[0]
            loc = tuple(first["loc"])
            problem = explain(first)
            if first["type"] == "extra_forbidden":
                problem += "; los campos son " + ", ".join(kind.csv.columns)
            raise FileRefused(
                problem,
                entry=None if within else index + 1,
                nombre=None if within else nombre,
                field=field_label((within, index, *loc) if within else loc) or None,
                line=lines.line((*path, *loc)),
            ) from None
        key = name_key(entry.nombre)
        if key in seen:
            raise FileRefused(
                f"el nombre se repite (ya está en la entrada {seen[key]})",
                entry=None if within else index + 1,
                nombre=None if within else nombre,
                field=field_label((within, index, "nombre")) if within else "nombre",
                line=lines.line((*path, "nombre")),
            )
        seen[key] = index + 1
        entries.append(entry)
    return entries


def load_sheet(data: bytes, filename: str) -> tuple[list[CharacterEntry], list[SavedRollEntry]]:
    """A player's file: their characters and, in YAML or JSON, their saved rolls beside
    them (``tiradas``; a CSV is a table of characters only)."""
    note_slow_work("fichero")
    parsed, lines, fmt = _read(data, filename, CHARACTERS)
    raw, prefix = (parsed, ()) if fmt == "csv" else _entries(parsed, CHARACTERS)
    saved = parsed.get(SAVED_ROLLS.key) if isinstance(parsed, dict) else None
    if saved is not None and not isinstance(saved, list):
        raise FileRefused(f"«{SAVED_ROLLS.key}» debe ser una lista")
    if not raw and not saved:
        raise FileRefused(f"el archivo no tiene ningún {CHARACTERS.what}")
    characters = _validated(raw, prefix, lines, CHARACTERS) if raw else []
    rolls = (
        _validated(saved, (SAVED_ROLLS.key,), lines, SAVED_ROLLS, within=SAVED_ROLLS.key)
        if saved
        else []
    )
    return cast(list[CharacterEntry], characters), cast(list[SavedRollEntry], rolls)


def load_bestiary(data: bytes, filename: str) -> list[EnemyEntry]:
    return cast(list[EnemyEntry], load(data, filename, BESTIARY))


def load_characters(data: bytes, filename: str) -> list[CharacterEntry]:
    return cast(list[CharacterEntry], load(data, filename, CHARACTERS))


# --- writing ------------------------------------------------------------------------------


def dump(
    entries: Sequence[Entry], fmt: ExportFormat, kind: Kind, companion: Sequence[Entry] = ()
) -> bytes:
    """The file of ``entries``; in YAML and JSON, the ``companion`` kind's entries beside
    them (when there are any: a CSV or an xlsx holds one kind, see :data:`SAVED_ROLLS`)."""
    note_slow_work("fichero")
    exported = [e.export() for e in entries]
    if fmt == "xlsx":
        rows = (csvio.values(e, kind.csv) for e in exported)
        return xlsxio.write(kind.stem, kind.csv.flat, rows)
    if fmt == "csv":
        return csvio.write(exported, kind.csv).encode("utf-8")
    document: dict[str, Any] = {kind.key: exported}
    if companion and kind.companion:
        document[kind.companion] = [e.export() for e in companion]
    if fmt == "json":
        return jsonio.dump(document).encode("utf-8")
    return yamlio.dump(document, header=kind.header).encode("utf-8")


def filename_for(kind: Kind, fmt: ExportFormat) -> str:
    return f"{kind.stem}.{fmt}"
