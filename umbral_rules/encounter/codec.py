"""Small helpers of the JSON form: the only place besides the ``to_dict`` / ``from_dict`` of
the state's pieces where plain JSON (``JsonDict``, ``Any``) is handled.

Readers are lenient the way every earlier release needed: a key a previous release did not
write yet is read as its default (the caller says which).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar

from ..rolls import Modifier

#: A JSON object as the stored form holds it.
JsonDict = dict[str, Any]

_SCALARS = frozenset({str, int, float, bool, type(None)})


def json_copy(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars), several times faster than
    ``copy.deepcopy``; anything else inside goes through ``copy.deepcopy``."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list:
        return [json_copy(v) for v in value]
    return copy.deepcopy(value)


def opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def strs(values: Iterable[Any] | None) -> tuple[str, ...]:
    return tuple(str(v) for v in values or ())


def ints(values: Iterable[Any] | None) -> tuple[int, ...]:
    return tuple(int(v) for v in values or ())


def mods_to_json(mods: Iterable[Modifier]) -> list[JsonDict]:
    return [{"name": m.name, "value": m.value} for m in mods]


def mods_from_json(data: Iterable[Mapping[str, Any]] | None) -> tuple[Modifier, ...]:
    return tuple(Modifier.from_dict(m) for m in data or ())


E = TypeVar("E", bound=Enum)
#: Enum → its members by value: reading a stored word is a dict lookup (``Kind(word)`` costs
#: a microsecond, several per combatant of a 200-combatant encounter).
_MEMBERS: dict[type[Enum], dict[Any, Any]] = {}


def word(kind: type[E], value: Any) -> E:
    """The member of ``kind`` a stored word stands for (``ValueError`` if none, as
    ``kind(value)``)."""
    members = _MEMBERS.get(kind)
    if members is None:
        members = _MEMBERS[kind] = {m.value: m for m in kind}
    found: E | None = members.get(value)
    return kind(value) if found is None else found


def enum_value(member: Enum | None) -> str | None:
    """The word an enum member stands for (every enum of the state has words as values),
    ``None`` for ``None``."""
    return None if member is None else str(member.value)
