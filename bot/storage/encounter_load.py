"""An encounter's child rows as read (:data:`~bot.storage.statements.SELECT_CHILDREN`, JSON
columns still as text) into what the repository remembers of them, the encounter's dict and,
when no linked character changed since, the ``Encounter`` itself with a copy of each
combatant.

All of it is pure work, and it grows with the encounter: for the largest ones, decoding the
JSON and building the ``Encounter`` would hold the event loop for a long while on the first
command after a restart (or after the cache let the encounter go). The repository runs
:func:`load` on a worker thread (:func:`bot.offloop.off_loop`); the rows it gets are
read-only, and nothing else holds what it builds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import RowMapping

from bot.jsontypes import JsonObject
from umbral_rules.encounter import Combatant, Encounter

from . import encounter_map as emap
from . import sheet_link as sl
from . import statements as st
from .encounter_info import EncounterInfo
from .tracked import Tracked


@dataclass(frozen=True)
class Loaded:
    """What :func:`load` built from one encounter's rows."""

    combatants: list[emap.Row]
    pending: list[emap.Row]
    retos: list[emap.Row]
    #: linked combatant key -> the version of its character now
    versions: dict[str, int]
    #: linked combatant key -> character id, for those whose character changed since written
    stale: dict[str, int]
    #: the encounter's ``to_dict()`` layout, as the rows hold it
    state: JsonObject
    #: built only when asked and nothing is ``stale`` (a stale one is refreshed first)
    encounter: Encounter | None
    #: combatant id -> a copy of that ``Combatant`` as its row stores it (with ``encounter``)
    copies: dict[str, Combatant] | None
    header: emap.Row

    def tracked(self, info: EncounterInfo) -> Tracked:
        """What the repository remembers of these rows, as read."""
        return Tracked(
            info=info,
            header=self.header,
            combatants=emap.by_key(self.combatants),
            writeback=sl.writeback_rows(self.combatants),
            pending=emap.by_key(self.pending),
            retos=emap.by_key(self.retos),
            versions=self.versions,
        )


def header_of(row: RowMapping) -> emap.Row:
    """The header row of an encounter (its ``SELECT_ACTIVE`` row) as the storage keeps it."""
    header = {k: row[k] for k in ("schema_version", "mode", "asalto", "phase")}
    header["settings"] = row["settings"] or {}
    header["extra"] = row["extra"] or {}
    return header


def stale_links(rows: Sequence[emap.Row], versions: dict[str, int]) -> dict[str, int]:
    """Combatant key -> character id of the linked combatants whose character changed since
    their row was written."""
    return {
        r["key"]: r["character_id"]
        for r in rows
        if r["key"] in versions and r["character_version"] != versions[r["key"]]
    }


def load(rows: Sequence[Sequence[Any]], header: emap.Row, *, build: bool) -> Loaded:
    """The rows of :data:`~bot.storage.statements.SELECT_CHILDREN` and the encounter's header
    row as a :class:`Loaded`; with ``build``, the ``Encounter`` too."""
    combatants, pending, retos, versions = st.children(rows)
    state = emap.assemble(emap.EncounterRows(header, combatants, pending, retos))
    stale = stale_links(combatants, versions)
    encounter = copies = None
    if build and not stale:
        encounter = emap.from_dict(state)  # from_dict copies what it keeps
        copies = {c.id: c.copy() for c in encounter.combatants}
    return Loaded(combatants, pending, retos, versions, stale, state, encounter, copies, header)
