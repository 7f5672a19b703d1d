"""The reminders' background task: it wakes at the next due time (at least every minute),
claims what is due in the database and posts one message per channel, marked sent only
once posted (a failed post is retried: :mod:`bot.features.delivery`); the steps of the
game sessions (their reminders, start and end: :mod:`bot.features.sesiones.steps`) and the
rounds that close by themselves (:mod:`.closing`) run in the same rounds. A round reads
every armed encounter's version and next due time in one statement and opens a
transaction only for those that changed since this process last synced their reminders, or
that have one due (issue 49: at 10,000 channels the round that
opened one for each took 4,000 statements a minute per process). With ``SHARD_IDS`` each
process sees to the encounters of the guilds on its shards; another's only once a reminder
is :data:`~bot.features.delivery.LEASE_S` overdue (its process is down): every process
trying every due reminder made N processes do N times the work, racing for each claim. The
rule is in the round's statement (:func:`~bot.features.delivery.shard_scope`), so a process
reads only what it sees to.

Time comes from the injected clock (:meth:`ReminderScheduler.use_clock`): the console's fake
clock drives it, and ``!esperar`` runs everything due in the time it skips
(:meth:`ReminderScheduler.advance`). Messages go by channel id over HTTP
(``get_partial_messageable``), so a process that does not own the guild's shard can send
them too (when the owner is down).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.clock import Now, Sleep, system_now
from bot.edge.services import Services
from bot.features.combate.service import defender_view
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
from bot.features.recordatorios.closing import RoundCloser
from bot.features.sesiones.steps import SessionSteps
from bot.features.timing import DEFAULT_ZONE, due_after, zone
from bot.render.reminders import Reminder, lines_text, reminder_text
from bot.render.safe import allowed_mentions
from bot.render.tracker import Waited, waited_for
from bot.storage import UnitOfWork
from bot.storage.claims import Claim
from bot.storage.closing import next_closing
from bot.storage.reminders import Armed, DueOf, Wanted, armed, next_due
from umbral_rules import UmbralError
from umbral_rules.systems import PlaysOther

log = logging.getLogger(__name__)

ENCOUNTER_REMINDER = "el recordatorio del encuentro"


@dataclass(frozen=True)
class Delivery:
    """An encounter's reminder message claimed by this process: its text, its players
    (with what is expected of each, and their ids), the claim, and the moment it is for."""

    target: Armed
    text: str
    reminders: list[Reminder]
    users: set[int]
    claim: Claim
    at: datetime


def _due_of(target: Armed) -> DueOf:
    """When a reminder of ``target`` counted from a moment falls due."""
    try:
        tz = zone(target.timezone)
    except UmbralError:
        tz = zone(DEFAULT_ZONE)
    hours, quiet = target.settings.hours, target.settings.quiet

    def due_of(base: datetime) -> datetime:
        return due_after(base, hours, quiet, tz)

    return due_of


#: The longest the task sleeps: new waits (a player's turn began) are seen within a minute.
TICK_S = 60.0


class ReminderScheduler:
    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.storage = services.storage
        #: The game sessions' steps, run in the same rounds.
        self.sessions = SessionSteps(client, services.storage)
        #: The rounds that close by themselves (the graded fight's window), in the same rounds.
        self.rounds = RoundCloser(client, services)
        self.now: Now = system_now
        self.sleep: Sleep = asyncio.sleep
        #: Reminder messages posted by this process, and those it claimed as due (metrics).
        self.sent = 0
        self.due = 0
        #: Each armed encounter's version when this process last brought its reminders up
        #: to date: unchanged since, and none of them due, a round passes it by.
        self._synced: dict[int, int] = {}
        self._task: asyncio.Task[None] | None = None

    def use_clock(self, now: Now, sleep: Sleep) -> None:
        self.now, self.sleep = now, sleep
        self.sessions.now = now

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
        """The earliest time an encounter's reminder, a round that closes by itself or a
        session's step falls due (this process's: its shards', another's once overdue)."""
        if self.storage is None:
            return None
        scope = shard_scope(self.client)
        async with self.storage.across_guilds() as session:
            encounters = await next_due(session, scope)
            closing = await next_closing(session, scope)
        steps = await self.sessions.next_due()
        return min((t for t in (encounters, closing, steps) if t is not None), default=None)

    async def run_due(self) -> int:
        """Bring every armed encounter's reminders up to date and post those due now; how
        many messages were posted."""
        if self.storage is None:
            return 0
        now = self.now()
        async with self.storage.across_guilds() as session:  # (this process's shards')
            encounters = await armed(session, shard_scope(self.client), now)
        known = {e.encounter_id for e in encounters}  # forget the encounters that ended
        self._synced = {eid: v for eid, v in self._synced.items() if eid in known}
        posted = 0
        for enc in encounters:
            if self._synced.get(enc.encounter_id) == enc.version and (
                enc.due is None or enc.due > now
            ):
                continue  # nothing changed since its reminders were synced, and none is due
            try:
                posted += await self._remind(enc)
            except Exception:
                log.exception("No se pudo recordar en el canal %s", enc.channel_id)
        await self.rounds.run_due(now)
        return posted + await self.sessions.run_due(now)

    def ours(self, guild_id: int) -> bool:
        """Whether the guild is on one of this process's shards (Discord's rule:
        ``(guild_id >> 22) % SHARD_COUNT``); every guild is when ``SHARD_IDS`` is not set.
        The rounds read only these guilds' encounters (and another's once overdue)."""
        scope = shard_scope(self.client)
        return scope is None or scope.owns(guild_id)

    async def _remind(self, target: Armed) -> int:
        """Claim the encounter's message, post it, mark it sent (or retried)."""
        delivery = await self.claim(target)
        if delivery is None:
            return 0
        self.due += 1
        try:
            if delivery.reminders:
                await self.post(delivery)
        except Exception as error:
            await self._failed(delivery, error)
            return 0
        await self.mark_sent(delivery)
        return 1 if delivery.reminders else 0

    async def claim(self, target: Armed) -> Delivery | None:
        """The message due now in the encounter, claimed by this process (a lease); the
        encounter's version its reminders were synced at is noted for the next rounds."""
        assert self.storage is not None
        now, due_of = self.now(), _due_of(target)
        lease, nonce = lease_until(now), new_nonce()

        async def work(uow: UnitOfWork) -> tuple[Delivery | None, int | None]:
            try:
                return await _claim(uow, target, now, due_of, lease, nonce)
            except PlaysOther as other:  # another game's encounter: what its system says
                found = await _claim_other(
                    uow, self.services, other.system, target, now, due_of, lease, nonce
                )
                info = uow.encounter.info
                return found, None if info is None else info.version

        delivery, synced = await self.storage.run_in_channel(
            target.guild_id, target.channel_id, work, claiming=True
        )
        if synced is not None:
            self._synced[target.encounter_id] = synced
        return delivery

    async def post(self, delivery: Delivery) -> None:
        """Post the claimed message with its nonce (raises what Discord refused)."""
        target, reminders = delivery.target, delivery.reminders
        defense = any(w.kind == "defensa" for r in reminders for w in r.waited)
        view = defender_view(self.services) if defense else None
        mentions = allowed_mentions(r.user_id for r in reminders)
        await post_reopening(
            self.client,
            target.guild_id,
            target.channel_id,
            delivery.text,
            allowed_mentions=mentions,
            view=view,
            nonce=delivery.claim.nonce,
        )
        self.sent += 1

    async def mark_sent(self, delivery: Delivery) -> bool:
        """The message went out: its players are due again a period later."""
        assert self.storage is not None
        target, due_of = delivery.target, _due_of(delivery.target)

        async def done(uow: UnitOfWork) -> bool:
            return await uow.reminders.sent(
                target.encounter_id, delivery.users, delivery.claim, delivery.at, due_of
            )

        return await self.storage.run_in_channel(target.guild_id, target.channel_id, done)

    async def _failed(self, delivery: Delivery, error: Exception) -> None:
        """The post failed: due again after the backoff, or given up and the GM told."""
        assert self.storage is not None
        target, claim, due_of = delivery.target, delivery.claim, _due_of(delivery.target)
        now = self.now()
        later = retry_at(claim.attempt, now)
        note_failure(ENCOUNTER_REMINDER, target.channel_id, claim.attempt, error)

        async def work(uow: UnitOfWork) -> tuple[bool, int | None]:
            released = await uow.reminders.failed(
                target.encounter_id, delivery.users, claim, later, now, due_of
            )
            return released, (await uow.guild.get()).gm_channel_id

        released, gm_channel = await self.storage.run_in_channel(
            target.guild_id, target.channel_id, work
        )
        if released and later is None:
            where = target.channel_id
            await tell_gm(
                self.client, target.guild_id, gm_channel, ENCOUNTER_REMINDER, where, reason(error)
            )

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
    uow: UnitOfWork,
    target: Armed,
    now: datetime,
    due_of: DueOf,
    lease: datetime,
    nonce: str,
) -> tuple[Delivery | None, int | None]:
    """In one transaction: who the encounter waits for now, synced into its reminders, and
    the message to the players due now, claimed by this process (not yet marked sent); with
    the version of the encounter synced. Another game's encounter raises
    :class:`~umbral_rules.systems.PlaysOther` (read once: its row says which game)."""
    enc = await uow.encounter.view()  # only read: it stays in the cache for the next command
    info = uow.encounter.info
    if enc is None or info is None or info.id != target.encounter_id:
        return None, None
    times = uow.encounter.waiting()
    by_user: dict[int, list[Waited]] = {}
    wanted: list[Wanted] = []
    for w in waited_for(enc, times.phase_since, times.pending_since):
        user = _player(w, enc.phase)
        if user is not None:
            by_user.setdefault(user, []).append(w)
            wanted.append(Wanted(user, w.kind, w.ref, w.since or now))
    await uow.reminders.sync(info.id, wanted, due_of)
    claimed = await uow.reminders.claim_due(info.id, now, lease, nonce)
    if claimed is None:
        return None, info.version
    users, claim = claimed
    reminders = [Reminder(u, by_user[u]) for u in by_user if u in users]
    text = reminder_text(enc.asalto, enc.phase, reminders)
    return Delivery(target, text, reminders, users, claim, now), info.version


async def _claim_other(
    uow: UnitOfWork,
    services: Services,
    system: str,
    target: Armed,
    now: datetime,
    due_of: DueOf,
    lease: datetime,
    nonce: str,
) -> Delivery | None:
    """:func:`_claim` for another game's encounter: who it waits for is what its plugin
    says (:meth:`~bot.edge.systems.Systems.waiting`), each since its phase began."""
    doc = await uow.encounter.document(system)
    info = uow.encounter.info
    if doc is None or info is None or info.id != target.encounter_id:
        return None
    times = uow.encounter.waiting()
    awaited = services.systems.waiting(system, doc)
    since = times.phase_since or now
    wanted = [Wanted(a.user_id, "turno", a.ref, since) for a in awaited]
    await uow.reminders.sync(info.id, wanted, due_of)
    claimed = await uow.reminders.claim_due(info.id, now, lease, nonce)
    if claimed is None:
        return None
    users, claim = claimed
    lines: dict[int, list[str]] = {}
    for a in awaited:
        if a.user_id in users:
            lines.setdefault(a.user_id, []).append(a.line)
    # (a game that counts «rondas», as the graded fight's seed does, is reminded of its ronda)
    word = "ronda" if isinstance(doc.get("ronda"), int) else "asalto"
    number = doc.get(word)
    text = lines_text(word, number if isinstance(number, int) else 0, lines)
    return Delivery(target, text, [Reminder(u, ()) for u in lines], users, claim, now)
