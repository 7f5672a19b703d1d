"""The channel's encounter: one row, its whole state one document (``Encounter.to_dict()``).

Reading is one statement: the channel's active encounter, its document, and the summed
versions of the sheets of its characters. When this process's cache (:mod:`.encounter_info`)
holds that version, the statement leaves the document out and the cached ``Encounter`` is
used; when a sheet changed since the document was written, the sheets are copied in
(:mod:`.sheet_link`). Saving is one ``UPDATE encounters SET state = …, version = version + 1
WHERE id = … AND version = <read>`` in the command's transaction, after the PCs' changed
numbers are written to their sheets: if another process changed either meanwhile, no row
changes, :class:`ConcurrencyError`, and ``Storage.run_in_channel`` runs the command again.
The unit's undo record is the difference between the document before its first change and
the one it leaves (:func:`bot.records.undo.diff`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import RowMapping, Text, Update, cast, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.clock import Now, system_now
from bot.jsontypes import JsonObject
from bot.offloop import off_loop
from bot.records.undo import PatchBack, diff
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.codec import json_copy
from umbral_rules.systems import UMBRAL as UMBRAL_SYSTEM
from umbral_rules.systems import PlaysOther

from . import sheet_link as sl
from .encounter_info import (
    Cached,
    Committed,
    EncounterCache,
    EncounterInfo,
    Waiting,
    info_of,
    since_times,
)
from .encounter_sql import BUMP, CLOSES, ENC, META, SAVE, SELECT_ACTIVE
from .errors import ConcurrencyError
from .models import ENCOUNTER_ACTIVE, ENCOUNTER_ENDED

NO_ENCOUNTER = "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
ALREADY_ACTIVE = "Ya hay un encuentro activo en este canal: termínalo antes de empezar otro."
#: A bigger document (characters of JSON, ~35 combatants; or combatants) is decoded and built
#: on a worker thread: 200 combatants are ~180 KB and ~2.5 ms of CPU the loop need not spend;
#: a small one costs less than the trip to the thread.
OFF_LOOP_BYTES, OFF_LOOP_COMBATANTS = 32 * 1024, 32


@dataclass
class Loaded:
    """The encounter as this unit read or last wrote it."""

    info: EncounterInfo
    #: its document as stored (never changed in place: a save puts a new one here)
    doc: JsonObject
    #: the sheet versions the document agrees with (:mod:`.sheet_link`)
    agreed: sl.Agreed
    #: pending defense id → when it began to wait (ISO time)
    since: dict[str, str]
    #: the ``Encounter`` handed out (built, or taken from the cache), if any
    encounter: Encounter | None = None


class EncounterRepository:
    """The active encounter of one channel of one guild."""

    def __init__(
        self,
        session: AsyncSession,
        guild_id: int,
        channel_id: int,
        *,
        for_update: bool = False,
        cache: EncounterCache | None = None,
        clock: Now = system_now,
    ) -> None:
        self._session, self._clock, self._cache = session, clock, cache
        self.guild_id, self.channel_id = guild_id, channel_id
        #: The channel's key in the storage's encounter cache.
        self._key = (guild_id, channel_id)
        #: ``SELECT … FOR UPDATE`` (PostgreSQL): a retry holds the row until it commits.
        self.for_update = for_update
        self._loaded: Loaded | None = None
        #: The document before this unit's first change (the undo record's "before").
        self._first: JsonObject | None = None
        #: Whether this unit wrote the encounter (more than its tracker message).
        self.changed = False
        #: Whether, once committed, the cache gets what this unit holds.
        self._publish = False
        self.ended = self.created = False
        #: The names of the combatants whose sheets changed since the encounter was last
        #: written (copied from their sheets when this unit read it).
        self.refreshed: list[str] = []

    def undo_before(self) -> PatchBack | None:
        """The undo record's "before": what turns the document this unit leaves back into
        the one before its first change."""
        if self._first is None or self._loaded is None:
            return None
        return PatchBack(diff(self._first, self._loaded.doc))

    @property
    def info(self) -> EncounterInfo | None:
        """Id, version, creator… of the encounter last read or written in this unit."""
        return None if self._loaded is None else self._loaded.info

    def waiting(self) -> Waiting:
        """When the phase of the encounter read in this unit began and when each of its
        pending defenses began to wait: read with its row, no statement of its own."""
        loaded = self._require()
        return Waiting(loaded.info.phase_since, since_times(loaded.since or {}))

    @property
    def current_info(self) -> EncounterInfo:
        """:attr:`info` once an encounter was read or written in this unit (a bug before)."""
        if self._loaded is None:
            raise RuntimeError("No encounter was read in this unit of work.")
        return self._loaded.info

    async def get(self) -> Encounter | None:
        """The channel's active ``Encounter``, or ``None``. It belongs to this unit: change
        it and :meth:`save` it (the cache gets it back only once saved and committed).
        An encounter of another game system is refused in Spanish: its document is read by
        its own system (:meth:`document`)."""
        loaded = await self._load()
        if loaded is not None and loaded.info.system != UMBRAL_SYSTEM:
            raise PlaysOther(loaded.info.system)
        if loaded is not None and loaded.encounter is None:
            big = len(loaded.doc.get("combatants") or ()) > OFF_LOOP_COMBATANTS
            loaded.encounter = await off_loop(build, loaded.doc) if big else build(loaded.doc)
        return None if loaded is None else loaded.encounter

    async def view(self) -> Encounter | None:
        """:meth:`get` for a unit that only looks (a tracker, an autocomplete, ``/mapa ver``):
        the caller changes nothing, so what it read goes back to the cache at COMMIT."""
        encounter = await self.get()
        self._publish = encounter is not None
        return encounter

    async def require(self) -> Encounter:
        """The channel's active ``Encounter``; a Spanish error when there is none."""
        encounter = await self.get()
        if encounter is None:
            raise UmbralError(NO_ENCOUNTER)
        return encounter

    async def require_view(self) -> Encounter:
        """:meth:`view`, with :meth:`require`'s Spanish error when there is no encounter."""
        encounter = await self.require()
        self._publish = True
        return encounter

    async def system(self) -> str | None:
        """The game system of the channel's active encounter (``None``: there is none), by
        one small read that leaves the document and the cache alone."""
        if self._loaded is not None:
            return self._loaded.info.system
        stmt = select(ENC.c.system).where(
            ENC.c.guild_id == self.guild_id,
            ENC.c.channel_id == self.channel_id,
            ENC.c.status == ENCOUNTER_ACTIVE,
        )
        conn = await self._session.connection()
        found: str | None = (await conn.execute(stmt)).scalar()
        return found

    async def facts(self) -> EncounterInfo | None:
        """The active encounter's facts (id, version, creator, system…) whichever game it
        plays: its document is read, not built."""
        loaded = await self._load()
        return None if loaded is None else loaded.info

    async def document(self, system: str) -> JsonObject | None:
        """The active encounter's document if it plays ``system`` (a copy: the caller may
        change it and :meth:`save` it); ``None`` when the channel has none; refused in
        Spanish when it plays another."""
        loaded = await self._load()
        if loaded is None:
            return None
        if loaded.info.system != system:
            raise PlaysOther(loaded.info.system)
        doc: JsonObject = json_copy(loaded.doc)
        return doc

    async def get_state(self) -> JsonObject | None:
        """The active encounter's document (a copy: the caller may change it), or ``None``."""
        loaded = await self._load()
        self._publish = loaded is not None and loaded.encounter is not None
        return None if loaded is None else json_copy(loaded.doc)

    async def create(
        self,
        encounter: Encounter | JsonObject,
        *,
        creator_id: int,
        tracker_message_id: int | None = None,
        system: str = UMBRAL_SYSTEM,
    ) -> EncounterInfo:
        """Store a new active encounter for the channel (refused if one is active), playing
        ``system``."""
        doc, conn = _document(encounter), await self._session.connection()
        here = (ENC.c.guild_id == self.guild_id, ENC.c.channel_id == self.channel_id)
        active = select(ENC.c.id).where(*here, ENC.c.status == ENCOUNTER_ACTIVE)
        if (await conn.execute(active)).first() is not None:
            raise UmbralError(ALREADY_ACTIVE)
        now = self._clock()
        since = _since(doc, {}, now.isoformat())
        values = {
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "status": ENCOUNTER_ACTIVE,
            "creator_id": creator_id,
            "tracker_message_id": tracker_message_id,
            "version": 1,
            "created_at": now,
            "phase_since": now,
            "state": doc,
            "sheets": {},
            "pending_since": since,
            "system": system,
        }
        try:
            row = (await conn.execute(ENC.insert().returning(*META), values)).mappings().one()
        except IntegrityError as exc:  # another process created one in between
            raise ConcurrencyError(where="encounters: created_twice") from exc
        agreed = await sl.sync(self._session, self.guild_id, row["id"], None, doc, {})
        if agreed:  # the sheets its PCs claimed, at the versions they now have
            await conn.execute(update(ENC).where(ENC.c.id == row["id"]).values(sheets=agreed))
        info = info_of(row, sum(agreed.values()))
        self._loaded = Loaded(
            info, doc, agreed, since, encounter if isinstance(encounter, Encounter) else None
        )
        self.created = self._publish = True
        return info

    async def save(
        self, encounter: Encounter | JsonObject, *, window: timedelta | None = None
    ) -> None:
        """Write the encounter read in this unit; ``ConcurrencyError`` if it changed since.
        ``window``: the bot closes the round that long after its first save with one."""
        loaded, doc = self._require(), _document(encounter)
        agreed = await sl.sync(
            self._session, self.guild_id, loaded.info.id, loaded.doc, doc, loaded.agreed
        )
        now, phase, closes = self._clock(), loaded.info.phase_since, loaded.info.closes_at
        if (doc.get("asalto"), doc.get("phase")) != (
            loaded.doc.get("asalto"),
            loaded.doc.get("phase"),
        ):
            phase, closes = now, None  # a new phase: who waits for whom counts from now
        closes = None if window is None else closes or now + window
        since = _since(doc, loaded.since, now.isoformat())
        info = await self._bump(
            SAVE, v_state=doc, v_sheets=agreed, v_since=since, v_phase=phase, v_closes=closes
        )
        info = replace(info, phase_since=phase, closes_at=closes, sheets=sum(agreed.values()))
        if not self.changed:
            self._first, self.changed = loaded.doc, True
        self._loaded = Loaded(
            info, doc, agreed, since, encounter if isinstance(encounter, Encounter) else None
        )
        self._publish = True

    async def close_at(self, moment: datetime | None) -> None:
        """The bot closes the round at ``moment`` instead (``None``: not now); same document."""
        info = await self._bump(CLOSES, v_closes=moment)
        self._require().info = replace(info, closes_at=moment)

    async def set_tracker_message(self, message_id: int | None) -> None:
        """Remember the message that shows the encounter's tracker."""
        info = await self._bump(BUMP.values(tracker_message_id=message_id))
        self._require().info = replace(info, tracker_message_id=message_id)

    async def end(self) -> None:
        """Mark the encounter read in this unit as ended (its row stays, as history); its
        characters may join another one."""
        loaded = self._require()
        stmt = BUMP.values(status=ENCOUNTER_ENDED, ended_at=self._clock())
        loaded.info = replace(await self._bump(stmt), status=ENCOUNTER_ENDED)
        if not self.changed:
            self._first, self.changed = loaded.doc, True
        self.ended, self._publish = True, False
        await sl.release(self._session, self.guild_id, loaded.info.id)
        if self._cache is not None:
            self._cache.drop(self._key)

    async def history(self, limit: int = 10) -> list[EncounterInfo]:
        """The channel's encounters, newest first."""
        here = (ENC.c.guild_id == self.guild_id, ENC.c.channel_id == self.channel_id)
        stmt = select(*META).where(*here).order_by(ENC.c.id.desc()).limit(limit)
        rows = await (await self._session.connection()).execute(stmt)
        return [info_of(r) for r in rows.mappings().all()]

    def publish(self) -> Committed | None:
        """After the unit's COMMIT: the encounter it saved (or only looked at) goes to the
        storage's cache, at the version it committed; what it committed, if it wrote it."""
        loaded, publish, self._publish = self._loaded, self._publish, False
        if loaded is None or loaded.info.status != ENCOUNTER_ACTIVE:
            return None
        committed = None
        if self.changed:
            committed = Committed(loaded.info, loaded.doc, loaded.since, loaded.encounter)
        if self._cache is not None and (not publish or loaded.encounter is None):
            self._cache.drop(self._key)
        elif self._cache is not None and loaded.encounter is not None:
            info = loaded.info
            entry = Cached(info.id, info.version, info.sheets, loaded.encounter, loaded.doc)
            self._cache.put(self._key, entry)
        return committed

    # --- internals ------------------------------------------------------------------------

    def _require(self) -> Loaded:
        loaded = self._loaded
        if loaded is None or loaded.info.status != ENCOUNTER_ACTIVE:
            raise UmbralError(NO_ENCOUNTER)
        return loaded

    async def _load(self) -> Loaded | None:
        """Read the channel's active encounter (see the module's docstring)."""
        cache, key = self._cache, self._key
        cached = None if cache is None else cache.peek(key)
        stmt = SELECT_ACTIVE.with_for_update(of=ENC) if self.for_update else SELECT_ACTIVE
        params = {"g": self.guild_id, "c": self.channel_id, "cid": -1, "cv": -1}
        if cached is not None:
            params.update(cid=cached.id, cv=cached.version)
        conn = await self._session.connection()  # (Core: no flush of the ORM's changes)
        row = (await conn.execute(stmt, params)).mappings().first()
        self._loaded, self._publish = None, False
        if not self.changed:
            self.refreshed = []
        if row is None or cache is None:
            return None if row is None else await self._decode(row)
        if (entry := cache.take(key, row["id"], row["version"], row["sheets_now"])) is None:
            return await self._decode(row)
        info, since = info_of(row, entry.sheets), row["pending_since"]
        self._loaded = Loaded(info, entry.doc, row["sheets"], since, entry.encounter)
        return self._loaded

    async def _decode(self, row: RowMapping) -> Loaded:
        """The row's document decoded (read again when the statement left it out for a
        cached copy not usable after all), its changed sheets copied in."""
        text = row["document"]
        if text is None:
            stmt = select(cast(ENC.c.state, Text)).where(ENC.c.id == row["id"])
            text = (await (await self._session.connection()).execute(stmt)).scalar_one()
        doc = await off_loop(decode, text) if len(text) > OFF_LOOP_BYTES else decode(text)
        agreed: sl.Agreed = dict(row["sheets"] or {})
        if row["sheets_now"] != sum(agreed.values()):  # a sheet changed since it was written
            agreed, self.refreshed = await sl.refresh(self._session, self.guild_id, doc, agreed)
        since = dict(row["pending_since"] or {})
        self._loaded = Loaded(info_of(row, sum(agreed.values())), doc, agreed, since)
        return self._loaded

    async def _bump(self, stmt: Update, **values: object) -> EncounterInfo:
        """Run ``stmt``, an UPDATE of the row at the version read, bumping it."""
        info = self._require().info
        params = {"b_id": info.id, "b_g": self.guild_id, "b_v": info.version, **values}
        conn = await self._session.connection()
        if (await conn.execute(stmt, params)).rowcount != 1:
            raise ConcurrencyError(where="encounters: stale_version")
        return replace(info, version=info.version + 1)


def decode(text: str) -> JsonObject:
    """A document read as its text (``CAST(state AS TEXT)``: neither the driver nor
    SQLAlchemy decodes it on the event loop), decoded."""
    doc: JsonObject = json.loads(text)
    return doc


def build(doc: JsonObject) -> Encounter:
    """The ``Encounter`` of a document (it copies what it keeps: ``doc`` stays as it was)."""
    return Encounter.from_dict(doc)


def _document(encounter: Encounter | Mapping[str, Any]) -> JsonObject:
    """The document to store: ``to_dict()``, or a copy of a plain dict."""
    if isinstance(encounter, Encounter):
        return encounter.to_dict()
    doc: JsonObject = json_copy(dict(encounter))
    return doc


def _since(doc: JsonObject, before: Mapping[str, str], now: str) -> dict[str, str]:
    """When each pending defense of ``doc`` began to wait: a new one, ``now``."""
    return {str(p["id"]): before.get(str(p["id"])) or now for p in doc.get("pending") or ()}
