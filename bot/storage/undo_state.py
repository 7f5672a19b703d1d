"""The undo record's "before": only what an operation changed in the encounter, and the
state before it rebuilt from the current state plus that.

The record keeps the encounter's own fields as they were (mode, asalto, phase, settings,
extra, the pending defenses and the retos, all small), the ids of its combatants in their
order then (``order``) and, under ``combatants``, only the combatants whose dict differs
from what the operation left stored (or that it removed). Every other combatant of that
order is, by the record's version check, the same in the current encounter. A record
without ``order`` is in the older whole-encounter form: it is the state itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.jsontypes import JsonObject

from . import encounter_map as emap
from .tracked import Tracked

#: The key that tells a record of changes from a whole encounter.
ORDER = "order"


@dataclass(frozen=True)
class Snapshot:
    """The rows of an encounter as stored before a unit's first change (the row dicts are
    never changed in place: each write puts new ones in their place, so no copy)."""

    header: emap.Row
    combatants: dict[str, emap.Row]
    pending: dict[str, emap.Row]
    retos: dict[str, emap.Row]
    #: combatant id -> its dict as refreshed from its sheet at the unit's read
    fresh: dict[str, JsonObject]


def snapshot(tracked: Tracked, fresh: Mapping[str, JsonObject]) -> Snapshot:
    return Snapshot(
        tracked.header,
        dict(tracked.combatants),
        dict(tracked.pending),
        dict(tracked.retos),
        dict(fresh),
    )


def changes(before: Snapshot, after: Tracked) -> JsonObject:
    """The record of what went from ``before`` to the rows ``after`` now holds."""
    record = emap.assemble(
        emap.EncounterRows(
            before.header, [], list(before.pending.values()), list(before.retos.values())
        )
    )
    rows = sorted(before.combatants.values(), key=lambda r: int(r["position"]))
    changed: list[JsonObject] = []
    for row in rows:
        key = row["key"]
        if key in before.fresh:  # the sheet's numbers, newer than the row as stored
            changed.append(before.fresh[key])
            continue
        now = after.combatants.get(key)
        if now is row or (now is not None and emap.same_combatant(now, row)):
            continue
        changed.append(emap.combatant_dict(row))
    record["combatants"] = changed
    record[ORDER] = [row["key"] for row in rows]
    return record


def previous_state(before: JsonObject, current: JsonObject) -> JsonObject:
    """The encounter's dict before the operation, from its record and the current dict
    (the one the operation left: the caller has checked the version)."""
    if ORDER not in before:  # the whole-encounter form of older records
        return before
    kept = {str(c["id"]): c for c in before.get("combatants") or ()}
    now = {str(c["id"]): c for c in current.get("combatants") or ()}
    combatants: list[JsonObject] = []
    for key in before[ORDER]:
        combatant = kept.get(str(key), now.get(str(key)))
        if combatant is None:
            raise RuntimeError(f"Undo record names combatant {key!r}, gone from the encounter.")
        combatants.append(combatant)
    state = {k: v for k, v in before.items() if k != ORDER}
    state["combatants"] = combatants
    return state
