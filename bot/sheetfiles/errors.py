"""A refused file: one Spanish message naming the entry, the field, the line, the expectation."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from umbral_rules import UmbralError

from . import limits as L

HEAD = "No se ha importado nada"
_SHOWN = 40


class FileRefused(UmbralError):
    """The whole file is refused; nothing was written."""

    def __init__(
        self,
        problem: str,
        *,
        entry: int | None = None,
        nombre: str | None = None,
        field: str | None = None,
        line: int | None = None,
    ) -> None:
        self.problem = problem
        self.entry = entry
        self.nombre = nombre
        self.field = field
        self.line = line
        super().__init__(self.render())

    def render(self) -> str:
        where: list[str] = []
        if self.entry is not None:
            label = f"entrada {self.entry}"
            if self.nombre:
                label += f" («{shown(self.nombre)}»)"
            where.append(label)
        if self.line is not None:
            where.append(f"línea {self.line}")
        if self.field:
            where.append(f"campo «{self.field}»")
        problem = self.problem.rstrip(".")
        if where:
            return f"{HEAD}: {', '.join(where)}: {problem}."
        return f"{HEAD}: {problem}."


class Oversized(str):
    """A number from a file with more than :data:`~bot.sheetfiles.limits.NUMBER_DIGITS_MAX`
    digits, kept as its text: validation refuses it as too large for its field."""


def number(text: str) -> int | Oversized:
    """An integer written in a file (``-?\\d+``), converted only when it is short enough."""
    return Oversized(text) if len(text.lstrip("+-")) > L.NUMBER_DIGITS_MAX else int(text)


#: What a refusal never echoes: control, invisible, unassigned and surrogate characters.
_UNSHOWN = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
_SPACE = re.compile(r"\s+")


def shown(value: Any) -> str:
    """``value`` quoted back in a refusal: at most 40 characters, and none of those a file
    must not carry (each becomes «�»)."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if not text.isprintable():
        text = "".join(
            "�" if unicodedata.category(ch) in _UNSHOWN else ch for ch in _SPACE.sub(" ", text)
        )
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def field_label(loc: Sequence[str | int]) -> str:
    """``("armas", 0, "clase")`` → ``armas › 1 › clase`` (positions counted from 1)."""
    return " › ".join(str(p + 1) if isinstance(p, int) else str(p) for p in loc)


_TYPES = {
    "int_type": "se esperaba un número entero",
    "int_parsing": "se esperaba un número entero",
    "int_from_float": "se esperaba un número entero, sin decimales",
    "string_type": "se esperaba un texto",
    "list_type": "se esperaba una lista",
    "tuple_type": "se esperaba una lista",
    "dict_type": "se esperaba una tabla de campos (nombre: valor)",
    "model_type": "se esperaba una tabla de campos (nombre: valor)",
    "model_attributes_type": "se esperaba una tabla de campos (nombre: valor)",
    "none_required": "debe quedar vacío",
}


def explain(error: Mapping[str, Any]) -> str:
    """The Spanish expectation of one pydantic error."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    given = error.get("input")
    if isinstance(given, Oversized):
        return f"el número es demasiado grande (tiene {len(given.lstrip('+-'))} cifras)"
    tail = f" (se dio «{shown(given)}»)"
    if kind == "missing":
        return "falta, y es obligatorio"
    if kind == "extra_forbidden":
        return "campo desconocido"
    if kind == "value_error":
        return str(ctx.get("error", "valor no válido"))
    if kind == "greater_than_equal":
        return f"se esperaba un número entero de al menos {ctx.get('ge')}{tail}"
    if kind == "less_than_equal":
        return f"se esperaba un número entero de como mucho {ctx.get('le')}{tail}"
    if kind == "too_long":
        return f"como mucho {ctx.get('max_length')} elementos"
    return _TYPES.get(kind, "valor no válido") + tail
