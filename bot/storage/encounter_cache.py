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
:data:`MAX_COMBATANTS` combatants in all are kept.

Two tiers, for the garbage collector: a live entry is a few hundred objects the collector
tracks (the encounter, a copy of each combatant and their rows). With a thousand channels that
is over a hundred thousand objects in the oldest generation, and every full collection walks
them all with the loop stopped. So only the most recently used entries,
up to :data:`LIVE_COMBATANTS` combatants, stay as objects; older ones are *packed*: pickled
into one ``bytes`` (the encounter and its ``Tracked`` together, so the copies stay separate
objects from the combatants), which the collector does not track at all, and unpickled when
taken; a packed entry is also several times smaller (figures in ``bench/README.md``).
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from umbral_rules.encounter import Encounter

    from .tracked import Tracked as _Tracked

#: Encounters kept per process (each is its objects and the rows last written)…
MAX_ENTRIES = 2048
#: …and combatants in all of them (a few big fights must not hold the memory of hundreds).
MAX_COMBATANTS = 12000
#: Combatants kept as live objects in the most recently used entries; the rest are packed.
LIVE_COMBATANTS = 300


@dataclass
class CachedEncounter:
    tracked: _Tracked
    encounter: Encounter

    @property
    def size(self) -> int:
        """How many combatants it holds."""
        return len(self.tracked.combatants)


#: A packed entry: (combatants, encounter id, version, sheets, the pickle). An exact tuple of
#: ints and bytes, which CPython's collector stops tracking the first time it examines it (a
#: NamedTuple would stay tracked).
Packed = tuple[int, int, int, int, bytes]


def pack(entry: CachedEncounter) -> Packed:
    info = entry.tracked.info
    data = pickle.dumps((entry.tracked, entry.encounter), pickle.HIGHEST_PROTOCOL)
    return (entry.size, info.id, info.version, info.sheets, data)


def unpack(packed: Packed) -> CachedEncounter:
    tracked, encounter = pickle.loads(packed[4])  # only bytes this process pickled
    return CachedEncounter(tracked, encounter)


def _size(entry: CachedEncounter | Packed) -> int:
    return entry[0] if isinstance(entry, tuple) else entry.size


class EncounterCache:
    """(guild, channel) → the channel's active encounter as last committed by this process."""

    def __init__(
        self,
        max_entries: int = MAX_ENTRIES,
        max_combatants: int = MAX_COMBATANTS,
        live_combatants: int = LIVE_COMBATANTS,
    ) -> None:
        self.max_entries = max_entries
        self.max_combatants = max_combatants
        self.live_combatants = live_combatants
        self._entries: OrderedDict[tuple[int, int], CachedEncounter | Packed] = OrderedDict()
        #: The keys of the live entries, least recently used first.
        self._live: OrderedDict[tuple[int, int], None] = OrderedDict()
        self._combatants = 0
        self._live_size = 0
        #: Reads served from here / from the rows (for the benchmark and the tests).
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def live(self) -> int:
        """How many entries are kept as objects (the others are packed)."""
        return len(self._live)

    def take(
        self, key: tuple[int, int], encounter_id: int, version: int, sheets: int = 0
    ) -> CachedEncounter | None:
        """The entry for ``key`` if it is that encounter at that version, its characters at
        the versions it agrees with (``sheets``, their sum); it leaves the cache either way (a
        stale one is useless, a good one now belongs to the caller)."""
        entry = self._pop(key)
        wanted = (encounter_id, version, sheets)
        if isinstance(entry, tuple):
            if entry[1:4] == wanted:
                self.hits += 1
                return unpack(entry)
            entry = None
        info = None if entry is None else entry.tracked.info
        if entry is None or info is None or (info.id, info.version, info.sheets) != wanted:
            self.misses += 1
            return None
        self.hits += 1
        return entry

    def peek(self, key: tuple[int, int]) -> CachedEncounter | None:
        """The live entry for ``key``, left where it is (not a hit, not a use): for a caller
        that only looks, synchronously, before it next awaits (the tracker). Packed entries
        are not unpacked for that."""
        entry = self._entries.get(key)
        return entry if isinstance(entry, CachedEncounter) else None

    def put(self, key: tuple[int, int], entry: CachedEncounter) -> None:
        self._pop(key)
        self._entries[key] = entry
        self._live[key] = None
        self._combatants += entry.size
        self._live_size += entry.size
        while len(self._entries) > self.max_entries or (
            self._combatants > self.max_combatants and len(self._entries) > 1
        ):
            self._pop(next(iter(self._entries)))
        if self._combatants > self.max_combatants:  # one fight bigger than the whole budget
            self._pop(key)
        while self._live_size > self.live_combatants and len(self._live) > 1:
            self._pack(next(iter(self._live)))

    def drop(self, key: tuple[int, int]) -> None:
        self._pop(key)

    def clear(self) -> None:
        self._entries.clear()
        self._live.clear()
        self._combatants = 0
        self._live_size = 0

    def _pack(self, key: tuple[int, int]) -> None:
        del self._live[key]
        entry = self._entries[key]
        assert isinstance(entry, CachedEncounter)
        self._live_size -= entry.size
        self._entries[key] = pack(entry)  # keeps its place in the LRU order

    def _pop(self, key: tuple[int, int]) -> CachedEncounter | Packed | None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._combatants -= _size(entry)
        if self._live.pop(key, 0) is None:
            assert entry is not None
            self._live_size -= _size(entry)
        return entry
