"""The stored facts of an encounter that are not game state."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import RowMapping

from bot.jsontypes import JsonObject
from umbral_rules.encounter import Encounter


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
