"""Forms (Discord's modals): how the console shows one, and what a client sends back when a
person fills it and presses «Enviar» (the modal-submit interaction, type 5).

A modal (the interaction response of type 9) holds up to 5 components: text inputs in
action rows or in labels, string selects in labels, and text. The client refuses, as
Discord's does, to send a form with a required field empty, a text shorter than its
``min_length`` or longer than its ``max_length`` (4000 at most), or a choice the select
does not offer; the console says so (a :class:`LookupError`) and sends nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

TEXT_INPUT, STRING_SELECT, LABEL, ACTION_ROW, TEXT_DISPLAY = 4, 3, 18, 1, 10
VALUE_MAX = 4000  # a text input's longest value


@dataclass(frozen=True)
class Field:
    """One input of a form: a text input or a string select."""

    label: str
    component: Mapping[str, Any]

    @property
    def custom_id(self) -> str:
        return str(self.component["custom_id"])

    @property
    def select(self) -> bool:
        return self.component.get("type") == STRING_SELECT

    @property
    def required(self) -> bool:
        default = not self.select or int(self.component.get("min_values", 1) or 0) > 0
        return bool(self.component.get("required", default))

    @property
    def options(self) -> list[Mapping[str, Any]]:
        return list(self.component.get("options") or [])

    def describe(self) -> str:
        mark = "*" if self.required else ""
        if self.select:
            shown = " | ".join(str(o.get("label")) for o in self.options)
            return f"{self.label}{mark}: [elige: {shown}]"
        size = "párrafo" if self.component.get("style") == 2 else "una línea"
        limit = self.component.get("max_length")
        extra = f", hasta {limit}" if limit else ""
        value = self.component.get("value")
        now = f" = «{value}»" if value else ""
        return f"{self.label}{mark}: [{size}{extra}]{now}"


def _walk(components: list[Mapping[str, Any]]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for item in components:
        kind = item.get("type")
        if kind == ACTION_ROW:
            for inner in item.get("components") or []:
                yield str(inner.get("label") or inner.get("custom_id")), inner
        elif kind == LABEL:
            inner = item.get("component") or {}
            yield str(item.get("label") or inner.get("custom_id")), inner


def fields(modal: Mapping[str, Any]) -> list[Field]:
    """The form's inputs, in order."""
    found = []
    for label, component in _walk(list(modal.get("components") or [])):
        if component.get("type") in (TEXT_INPUT, STRING_SELECT):
            found.append(Field(label, component))
    return found


def form_text(modal: Mapping[str, Any]) -> str:
    """The form as the console shows it: its title, its text and each field."""
    lines = [f"== {modal.get('title', '')} =="]
    for item in modal.get("components") or []:
        if item.get("type") == TEXT_DISPLAY:
            lines.append(str(item.get("content", "")))
    lines += [f.describe() for f in fields(modal)]
    others = sum(1 for _, c in _walk(list(modal.get("components") or [])))
    if others > len(fields(modal)):
        lines.append("(y campos que la consola no sabe rellenar)")
    lines.append("-- !formulario Campo=valor … para enviarlo")
    return "\n".join(lines)


def _key(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c)).strip()


def _offers(option: Mapping[str, Any], typed: str) -> bool:
    return typed == option.get("value") or _key(str(option.get("label"))) == _key(typed)


def _value(field: Field, typed: str | None) -> dict[str, Any]:
    """What the client sends for ``field`` (``typed``: what the person wrote, or nothing)."""
    part: dict[str, Any] = {"type": field.component.get("type"), "custom_id": field.custom_id}
    if "id" in field.component:
        part["id"] = field.component["id"]
    if field.select:
        chosen = [] if typed is None else [o for o in field.options if _offers(o, typed)]
        if typed is not None and not chosen:
            offered = ", ".join(f"«{o.get('label')}»" for o in field.options)
            raise LookupError(f"«{field.label}» no ofrece «{typed}» ({offered}).")
        if not chosen and field.required:
            raise LookupError(f"«{field.label}» es obligatorio.")
        part["values"] = [str(o.get("value")) for o in chosen]
        return part
    value = str(field.component.get("value") or "") if typed is None else typed
    if not value and field.required:
        raise LookupError(f"«{field.label}» es obligatorio.")
    longest = min(int(field.component.get("max_length") or VALUE_MAX), VALUE_MAX)
    if len(value) > longest:
        raise LookupError(
            f"«{field.label}» admite hasta {longest} caracteres (hay {len(value)}): "
            "el formulario no se envía."
        )
    shortest = int(field.component.get("min_length") or 0)
    if value and len(value) < shortest:
        raise LookupError(f"«{field.label}» pide al menos {shortest} caracteres.")
    part["value"] = value
    return part


def submitted(modal: Mapping[str, Any], typed: Mapping[str, str]) -> list[dict[str, Any]]:
    """The ``components`` of the modal-submit interaction for what the person ``typed``
    (by field label — or the label without its closing «(…)», as «Vigor» for «Vigor (0 a
    5)» — or ``custom_id``, any case and accents), in the modal's own shape."""
    known = fields(modal)
    by_key: dict[str, Field] = {}
    for field in known:
        by_key[_key(field.label)] = field
        by_key.setdefault(_key(field.label.split(" (")[0]), field)  # «Vigor» for «Vigor (0 a 5)»
        by_key.setdefault(_key(field.custom_id), field)
    chosen: dict[str, str] = {}
    for name, value in typed.items():
        found = by_key.get(_key(name))
        if found is None:
            names = ", ".join(f"«{f.label}»" for f in known) or "ninguno"
            raise LookupError(f"El formulario no tiene el campo «{name}» (tiene: {names}).")
        chosen[found.custom_id] = value
    out: list[dict[str, Any]] = []
    for item in modal.get("components") or []:
        kind = item.get("type")
        if kind == TEXT_DISPLAY:
            out.append({"type": TEXT_DISPLAY})
            continue
        inner = [item.get("component") or {}] if kind == LABEL else item.get("components") or []
        parts = [_part(known, c, chosen, str(item.get("label") or "")) for c in inner]
        if kind == ACTION_ROW:
            out.append({"type": ACTION_ROW, "components": parts})
        elif kind == LABEL and parts:
            out.append({"type": LABEL, "component": parts[0]})
    return out


def _part(
    known: list[Field], component: Mapping[str, Any], chosen: Mapping[str, str], label: str
) -> dict[str, Any]:
    for field in known:
        if field.component is component:
            return _value(field, chosen.get(field.custom_id))
    if component.get("required"):  # a user select, a file upload…: the console can't
        raise LookupError(f"La consola no sabe rellenar «{label}», que es obligatorio.")
    return {"type": component.get("type"), "custom_id": component.get("custom_id"), "values": []}
