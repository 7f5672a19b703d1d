"""Saved rolls (migration 0012): a player's own names for dice expressions, and the server's.

One row per name: ``owner_id`` is the player's, or :data:`SERVER` for the server's (the
GM's, which every player of the server reads). A name is unique per owner by its name key
(``umbral_rules.text.name_key``); the player's own and the server's may share a name (the
player's own hides the server's when they roll).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import BigInteger, DateTime, Index, String, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from umbral_rules.text import name_key, sort_key

from .models import NAME_KEY_LENGTH, Base, BigId

#: The owner of the server's saved rolls (no Discord id is 0).
SERVER = 0


class SavedRollRow(Base):
    __tablename__ = "saved_rolls"
    __table_args__ = (
        Index("ix_saved_rolls_guild_owner_key", "guild_id", "owner_id", "name_key", unique=True),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    #: The player's id, or :data:`SERVER`.
    owner_id: Mapped[int] = mapped_column(BigInteger)
    nombre: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    expresion: Mapped[str] = mapped_column(String(200))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class SavedRoll:
    nombre: str
    expresion: str
    owner_id: int

    @property
    def server(self) -> bool:
        return self.owner_id == SERVER

    @property
    def pair(self) -> tuple[str, str]:
        return self.nombre, self.expresion


@dataclass(frozen=True)
class Saved:
    """A roll saved: the one it replaced, and whether a server roll of the same name is now
    hidden by the player's own (or hides nothing: the server's, hidden by theirs)."""

    roll: SavedRoll
    replaced: SavedRoll | None
    shadows: bool


def _saved(row: SavedRollRow) -> SavedRoll:
    return SavedRoll(row.nombre, row.expresion, row.owner_id)


class SavedRollRepository:
    """A guild's saved rolls, in the unit of work's transaction."""

    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self._session = session
        self.guild_id = guild_id

    async def of(self, owner_id: int) -> list[SavedRoll]:
        """One owner's saved rolls (:data:`SERVER`: the server's), in Spanish order."""
        stmt = select(SavedRollRow).where(
            SavedRollRow.guild_id == self.guild_id, SavedRollRow.owner_id == owner_id
        )
        rows = (await self._session.execute(stmt)).scalars().all()
        return sorted((_saved(r) for r in rows), key=lambda s: sort_key(s.nombre))

    async def visible(self, user_id: int) -> tuple[list[SavedRoll], list[SavedRoll]]:
        """The player's own saved rolls and the server's, in one read."""
        stmt = select(SavedRollRow).where(
            SavedRollRow.guild_id == self.guild_id,
            SavedRollRow.owner_id.in_((user_id, SERVER)),
        )
        rows = sorted(
            (_saved(r) for r in (await self._session.execute(stmt)).scalars()),
            key=lambda s: sort_key(s.nombre),
        )
        return [r for r in rows if r.owner_id == user_id], [r for r in rows if r.server]

    async def count(self, owner_id: int) -> int:
        stmt = select(func.count()).where(
            SavedRollRow.guild_id == self.guild_id, SavedRollRow.owner_id == owner_id
        )
        return int((await self._session.execute(stmt)).scalar_one())

    async def _row(self, owner_id: int, nombre: str) -> SavedRollRow | None:
        stmt = select(SavedRollRow).where(
            SavedRollRow.guild_id == self.guild_id,
            SavedRollRow.owner_id == owner_id,
            SavedRollRow.name_key == name_key(nombre),
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def get(self, owner_id: int, nombre: str) -> SavedRoll | None:
        row = await self._row(owner_id, nombre)
        return None if row is None else _saved(row)

    async def put(self, owner_id: int, nombre: str, expresion: str) -> SavedRoll | None:
        """Save ``nombre`` → ``expresion`` for ``owner_id``; the roll it replaced, if any
        (the name keeps the spelling given last)."""
        row = await self._row(owner_id, nombre)
        now = datetime.now(UTC)
        if row is None:
            self._session.add(
                SavedRollRow(
                    guild_id=self.guild_id,
                    owner_id=owner_id,
                    nombre=nombre,
                    name_key=name_key(nombre),
                    expresion=expresion,
                    updated_at=now,
                )
            )
            await self._session.flush()
            return None
        before = _saved(row)
        row.nombre, row.expresion, row.updated_at = nombre, expresion, now
        await self._session.flush()
        return before

    async def remove(self, owner_id: int, nombre: str) -> SavedRoll | None:
        """Delete the saved roll; the one deleted (None: there was none)."""
        row = await self._row(owner_id, nombre)
        if row is None:
            return None
        removed = _saved(row)
        await self._session.delete(row)
        await self._session.flush()
        return removed
