"""The encounters this process committed last, so the next command on a channel neither decodes
its document nor builds its ``Encounter`` again.

A plain LRU, bounded by combatants: channel → :class:`Cached`. The read of the encounter's row
always happens (it skips the document when the cache holds that version), and an entry is used
only if its id, version and sheets still match. A unit *takes* the entry and gives it back only
once it has committed (:meth:`~bot.storage.encounters.EncounterRepository.publish`): a command
that fails or is refused leaves nothing behind, and no two units share an ``Encounter``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from bot.jsontypes import JsonObject
from umbral_rules.encounter import Encounter

#: Combatants kept in all (an entry of six is ~45 objects the garbage collector walks).
MAX_COMBATANTS = 2000
Key = tuple[int, int]


@dataclass(frozen=True)
class Cached:
    id: int
    version: int
    #: The summed versions of its linked characters' sheets it agrees with.
    sheets: int
    encounter: Encounter
    #: Its document as committed: read-only (the next save's "before").
    doc: JsonObject

    @property
    def size(self) -> int:
        return 1 + len(self.doc.get("combatants") or ())


class EncounterCache:
    """(guild, channel) → the channel's active encounter as this process last committed it."""

    def __init__(self, max_combatants: int = MAX_COMBATANTS) -> None:
        self.max_combatants = max_combatants
        self._entries: OrderedDict[Key, Cached] = OrderedDict()
        self._size = 0
        #: Reads served from here / from the document (for the benchmark and the tests).
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def peek(self, key: Key) -> Cached | None:
        """The entry for ``key``, left in place (to ask the read to skip its document)."""
        return self._entries.get(key)

    def take(self, key: Key, encounter_id: int, version: int, sheets: int) -> Cached | None:
        """The entry for ``key`` if it is that encounter at that version, agreeing with the
        sheets as they are; it leaves the cache either way (a stale one is useless, a good
        one now belongs to the caller)."""
        entry = self.drop(key)
        if entry is None or (entry.id, entry.version, entry.sheets) != (
            encounter_id,
            version,
            sheets,
        ):
            self.misses += 1
            return None
        self.hits += 1
        return entry

    def put(self, key: Key, entry: Cached) -> None:
        self.drop(key)
        self._entries[key] = entry
        self._size += entry.size
        while self._size > self.max_combatants and self._entries:
            self.drop(next(iter(self._entries)))

    def drop(self, key: Key) -> Cached | None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._size -= entry.size
        return entry

    def clear(self) -> None:
        self._entries.clear()
        self._size = 0
