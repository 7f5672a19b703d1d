"""A stored kind's field list, and what is derived from it.

A kind (an enemy, a character) is declared once: its file entry, a pydantic model
(:mod:`bot.sheetfiles.models`), whose fields are the file's keys in the file's order.
A field's ``Annotated`` metadata says the rest: :class:`Column` when the database names it
otherwise (``armas`` → ``weapons``), :class:`Option` when a command takes it as an option (its
description, its range; the form's page). From that one list come the rows' fields
(:func:`row_fields`), the entry of a stored row (:func:`entry_of`), the CSV's numeric
columns (:func:`numeric`, :func:`listed`) and a command's options
(``bot.features.field_options``); the rules' sheet of a row or an entry is read by its own
fields' names (:func:`umbral_rules.named.sheet_of`, :func:`by_column`).

The other games' sheet commands declare their options the same way, on a model of the
options (``SheetOptions`` of ``hielo``, ``graduado``, ``porcentual``): the same
:class:`Option`, saying as well which of the commands take each one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Column:
    """The database's name for a field, when it is not the file's, and how its value goes
    into the row (``to_row``) and comes back (``of_row``) when the row holds it otherwise
    (a character's weapons: the rules' dicts in the row, entries in the file)."""

    name: str
    to_row: Callable[[Any], Any] | None = None
    of_row: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class Option:
    """A field as a command's option: its description, its range (of the number, or of the
    text's length; none for a yes/no, a choice or a free text), the form's page it is asked
    on (1, 2, 3…; ``None``: not on the form), and whether it is one of the command's
    «extras» (its options beyond the essential ones, declared after them).

    ``keys``: a list typed as text, separated by commas, becomes these keys (refusing an
    unknown one with a ``ValueError``); ``label``: a name typed is cleaned as this name
    (:func:`umbral_rules.text.clean_name`).

    When one kind is taken by several commands (``/hielo ficha crear`` and ``editar``; a
    sheet and a bestiary entry): ``verbs`` and ``kinds``, the commands that take it (empty:
    all; ``quitar_arma`` only ``editar``); ``needed``, the verbs it cannot be left out of
    (a required option, or a form's required field when the command has a form);
    ``described``, its description in a verb that says it otherwise (verb, text).
    ``display``: the name Discord shows when it is not the field's («daño»); ``form_label``:
    the form's label when it is not the name spoken; ``place``: its place on its page when
    not the list's order."""

    description: str
    low: int | None = None
    high: int | None = None
    page: int | None = 1
    extra: bool = False
    keys: Callable[[Iterable[str]], list[str]] | None = None
    label: str | None = None
    verbs: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    needed: tuple[str, ...] = ()
    described: tuple[tuple[str, str], ...] = ()
    display: str | None = None
    form_label: str | None = None
    place: int = 0

    def taken(self, verb: str | None, kind: str | None) -> bool:
        """Whether the command of ``verb`` for ``kind`` takes this option."""
        return (not self.verbs or verb in self.verbs) and (not self.kinds or kind in self.kinds)

    def description_in(self, verb: str | None) -> str:
        """Its description in the command of ``verb``."""
        return dict(self.described).get(verb or "", self.description)


def _meta(model: type[BaseModel], name: str, kind: type[Any]) -> Any:
    return next((m for m in model.model_fields[name].metadata if isinstance(m, kind)), None)


def column(model: type[BaseModel], name: str) -> str:
    """The database column of the field ``name``."""
    found = _meta(model, name, Column)
    return found.name if found is not None else name


def columns(model: type[BaseModel]) -> dict[str, str]:
    """field → column, in the file's order."""
    return {name: column(model, name) for name in model.model_fields}


def options(model: type[BaseModel]) -> dict[str, Option]:
    """field → its option, for the fields a command takes."""
    found = {name: _meta(model, name, Option) for name in model.model_fields}
    return {name: option for name, option in found.items() if option is not None}


def base_type(model: type[BaseModel], name: str) -> type[Any]:
    """The field's type without ``None`` (``int | None`` → ``int``; ``list[str]`` → list)."""
    annotation = model.model_fields[name].annotation
    if get_origin(annotation) in (Union, UnionType):
        annotation = next(a for a in get_args(annotation) if a is not NoneType)
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    origin = get_origin(annotation)
    return origin if isinstance(origin, type) else annotation  # type: ignore[return-value]


def numeric(model: type[BaseModel]) -> frozenset[str]:
    """The fields a file writes as numbers (the CSV's numeric columns)."""
    return frozenset(name for name in model.model_fields if base_type(model, name) is int)


def listed(model: type[BaseModel]) -> frozenset[str]:
    """The fields that are lists (a CSV cell of comma-separated values)."""
    return frozenset(name for name in model.model_fields if base_type(model, name) is list)


def _copy(value: Any) -> Any:
    """A row's or an entry's value, not shared with it (lists and dicts copied)."""
    if isinstance(value, list | tuple | frozenset):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def by_column(entry: BaseModel) -> dict[str, Any]:
    """The entry's values named by their columns, as the entry holds them (what the rules'
    sheet is read from: :func:`umbral_rules.named.sheet_of`)."""
    return {col: getattr(entry, name) for name, col in columns(type(entry)).items()}


def row_fields(entry: BaseModel) -> dict[str, Any]:
    """The columns of a row for an entry, by the entry's field list."""
    model = type(entry)
    fields: dict[str, Any] = {}
    for name, col in columns(model).items():
        found = _meta(model, name, Column)
        value = getattr(entry, name)
        fields[col] = found.to_row(value) if found and found.to_row else _copy(value)
    return fields


def entry_of(model: type[M], row: Any) -> M:
    """A stored row as an entry (it was validated when it was stored: not again)."""
    values: dict[str, Any] = {}
    for name, col in columns(model).items():
        found = _meta(model, name, Column)
        value = getattr(row, col)
        values[name] = found.of_row(value) if found and found.of_row else _copy(value)
    return model.model_construct(**values)


def from_columns(model: type[BaseModel], values: Mapping[str, Any]) -> dict[str, Any]:
    """Values named by column, named by field."""
    return {name: values[col] for name, col in columns(model).items() if col in values}
