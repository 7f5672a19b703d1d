"""Game sessions on Discord's calendar: the rows of the sessions a guild scheduled, their
steps (the reminders 24 h and 1 h before, the start, the end) and who played.

A step due is *claimed* by one conditional ``UPDATE`` (PostgreSQL's row lock and SQLite's
write lock serialise the processes), so it happens in exactly one process, once, whatever
restarts or shards: the start and the end are marked done as they are claimed; a reminder is
claimed with a lease (:mod:`.claims`), posted, and marked done only after the post (issue
43), or due again at its retry's time. When a session moves (its start or
end changed, by the bot or in Discord's own interface), its reminders are counted again
from the new start: those still ahead are due again, those already behind are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, case, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from umbral_rules import UmbralError
from umbral_rules.text import name_key

from .claims import Claim, free, release, take
from .encounter_info import aware
from .models import RollLogRow
from .session_models import (
    SESSION_CANCELLED,
    SESSION_DONE,
    SESSION_SCHEDULED,
    ActivityRow,
    GameSessionRow,
    SessionStepRow,
)
from .shards import ShardScope, earliest, earliest_columns, seen_to

#: The reminders and how long before the start each is due.
REMINDERS = {"24h": timedelta(hours=24), "1h": timedelta(hours=1)}
START, END = "inicio", "fin"
NOT_FOUND = "No encuentro esa sesión: elige una de la lista (`/sesion lista`)."


@dataclass(frozen=True)
class GameSession:
    id: int
    guild_id: int
    channel_id: int
    event_id: int
    title: str
    starts_at: datetime
    ends_at: datetime
    status: str
    creator_id: int
    interested: tuple[int, ...]
    attended: tuple[int, ...] | None

    @property
    def open(self) -> bool:
        """Not yet over: it may still be changed or cancelled."""
        return self.status not in (SESSION_DONE, SESSION_CANCELLED)


@dataclass(frozen=True)
class DueStep:
    session_id: int
    guild_id: int
    kind: str


def _value(row: GameSessionRow) -> GameSession:
    starts, ends = aware(row.starts_at), aware(row.ends_at)
    assert starts is not None and ends is not None
    return GameSession(
        id=row.id,
        guild_id=int(row.guild_id),
        channel_id=int(row.channel_id),
        event_id=int(row.event_id),
        title=row.title,
        starts_at=starts,
        ends_at=ends,
        status=row.status,
        creator_id=int(row.creator_id),
        interested=tuple(int(u) for u in row.interested or []),
        attended=None if row.attended is None else tuple(int(u) for u in row.attended),
    )


def _step(session_id: int, kind: str) -> tuple[ColumnElement[bool], ColumnElement[bool]]:
    return SessionStepRow.session_id == session_id, SessionStepRow.kind == kind


def _due(kind: str, starts: datetime, ends: datetime) -> datetime:
    if kind in REMINDERS:
        return starts - REMINDERS[kind]
    return starts if kind == START else ends


class SessionRepository:
    """The sessions of one guild, in the unit's transaction."""

    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self.session = session
        self.guild_id = guild_id

    async def add(
        self,
        *,
        channel_id: int,
        event_id: int,
        title: str,
        starts_at: datetime,
        ends_at: datetime,
        creator_id: int,
        now: datetime,
    ) -> GameSession:
        row = GameSessionRow(
            guild_id=self.guild_id,
            channel_id=channel_id,
            event_id=event_id,
            title=title,
            starts_at=starts_at,
            ends_at=ends_at,
            status=SESSION_SCHEDULED,
            creator_id=creator_id,
            interested=[],
            attended=None,
        )
        self.session.add(row)
        await self.session.flush()
        await self._plan(row.id, starts_at, ends_at, now, done=set())
        return _value(row)

    async def get(self, session_id: int) -> GameSession | None:
        row = await self._row(session_id)
        return None if row is None else _value(row)

    async def find(self, typed: str, now: datetime) -> GameSession:
        """The session ``typed`` names: its number (what the autocomplete gives) or its
        title (any case and accents; of several, the next one, else the latest)."""
        text = typed.strip()
        if text.isdigit():
            found = await self.get(int(text))
            if found is not None:
                return found
        key = name_key(text)
        matches = [s for s in await self.all() if name_key(s.title) == key]
        ahead = sorted((s for s in matches if s.ends_at > now), key=lambda s: s.starts_at)
        if ahead:
            return ahead[0]
        if matches:
            return max(matches, key=lambda s: s.starts_at)
        raise UmbralError(NOT_FOUND)

    async def all(self) -> list[GameSession]:
        stmt = (
            select(GameSessionRow)
            .where(GameSessionRow.guild_id == self.guild_id)
            .order_by(GameSessionRow.starts_at, GameSessionRow.id)
        )
        return [_value(r) for r in (await self.session.execute(stmt)).scalars()]

    async def change(
        self,
        session_id: int,
        now: datetime,
        *,
        title: str | None = None,
        starts_at: datetime | None = None,
        ends_at: datetime | None = None,
        status: str | None = None,
        channel_id: int | None = None,
    ) -> GameSession:
        """What the bot changed, or read of the event; a new start or end plans the steps
        again, and a cancelled or finished session has no reminder left."""
        row = await self._row(session_id)
        if row is None:
            raise UmbralError(NOT_FOUND)
        moved = (starts_at is not None and starts_at != aware(row.starts_at)) or (
            ends_at is not None and ends_at != aware(row.ends_at)
        )
        if title is not None:
            row.title = title
        if starts_at is not None:
            row.starts_at = starts_at
        if ends_at is not None:
            row.ends_at = ends_at
        if channel_id is not None:
            row.channel_id = channel_id
        if status is not None:
            row.status = status
        if moved:
            starts, ends = aware(row.starts_at), aware(row.ends_at)
            assert starts is not None and ends is not None
            done = await self._done(session_id)
            await self._plan(session_id, starts, ends, now, done=done - set(REMINDERS))
        if row.status == SESSION_CANCELLED:
            await self._drop_reminders(session_id)
        await self.session.flush()
        return _value(row)

    async def keep_interested(self, session_id: int, users: Iterable[int]) -> None:
        row = await self._row(session_id)
        if row is not None:
            row.interested = sorted(set(users))

    async def keep_attended(self, session_id: int, users: Iterable[int]) -> None:
        row = await self._row(session_id)
        if row is not None:
            row.attended = sorted(set(users))
            row.status = SESSION_DONE if row.status != SESSION_CANCELLED else row.status

    async def claim(
        self, session_id: int, now: datetime, lease_until: datetime, nonce: Callable[[], str]
    ) -> tuple[list[str], dict[str, Claim]]:
        """The steps of the session due by ``now`` that no other process holds: the start
        and the end marked done now (in this transaction), each reminder claimed until
        ``lease_until`` (its first try gets a new ``nonce()``)."""
        stmt = select(SessionStepRow.kind).where(
            SessionStepRow.session_id == session_id,
            SessionStepRow.due_at <= now,
            SessionStepRow.done_at.is_(None),
            free(SessionStepRow, now),
        )
        done: list[str] = []
        claims: dict[str, Claim] = {}
        for kind in sorted(str(k) for k in (await self.session.execute(stmt)).scalars()):
            key = _step(session_id, kind)
            if kind in REMINDERS:
                due = (SessionStepRow.due_at <= now, SessionStepRow.done_at.is_(None))
                claim = await take(
                    self.session, SessionStepRow, key, now, lease_until, nonce(), *due
                )
                if claim is not None:
                    claims[kind] = claim
                continue
            result = await self.session.execute(
                update(SessionStepRow)
                .where(*key, SessionStepRow.done_at.is_(None))
                .values(done_at=now)
                .execution_options(synchronize_session=False)
            )
            if getattr(result, "rowcount", 0) == 1:
                done.append(kind)
        return done, claims

    async def finish(self, session_id: int, kind: str, claim: Claim, now: datetime) -> bool:
        """The claimed reminder is over (posted, dropped or given up): done now."""
        return await release(
            self.session, SessionStepRow, _step(session_id, kind), claim, done_at=now
        )

    async def retry(self, session_id: int, kind: str, claim: Claim, at: datetime) -> bool:
        """The claimed reminder could not be posted: due again ``at`` (same nonce)."""
        return await release(
            self.session, SessionStepRow, _step(session_id, kind), claim, due_at=at
        )

    async def acted(self, starts_at: datetime, ends_at: datetime) -> set[int]:
        """Who acted in the guild between ``starts_at`` and ``ends_at``: rolled (the roll
        log) or did something :class:`ActivityRepository` noted."""
        rolls = select(RollLogRow.user_id).where(
            RollLogRow.guild_id == self.guild_id,
            RollLogRow.created_at >= starts_at,
            RollLogRow.created_at <= ends_at,
        )
        acts = select(ActivityRow.user_id).where(
            ActivityRow.guild_id == self.guild_id,
            ActivityRow.at >= starts_at,
            ActivityRow.at <= ends_at,
        )
        found = set((await self.session.execute(rolls.distinct())).scalars())
        found |= set((await self.session.execute(acts.distinct())).scalars())
        return {int(u) for u in found}

    # --- the steps ------------------------------------------------------------------------

    async def _plan(
        self, session_id: int, starts: datetime, ends: datetime, now: datetime, done: set[str]
    ) -> None:
        """The steps not ``done`` due again from ``starts``/``ends``; a reminder whose time
        has passed is not planned (a session scheduled 3 h ahead gets no 24 h reminder)."""
        await self.session.execute(
            delete(SessionStepRow).where(
                SessionStepRow.session_id == session_id, SessionStepRow.kind.not_in(list(done))
            )
        )
        for kind in (*REMINDERS, START, END):
            due = _due(kind, starts, ends)
            if kind in done or (kind in REMINDERS and due <= now):
                continue
            self.session.add(SessionStepRow(session_id=session_id, kind=kind, due_at=due))
        await self.session.flush()

    async def _done(self, session_id: int) -> set[str]:
        stmt = select(SessionStepRow.kind).where(
            SessionStepRow.session_id == session_id, SessionStepRow.done_at.is_not(None)
        )
        return {str(k) for k in (await self.session.execute(stmt)).scalars()}

    async def _drop_reminders(self, session_id: int) -> None:
        await self.session.execute(
            delete(SessionStepRow).where(
                SessionStepRow.session_id == session_id,
                SessionStepRow.done_at.is_(None),
            )
        )

    async def _row(self, session_id: int) -> GameSessionRow | None:
        row = await self.session.get(GameSessionRow, session_id)
        return row if row is not None and row.guild_id == self.guild_id else None


class ActivityRepository:
    """What a session's attendance counts besides rolls, noted as it happens."""

    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self.session = session
        self.guild_id = guild_id

    async def note(self, user_id: int, kind: str, at: datetime) -> None:
        """``user_id`` did ``kind`` ("encuentro": joined one; "decir": spoke as a
        character, ``/decir`` or «Decir como…»)."""
        self.session.add(ActivityRow(guild_id=self.guild_id, user_id=user_id, kind=kind, at=at))


async def due_steps(
    session: AsyncSession, now: datetime, scope: ShardScope | None = None
) -> list[DueStep]:
    """Every step due by ``now`` and not done (the scheduler's list); with a ``scope`` (the
    bot split in processes), of the guilds on this process's shards, and another's once
    the scope's grace overdue (its process is down)."""
    stmt = (
        select(SessionStepRow.session_id, GameSessionRow.guild_id, SessionStepRow.kind)
        .join(GameSessionRow, GameSessionRow.id == SessionStepRow.session_id)
        .where(
            SessionStepRow.due_at <= now,
            SessionStepRow.done_at.is_(None),
            free(SessionStepRow, now),
            seen_to(scope, GameSessionRow.guild_id, SessionStepRow.due_at, now),
        )
        .order_by(SessionStepRow.due_at, SessionStepRow.session_id)
    )
    return [DueStep(int(s), int(g), str(k)) for s, g, k in (await session.execute(stmt)).all()]


async def next_step(session: AsyncSession, scope: ShardScope | None = None) -> datetime | None:
    """When the next step of any session falls due (a reminder another process holds: when
    its lease ends, if later); with a ``scope``, of another shard's guild only once it is
    the scope's grace overdue."""
    held = SessionStepRow.claimed_until
    due = case((held > SessionStepRow.due_at, held), else_=SessionStepRow.due_at)
    stmt = (
        select(*earliest_columns(scope, GameSessionRow.guild_id, due))
        .select_from(SessionStepRow)
        .join(GameSessionRow, GameSessionRow.id == SessionStepRow.session_id)
        .where(SessionStepRow.done_at.is_(None))
    )
    return earliest(scope, (await session.execute(stmt)).one())


async def last_event_id(session: AsyncSession) -> int:
    """The highest event id any session names, of any guild (0 without sessions)."""
    found = (await session.execute(select(func.max(GameSessionRow.event_id)))).scalar()
    return int(found or 0)
