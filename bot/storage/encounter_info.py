"""An encounter besides its document: its stored facts (:class:`EncounterInfo`, read from its
row by :func:`info_of`), what a unit of work committed of it (:class:`Committed`), when its
pending defenses began to wait (:func:`since_times`), and the encounters this process committed
last (:class:`EncounterCache`), so that the next command on a channel neither decodes its
document nor builds its ``Encounter`` again.

The cache is a plain LRU, bounded by combatants: channel → :class:`Cached`. The read of the
encounter's row always happens (it skips the document when the cache holds that version), and
an entry is used only if its id, version and sheets still match. A unit *takes* the entry and
gives it back only once it has committed
(:meth:`~bot.storage.encounters.EncounterRepository.publish`): a command that fails or is
refused leaves nothing behind, and no two units share an ``Encounter``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import RowMapping

from bot.jsontypes import JsonObject
from umbral_rules.encounter import Encounter

#: Combatants the cache keeps in all (an entry of six is ~45 objects the garbage collector
#: walks).
MAX_COMBATANTS = 2000
Key = tuple[int, int]


@dataclass(frozen=True)
class EncounterInfo:
    """The stored facts of an encounter that are not game state."""

    id: int
    guild_id: int
    channel_id: int
    status: str
    version: int
    creator_id: int
    tracker_message_id: int | None
    created_at: datetime | None
    #: When the current asalto and phase began.
    phase_since: datetime | None = None
    #: The summed versions of the sheets its document agrees with (:mod:`.sheet_link`).
    sheets: int = 0
    #: The game system it plays (``umbral`` unless it said another: migration 0021).
    system: str = "umbral"
    #: When the bot closes its current round by itself (``None``: it does not).
    closes_at: datetime | None = None


@dataclass(frozen=True)
class Committed:
    """An encounter as a unit of work committed it (what its tracker shows): its facts, its
    document (never changed in place), when each pending defense began to wait, and the
    ``Encounter`` object if the unit had one — as committed only during the call that hands
    it over (the next command may take it from the cache and change it)."""

    info: EncounterInfo
    doc: JsonObject
    pending_since: dict[str, str]
    encounter: Encounter | None = None


def info_of(row: RowMapping, sheets: int = 0) -> EncounterInfo:
    return EncounterInfo(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        status=row["status"],
        version=row["version"],
        creator_id=row["creator_id"],
        tracker_message_id=row["tracker_message_id"],
        created_at=row["created_at"],
        phase_since=aware(row.get("phase_since")),
        sheets=sheets,
        system=row.get("system") or "umbral",
        closes_at=aware(row.get("closes_at")),
    )


def aware(value: datetime | None) -> datetime | None:
    if value is not None and value.tzinfo is None:  # SQLite keeps no offset: it is UTC
        return value.replace(tzinfo=UTC)
    return value


@dataclass(frozen=True)
class Waiting:
    """Who waits since when: when the phase began and when each pending defense began to wait."""

    phase_since: datetime | None
    #: pending defense id → when it began to wait
    pending_since: dict[str, datetime] = field(default_factory=dict)


def since_times(stored: dict[str, str]) -> dict[str, datetime]:
    """``encounters.pending_since`` (ISO times) as aware datetimes."""
    times = {str(k): aware(datetime.fromisoformat(v)) for k, v in stored.items() if v}
    return {k: v for k, v in times.items() if v is not None}


# --- the cache ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cached:
    id: int
    version: int
    #: The summed versions of its linked characters' sheets it agrees with.
    sheets: int
    encounter: Encounter
    #: Its document as committed: read-only (the next save's "before").
    doc: JsonObject


class EncounterCache:
    """(guild, channel) → the channel's active encounter as this process last committed it."""

    def __init__(self, max_combatants: int = MAX_COMBATANTS) -> None:
        self.max_combatants = max_combatants
        #: Each entry with its size (1 + its combatants), counted when it was put.
        self._entries: OrderedDict[Key, tuple[Cached, int]] = OrderedDict()
        self._size = 0
        #: Reads served from here / from the document (for the benchmark and the tests).
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def peek(self, key: Key) -> Cached | None:
        """The entry for ``key``, left in place (to ask the read to skip its document)."""
        found = self._entries.get(key)
        return None if found is None else found[0]

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
        size = 1 + len(entry.doc.get("combatants") or ())
        self._entries[key] = (entry, size)
        self._size += size
        while self._size > self.max_combatants and self._entries:
            self.drop(next(iter(self._entries)))

    def drop(self, key: Key) -> Cached | None:
        found = self._entries.pop(key, None)
        if found is None:
            return None
        self._size -= found[1]
        return found[0]

    def clear(self) -> None:
        self._entries.clear()
        self._size = 0
