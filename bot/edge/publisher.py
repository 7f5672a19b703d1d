"""The tracker's messages, kept up to date outside the commands' critical path.

A command that changed an encounter only marks its channel *dirty* (no await, no request).
One background task per channel then draws the encounter as it is *now* (never an older
state over a newer one) — the latest state a unit of work committed in this process, handed
over right after its COMMIT (``Storage.commit_listeners``), or read again when another kind
of change came in between (a sheet changed from another channel) — and edits the tracker —
one request in flight per channel, at most one every :data:`INTERVAL_S` seconds (Discord
allows about five message creates and edits per channel every five seconds), so a burst of
commands becomes one or two edits. An edit that fails (message deleted: 10008; too old to
edit again: 30046; forbidden) posts a new tracker, stores its id and unpins the old one.

``idle()`` waits until every channel's task has finished: tests await it after each
interaction (the console's :class:`~bot.console.transport.FakeDiscord` does), shutdown too.
What the tracker shows as «Se espera a» (:func:`waiting_of`) is read here too, and by
``/encuentro pendientes`` and ``/encuentro lista``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import discord

from bot.render.tracker import tracker_embed, waiting_lines
from bot.render.trackers import system_tracker
from bot.storage.encounter_info import Committed, EncounterInfo, since_times
from umbral_rules.encounter import Encounter
from umbral_rules.systems import UMBRAL

if TYPE_CHECKING:
    from bot.storage import Storage, UnitOfWork
    from bot.storage.encounters import EncounterRepository

log = logging.getLogger(__name__)

#: Seconds between two tracker requests in one channel: ≤ 4 per 5 s, ≤ 8 per 10 s.
INTERVAL_S = 1.25
#: Discord's code for "this message is too old to be edited that often".
TOO_OLD = 30046
#: Channels remembered before the idle ones are forgotten (then twice as many as are left).
SWEEP_AT = 256


#: Where a tracker can be posted and edited: a server's text channels and threads (and a
#: channel known only by id, for a tracker in another channel).
TrackerChannel = (
    discord.TextChannel
    | discord.Thread
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.PartialMessageable
)
TRACKER_CHANNELS = (
    discord.TextChannel,
    discord.Thread,
    discord.VoiceChannel,
    discord.StageChannel,
    discord.PartialMessageable,
)


class Clock(Protocol):
    """A clock and its waits, both on the same time (the console's fake clock)."""

    def __call__(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


@dataclass
class _Channel:
    guild_id: int
    channel: TrackerChannel
    perms: discord.Permissions | None
    dirty: bool = False
    #: ``/encuentro ver publico:sí``: the next refresh posts a new tracker at the bottom.
    repost: bool = False
    #: Trackers of encounters that just ended: (message id, final embed).
    finals: list[tuple[int, discord.Embed]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    last_request: float | None = None
    #: Whether every change since the last refresh was such a commit (else: read it again).
    drawable: bool = True

    @property
    def running(self) -> bool:
        """Whether its background task is still at work."""
        return self.task is not None and not self.task.done()


class TrackerPublisher:
    def __init__(
        self,
        storage: Storage | None,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        self.storage = storage
        if storage is not None:
            storage.commit_listeners.append(self.committed)
        self.clock = clock or (lambda: asyncio.get_running_loop().time())
        self.sleep = sleep or asyncio.sleep
        self.interval = INTERVAL_S
        self._channels: dict[int, _Channel] = {}
        #: Channel id → the tracker of the latest commit in this process there (version,
        #: facts, embed: :meth:`committed`), until the channel's next refresh takes it — for
        #: a channel not remembered too (a fresh process, or one forgotten after a quiet
        #: spell: most channels of a big bot, most commands of play by post), whose
        #: ``changed`` comes right after the commit.
        self._drawn: dict[int, tuple[int, EncounterInfo, discord.Embed]] = {}
        self._sweep_at = SWEEP_AT
        #: Requests made per channel (creates, edits, pins): what the benchmark counts.
        self.requests: dict[int, int] = {}
        #: Tracker updates asked for (``queued``), merged into one already pending
        #: (``coalesced``) and requests sent to Discord (``sent``): the bot's metrics.
        self.counts = {"queued": 0, "coalesced": 0, "sent": 0}

    def use_clock(self, clock: Clock) -> None:
        """Read and wait on ``clock`` (the console's Discord time) instead of the loop's."""
        self.clock, self.sleep = clock, clock.sleep

    # --- what commands call (synchronous: nothing on their critical path) ---------------

    def changed(
        self,
        guild_id: int,
        channel_id: int,
        channel: TrackerChannel,
        perms: discord.Permissions | None,
        *,
        repost: bool = False,
        committed: object | None = None,
    ) -> None:
        """The encounter of ``channel_id`` changed: show its latest state soon (``repost``:
        in a new tracker at the bottom of the channel, which later updates edit).
        ``committed``: the change was this process's commit of that ``Encounter`` (then the
        tracker is drawn from what :meth:`committed` was handed, without a read)."""
        state = self._queue(guild_id, channel_id, channel, perms)
        self.counts["queued"] += 1
        self.counts["coalesced"] += state.dirty
        state.drawable = (state.drawable or not state.dirty) and committed is not None
        state.dirty = True
        state.repost = state.repost or repost

    def ended(
        self,
        guild_id: int,
        channel_id: int,
        channel: TrackerChannel,
        perms: discord.Permissions | None,
        message_id: int | None,
        embed: discord.Embed,
    ) -> None:
        """The encounter ended: its tracker shows the final state (if it still exists)."""
        state = self._queue(guild_id, channel_id, channel, perms)
        self.counts["queued"] += 1
        state.dirty = False
        if message_id is not None:
            state.finals.append((message_id, embed))

    def committed(self, committed: Committed) -> None:
        """A unit of work committed this encounter (called right after its COMMIT, before
        anything can change it again): its tracker, drawn now, is what the channel's next
        refresh shows if every change since was such a commit."""
        info = committed.info
        known = self._drawn.get(info.channel_id)
        if known is not None and known[1].id == info.id and known[0] > info.version:
            return  # a newer commit of the same encounter was drawn already
        if info.system != UMBRAL:
            embed = system_tracker(info.system, committed.doc, closes_at=info.closes_at)
        else:
            enc = committed.encounter or Encounter.from_dict(committed.doc)
            since = since_times(committed.pending_since)
            embed = tracker_embed(enc, waiting=waiting_lines(enc, info.phase_since, since))
        if len(self._drawn) >= self._sweep_at:  # commits no refresh followed: let them go
            self._forget_drawn()
        self._drawn[info.channel_id] = (info.version, info, embed)

    def running(self) -> int:
        """How many channels have a tracker request pending now."""
        return sum(1 for s in self._channels.values() if s.running)

    async def idle(self) -> None:
        """Wait until no channel has a tracker request pending."""
        while True:
            tasks = [s.task for s in self._channels.values() if s.task and s.running]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    # --- the background task --------------------------------------------------------------

    def _queue(
        self,
        guild_id: int,
        channel_id: int,
        channel: TrackerChannel,
        perms: discord.Permissions | None,
    ) -> _Channel:
        """The channel's state, with where to post and with which permissions, and its
        background task started if it is not running: the task's first step runs once the
        caller (synchronous) has said what changed."""
        state = self._channels.get(channel_id)
        if state is None:
            if len(self._channels) >= self._sweep_at:
                self._forget_idle()
            state = self._channels[channel_id] = _Channel(guild_id, channel, perms)
        state.channel, state.perms, state.guild_id = channel, perms, guild_id
        if not state.running:
            state.task = asyncio.get_running_loop().create_task(
                self._run(channel_id, state), name=f"umbral-tracker-{channel_id}"
            )
        return state

    def _forget_idle(self) -> None:
        """Forget the channels with nothing pending whose last request is over
        :data:`INTERVAL_S` old: a campaign touches thousands of channels over months, and
        each remembered one holds its channel and permissions. Amortised: it runs again
        once the channels remembered have doubled."""
        now = self.clock()
        for channel_id, state in list(self._channels.items()):
            busy = state.running or state.dirty or state.finals
            recent = state.last_request is not None and now - state.last_request < self.interval
            if not busy and not recent:
                del self._channels[channel_id]
        self._sweep_at = max(SWEEP_AT, 2 * len(self._channels))
        self._forget_drawn()

    def _forget_drawn(self) -> None:
        """Drop the drawings of channels not remembered (a refresh that needs one reads it)."""
        self._drawn = {c: d for c, d in self._drawn.items() if c in self._channels}

    async def _run(self, channel_id: int, state: _Channel) -> None:
        while state.finals or state.dirty:
            try:
                if state.finals:
                    message_id, embed = state.finals.pop(0)
                    await self._edit(channel_id, state, message_id, embed)
                else:
                    # wait for the channel's turn first, then read: what changed meanwhile
                    # goes in this one edit, not in another right after a stale one
                    await self._wait(state)
                    state.dirty = False
                    await self._refresh(channel_id, state)
            except Exception:
                log.exception("No se pudo actualizar el tracker del canal %s", channel_id)
        # done (no await since the check above): forget the task, which holds its context —
        # the interaction that started it — for as long as the channel is remembered
        if state.task is asyncio.current_task():
            state.task = None

    async def _wait(self, state: _Channel) -> None:
        """Until :data:`INTERVAL_S` after the channel's last request."""
        if state.last_request is not None:
            wait = state.last_request + self.interval - self.clock()
            if wait > 0:
                await self.sleep(wait)

    async def _throttle(self, channel_id: int, state: _Channel) -> None:
        await self._wait(state)
        state.last_request = self.clock()
        self.requests[channel_id] = self.requests.get(channel_id, 0) + 1
        self.counts["sent"] += 1

    async def _reopen(self, channel_id: int, state: _Channel) -> None:
        """An archived thread (play by post goes quiet for days) is reopened first: Discord
        refuses messages in it. Not locked, «Enviar mensajes en hilos» is enough."""
        thread = state.channel
        if not isinstance(thread, discord.Thread) or not thread.archived:
            return
        await self._throttle(channel_id, state)
        try:
            state.channel = await thread.edit(archived=False)
        except discord.HTTPException:
            log.info("No pude reabrir el hilo %s", channel_id, exc_info=True)

    async def _edit(
        self, channel_id: int, state: _Channel, message_id: int, embed: discord.Embed
    ) -> bool:
        """Edit the tracker; whether it worked (``False``: it must be posted again)."""
        await self._reopen(channel_id, state)
        await self._throttle(channel_id, state)
        try:
            await state.channel.get_partial_message(message_id).edit(embed=embed)
            return True
        except discord.NotFound:
            log.info("El tracker %s ya no existe: se publica otro", message_id)
        except discord.Forbidden:
            log.info("No puedo editar el tracker %s: se publica otro", message_id)
        except discord.HTTPException as error:
            if error.code != TOO_OLD:
                raise
            log.info(
                "El tracker %s es demasiado antiguo para editarlo: se publica otro", message_id
            )
        return False

    async def _refresh(self, channel_id: int, state: _Channel) -> None:
        if self.storage is None:
            return
        drawn = self._drawn.pop(channel_id, None)
        if drawn is not None and state.drawable and drawn[1].guild_id == state.guild_id:
            _, info, embed = drawn
        else:
            async with self.storage.channel(state.guild_id, channel_id) as uow:
                system = await uow.encounter.system()
                if system is not None and system != UMBRAL:
                    doc = await uow.encounter.document(system)
                    if doc is None or uow.encounter.info is None:
                        return
                    info = uow.encounter.info
                    embed = system_tracker(system, doc, closes_at=info.closes_at)
                else:
                    read = await uow.encounter.view()  # read-only: it stays cached
                    if read is None or uow.encounter.info is None:
                        return
                    info = uow.encounter.info
                    embed = tracker_embed(read, waiting=waiting_of(read, uow.encounter))
        state.drawable = True
        old = info.tracker_message_id
        repost, state.repost = state.repost, False
        if not repost and old is not None and await self._edit(channel_id, state, old, embed):
            return
        await self._reopen(channel_id, state)
        await self._throttle(channel_id, state)
        message = await state.channel.send(embed=embed)
        await self._remember(state, channel_id, info.id, message.id)
        await self._pin(channel_id, state, message, old)

    async def _remember(self, state: _Channel, channel_id: int, eid: int, message_id: int) -> None:
        async def work(uow: UnitOfWork) -> None:
            system = await uow.encounter.system()
            if system is not None and system != UMBRAL:
                seen = await uow.encounter.document(system) is not None
            else:  # view: the encounter does not change, it stays cached at its new version
                seen = await uow.encounter.view() is not None
            if seen and uow.encounter.current_info.id == eid:
                await uow.encounter.set_tracker_message(message_id)

        if self.storage is not None:  # (always: only a refresh with storage gets here)
            await self.storage.run_in_channel(state.guild_id, channel_id, work)

    async def _pin(
        self, channel_id: int, state: _Channel, message: discord.Message, old: int | None
    ) -> None:
        if not getattr(state.perms, "pin_messages", False):
            return
        try:
            await self._throttle(channel_id, state)
            await message.pin()
            if old is not None:
                await self._throttle(channel_id, state)
                await state.channel.get_partial_message(old).unpin()
        except discord.HTTPException:  # gone, 50 pins already, or not allowed after all
            log.info("No se pudo fijar el tracker %s", message.id, exc_info=True)


def waiting_of(enc: Encounter, repo: EncounterRepository) -> list[str]:
    """The «Se espera a» lines of the encounter ``repo`` read (its times read with it)."""
    times = repo.waiting()
    return waiting_lines(enc, times.phase_since, times.pending_since)
