"""The sessions' steps as they fall due, run by the reminders' background task
(:class:`~bot.features.recordatorios.scheduler.ReminderScheduler`): the reminders 24 h and
1 h before (a message in the play channel pinging, once each, who marked «Me interesa»),
the start (who is interested is kept: Discord stops listing them once the event ends) and
the end (who played: rolled or joined an encounter meanwhile; speaking as a character counts
once a command notes it, :class:`bot.storage.sessions.ActivityRepository`).

Each time, the event is read from Discord first: a session moved, renamed or cancelled in
Discord's own interface is seen then (a moved session's reminders are counted again from
its new start, so none goes out at the old time). A step is claimed in the transaction that
marks it done, so it happens once whatever restarts or shards; a reminder whose session
already began, or a 24 h one caught up with by the 1 h one (the bot was down), is dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

import discord

from bot.features.common import post_reopening
from bot.features.sesiones.event import EventState, interested, read_event
from bot.render.safe import allowed_mentions
from bot.render.sesiones import reminder_text
from bot.storage import Storage, UnitOfWork
from bot.storage.session_models import SESSION_CANCELLED, SESSION_DONE, SESSION_SCHEDULED
from bot.storage.sessions import END, REMINDERS, GameSession, due_steps, next_step

log = logging.getLogger(__name__)


class SessionSteps:
    def __init__(self, client: discord.Client, storage: Storage | None) -> None:
        self.client = client
        self.storage = storage
        #: Reminder messages posted by this process.
        self.sent = 0

    async def next_due(self) -> datetime | None:
        if self.storage is None:
            return None
        async with self.storage.across_guilds() as session:
            return await next_step(session)

    async def run_due(self, now: datetime) -> int:
        """Every session with a step due by ``now``, once each; how many messages went."""
        if self.storage is None:
            return 0
        async with self.storage.across_guilds() as session:
            due = await due_steps(session, now)
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

        async def work(uow: UnitOfWork) -> tuple[GameSession, list[str]]:
            session = await refresh(uow, known, event, now)
            if users is not None:
                await uow.sessions.keep_interested(session_id, users)
            steps = await uow.sessions.claim(session_id, now)
            if END in steps and session.status != SESSION_CANCELLED:
                played = await uow.sessions.acted(session.starts_at, session.ends_at)
                await uow.sessions.keep_attended(session_id, played)
            return session, steps

        session, steps = await self.storage.run_in_guild(guild_id, work)
        reminders = [k for k in steps if k in REMINDERS]
        if not reminders or session.status != SESSION_SCHEDULED or now >= session.starts_at:
            return 0
        kind = "1h" if "1h" in reminders else "24h"
        await self._post(session, kind, users or [])
        return 1

    async def _post(self, session: GameSession, kind: str, users: Sequence[int]) -> None:
        text = reminder_text(session, kind, users)
        mentions = allowed_mentions(users)
        await post_reopening(
            self.client, session.guild_id, session.channel_id, text, allowed_mentions=mentions
        )
        self.sent += 1


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
