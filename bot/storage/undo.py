"""The channel's undo records (``/deshacer``), written by the unit of work in the operation's
own transaction (:meth:`UnitOfWork.finish`, under :func:`~bot.storage.unit.operation`):
``before`` turns the document the operation left
back into the one before it (typed in :mod:`bot.records.undo`, which reads the forms written
before migration 0016 too), who, which command, when, the rolls it logged and the sheets it
changed by hand (:class:`SheetChange`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import ColumnElement, RowMapping, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from bot.clock import Now, system_now
from bot.records.undo import Before, SheetChange, before_from_json
from umbral_rules import UmbralError

from .encounter_info import EncounterInfo, aware, info_of
from .encounter_sql import META
from .errors import ConcurrencyError
from .models import ENCOUNTER_ACTIVE, Character, EncounterRow, UndoRow, table
from .sheet_link import in_other_encounter, linked

#: How many operations of a channel can be undone: the table keeps itself to that many per
#: channel (a trigger after each insert drops the older ones and those undone, migration 0016).
KEEP = 20
REOPEN_BUSY = "Ya hay otro encuentro activo en este canal: no se puede reabrir el anterior."
_TABLE, ENC, CHAR = table(UndoRow), table(EncounterRow), table(Character)
#: One operation's record, written by :meth:`UnitOfWork.finish` (its only writer) in the
#: operation's own transaction.
UNDO_INSERT = insert(_TABLE)


@dataclass(frozen=True)
class UndoRecord:
    id: int
    guild_id: int
    channel_id: int
    encounter_id: int | None
    command: str
    user_id: int
    created_at: datetime
    rolled: bool
    ended: bool
    version_after: int | None
    #: What turns the document the operation left back into the one before it.
    before: Before | None
    sheets: list[SheetChange]
    roll_ids: list[int]
    undone_by: int | None
    undone_at: datetime | None

    @property
    def undone(self) -> bool:
        return self.undone_at is not None


def _record(row: RowMapping) -> UndoRecord:
    values = dict(row)
    values["created_at"] = aware(row["created_at"]) or datetime.now(UTC)
    values["undone_at"] = aware(row["undone_at"])
    values["rolled"], values["ended"] = bool(row["rolled"]), bool(row["ended"])
    values["before"] = before_from_json(row["before"])
    values["sheets"] = [SheetChange.from_json(s) for s in row["sheets"] or []]
    values["roll_ids"] = [int(i) for i in row["roll_ids"] or []]
    return UndoRecord(**values)


@dataclass
class Pending:
    """What this unit of work will record, besides the encounter's own change."""

    sheets: list[SheetChange] = field(default_factory=list)
    #: The unit is itself an undo (or reads only): record nothing.
    skip: bool = False


class UndoRepository:
    """The channel's records as ``/deshacer`` reads and changes them (``uow.undo_log``; each
    is written by :func:`record`)."""

    def __init__(
        self, session: AsyncSession, guild_id: int, channel_id: int, clock: Now = system_now
    ) -> None:
        self._session = session
        self._clock = clock  # when an operation was made or undone: the storage's one clock
        self.guild_id = guild_id
        self.channel_id = channel_id

    def _where(self) -> ColumnElement[bool]:
        return (_TABLE.c.guild_id == self.guild_id) & (_TABLE.c.channel_id == self.channel_id)

    async def get(self, record_id: int) -> UndoRecord | None:
        stmt = select(_TABLE).where(self._where(), _TABLE.c.id == record_id)
        row = (await self._session.execute(stmt)).mappings().first()
        return None if row is None else _record(row)

    async def latest(self, *, undone: bool | None = None) -> UndoRecord | None:
        """The channel's newest record (``undone=False``: the newest not undone yet)."""
        stmt = select(_TABLE).where(self._where())
        if undone is False:
            stmt = stmt.where(_TABLE.c.undone_at.is_(None))
        stmt = stmt.order_by(_TABLE.c.id.desc()).limit(1)
        row = (await self._session.execute(stmt)).mappings().first()
        return None if row is None else _record(row)

    async def mark_undone(self, record_id: int, user_id: int) -> bool:
        """Mark the record undone; ``False`` when another unit did it first."""
        conn = await self._session.connection()
        result = await conn.execute(
            update(_TABLE)
            .where(self._where(), _TABLE.c.id == record_id, _TABLE.c.undone_at.is_(None))
            .values(undone_by=user_id, undone_at=self._clock())
        )
        return bool(result.rowcount == 1)

    async def encounter(self, encounter_id: int) -> EncounterInfo | None:
        """One encounter of this channel, active or ended."""
        stmt = select(*META).where(ENC.c.id == encounter_id, *self._encounter_where())
        row = (await self._session.execute(stmt)).mappings().first()
        return None if row is None else info_of(row)

    async def reopen(self, encounter_id: int, version: int) -> None:
        """Undo of ``/encuentro terminar``: that ended encounter is the channel's active one
        again (``ConcurrencyError`` if it changed since ``version``)."""
        conn = await self._session.connection()
        active = select(ENC.c.id).where(ENC.c.status == ENCOUNTER_ACTIVE, *self._encounter_where())
        if (await conn.execute(active)).first() is not None:
            raise UmbralError(REOPEN_BUSY)
        stmt = (
            update(ENC)
            .where(ENC.c.id == encounter_id, ENC.c.version == version, *self._encounter_where())
            .values(status=ENCOUNTER_ACTIVE, ended_at=None, version=ENC.c.version + 1)
        )
        if (await conn.execute(stmt)).rowcount != 1:
            raise ConcurrencyError(where="encounters: stale_version (undo)")
        await self._claim_again(encounter_id)

    async def _claim_again(self, encounter_id: int) -> None:
        """One sheet of truth: the reopened encounter's characters are in it again (ending
        it had let them go); refused if one has joined another active encounter since."""
        conn = await self._session.connection()
        state = select(ENC.c.state).where(ENC.c.id == encounter_id)
        ids = list(linked((await conn.execute(state)).scalar_one()))
        if not ids:
            return
        where = (CHAR.c.guild_id == self.guild_id, CHAR.c.id.in_(ids))
        busy = (
            select(CHAR.c.nombre, ENC.c.channel_id)
            .join(ENC, ENC.c.id == CHAR.c.encounter_id)
            .where(*where, ENC.c.id != encounter_id, ENC.c.status == ENCOUNTER_ACTIVE)
        )
        taken = (await conn.execute(busy)).first()
        if taken is not None:
            raise UmbralError(in_other_encounter(taken[0], taken[1]))
        await conn.execute(update(CHAR).where(*where).values(encounter_id=encounter_id))
        for obj in list(self._session.sync_session.identity_map.values()):
            if isinstance(obj, Character) and obj.id in ids:
                set_committed_value(obj, "encounter_id", encounter_id)

    def _encounter_where(self) -> tuple[ColumnElement[bool], ...]:
        return (ENC.c.guild_id == self.guild_id, ENC.c.channel_id == self.channel_id)

    async def clear(self) -> None:
        """A new encounter starts a new undo history in the channel."""
        conn = await self._session.connection()
        await conn.execute(delete(_TABLE).where(self._where()))
