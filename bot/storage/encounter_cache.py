"""The decoded encounters a process keeps between commands, checked by version on every read.

Reading an encounter of 200 combatants from its rows (one SELECT of 200 rows, their JSON,
``Encounter.from_dict``) cost most of a command on it. A unit of work that saved an
``Encounter`` leaves it here after its COMMIT, with the rows and per-combatant copies it
wrote. The next command on the channel still reads the encounter's row (the version check
needs it) and, if the id and version are the ones cached, takes the object instead of reading
the children.

Why that is safe:

- every write of an encounter's children bumps the encounter's ``version`` (the repository's
  saves, and ``CharacterRepository.delete`` when it unlinks combatants), so a change by
  another process, or by any other path, shows as a different version and the rows are read
  again;
- a PC's sheet may change without its encounter (``/ficha editar`` in another channel,
  another process): the read also brings the summed versions of the encounter's characters
  (``statements.SHEETS``), and an entry is used only if they are the ones it agrees with;
- an entry is *taken* (removed) by the unit that uses it and put back only after that unit
  committed a save of that very object: a command that fails, is refused or rolls back leaves
  nothing behind, and no two units ever share the object;
- the rows and copies kept are the ones written in the committed transaction.

Bounded: the least recently used entries go first once :data:`MAX_ENTRIES` encounters or
:data:`MAX_COMBATANTS` combatants in all are kept (an entry of six combatants takes ~36 KB:
the objects, a copy of each and their rows).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from umbral_rules.encounter import Encounter

    from .tracked import Tracked as _Tracked

#: Encounters kept per process (each is its objects and the rows last written)…
MAX_ENTRIES = 512
#: …and combatants in all of them (a few big fights must not hold the memory of hundreds).
MAX_COMBATANTS = 6000


@dataclass
class CachedEncounter:
    tracked: _Tracked
    encounter: Encounter

    @property
    def size(self) -> int:
        """How many combatants it holds."""
        return len(self.tracked.combatants)


class EncounterCache:
    """(guild, channel) → the channel's active encounter as last committed by this process."""

    def __init__(
        self, max_entries: int = MAX_ENTRIES, max_combatants: int = MAX_COMBATANTS
    ) -> None:
        self.max_entries = max_entries
        self.max_combatants = max_combatants
        self._entries: OrderedDict[tuple[int, int], CachedEncounter] = OrderedDict()
        self._combatants = 0
        #: Reads served from here / from the rows (for the benchmark and the tests).
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def take(
        self, key: tuple[int, int], encounter_id: int, version: int, sheets: int = 0
    ) -> CachedEncounter | None:
        """The entry for ``key`` if it is that encounter at that version, its characters at
        the versions it agrees with (``sheets``, their sum); it leaves the cache either way (a
        stale one is useless, a good one now belongs to the caller)."""
        entry = self._pop(key)
        info = None if entry is None else entry.tracked.info
        wanted = (encounter_id, version, sheets)
        if entry is None or info is None or (info.id, info.version, info.sheets) != wanted:
            self.misses += 1
            return None
        self.hits += 1
        return entry

    def put(self, key: tuple[int, int], entry: CachedEncounter) -> None:
        self._pop(key)
        self._entries[key] = entry
        self._combatants += entry.size
        while len(self._entries) > self.max_entries or (
            self._combatants > self.max_combatants and len(self._entries) > 1
        ):
            self._pop(next(iter(self._entries)))
        if self._combatants > self.max_combatants:  # one fight bigger than the whole budget
            self._pop(key)

    def drop(self, key: tuple[int, int]) -> None:
        self._pop(key)

    def clear(self) -> None:
        self._entries.clear()
        self._combatants = 0

    def _pop(self, key: tuple[int, int]) -> CachedEncounter | None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._combatants -= entry.size
        return entry
