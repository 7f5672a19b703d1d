"""A percentile sheet as one row of a CSV or XLSX file: each column is an option of
``/porcentual ficha crear`` written as that option takes it («fuerza 12, agilidad 14»;
«Espadas 60, Esquivar 40»; «cabeza, brazo izquierdo»), and the column ``armas`` holds every
weapon, separated by «;», each as its name and then the options of ``/porcentual ficha
arma``, «clave: valor» separated by commas::

    Espada, danio: 1D8+1, competencia: Espadas, fuerza_minima: 10, rasgos: corte;
    Jabalina, danio: 1D6, competencia: Lanzar, tipo: arrojadiza, alcance: FUE

(``rasgos``: separated by spaces or «+»). A row is read through the same functions as the
options (:func:`sheets.apply`, :func:`sheets.weapon`), so it accepts and refuses the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from bot.features.field_options import required
from bot.jsontypes import JsonObject
from bot.sheetfiles.fields import base_type, numeric
from umbral_rules import UmbralError
from umbral_rules.porcentual import Ficha
from umbral_rules.text import clean_name, word_key

from . import parse, sheets
from .options import SheetOptions, WeaponOptions

#: The columns: ``/porcentual ficha crear``'s options (:class:`SheetOptions`, in the order
#: of the files written so far), and the weapons.
COLUMNS = (
    "nombre", "caracteristicas", "competencias", "pv", "armas", "armadura", "proteccion",
    "resistencia", "iniciativa_armadura", "casco", "escudo", "tamano_escudo",
    "resistencia_escudo", "protege", "iniciativa_hechizos", "bipedo",
)  # fmt: skip
NUMERIC = numeric(SheetOptions)
REQUIRED = required(SheetOptions, "crear")
#: A weapon's keys in the ``armas`` cell: ``/porcentual ficha arma``'s options (but
#: ``quitar``, which is the command's: a weapon in a file is there).
WEAPON_KEYS = tuple(name for name in WeaponOptions.model_fields if name != "quitar")
WEAPON_ALIASES = {"dano": "danio", "caracteristica_base": "caracteristica"}
WEAPON_FORM = "«Espada, danio: 1D8+1, competencia: Espadas»"
YES, NO = frozenset({"si", "true", "verdadero", "1"}), frozenset({"no", "false", "falso", "0"})


# --- in ---------------------------------------------------------------------------------------


def _number(value: object, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        raise UmbralError(f"«{what}» tiene que ser un número entero (se dio «{text[:40]}»)")
    return int(text)


def _flag(value: object, what: str) -> bool:
    if isinstance(value, bool):
        return value
    key = word_key(str(value))
    if key in YES or key in NO:
        return key in YES
    raise UmbralError(f"«{what}» es «sí» o «no» (se dio «{str(value).strip()[:40]}»)")


def _choice(value: str, what: str, choices: tuple[str, ...]) -> str:
    key = word_key(value).replace(" ", "_")
    if key not in choices:
        raise UmbralError(f"«{what}» es {', '.join(choices)} (se dio «{value.strip()[:40]}»)")
    return key


def _typed(model: type[BaseModel], key: str, value: object) -> int | bool | str:
    """A cell's value as the option ``key`` of ``model`` takes it: a number, a yes/no, one of
    its choices, a text."""
    kind = base_type(model, key) if key in model.model_fields else str
    if kind is int:
        return _number(value, key)
    if kind is bool:
        return _flag(value, key)
    if get_origin(kind) is Literal:
        return _choice(str(value), key, get_args(kind))
    return str(value).strip()


def weapon_options(piece: str) -> tuple[str, WeaponOptions]:
    """One weapon of the ``armas`` cell: its name and ``/porcentual ficha arma``'s options."""
    parts = parse.items(piece)
    if not parts or (":" in parts[0] and word_key(parts[0].partition(":")[0]) in WEAPON_KEYS):
        raise UmbralError(f"el arma «{piece.strip()[:40]}» empieza por su nombre: {WEAPON_FORM}")
    given: dict[str, Any] = {"nombre": parts[0]}
    for part in parts[1:]:
        raw, sep, value = part.partition(":")
        key = word_key(raw).replace(" ", "_")
        key = WEAPON_ALIASES.get(key, key)
        if not sep or key not in WEAPON_KEYS or not value.strip() or key in given:
            raise UmbralError(
                f"no entiendo «{part[:40]}» en el arma «{parts[0][:40]}»: escribe «clave: valor» "
                f"con una de estas claves, una vez: {', '.join(WEAPON_KEYS)}"
            )
        value = value.strip()
        if key == "rasgos":
            given[key] = ", ".join(re.split(r"[\s+]+", value))
        else:
            given[key] = _typed(WeaponOptions, key, value)
    missing = [k for k in ("danio", "competencia") if k not in given]
    if missing:
        raise UmbralError(f"al arma «{parts[0][:40]}» le falta: {', '.join(missing)}")
    return parts[0], WeaponOptions.of(given)


def sheet_of_row(row: Mapping[str, Any]) -> JsonObject:
    """The sheet a row describes, checked by the rules as ``crear`` and ``arma`` check it."""
    cells = {k: v for k, v in row.items() if v is not None and str(v).strip() != ""}
    nombre = clean_name(str(cells.get("nombre", "")))
    missing = [k for k in REQUIRED if k not in cells]
    if missing:
        raise UmbralError(f"falta {', '.join(missing)}")
    given = {
        key: _typed(SheetOptions, key, value)
        for key, value in cells.items()
        if key not in ("nombre", "armas")
    }
    data = sheets.apply({"nombre": nombre}, SheetOptions.of(given))
    comps = Ficha.from_dict(data).competencias
    weapons = [
        sheets.weapon(*weapon_options(piece), comps)
        for piece in parse.items(str(cells.get("armas", "")), ";")
    ]
    return sheets.checked({**data, "armas": weapons})


# --- out --------------------------------------------------------------------------------------


def _pairs(values: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in values.items())


def _weapon_cell(arma: Mapping[str, Any]) -> str:
    parts = [str(arma["nombre"]), f"danio: {arma['danio']}", f"competencia: {arma['competencia']}"]
    if arma["caracteristica_base"] != "fuerza":
        parts.append(f"caracteristica: {arma['caracteristica_base']}")
    defaults = {"fuerza_minima": 0, "tamano": "medio", "tipo": "cuerpo_a_cuerpo", "recarga": 0}
    parts += [f"{k}: {arma[k]}" for k, default in defaults.items() if arma[k] != default]
    if arma["rasgos"]:
        parts.append(f"rasgos: {' '.join(arma['rasgos'])}")
    if arma["alcance"] is not None:
        parts.append(f"alcance: {arma['alcance']}")
    return ", ".join(parts)


def row_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The row of a sheet (``data`` as the rules write it)."""
    armour, shield = data.get("armadura"), data.get("escudo")
    row: dict[str, Any] = dict.fromkeys(COLUMNS)
    row.update(
        nombre=data["nombre"],
        caracteristicas=_pairs(data["caracteristicas"]),
        competencias=_pairs(data.get("competencias") or {}) or None,
        pv=data["pv"],
        armas="; ".join(_weapon_cell(a) for a in data.get("armas") or ()) or None,
        iniciativa_hechizos=data["iniciativa_hechizos"],
        bipedo="sí" if data["bipedo"] else "no",
    )
    if armour is not None:
        row.update(
            armadura=armour["nombre"],
            proteccion=armour["proteccion"],
            resistencia=armour["resistencia"],
            iniciativa_armadura=armour["iniciativa"],
            casco="sí" if armour["casco_metal"] else "no",
        )
    if shield is not None:
        row.update(
            escudo=shield["nombre"],
            tamano_escudo=shield["tamano"],
            resistencia_escudo=shield["resistencia"],
            protege=", ".join(shield["protege"]) or None,
        )
    return row


def exportable_row(data: JsonObject) -> dict[str, Any]:
    """The row of ``data``, refused when reading it back would not give ``data`` exactly (a
    name with «,» or «;», say, written by a YAML file)."""
    row = row_of(data)
    try:
        same = sheet_of_row(row) == data
    except UmbralError:
        same = False
    if not same:
        raise UmbralError(
            f"La ficha «{str(data['nombre'])[:40]}» no cabe tal cual en una fila de CSV o XLSX "
            "(algún nombre lleva «,», «;» o «:», o no se escribe como en los comandos): "
            "expórtala en YAML o JSON."
        )
    return row
