"""The options of a slash command checked against what the command declares: a hostile
client can send anything Discord's own client would refuse (a wrong type, a value out of its
range, a string too long, an option that does not exist)."""

from __future__ import annotations

import math
from typing import Any

from discord import app_commands
from discord.enums import AppCommandOptionType as T

from bot.render.accents import spoken
from bot.render.limits import quote
from umbral_rules.text import unstorable

#: Discord's own bounds: integers are JSON numbers, strings at most 6000 characters.
MAX_SAFE_INT = 2**53
MAX_STRING = 6000
SNOWFLAKE_TYPES = {T.user, T.channel, T.role, T.mentionable, T.attachment}
#: Where Discord puts the object an option of each kind points at.
RESOLVED_KEYS = {
    T.user: ("users", "members"),
    T.channel: ("channels",),
    T.role: ("roles",),
    T.mentionable: ("users", "members", "roles"),
    T.attachment: ("attachments",),
}


def _fmt(value: Any) -> str:
    return quote(value, 40)


def check_option(param: app_commands.Parameter, value: Any) -> str | None:
    """Why ``value`` doesn't fit ``param`` (Spanish), or ``None``."""
    name = param.display_name
    kind = param.type
    if kind is T.integer:
        if not isinstance(value, int) or isinstance(value, bool):
            return f"La opción «{name}» necesita un número entero."
        if abs(value) > MAX_SAFE_INT:
            return f"El número de «{name}» es demasiado grande."
    elif kind is T.number:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"La opción «{name}» necesita un número."
        if not math.isfinite(value) or abs(value) > MAX_SAFE_INT:
            return f"El número de «{name}» no vale."
    elif kind is T.string:
        if not isinstance(value, str):
            return f"La opción «{name}» necesita un texto."
        # characters no text may keep (the same as in files: :func:`unstorable`)
        if not value.isprintable() and any(unstorable(ch) for ch in value):
            return f"El texto de «{name}» lleva caracteres que no se pueden guardar."
        if len(value) > MAX_STRING:
            return f"El texto de «{name}» es demasiado largo."
    elif kind is T.boolean:
        if not isinstance(value, bool):
            return f"La opción «{name}» es sí o no."
    elif kind in SNOWFLAKE_TYPES and not str(value).isdigit():
        return f"No entiendo «{_fmt(value)}» en la opción «{name}»."
    choices = [c.value for c in param.choices]
    if choices and not param.autocomplete and value not in choices:
        shown = ", ".join(str(c) for c in choices)
        return f"La opción «{name}» admite: {shown}."
    low, high = param.min_value, param.max_value
    if kind is T.string:
        size = len(value)
        if low is not None and size < low:
            return f"«{name}» no puede quedar vacío." if low <= 1 else f"«{name}» es muy corto."
        if high is not None and size > high:
            return f"«{name}» admite como mucho {high:g} caracteres (llegaron {size})."
    elif kind in (T.integer, T.number):
        if low is not None and high is not None and not low <= value <= high:
            return f"{spoken(name)} debe estar entre {low:g} y {high:g} (se dio {_fmt(value)})."
        if low is not None and value < low:
            return f"«{name}» debe ser al menos {low:g} (se dio {_fmt(value)})."
        if high is not None and value > high:
            return f"«{name}» debe ser como mucho {high:g} (se dio {_fmt(value)})."
    return None


def check_options(command: app_commands.Command[Any, ..., Any], data: Any) -> str | None:
    """The first problem with the options of a slash command (those of the command an
    interaction's ``data`` runs, under its subcommands), in Spanish, or ``None``."""
    options = (data or {}).get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        options = options[0].get("options") or []
    resolved = (data or {}).get("resolved")
    params = {p.display_name: p for p in command.parameters}
    given: dict[str, Any] = {}
    for option in options:
        name = option.get("name")
        if name not in params or name in given or "value" not in option:
            return f"/{command.qualified_name} no tiene la opción «{_fmt(name)}»."
        if option.get("focused"):
            continue
        given[name] = option["value"]
        if int(option.get("type", params[name].type.value)) != params[name].type.value:
            return f"La opción «{name}» no tiene el tipo que espera."
        problem = check_option(params[name], option["value"])
        if problem:
            return problem
        kind = params[name].type
        if kind in RESOLVED_KEYS and not any(
            str(option["value"]) in ((resolved or {}).get(key) or {}) for key in RESOLVED_KEYS[kind]
        ):
            return f"No encuentro lo que señala la opción «{name}»."
    for name, param in params.items():
        if param.required and name not in given:
            return f"Falta la opción «{name}» de /{command.qualified_name}."
    return None


def command_path(data: Any) -> str:
    """``encuentro terminar`` from an interaction's data (what the undo record names)."""
    data = data or {}
    parts = [str(data.get("name", "?"))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        parts.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return " ".join(parts)
