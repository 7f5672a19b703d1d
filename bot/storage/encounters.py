"""The channel's encounter: rows ⇄ ``Encounter`` and the optimistic version check.

Reading remembers the version and every child row as read; saving runs
``UPDATE encounters SET …, version = version + 1 WHERE id = … AND version = <read>`` first
(which also takes the row's lock on PostgreSQL) and, only if that touched one row, writes the
child rows that changed (compared as dicts, ``!=``: values equal in Python such as ``1`` and
``1.0`` count as unchanged). A PC combatant's Aguante, estados, aliento and esencia go back to its
character row in the same transaction, version-checked, and a character changed elsewhere is
copied into its combatant when read (:mod:`~bot.storage.sheet_link`).

A load is two round trips (the row, then its children in one UNION ALL), or one when the
:mod:`~bot.storage.encounter_cache` holds it at that version; a save is the version UPDATE,
one executemany per kind of child change, and one per linked PC whose numbers changed.

Saving the ``Encounter`` a unit read (or created) turns into rows only the combatants that
differ from their stored copies (``==``); any other object or a plain dict goes whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from sqlalchemy import RowMapping, Table, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.clock import Now, system_now
from bot.jsontypes import JsonObject
from bot.offloop import off_loop
from umbral_rules import UmbralError
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.codec import json_copy

from . import encounter_load as el
from . import encounter_map as emap
from . import sheet_link as sl
from . import statements as st
from .encounter_cache import CachedEncounter, EncounterCache
from .encounter_info import EncounterInfo as EncounterInfo
from .encounter_info import info_of as _info
from .errors import ConcurrencyError
from .models import ENCOUNTER_ACTIVE, ENCOUNTER_ENDED
from .tracked import Tracked as _Tracked
from .undo_state import Snapshot, changes, snapshot

NO_ENCOUNTER = "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
ALREADY_ACTIVE = "Ya hay un encuentro activo en este canal: termínalo antes de empezar otro."


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
        self._session, self._clock = session, clock
        self.guild_id, self.channel_id = guild_id, channel_id
        #: ``SELECT … FOR UPDATE`` (PostgreSQL): a retry holds the row until it commits.
        self.for_update = for_update
        self._tracked: _Tracked | None = None
        self._connection: AsyncConnection | None = None
        self._cache = cache
        #: The Encounter whose combatants ``_tracked.copies`` follows (read or created here).
        self._encounter: Encounter | None = None
        #: Whether, once committed, this unit leaves its encounter in the cache.
        self._publish = False
        #: A read-only :meth:`view` took the cached entry: give it back at COMMIT.
        self._keep = self._hit = False
        #: For the undo record: rows before the first change, as last written; ended, created.
        self._before: Snapshot | None = None
        self._written: _Tracked | None = None
        self.ended = self.created = False
        #: Combatants just refreshed from their characters (their copies are not as stored).
        self._refreshed: set[str] = set()
        #: Combatant id -> its dict as refreshed from the sheet at this unit's read: what the
        #: undo record's "before" takes for it (the stored row is older than the sheet).
        self._fresh: dict[str, JsonObject] = {}

    @property
    def refreshed(self) -> list[str]:
        """The names of the combatants whose sheets changed since the encounter was last
        written (copied from their sheets when this unit read it)."""
        return [str(c["nombre"]) for c in self._fresh.values()]

    @property
    def changed(self) -> bool:  # wrote the encounter (more than its tracker message)
        return self._before is not None

    def undo_before(self) -> JsonObject | None:
        """The undo record's "before": what this unit changed (:mod:`.undo_state`)."""
        if self._before is None or self._written is None:
            return None
        return changes(self._before, self._written)

    @property
    def info(self) -> EncounterInfo | None:
        """Id, version, creator… of the encounter last read or written in this unit."""
        return None if self._tracked is None else self._tracked.info

    @property
    def current_info(self) -> EncounterInfo:
        """:attr:`info` once an encounter was read (``require``) or written in this unit;
        asking before that is a bug (``RuntimeError``)."""
        info = self.info
        if info is None:
            raise RuntimeError("No encounter was read in this unit of work.")
        return info

    async def get(self) -> Encounter | None:
        """The channel's active ``Encounter``, or ``None``."""
        row = await self._read_row()
        if row is None:
            return None
        entry = (
            None
            if self._cache is None
            else self._cache.take(self._key(), row["id"], row["version"], row["sheets"])
        )
        self._hit = entry is not None
        if entry is not None:
            entry.tracked.info = _info(row)
            self._tracked = entry.tracked
            self._encounter = encounter = entry.encounter
        else:
            loaded = await self._read_children(row, build=True)
            built = loaded.encounter  # None when a character was refreshed into the state
            encounter = await off_loop(emap.from_dict, loaded.state) if built is None else built
            self._adopt(encounter, publish=False, copies=loaded.copies)  # cached at a save
        # No copy of every combatant before each operation: a refusal aborts this unit,
        # which rolls back and never caches the object, so nothing sees the half-change.
        encounter.undo_on_refusal = False
        return encounter

    async def view(self) -> Encounter | None:
        """:meth:`get` for a unit that only looks (a tracker, an autocomplete, ``/mapa ver``):
        the caller changes nothing and is done with the ``Encounter`` before its unit ends. A
        cached entry it took goes back to the cache at COMMIT (a plain :meth:`get` that saves
        nothing leaves the next command to read every row)."""
        encounter = await self.get()
        self._keep = encounter is not None and self._hit
        return encounter

    async def require(self) -> Encounter:
        """The channel's active ``Encounter``; a Spanish error when there is none."""
        return _required(await self.get())

    async def require_view(self) -> Encounter:
        """:meth:`view`, with :meth:`require`'s Spanish error when there is no encounter."""
        return _required(await self.view())

    async def get_state(self) -> JsonObject | None:
        """The active encounter as its ``to_dict()`` layout, or ``None``."""
        state = await self._read()
        # a copy: the caller may change it in place, and the rows as read must stay as read
        return None if state is None else json_copy(state)

    async def _read(self) -> JsonObject | None:
        row = await self._read_row()
        return None if row is None else (await self._read_children(row, build=False)).state

    async def _read_row(self) -> RowMapping | None:
        conn = await self._conn()
        stmt = st.SELECT_ACTIVE_FOR_UPDATE if self.for_update else st.SELECT_ACTIVE
        row = (await conn.execute(stmt, self._where())).mappings().first()
        self._tracked = None
        self._encounter = None
        self._hit = self._keep = False
        if self._before is None:
            self._fresh = {}
        if row is None and self._cache is not None:
            self._cache.drop(self._key())
        return row

    async def _read_children(self, row: RowMapping, *, build: bool) -> el.Loaded:
        conn = await self._conn()
        result = await conn.execute(st.SELECT_CHILDREN, {"eid": row["id"]})
        loaded = await off_loop(el.load, result.all(), el.header_of(row), build=build)
        self._tracked = loaded.tracked(_info(row))
        state = loaded.state
        self._refreshed = await sl.refresh(
            self._session, self.guild_id, state, loaded.stale, loaded.versions
        )
        for c in state["combatants"]:  # what they now agree with: nothing to write back
            if c["id"] in self._refreshed:
                self._tracked.writeback.update(sl.writeback_rows([emap.combatant_row(c, 0)]))
                self._fresh[c["id"]] = json_copy(c)
        return loaded

    async def create(
        self,
        encounter: Encounter | JsonObject,
        *,
        creator_id: int,
        tracker_message_id: int | None = None,
    ) -> EncounterInfo:
        """Store a new active encounter for the channel (refused if one is active)."""
        rows = emap.split(emap.to_dict(encounter))
        conn = await self._conn()
        if (await conn.execute(st.SELECT_ACTIVE, self._where())).first() is not None:
            raise UmbralError(ALREADY_ACTIVE)
        await sl.check_characters(self._session, self.guild_id, rows.combatants)
        values = {
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "status": ENCOUNTER_ACTIVE,
            "creator_id": creator_id,
            "tracker_message_id": tracker_message_id,
            "version": 1,
            "created_at": self._clock(),
            "phase_since": self._clock(),
            **rows.header,
        }
        try:
            result = await conn.execute(st.INSERT_ENCOUNTER, values)
        except IntegrityError as exc:  # another process created one in between
            raise ConcurrencyError() from exc
        self._tracked = _Tracked(info=_info(result.mappings().one()), header=rows.header)
        await self._write_children(self._tracked, rows)
        self.created = True
        self._adopt(encounter, publish=True)
        return self._tracked.info

    async def save(self, encounter: Encounter | JsonObject) -> None:
        """Write the encounter read in this unit; ``ConcurrencyError`` if it changed since."""
        tracked = self._require_tracked()
        if encounter is self._encounter and tracked.copies is not None:
            rows, copies = emap.changed_rows(encounter, tracked.copies, tracked.combatants)
        else:
            rows, copies = emap.split(emap.to_dict(encounter)), None
        header = rows.header
        if (header["asalto"], header["phase"]) != (
            tracked.header.get("asalto"),
            tracked.header.get("phase"),
        ):  # a new phase: who waits for whom counts from now
            header = {**header, "phase_since": self._clock()}
        await self._bump(tracked, header)
        tracked.header = rows.header
        await self._write_children(tracked, rows)
        if copies is None:
            self._adopt(encounter, publish=True)
        else:
            tracked.copies = copies
            self._publish = True

    def publish(self) -> None:
        """After the unit's COMMIT: leave the encounter it saved in the storage's cache."""
        tracked = self._tracked
        active = tracked is not None and tracked.info.status == ENCOUNTER_ACTIVE
        encounter = self._encounter  # never None once a save set ``_publish``
        keep = self._publish or self._keep
        if keep and self._cache is not None and active and encounter is not None:
            assert tracked is not None
            self._cache.put(self._key(), CachedEncounter(tracked, encounter))
        self._publish = self._keep = False

    def _adopt(
        self,
        encounter: Encounter | JsonObject,
        *,
        publish: bool,
        copies: dict[str, Combatant] | None = None,
    ) -> None:
        """Follow ``encounter`` (an ``Encounter`` equal to what the rows now hold): a later
        save compares its combatants with copies (``copies`` if already made, with nothing
        refreshed); with ``publish`` the commit caches it."""
        tracked = self._tracked
        if tracked is None or isinstance(encounter, Mapping):
            self._encounter = None
            self._publish = False
            if tracked is not None:
                tracked.copies = None
            return
        tracked.copies = copies or {
            c.id: c.copy() for c in encounter.combatants if c.id not in self._refreshed
        }
        self._refreshed = set()
        self._encounter = encounter
        self._publish = publish

    async def set_tracker_message(self, message_id: int | None) -> None:
        """Remember the message that shows the encounter's tracker."""
        tracked = self._require_tracked()
        await self._bump(tracked, {"tracker_message_id": message_id})

    async def end(self) -> None:
        """Mark the encounter read in this unit as ended (its rows stay, as history)."""
        tracked = self._require_tracked()
        await self._bump(tracked, {"status": ENCOUNTER_ENDED, "ended_at": self._clock()})
        self.ended = True
        await sl.SheetWriter(self._session, await self._conn(), self.guild_id).release_all(
            tracked.info.id
        )
        self._publish = False
        if self._cache is not None:
            self._cache.drop(self._key())

    async def history(self, limit: int = 10) -> list[EncounterInfo]:
        """The channel's encounters, newest first."""
        enc = st.ENC.c
        where = (enc.guild_id == self.guild_id, enc.channel_id == self.channel_id)
        stmt = select(st.ENC).where(*where).order_by(enc.id.desc()).limit(limit)
        conn = await self._conn()
        return [_info(r) for r in (await conn.execute(stmt)).mappings().all()]

    # --- internals ------------------------------------------------------------------------

    async def _conn(self) -> AsyncConnection:
        if self._connection is None:  # one per unit of work: the transaction's connection
            self._connection = await self._session.connection()
        return self._connection

    def _key(self) -> tuple[int, int]:
        return (self.guild_id, self.channel_id)

    def _where(self) -> dict[str, int]:
        return {"g": self.guild_id, "c": self.channel_id}

    def _require_tracked(self) -> _Tracked:
        tracked = self._tracked
        if tracked is None or tracked.info.status != ENCOUNTER_ACTIVE:
            raise UmbralError(NO_ENCOUNTER)
        return tracked

    async def _bump(self, tracked: _Tracked, values: JsonObject) -> None:
        if self._before is None and set(values) != {"tracker_message_id"}:
            self._before = snapshot(tracked, self._fresh)
        self._written = tracked  # (a later read may drop ``_tracked``)
        info = tracked.info
        conn = await self._conn()
        params = {"b_id": info.id, "b_g": self.guild_id, "b_v": info.version}
        result = await conn.execute(st.bump(tuple(values)), {**params, **st.prefixed(values)})
        if result.rowcount != 1:
            raise ConcurrencyError()
        tracked.info = replace(
            info,
            phase_since=values.get("phase_since", info.phase_since),
            status=values.get("status", info.status),
            version=info.version + 1,
            tracker_message_id=values.get("tracker_message_id", info.tracker_message_id),
        )

    async def _write_children(self, tracked: _Tracked, rows: emap.EncounterRows) -> None:
        eid = tracked.info.id
        new_comb = [c for c in rows.combatants if c["key"] not in tracked.combatants]
        await sl.check_characters(self._session, self.guild_id, new_comb)
        writer = sl.SheetWriter(self._session, await self._conn(), self.guild_id)
        tracked.writeback = await writer.sync(
            eid, tracked.combatants, tracked.writeback, tracked.versions, rows.combatants
        )
        tracked.info = replace(tracked.info, sheets=sum(tracked.versions.values()))
        tracked.combatants = await self._sync(
            st.COMB, eid, tracked.combatants, rows.combatants, {"guild_id": self.guild_id}
        )
        at = {"created_at": self._clock()}  # a new pending defense waits from now
        tracked.pending = await self._sync(st.PEND, eid, tracked.pending, rows.pending, at)
        tracked.retos = await self._sync(st.RETO, eid, tracked.retos, rows.retos, {})

    async def _sync(
        self,
        child: Table,
        eid: int,
        old: dict[str, emap.Row],
        rows: list[emap.Row],
        fixed: JsonObject,
    ) -> dict[str, emap.Row]:
        """Delete, insert and update only the rows that differ; return the rows now stored."""
        prints = emap.by_key(rows)
        conn = await self._conn()
        gone = [k for k in old if k not in prints]
        if gone:
            await conn.execute(st.delete_children(child), {"eid": eid, "keys": gone})
        added = [{**r, **fixed, "encounter_id": eid} for r in rows if r["key"] not in old]
        if added:
            await conn.execute(st.insert_rows(child), added)
        changed = [
            r for r in rows if r["key"] in old and old[r["key"]] is not r and old[r["key"]] != r
        ]
        if changed:
            columns = tuple(k for k in changed[0] if k != "key")
            params = [
                {"b_eid": eid, "b_key": r["key"], **st.prefixed({c: r[c] for c in columns})}
                for r in changed
            ]
            await conn.execute(st.update_children(child, columns), params)
        return prints


def _required(encounter: Encounter | None) -> Encounter:
    if encounter is None:
        raise UmbralError(NO_ENCOUNTER)
    return encounter
