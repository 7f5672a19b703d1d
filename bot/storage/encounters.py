"""The channel's encounter: rows ⇄ ``Encounter`` and the optimistic version check.

Reading remembers the version and a fingerprint of every child row; saving runs
``UPDATE encounters SET …, version = version + 1 WHERE id = … AND version = <read>`` first
(which also takes the row's lock on PostgreSQL) and, only if that touched one row, writes the
child rows that changed. A PC combatant's Aguante, estados, aliento and esencia go back to its
character row in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Table, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.util import identity_key

from umbral_rules import UmbralError

from . import encounter_map as emap
from .errors import ConcurrencyError
from .models import (
    ENCOUNTER_ACTIVE,
    ENCOUNTER_ENDED,
    Character,
    CombatantRow,
    EncounterRow,
    PendingDefenseRow,
    RetoRow,
    table,
)

ENC = table(EncounterRow)
COMB = table(CombatantRow)
PEND = table(PendingDefenseRow)
RETO = table(RetoRow)
CHAR = table(Character)

NO_ENCOUNTER = "No hay ningún encuentro activo en este canal."
ALREADY_ACTIVE = "Ya hay un encuentro activo en este canal: termínalo antes de empezar otro."
NOT_THIS_GUILD = "Ese personaje no existe en este servidor."


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


@dataclass
class _Tracked:
    info: EncounterInfo
    # key -> fingerprint of the row as read / last written
    combatants: dict[str, str] = field(default_factory=dict)
    writeback: dict[str, str] = field(default_factory=dict)
    pending: dict[str, str] = field(default_factory=dict)
    retos: dict[str, str] = field(default_factory=dict)


def _info(row: Any) -> EncounterInfo:
    return EncounterInfo(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        status=row["status"],
        version=row["version"],
        creator_id=row["creator_id"],
        tracker_message_id=row["tracker_message_id"],
        created_at=row["created_at"],
    )


def _fingerprints(rows: list[emap.Row]) -> dict[str, str]:
    return {r["key"]: emap.canonical(r) for r in rows}


class EncounterRepository:
    """The active encounter of one channel of one guild."""

    def __init__(
        self, session: AsyncSession, guild_id: int, channel_id: int, *, for_update: bool = False
    ) -> None:
        self._session = session
        self.guild_id = guild_id
        self.channel_id = channel_id
        #: Read the encounter row with ``SELECT … FOR UPDATE`` (PostgreSQL; SQLite ignores it):
        #: a retry holds the row from its read to its commit, so it cannot lose again.
        self.for_update = for_update
        self._tracked: _Tracked | None = None

    @property
    def info(self) -> EncounterInfo | None:
        """Id, version, creator… of the encounter last read or written in this unit."""
        return None if self._tracked is None else self._tracked.info

    async def get(self) -> Any:
        """The channel's active ``Encounter``, or ``None``."""
        state = await self.get_state()
        return None if state is None else emap.from_dict(state)

    async def require(self) -> Any:
        """The channel's active ``Encounter``; a Spanish error when there is none."""
        encounter = await self.get()
        if encounter is None:
            raise UmbralError(NO_ENCOUNTER)
        return encounter

    async def get_state(self) -> dict[str, Any] | None:
        """The active encounter as its ``to_dict()`` layout, or ``None``."""
        s = self._session
        stmt = select(ENC).where(
            ENC.c.guild_id == self.guild_id,
            ENC.c.channel_id == self.channel_id,
            ENC.c.status == ENCOUNTER_ACTIVE,
        )
        if self.for_update:
            stmt = stmt.with_for_update()
        row = (await s.execute(stmt)).mappings().first()
        if row is None:
            self._tracked = None
            return None
        eid = row["id"]
        children = []
        for child, cols in (
            (COMB, [c for c in COMB.c if c.name not in ("encounter_id", "guild_id")]),
            (PEND, [c for c in PEND.c if c.name != "encounter_id"]),
            (RETO, [c for c in RETO.c if c.name != "encounter_id"]),
        ):
            stmt = select(*cols).where(child.c.encounter_id == eid).order_by(child.c.position)
            children.append([dict(r) for r in (await s.execute(stmt)).mappings().all()])
        combatants, pending, retos = children
        header = {k: row[k] for k in ("schema_version", "mode", "asalto", "phase")}
        header["settings"] = row["settings"] or {}
        header["extra"] = row["extra"] or {}
        self._tracked = _Tracked(
            info=_info(row),
            combatants=_fingerprints(combatants),
            writeback=self._writeback_prints(combatants),
            pending=_fingerprints(pending),
            retos=_fingerprints(retos),
        )
        return emap.assemble(emap.EncounterRows(header, combatants, pending, retos))

    async def create(
        self, encounter: Any, *, creator_id: int, tracker_message_id: int | None = None
    ) -> EncounterInfo:
        """Store a new active encounter for the channel (refused if one is active)."""
        rows = emap.split(emap.to_dict(encounter))
        exists = await self._session.execute(
            select(ENC.c.id).where(
                ENC.c.guild_id == self.guild_id,
                ENC.c.channel_id == self.channel_id,
                ENC.c.status == ENCOUNTER_ACTIVE,
            )
        )
        if exists.first() is not None:
            raise UmbralError(ALREADY_ACTIVE)
        await self._check_characters(rows.combatants)
        try:
            result = await self._session.execute(
                insert(ENC)
                .values(
                    guild_id=self.guild_id,
                    channel_id=self.channel_id,
                    status=ENCOUNTER_ACTIVE,
                    creator_id=creator_id,
                    tracker_message_id=tracker_message_id,
                    version=1,
                    created_at=datetime.now(UTC),
                    **rows.header,
                )
                .returning(*ENC.c)
            )
        except IntegrityError as exc:  # another process created one in between
            raise ConcurrencyError() from exc
        row = result.mappings().one()
        self._tracked = _Tracked(info=_info(row))
        await self._write_children(self._tracked, rows)
        return self._tracked.info

    async def save(self, encounter: Any) -> None:
        """Write the encounter read in this unit; ``ConcurrencyError`` if it changed since."""
        tracked = self._require_tracked()
        rows = emap.split(emap.to_dict(encounter))
        await self._bump(tracked, dict(rows.header))
        await self._write_children(tracked, rows)

    async def set_tracker_message(self, message_id: int | None) -> None:
        """Remember the message that shows the encounter's tracker."""
        tracked = self._require_tracked()
        await self._bump(tracked, {"tracker_message_id": message_id})

    async def end(self) -> None:
        """Mark the encounter read in this unit as ended (its rows stay, as history)."""
        tracked = self._require_tracked()
        await self._bump(tracked, {"status": ENCOUNTER_ENDED, "ended_at": datetime.now(UTC)})

    async def history(self, limit: int = 10) -> list[EncounterInfo]:
        """The channel's encounters, newest first."""
        stmt = (
            select(ENC)
            .where(ENC.c.guild_id == self.guild_id, ENC.c.channel_id == self.channel_id)
            .order_by(ENC.c.id.desc())
            .limit(limit)
        )
        return [_info(r) for r in (await self._session.execute(stmt)).mappings().all()]

    # --- internals ------------------------------------------------------------------------

    def _require_tracked(self) -> _Tracked:
        tracked = self._tracked
        if tracked is None or tracked.info.status != ENCOUNTER_ACTIVE:
            raise UmbralError(NO_ENCOUNTER)
        return tracked

    async def _bump(self, tracked: _Tracked, values: dict[str, Any]) -> None:
        info = tracked.info
        result = await self._session.execute(
            update(ENC)
            .where(
                ENC.c.id == info.id,
                ENC.c.guild_id == self.guild_id,
                ENC.c.version == info.version,
                ENC.c.status == ENCOUNTER_ACTIVE,
            )
            .values(version=ENC.c.version + 1, **values)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            raise ConcurrencyError()
        tracked.info = EncounterInfo(
            id=info.id,
            guild_id=info.guild_id,
            channel_id=info.channel_id,
            status=values.get("status", info.status),
            version=info.version + 1,
            creator_id=info.creator_id,
            tracker_message_id=values.get("tracker_message_id", info.tracker_message_id),
            created_at=info.created_at,
        )

    async def _write_children(self, tracked: _Tracked, rows: emap.EncounterRows) -> None:
        eid = tracked.info.id
        new_comb = [c for c in rows.combatants if c["key"] not in tracked.combatants]
        await self._check_characters(new_comb)
        tracked.combatants = await self._sync(
            COMB, eid, tracked.combatants, rows.combatants, {"guild_id": self.guild_id}
        )
        tracked.pending = await self._sync(PEND, eid, tracked.pending, rows.pending, {})
        tracked.retos = await self._sync(RETO, eid, tracked.retos, rows.retos, {})
        await self._write_back(tracked, rows.combatants)

    async def _sync(
        self,
        tbl: Table,
        eid: int,
        old: dict[str, str],
        rows: list[emap.Row],
        fixed: dict[str, Any],
    ) -> dict[str, str]:
        """Delete, insert and update only the rows that differ; return the new fingerprints."""
        prints = _fingerprints(rows)
        gone = [k for k in old if k not in prints]
        if gone:
            await self._session.execute(
                delete(tbl).where(tbl.c.encounter_id == eid, tbl.c.key.in_(gone))
            )
        added = [{**r, **fixed, "encounter_id": eid} for r in rows if r["key"] not in old]
        if added:
            await self._session.execute(insert(tbl), added)
        changed = [
            {**{f"v_{k}": v for k, v in r.items() if k != "key"}, "b_key": r["key"]}
            for r in rows
            if r["key"] in old and old[r["key"]] != prints[r["key"]]
        ]
        if changed:
            columns = [k for k in rows[0] if k != "key"]
            stmt = (
                update(tbl)
                .where(tbl.c.encounter_id == eid, tbl.c.key == bindparam("b_key"))
                .values({c: bindparam(f"v_{c}") for c in columns})
            )
            await self._session.execute(stmt, changed)
        return prints

    @staticmethod
    def _writeback_prints(combatants: list[emap.Row]) -> dict[str, str]:
        return {
            c["key"]: emap.canonical({"id": c["character_id"], **emap.writeback_values(c)})
            for c in combatants
            if c["character_id"] is not None
        }

    async def _write_back(self, tracked: _Tracked, combatants: list[emap.Row]) -> None:
        prints = self._writeback_prints(combatants)
        for c in combatants:
            key = c["key"]
            if key not in prints or tracked.writeback.get(key) == prints[key]:
                continue
            values = emap.writeback_values(c)
            cid = c["character_id"]
            loaded = self._session.sync_session.identity_map.get(identity_key(Character, cid))
            if isinstance(loaded, Character) and loaded.guild_id == self.guild_id:
                for name, value in values.items():
                    setattr(loaded, name, value)
                continue
            await self._session.execute(
                update(CHAR)
                .where(CHAR.c.id == cid, CHAR.c.guild_id == self.guild_id)
                .values(version=CHAR.c.version + 1, **values)
            )
        tracked.writeback = prints

    async def _check_characters(self, combatants: list[emap.Row]) -> None:
        wanted = {c["character_id"] for c in combatants if c["character_id"] is not None}
        if not wanted:
            return
        stmt = select(CHAR.c.id).where(CHAR.c.guild_id == self.guild_id, CHAR.c.id.in_(wanted))
        found = set((await self._session.scalars(stmt)).all())
        if found != wanted:
            raise UmbralError(NOT_THIS_GUILD)
