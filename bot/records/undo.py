"""What an undo record (``undo_records``) keeps besides its columns, typed: ``before``, what
turns the document the operation left back into the one before it (three forms, one per
release that wrote it), and ``sheets``, the characters' numbers it changed by hand.
:func:`before_from_json` and :meth:`SheetChange.from_json` read every record written since
migration 0008; ``to_json`` writes today's form.

Today's form is the difference between two JSON documents, as what turns the newer back into
the older (:func:`diff`, which only the undo record uses). :func:`diff` ``(old, new)`` gives a
list of operations, each a JSON list, and :func:`patch` ``(new, ops)`` applies them to a copy
of ``new``, giving ``old``. A path is the list of keys and indexes from the document's root:

- ``[path, value]``: put ``value`` at ``path`` (a changed value, or a key ``new`` lost);
- ``[path]``: delete the key at ``path`` (a key ``new`` gained);
- ``[path, start, stop, items]``: ``new``'s list at ``path`` gets ``items`` in place of
  ``[start:stop]`` (a list that grew or shrank: its common head and tail stay out of it).

Unchanged parts cost nothing: dicts are compared key by key and lists of the same length
item by item, and only what differs goes down a level, so one hurt combatant among 200 is a
few short paths, not 200 combatants.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from bot.jsontypes import JsonObject
from umbral_rules.encounter.codec import json_copy

from .codec import Record

#: The key of ``before`` that names each form.
_PATCH, _ORDER = "patch", "order"
Path = list[str | int]
Op = list[Any]


def diff(old: Any, new: Any, path: Path | None = None) -> list[Op]:
    """The operations that turn ``new`` into ``old`` (``path``: where they are, inside the
    document being compared; the root when not given)."""
    here: Path = [] if path is None else path
    if type(old) is dict and type(new) is dict:
        ops: list[Op] = []
        for key, value in old.items():
            if key not in new:
                ops.append([[*here, key], value])
            elif _differ(value, new[key]):
                ops.extend(diff(value, new[key], [*here, key]))
        ops.extend([[*here, key]] for key in new if key not in old)
        return ops
    if type(old) is list and type(new) is list:
        shortest = min(len(old), len(new))
        start = 0
        while start < shortest and not _differ(old[start], new[start]):
            start += 1
        end = 0  # items equal at the tail, after the head
        while end < shortest - start and not _differ(old[-1 - end], new[-1 - end]):
            end += 1
        if len(old) != len(new):
            return [[here, start, len(new) - end, old[start : len(old) - end]]]
        ops = []
        for i in range(start, len(old) - end):
            if _differ(old[i], new[i]):
                ops.extend(diff(old[i], new[i], [*here, i]))
        return ops
    return [[here, old]] if _differ(old, new) else []


def _differ(a: Any, b: Any) -> bool:
    """Different: of another type (``1`` is not ``True`` nor ``1.0``), or not ``==``. Inside
    two containers ``==`` takes those as equal, which is fine for an encounter's document:
    its ``to_dict()`` never changes the type of a value."""
    return a is not b and (type(a) is not type(b) or a != b)


def patch(new: Any, ops: list[Op]) -> Any:
    """``new`` with ``ops`` applied, in order (a copy: ``new`` stays as it was)."""
    doc = json_copy(new)
    for op in ops:
        path = op[0]
        if len(op) == 4:
            _at(doc, path)[op[1] : op[2]] = json_copy(op[3])
        elif not path:
            doc = json_copy(op[1])
        elif len(op) == 2:
            _at(doc, path[:-1])[path[-1]] = json_copy(op[1])
        else:
            del _at(doc, path[:-1])[path[-1]]
    return doc


def _at(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


@dataclass(frozen=True)
class PatchBack:
    """Since migration 0016: a JSON difference (:func:`diff`), a few hundred bytes."""

    ops: list[Op]

    def previous(self, current: JsonObject) -> JsonObject:
        """The document before the operation, from the one it left (``current``)."""
        state: JsonObject = patch(current, self.ops)
        return state

    def to_json(self) -> JsonObject:
        return {_PATCH: self.ops}


@dataclass(frozen=True)
class WholeBefore:
    """Migration 0008's first records: the whole document before the operation."""

    document: JsonObject

    def previous(self, current: JsonObject) -> JsonObject:
        return self.document

    def to_json(self) -> JsonObject:
        return self.document


@dataclass(frozen=True)
class ChangedBefore:
    """Before migration 0016: the encounter's own fields, the combatants' order then, and
    the combatants the operation changed as they were (every other one is as it is now)."""

    #: The document's own fields (all but ``combatants``), as they were.
    own: JsonObject
    order: list[str]
    changed: list[JsonObject]

    def previous(self, current: JsonObject) -> JsonObject:
        kept = {str(c["id"]): c for c in self.changed}
        now = {str(c["id"]): c for c in current.get("combatants") or ()}
        combatants: list[JsonObject] = []
        for key in self.order:
            combatant = kept.get(key, now.get(key))
            if combatant is None:
                raise RuntimeError(f"Undo record names combatant {key!r}, gone from the encounter.")
            combatants.append(combatant)
        return {**self.own, "combatants": combatants}

    def to_json(self) -> JsonObject:
        return {**self.own, "combatants": self.changed, _ORDER: self.order}


Before = PatchBack | WholeBefore | ChangedBefore


def before_from_json(data: Mapping[str, Any] | None) -> Before | None:
    """A record's ``before`` as it was written (``None``: the operation changed no
    encounter, only sheets)."""
    if data is None:
        return None
    if _PATCH in data:
        return PatchBack(list(data[_PATCH]))
    if _ORDER not in data:
        return WholeBefore(dict(data))
    own = {k: v for k, v in data.items() if k not in (_ORDER, "combatants")}
    order = [str(key) for key in data[_ORDER]]
    return ChangedBefore(own, order, list(data.get("combatants") or ()))


@dataclass(frozen=True, kw_only=True)
class SheetValues(Record):
    """A character's values an operation changed by hand (``None``: not changed): the
    numbers ``/descanso`` and ``/ficha ajustar`` set, Esencia spent, the owner ``/ficha
    ceder`` changed. Named as the sheet's columns."""

    aguante: int | None = None
    aliento: int | None = None
    esencia: int | None = None
    estados: list[str] | None = None
    owner_id: int | None = None

    def columns(self) -> dict[str, object]:
        """The sheet's columns this changed, with their values (to write them back): the
        typed ones, and any other column a record names (kept in ``extra``)."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name not in ("extra", "keys") and value is not None:
                out[f.name] = value
        out.update(self.extra)
        return {k: list(v) if isinstance(v, list) else v for k, v in out.items()}


@dataclass(frozen=True, kw_only=True)
class SheetChange(Record):
    """A character's numbers changed by hand, outside any encounter: its id, its name, its
    values before and after."""

    id: int
    nombre: str
    before: SheetValues
    after: SheetValues

    @classmethod
    def of(
        cls, character_id: int, nombre: str, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> SheetChange:
        """The change of a character's columns (named as on its row) from ``before`` to
        ``after``."""
        return cls(id=character_id, nombre=nombre, before=SheetValues.from_json(before),
                   after=SheetValues.from_json(after))  # fmt: skip
