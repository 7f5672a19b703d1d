"""The reminders' background task: it wakes at the next due time (at least every minute),
claims what is due in the database and posts one message per channel; the steps of the
game sessions (their reminders, start and end: :mod:`bot.features.sesiones.steps`) run in
the same rounds.

Time comes from the injected clock (:meth:`ReminderScheduler.use_clock`): the console's fake
clock drives it, and ``!esperar`` runs everything due in the time it skips
(:meth:`ReminderScheduler.advance`). Messages go by channel id over HTTP
(``get_partial_messageable``), so a process that does not own the guild's shard sends them
as well as one that does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime

import discord

from bot.clock import Now, Sleep, system_now
from bot.edge.services import Services
from bot.features.combate.service import defender_view
from bot.features.common import post_reopening
from bot.features.recordatorios.timing import DEFAULT_ZONE, due_after, zone
from bot.features.sesiones.steps import SessionSteps
from bot.render.reminders import Reminder, reminder_text
from bot.render.safe import allowed_mentions
from bot.render.waiting import Waited, waited_for
from bot.storage import UnitOfWork
from bot.storage.reminders import Armed, DueOf, Wanted, armed, next_due
from bot.storage.waiting import waiting
from umbral_rules import UmbralError

log = logging.getLogger(__name__)

#: The longest the task sleeps: new waits (a player's turn began) are seen within a minute.
TICK_S = 60.0


class ReminderScheduler:
    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.storage = services.storage
        #: The game sessions' steps, run in the same rounds.
        self.sessions = SessionSteps(client, services.storage)
        self.now: Now = system_now
        self.sleep: Sleep = asyncio.sleep
        #: Reminder messages posted by this process.
        self.sent = 0
        self._task: asyncio.Task[None] | None = None

    def use_clock(self, now: Now, sleep: Sleep) -> None:
        self.now, self.sleep = now, sleep

    # --- the background task --------------------------------------------------------------

    def start(self) -> None:
        if self.storage is not None and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(
                self._loop(), name="umbral-reminders"
            )

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _loop(self) -> None:
        while True:
            upcoming: datetime | None = None
            try:
                await self.run_due()
                upcoming = await self.next_due()
            except Exception:
                log.exception("Los recordatorios fallaron en esta vuelta")
            wait = TICK_S
            if upcoming is not None:
                wait = min(TICK_S, max(1.0, (upcoming - self.now()).total_seconds()))
            await self.sleep(wait)

    # --- one round ------------------------------------------------------------------------

    async def next_due(self) -> datetime | None:
        """The earliest time an encounter's reminder or a session's step falls due."""
        if self.storage is None:
            return None
        async with self.storage.across_guilds() as session:
            encounters = await next_due(session)
        steps = await self.sessions.next_due()
        return min((t for t in (encounters, steps) if t is not None), default=None)

    async def run_due(self) -> int:
        """Bring every armed encounter's reminders up to date and post those due now; how
        many messages were posted."""
        if self.storage is None:
            return 0
        async with self.storage.across_guilds() as session:
            encounters = await armed(session)
        posted = 0
        for enc in encounters:
            try:
                posted += await self._remind(enc)
            except Exception:
                log.exception("No se pudo recordar en el canal %s", enc.channel_id)
        return posted + await self.sessions.run_due(self.now())

    async def _remind(self, target: Armed) -> int:
        assert self.storage is not None
        try:
            tz = zone(target.timezone)
        except UmbralError:
            tz = zone(DEFAULT_ZONE)
        hours, quiet = target.settings.hours, target.settings.quiet

        def due_of(base: datetime) -> datetime:
            return due_after(base, hours, quiet, tz)

        now = self.now()

        async def work(uow: UnitOfWork) -> tuple[str, list[Reminder]] | None:
            return await _claim(uow, target, now, due_of)

        claimed = await self.storage.run_in_channel(target.guild_id, target.channel_id, work)
        if claimed is None or not claimed[1]:
            return 0
        text, reminders = claimed
        await self._post(target, text, reminders)
        return 1

    async def _post(self, target: Armed, text: str, reminders: list[Reminder]) -> None:
        defense = any(w.kind == "defensa" for r in reminders for w in r.waited)
        view = defender_view(self.services) if defense else None
        mentions = allowed_mentions(r.user_id for r in reminders)
        await post_reopening(
            self.client,
            target.guild_id,
            target.channel_id,
            text,
            allowed_mentions=mentions,
            view=view,
        )
        self.sent += 1

    # --- the console's clock --------------------------------------------------------------

    async def advance(self, seconds: float) -> None:
        """Skip ``seconds`` of the injected clock (its ``sleep`` moves it), posting every
        reminder due meanwhile at its own time: ``!esperar``."""
        deadline = self.now().timestamp() + seconds
        while True:
            await self.run_due()
            upcoming = await self.next_due()
            now = self.now().timestamp()
            if upcoming is None or not now < upcoming.timestamp() <= deadline:
                break
            await self.sleep(upcoming.timestamp() - now)
        rest = deadline - self.now().timestamp()
        if rest > 0:
            await self.sleep(rest)
            await self.run_due()


def _player(w: Waited, phase: str) -> int | None:
    """The player to remind of ``w``: a PC's owner (acting only in the players' phase)."""
    c = w.combatant
    if c.side != "pj" or c.owner_id is None:
        return None
    if w.kind == "turno" and phase != "jugadores":
        return None
    return int(c.owner_id)


async def _claim(
    uow: UnitOfWork, target: Armed, now: datetime, due_of: DueOf
) -> tuple[str, list[Reminder]] | None:
    """In one transaction: who the encounter waits for now, synced into its reminders, and
    the players due now claimed (marked sent); the message for them."""
    enc = await uow.encounter.get()
    info = uow.encounter.info
    if enc is None or info is None or info.id != target.encounter_id:
        return None
    times = await waiting(uow.session, info.id, info.phase_since)
    by_user: dict[int, list[Waited]] = {}
    wanted: list[Wanted] = []
    for w in waited_for(enc, times.phase_since, times.pending_since):
        user = _player(w, enc.phase)
        if user is not None:
            by_user.setdefault(user, []).append(w)
            wanted.append(Wanted(user, w.kind, w.ref, w.since or now))
    await uow.reminders.sync(info.id, wanted, due_of)
    users = await uow.reminders.claim_due(info.id, now, due_of)
    reminders = [Reminder(u, by_user[u]) for u in by_user if u in users]
    return reminder_text(enc.asalto, enc.phase, reminders), reminders
