"""The one codec of the typed records kept as JSON: a record is a frozen dataclass whose
fields are named as its JSON keys (the keys earlier releases wrote, which stay as they are).

- :meth:`Record.from_json` reads a field's key when its value has the field's type (a nested
  record, a list of them, ``int``, ``str``, ``bool``, a JSON object, ``X | None``); a key it
  does not know, or whose value has another type, is kept in ``extra`` as it was read. A
  required field missing (or of another type): :class:`Unreadable`.
- :meth:`Record.to_json` writes the fields that have a value (``None`` is left out, unless
  the record read that key, even as ``null``), in their declaration order (the order the
  writers have always written them), then ``extra``; a record read keeps the order of the
  keys it was read with. So a row read and written again is the same JSON, key for key.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Self, Union, get_args, get_origin, get_type_hints

from bot.jsontypes import JsonObject

#: The fields every record has that are not keys of its JSON.
_OWN = frozenset({"extra", "keys"})


class Unreadable(ValueError):
    """A JSON object that is not of this record's shape (a required key missing or mistyped)."""


class _Mismatch(Exception):
    """A value not of the field's type (the key goes to ``extra``)."""


@dataclass(frozen=True, kw_only=True)
class Record:
    #: Keys this release does not know, or whose value is not of the type it expects: kept.
    extra: JsonObject = field(default_factory=dict)
    #: The keys the record was read with, in their order (empty: built by a writer).
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        hints = _hints(cls)
        values: dict[str, Any] = {}
        extra: JsonObject = {}
        for key, value in data.items():
            if key in hints:
                try:
                    values[key] = _decode(hints[key], value)
                    continue
                except _Mismatch:
                    pass
            extra[key] = value
        try:
            return cls(**values, extra=extra, keys=tuple(data))
        except TypeError as error:  # a required field is missing
            raise Unreadable(f"{cls.__name__}: {error}") from None

    def to_json(self) -> JsonObject:
        out: JsonObject = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _OWN or (value is None and f.name not in self.keys):
                continue
            if isinstance(value, Record):  # a nested record
                value = value.to_json()
            elif isinstance(value, list):  # a list (of records, or of plain JSON values)
                value = [v.to_json() if isinstance(v, Record) else v for v in value]
            out[f.name] = value
        out.update(self.extra)
        if not self.keys:
            return out
        ordered = {key: out[key] for key in self.keys if key in out}
        ordered.update((key, value) for key, value in out.items() if key not in ordered)
        return ordered


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """A record's fields (those that are JSON keys) and their types (read once per class)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = {k: v for k, v in get_type_hints(cls).items() if k not in _OWN}
        _HINTS[cls] = hints
    return hints


def _decode(tp: Any, value: Any) -> Any:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [a for a in get_args(tp) if a is not type(None)]
        return _decode(inner, value)
    if origin is list:
        if not isinstance(value, list):
            raise _Mismatch
        (item,) = get_args(tp)
        return [_decode(item, v) for v in value]
    if origin is dict or tp is dict:
        if not isinstance(value, dict):
            raise _Mismatch
        return dict(value)
    if isinstance(tp, type) and issubclass(tp, Record):
        if not isinstance(value, Mapping):
            raise _Mismatch
        try:
            return tp.from_json(value)
        except Unreadable:
            raise _Mismatch from None
    if tp is Any:
        return value
    if tp is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if tp in (str, bool) and isinstance(value, tp):
        return value
    raise _Mismatch
