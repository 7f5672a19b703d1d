"""A rules' sheet of named values: what a stored row or a file entry gives it, by the names
of the sheet's own fields (the one list a kind's columns and keys are derived from)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: Any game system's sheet: a dataclass (Umbral's CharacterSheet and EnemySheet, and those
#: of the systems of issues 41–43).
S = TypeVar("S", bound="DataclassInstance")


def sheet_fields(kind: type[S]) -> tuple[str, ...]:
    """The names of a kind of sheet's fields: what a stored row or a file entry gives it."""
    return tuple(f.name for f in fields(kind))


def sheet_of(kind: type[S], values: Mapping[str, Any]) -> S:
    """A sheet of values named as its fields (a stored row's columns); a field missing takes
    its default. Lists become the sets a sheet holds, mappings are copied (a sheet shares
    nothing with where its numbers came from)."""
    given: dict[str, Any] = {}
    for f in fields(kind):
        if f.name not in values:
            continue
        value = values[f.name]
        if isinstance(f.default, frozenset):
            value = frozenset(value)
        elif isinstance(value, Mapping):
            value = dict(value)
        given[f.name] = value
    return kind(**given)
