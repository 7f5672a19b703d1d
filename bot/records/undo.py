"""What an undo record (``undo_records``) keeps besides its columns, typed: ``before``, what
turns the document the operation left back into the one before it (three forms, one per
release that wrote it), and ``sheets``, the characters' numbers it changed by hand.
:func:`before_from_json` and :meth:`SheetChange.from_json` read every record written since
migration 0008; ``to_json`` writes today's form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from bot.jsondiff import Op, patch
from bot.jsontypes import JsonObject

from .codec import Record

#: The key of ``before`` that names each form.
_PATCH, _ORDER = "patch", "order"


@dataclass(frozen=True)
class PatchBack:
    """Since migration 0016: a JSON difference (:mod:`bot.jsondiff`), a few hundred bytes."""

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
