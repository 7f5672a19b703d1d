"""The sessions' steps as they fall due, run by the reminders' background task
(:class:`~bot.features.recordatorios.scheduler.ReminderScheduler`): the reminders 24 h and
1 h before (a message in the play channel pinging, once each, who marked «Me interesa»),
the start (who is interested is kept: Discord stops listing them once the event ends) and
the end (who played: rolled or joined an encounter meanwhile; speaking as a character counts
once a command notes it, :class:`bot.storage.sessions.ActivityRepository`).

Each time, the event is read from Discord first: a session moved, renamed or cancelled in
Discord's own interface is seen then (a moved session's reminders are counted again from
its new start, so none goes out at the old time). The start and the end are claimed in the
transaction that marks them done, so they happen once whatever restarts or shards; a
reminder is claimed with a lease, posted with a nonce and marked done after the post, or
retried (:mod:`bot.features.delivery`). A reminder whose session already
began, or a 24 h one caught up with by the 1 h one (the bot was down), is dropped; one
dropped at the start after failing is told to the GM as given up.

With ``SHARD_IDS`` a process takes the steps of the guilds on its shards, and another's
only once a step is a lease overdue (that shard's process is down; issue 49), as the
encounters' reminders do: the filter is in the statement that lists the due steps.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

import discord

from bot.clock import Now, system_now
from bot.features.common import post_reopening
from bot.features.delivery import (
    lease_until,
    new_nonce,
    note_failure,
    reason,
    retry_at,
    shard_scope,
    tell_gm,
)
from bot.features.sesiones.event import EventState, interested, read_event
from bot.render.safe import allowed_mentions, shown
from bot.render.sesiones import reminder_text
from bot.storage import Storage, UnitOfWork
from bot.storage.claims import Claim
from bot.storage.session_models import SESSION_CANCELLED, SESSION_DONE, SESSION_SCHEDULED
from bot.storage.sessions import END, GameSession, due_steps, next_step

log = logging.getLogger(__name__)

#: The reminder this process posts, if any: its kind and its claim.
Claimed = tuple[str | None, Claim | None]


class SessionSteps:
    def __init__(self, client: discord.Client, storage: Storage | None) -> None:
        self.client = client
        self.storage = storage
        #: Reminder messages posted by this process, and those it claimed as due (metrics).
        self.sent = 0
        self.due = 0
        #: The scheduler's clock (the console's fake one drives it).
        self.now: Now = system_now

    async def next_due(self) -> datetime | None:
        if self.storage is None:
            return None
        async with self.storage.across_guilds() as session:
            return await next_step(session, shard_scope(self.client))

    async def run_due(self, now: datetime) -> int:
        """Every session with a step due by ``now``, once each (of the guilds on this
        process's shards, and another's once a lease overdue); how many messages went."""
        if self.storage is None:
            return 0
        async with self.storage.across_guilds() as session:
            due = await due_steps(session, now, shard_scope(self.client))
        posted = 0
        for session_id, guild_id in dict.fromkeys((s.session_id, s.guild_id) for s in due):
            try:
                posted += await self._act(guild_id, session_id, now)
            except Exception:
                log.exception("No se pudo seguir la sesión %s", session_id)
        return posted

    async def _act(self, guild_id: int, session_id: int, now: datetime) -> int:
        assert self.storage is not None
        async with self.storage.reading(guild_id) as uow:
            known = await uow.sessions.get(session_id)
        if known is None:
            return 0
        event = await read_event(self.client, guild_id, known.event_id)
        users: list[int] | None = None
        if event is not None and event.open:
            users = await interested(self.client, guild_id, known.event_id)

        lease = lease_until(now)

        async def work(uow: UnitOfWork) -> tuple[GameSession, Claimed, tuple[int, int | None]]:
            session = await refresh(uow, known, event, now)
            if users is not None:
                await uow.sessions.keep_interested(session_id, users)
            steps, claims = await uow.sessions.claim(session_id, now, lease, new_nonce)
            if END in steps and session.status != SESSION_CANCELLED:
                played = await uow.sessions.acted(session.starts_at, session.ends_at)
                await uow.sessions.keep_attended(session_id, played)
            gone = session.status != SESSION_SCHEDULED or now >= session.starts_at
            post = None if gone or not claims else ("1h" if "1h" in claims else "24h")
            tried = 0  # the tries of a reminder dropped at the start after failing
            for kind, claim in claims.items():
                if kind != post:  # dropped: the session began, or the 1 h one caught up
                    await uow.sessions.finish(session_id, kind, claim, now)
                    tried = max(tried, claim.attempt - 1 if gone else 0)
            gm = (await uow.guild.get()).gm_channel_id if tried else None
            return session, (post, claims.get(post or "")), (tried, gm)

        # (claiming: a process that loses the race for a step sees it taken, no retry)
        found = await self.storage.run_in_guild(guild_id, work, claiming=True)
        session, (kind, claim), (tried, gm) = found
        if tried:
            where, why = session.channel_id, "la sesión empezó antes de poder publicarlo"
            await tell_gm(self.client, guild_id, gm, _what(session), where, why, tried)
        if kind is None or claim is None:
            return 0
        self.due += 1
        try:
            await self._post(session, kind, users or [], claim.nonce)
        except Exception as error:
            await self._failed(session, kind, claim, error)
            return 0

        async def done(uow: UnitOfWork) -> bool:
            return await uow.sessions.finish(session_id, kind, claim, now)

        await self.storage.run_in_guild(guild_id, done)
        return 1

    async def _post(
        self, session: GameSession, kind: str, users: Sequence[int], nonce: str
    ) -> None:
        text = reminder_text(session, kind, users)
        mentions = allowed_mentions(users)
        await post_reopening(
            self.client,
            session.guild_id,
            session.channel_id,
            text,
            allowed_mentions=mentions,
            nonce=nonce,
        )
        self.sent += 1

    async def _failed(
        self, session: GameSession, kind: str, claim: Claim, error: Exception
    ) -> None:
        """The post failed: due again after the backoff, or given up and the GM told."""
        assert self.storage is not None
        now = self.now()
        later = retry_at(claim.attempt, now)
        what = _what(session)
        note_failure(what, session.channel_id, claim.attempt, error)

        async def work(uow: UnitOfWork) -> tuple[bool, int | None]:
            if later is None:
                released = await uow.sessions.finish(session.id, kind, claim, now)
            else:
                released = await uow.sessions.retry(session.id, kind, claim, later)
            return released, (await uow.guild.get()).gm_channel_id

        released, gm_channel = await self.storage.run_in_guild(session.guild_id, work)
        if released and later is None:
            where = session.channel_id
            await tell_gm(self.client, session.guild_id, gm_channel, what, where, reason(error))


def _what(session: GameSession) -> str:
    return f"el recordatorio de la sesión «{shown(session.title)}»"


async def refresh(
    uow: UnitOfWork, known: GameSession, event: EventState | None, now: datetime
) -> GameSession:
    """The session as its event is now (``None``: deleted in Discord, so cancelled)."""
    if event is None:
        return await uow.sessions.change(known.id, now, status=SESSION_CANCELLED)
    status = event.status
    if status == SESSION_DONE and known.attended is None:
        status = known.status  # it ended: its "fin" step counts who played, then marks it
    return await uow.sessions.change(
        known.id,
        now,
        title=event.title,
        starts_at=event.starts_at,
        ends_at=event.ends_at or known.ends_at,
        status=status,
    )
