"""The roll log: append and read, nothing else (the database refuses UPDATE and DELETE)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from .models import RollLogRow, table

_TABLE = table(RollLogRow)
_INSERT = insert(_TABLE)
#: The roll log's entry of an undo: ``result["deshace"]`` lists the roll ids it took back.
UNDO_COMMAND = "deshacer"


@dataclass(frozen=True)
class RollLogEntry:
    id: int
    guild_id: int
    channel_id: int
    user_id: int
    command: str
    dice: list[Any]
    modifiers: list[Any]
    result: dict[str, Any]
    physical: bool
    created_at: datetime


def _as_json(value: Any) -> Any:
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value


class RollLogRepository:
    def __init__(self, session: AsyncSession, guild_id: int, channel_id: int | None) -> None:
        self._session = session
        self.guild_id = guild_id
        self.channel_id = channel_id
        #: The ids of the entries this unit of work logged (for its undo record), and
        #: whether any of them rolled dice.
        self.appended: list[int] = []
        self.rolled = False

    async def append(
        self,
        *,
        user_id: int,
        command: str,
        dice: Sequence[Any],
        modifiers: Sequence[Any] = (),
        result: Mapping[str, Any] | None = None,
        physical: bool = False,
        channel_id: int | None = None,
    ) -> None:
        """Log one roll in this unit of work: every die face, the modifiers, the result.

        ``dice`` and ``modifiers`` may hold plain JSON values or objects with ``to_dict()``
        (``DieRoll``, ``Modifier``); ``channel_id`` defaults to the unit's channel.
        """
        channel = self.channel_id if channel_id is None else channel_id
        if channel is None:
            raise ValueError("A roll needs a channel: pass channel_id or use storage.channel().")
        conn = await self._session.connection()
        inserted = await conn.execute(
            _INSERT,
            {
                "guild_id": self.guild_id,
                "channel_id": channel,
                "user_id": user_id,
                "command": command,
                "dice": [_as_json(d) for d in dice],
                "modifiers": [_as_json(m) for m in modifiers],
                "result": dict(result or {}),
                "physical": physical,
                "created_at": datetime.now(UTC),
            },
        )
        if channel == self.channel_id and inserted.inserted_primary_key is not None:
            self.appended.append(int(inserted.inserted_primary_key[0]))
            self.rolled = self.rolled or bool(dice)

    async def entries(
        self,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int | None = 50,
        newest_first: bool = True,
    ) -> list[RollLogEntry]:
        """Rolls of this guild (of one channel / one user when given)."""
        stmt = select(_TABLE).where(_TABLE.c.guild_id == self.guild_id)
        if channel_id is not None:
            stmt = stmt.where(_TABLE.c.channel_id == channel_id)
        if user_id is not None:
            stmt = stmt.where(_TABLE.c.user_id == user_id)
        stmt = stmt.order_by(_TABLE.c.id.desc() if newest_first else _TABLE.c.id)
        if limit is not None:
            stmt = stmt.limit(limit)
        rows = (await self._session.execute(stmt)).mappings().all()
        return [_entry(r) for r in rows]

    async def undone_ids(
        self, *, channel_id: int | None = None, after: int | None = None
    ) -> frozenset[int]:
        """The ids of the rolls a ``/deshacer`` took back (its entries list them). With
        ``after``, only the undos logged after that roll id: the only ones that can have taken
        back a roll from ``after`` on (a ``/deshacer`` is logged after what it undoes). No
        index has ``command``: without ``after`` this reads every row of the channel (300,000
        rows: seconds), with it only the rows since the oldest roll shown."""
        stmt = select(_TABLE.c.result).where(
            _TABLE.c.guild_id == self.guild_id, _TABLE.c.command == UNDO_COMMAND
        )
        if channel_id is not None:
            stmt = stmt.where(_TABLE.c.channel_id == channel_id)
        if after is not None:
            stmt = stmt.where(_TABLE.c.id > after)
        found: set[int] = set()
        for result in (await self._session.execute(stmt)).scalars():
            found.update(int(i) for i in (result or {}).get("deshace", []))
        return frozenset(found)

    async def count(self, *, channel_id: int | None = None) -> int:
        stmt = select(func.count()).select_from(_TABLE).where(_TABLE.c.guild_id == self.guild_id)
        if channel_id is not None:
            stmt = stmt.where(_TABLE.c.channel_id == channel_id)
        return int((await self._session.execute(stmt)).scalar_one())


def _entry(row: Any) -> RollLogEntry:
    created = row["created_at"]
    if created is not None and created.tzinfo is None:  # SQLite keeps no offset: it is UTC
        created = created.replace(tzinfo=UTC)
    return RollLogEntry(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        user_id=row["user_id"],
        command=row["command"],
        dice=list(row["dice"] or []),
        modifiers=list(row["modifiers"] or []),
        result=dict(row["result"] or {}),
        physical=bool(row["physical"]),
        created_at=created,
    )
