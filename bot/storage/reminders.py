"""The play-by-post reminders: each encounter's settings and who is waited for, with the time
each one is reminded next (``reminders.due_at``, indexed).

The players due in an encounter get one message, *claimed* with a lease on the encounter's
settings row (:mod:`.claims`) before it is posted and marked sent only after (issue 43): a
post that fails leaves its players due again at the retry's time, and a claim a dead process
left passes to another once its lease is over. A reminder sent moves its player's next time
to ``due_of(now)``: one reminder per missed period never piles up (a bot down for a day
sends it once at start).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from .claims import Claim, release, take
from .encounter_info import aware
from .errors import ConcurrencyError
from .models import ENCOUNTER_ACTIVE, EncounterRow, GuildSettings
from .reminder_models import EncounterReminderSettings, ReminderRow
from .shards import ShardScope, earliest, earliest_columns, seen_to

#: When a reminder counted from ``base`` falls due (hours added, quiet hours skipped).
DueOf = Callable[[datetime], datetime]


@dataclass(frozen=True)
class ReminderSettings:
    hours: int
    quiet: tuple[int, int] | None


@dataclass(frozen=True)
class Armed:
    """An active encounter whose reminders are on, with its guild's time zone; its version
    and the earliest time one of its reminders can be claimed (None: nobody is waited for)."""

    encounter_id: int
    guild_id: int
    channel_id: int
    settings: ReminderSettings
    timezone: str
    version: int = 0
    due: datetime | None = None


@dataclass(frozen=True)
class Wanted:
    """A player waited for: ``kind`` "turno" or "defensa", ``ref`` which one, since when."""

    user_id: int
    kind: str
    ref: str
    since: datetime


def _settings(row: EncounterReminderSettings) -> ReminderSettings:
    quiet = None
    if row.quiet_start is not None and row.quiet_end is not None:
        quiet = (row.quiet_start, row.quiet_end)
    return ReminderSettings(row.hours, quiet)


class ReminderRepository:
    """The reminders of one guild's encounters, in the unit's transaction."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def settings(self, encounter_id: int) -> ReminderSettings | None:
        row = await self.session.get(EncounterReminderSettings, encounter_id)
        return None if row is None else _settings(row)

    async def configure(self, encounter_id: int, settings: ReminderSettings, due_of: DueOf) -> None:
        """Store the encounter's settings (``hours`` 0: off, its reminders forgotten) and
        move every waiting reminder to the new period."""
        if settings.hours <= 0:
            await self.session.execute(
                delete(EncounterReminderSettings).where(
                    EncounterReminderSettings.encounter_id == encounter_id
                )
            )
            await self.session.execute(
                delete(ReminderRow).where(ReminderRow.encounter_id == encounter_id)
            )
            return
        row = await self.session.get(EncounterReminderSettings, encounter_id)
        if row is None:
            row = EncounterReminderSettings(encounter_id=encounter_id)
            self.session.add(row)
        row.hours = settings.hours
        row.quiet_start, row.quiet_end = settings.quiet or (None, None)
        for reminder in await self._rows(encounter_id):
            reminder.due_at = due_of(_base(reminder))
        await self.session.flush()

    async def sync(self, encounter_id: int, wanted: Iterable[Wanted], due_of: DueOf) -> None:
        """The encounter waits for exactly ``wanted``: reminders of those who acted go, new
        ones are due ``due_of`` their start (or the player's last reminder, if later)."""
        rows = {(r.user_id, r.kind, r.ref): r for r in await self._rows(encounter_id)}
        keep = {(w.user_id, w.kind, w.ref): w for w in wanted}
        for key, row in rows.items():
            if key not in keep:
                await self.session.delete(row)
        last: dict[int, datetime] = {}
        for row in rows.values():
            sent = aware(row.last_sent_at)
            if sent is not None and (row.user_id not in last or sent > last[row.user_id]):
                last[row.user_id] = sent
        for key, w in keep.items():
            if key in rows:
                continue
            base = max(w.since, last.get(w.user_id, w.since))
            self.session.add(
                ReminderRow(
                    encounter_id=encounter_id,
                    user_id=w.user_id,
                    kind=w.kind,
                    ref=w.ref,
                    since_at=w.since,
                    due_at=due_of(base),
                    last_sent_at=last.get(w.user_id),
                )
            )
        await self.session.flush()

    async def claim_due(
        self, encounter_id: int, now: datetime, lease_until: datetime, nonce: str
    ) -> tuple[set[int], Claim] | None:
        """The players of the encounter with a reminder due by ``now``, and this process's
        claim of their message (held until ``lease_until``); None if nobody is due or
        another process holds the encounter's message.

        Who is due is read again once the claim is taken: run at READ COMMITTED (the
        scheduler's units, ``claiming``), the claim may have waited for another process's
        message to be marked sent, and then its players are no longer due; if nobody is, the
        unit runs again (:class:`ConcurrencyError`: the claim is rolled back)."""
        stmt = select(ReminderRow.user_id).where(
            ReminderRow.encounter_id == encounter_id, ReminderRow.due_at <= now
        )
        if not (await self.session.execute(stmt)).first():
            return None
        key = (EncounterReminderSettings.encounter_id == encounter_id,)
        claim = await take(self.session, EncounterReminderSettings, key, now, lease_until, nonce)
        if claim is None:
            return None
        users = {int(u) for u in (await self.session.execute(stmt)).scalars()}
        if not users:  # sent by another process while this one waited for the row
            raise ConcurrencyError(where="encounter_reminders: sent_meanwhile")
        return users, claim

    async def sent(
        self, encounter_id: int, users: Iterable[int], claim: Claim, now: datetime, due_of: DueOf
    ) -> bool:
        """The claimed message went out: its players are reminded next ``due_of(now)``."""
        return await self._settle(encounter_id, users, claim, due_of(now), now)

    async def failed(
        self,
        encounter_id: int,
        users: Iterable[int],
        claim: Claim,
        retry_at: datetime | None,
        now: datetime,
        due_of: DueOf,
    ) -> bool:
        """The claimed message could not be posted: its players are due again at
        ``retry_at`` (same nonce, next try), or, given up (None), at their next period."""
        if retry_at is not None:
            key = (EncounterReminderSettings.encounter_id == encounter_id,)
            if not await release(self.session, EncounterReminderSettings, key, claim):
                return False
            await self._due(encounter_id, users, due_at=retry_at)
            return True
        return await self._settle(encounter_id, users, claim, due_of(now), None)

    async def _settle(
        self,
        encounter_id: int,
        users: Iterable[int],
        claim: Claim,
        due_at: datetime,
        sent_at: datetime | None,
    ) -> bool:
        """The message is over (sent or given up): no try under way, the players due next
        at ``due_at``."""
        key = (EncounterReminderSettings.encounter_id == encounter_id,)
        if not await release(
            self.session, EncounterReminderSettings, key, claim, attempts=0, nonce=None
        ):
            return False  # another process took it over (this one's lease passed)
        values: dict[str, datetime] = {"due_at": due_at}
        if sent_at is not None:
            values["last_sent_at"] = sent_at
        await self._due(encounter_id, users, **values)
        return True

    async def _due(self, encounter_id: int, users: Iterable[int], **values: datetime) -> None:
        await self.session.execute(
            update(ReminderRow)
            .where(ReminderRow.encounter_id == encounter_id, ReminderRow.user_id.in_(set(users)))
            .values(**values)
            .execution_options(synchronize_session=False)
        )

    async def _rows(self, encounter_id: int) -> list[ReminderRow]:
        stmt = select(ReminderRow).where(ReminderRow.encounter_id == encounter_id)
        return list((await self.session.execute(stmt)).scalars())


def _base(row: ReminderRow) -> datetime:
    since, sent = aware(row.since_at), aware(row.last_sent_at)
    assert since is not None
    return since if sent is None else max(since, sent)


async def armed(
    session: AsyncSession, scope: ShardScope | None = None, now: datetime | None = None
) -> list[Armed]:
    """Every active encounter with its reminders on (the scheduler's list), with its version
    and when its next reminder can be claimed (one statement). With a ``scope`` (the bot
    split in processes), only those of the guilds on this process's shards, and another's
    whose reminder is the scope's grace overdue by ``now`` (its process is down)."""
    held = EncounterReminderSettings.claimed_until
    first = (
        select(func.min(ReminderRow.due_at))
        .where(ReminderRow.encounter_id == EncounterRow.id)
        .scalar_subquery()
    )
    due = case((held > first, held), else_=first)
    stmt = (
        select(
            EncounterRow.id,
            EncounterRow.guild_id,
            EncounterRow.channel_id,
            EncounterReminderSettings,
            GuildSettings.timezone,
            EncounterRow.version,
            due,
        )
        .join(EncounterReminderSettings, EncounterReminderSettings.encounter_id == EncounterRow.id)
        .outerjoin(GuildSettings, GuildSettings.guild_id == EncounterRow.guild_id)
        .where(
            EncounterRow.status == ENCOUNTER_ACTIVE,
            EncounterReminderSettings.hours > 0,
            seen_to(scope, EncounterRow.guild_id, due, now),
        )
        .order_by(EncounterRow.id)
    )
    return [
        Armed(
            int(eid),
            int(gid),
            int(cid),
            _settings(row),
            tz or "Europe/Madrid",
            int(version),
            aware(when),
        )
        for eid, gid, cid, row, tz, version, when in (await session.execute(stmt)).all()
    ]


async def next_due(session: AsyncSession, scope: ShardScope | None = None) -> datetime | None:
    """The earliest time a reminder of an armed encounter falls due (a message another
    process holds: when its lease ends, if later); with a ``scope``, of another shard's
    guild only once it is the scope's grace overdue."""
    held = EncounterReminderSettings.claimed_until
    due = case((held > ReminderRow.due_at, held), else_=ReminderRow.due_at)
    stmt = (
        select(*earliest_columns(scope, EncounterRow.guild_id, due))
        .select_from(ReminderRow)
        .join(EncounterRow, EncounterRow.id == ReminderRow.encounter_id)
        .join(
            EncounterReminderSettings,
            EncounterReminderSettings.encounter_id == ReminderRow.encounter_id,
        )
        .where(EncounterRow.status == ENCOUNTER_ACTIVE, EncounterReminderSettings.hours > 0)
    )
    return earliest(scope, (await session.execute(stmt)).one())
