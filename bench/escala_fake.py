"""The console's Discord for the scale scenario's long runs (:mod:`bench.escala_bot`).

:class:`~bot.console.transport.FakeDiscord` with three changes that only a long run at
thousands of commands needs, none in what it checks:

* its clock runs with the wall (:class:`WallClock`): commands arrive at real times, several
  at once, and the tracker's spacing and Discord's rate limits count real seconds; the
  driver moves it forward by hours (between two steps) to make reminders fall due;
* no simulated network latency (the benchmark measures the bot, not Discord's round trip),
  and an interaction does not wait for the tracker's background edits (as in Discord);
* what it remembers is bounded: messages older than :data:`KEEP_S` go unless pinned (the
  trackers), every request's time is folded into per-channel counts, and messages are found
  by id in a dict, not by scanning the list (10,000 trackers).

Every request is still checked against Discord's schema and limits; what it refuses is
counted (``notices``), and so are its 429s.
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from bot.console.clock import FakeClock
from bot.console.gate import UNKNOWN_MESSAGE, Refused
from bot.console.messages import SentMessage
from bot.console.payloads import stable_id
from bot.console.transport import FakeDiscord

#: Seconds a message not pinned is remembered (on the fake's clock).
KEEP_S = 30.0
#: Discord's window for a channel's message creates and edits, and how many it allows.
WINDOW_S, WINDOW_MAX = 5.0, 5
CHANNEL_ROUTE = re.compile(r"/channels/(\d+)/messages")


class WallClock(FakeClock):
    """The fake's clock running with the wall (``time.monotonic``) plus an offset that
    :meth:`advance` moves; its waits are real ones."""

    def __init__(self) -> None:
        self._t0 = time.monotonic()
        self.offset = 0.0
        super().__init__()

    @property
    def now(self) -> float:
        return self.offset + time.monotonic() - self._t0

    @now.setter
    def now(self, value: float) -> None:
        self.offset = value - (time.monotonic() - self._t0)

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    async def sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.now))


@dataclass
class Outcome:
    """What one command's interaction got: a public message (done) or only private ones."""

    public: bool = False
    private: str = ""


_OUTCOME: contextvars.ContextVar[Outcome | None] = contextvars.ContextVar("escala", default=None)


class BenchFake(FakeDiscord):
    """The console's Discord for a long run (see the module's docstring)."""

    def __init__(
        self, bot: Any, *, masters: list[str], clock: WallClock, channels: list[str]
    ) -> None:
        super().__init__(bot, masters=masters, clock=clock)
        self.gate.latency = 0.0
        # Any channel of the run by id, as Discord knows every channel: a process posts a
        # reminder in a channel of another's shard (made here the first time)
        every = {stable_id("channel", name): name for name in channels}
        known = self.places.by_id

        def by_id(place_id: int) -> Any:
            found = known(place_id)
            if found is None and place_id in every:
                found = self.places.get(every[place_id])
            return found

        self.places.by_id = by_id  # type: ignore[method-assign]
        self.settles = False
        self._by_id: dict[int, SentMessage] = {}
        self._born: dict[int, float] = {}  # when each message was sent, on the wall
        #: Channel id → its creates and edits in the last :data:`WINDOW_S` (fake time).
        self._windows: dict[int, deque[float]] = {}
        self.window_max = 0  # the most creates and edits one channel had in a window
        self.channel_requests = 0
        self._seen = 0

    def _record(self, kind: str, message: SentMessage) -> SentMessage:
        if kind == "send":
            self._by_id[message.id] = message
            self._born[message.id] = time.monotonic()
            outcome = _OUTCOME.get()
            if outcome is not None:
                if message.ephemeral:
                    outcome.private = outcome.private or message.text()[:120]
                else:
                    outcome.public = True
        return super()._record(kind, message)

    def trackers(self, pinned: dict[str, int]) -> None:
        """The trackers already posted in these channels (name → message id), as Discord
        holds them before the evening starts."""
        for channel, message_id in pinned.items():
            embed = {"title": "Encuentro", "description": "El tracker de antes de la tarde."}
            message = SentMessage(message_id, channel, "Umbral", {"embeds": [embed]}, pinned=True)
            self.messages.append(message)
            self._by_id[message_id] = message

    def message_by_id(self, message_id: int) -> SentMessage:
        found = self._by_id.get(message_id)
        if found is None or found.deleted:
            raise Refused(404, UNKNOWN_MESSAGE, "Unknown Message")
        return found

    async def run(self, user: str, channel: str, path: str, options: dict[str, Any]) -> Outcome:
        outcome = Outcome()
        token = _OUTCOME.set(outcome)
        try:
            await self.command(user, channel, path, options)
        finally:
            _OUTCOME.reset(token)
        return outcome

    def harvest(self) -> None:
        """Fold the requests sent since the last call into each channel's 5-second window
        (creates, edits and pins of its messages: what Discord limits per channel), then
        forget old messages, events and interactions."""
        history = self.gate.history
        for at, _method, path in history:
            found = CHANNEL_ROUTE.match(path)
            if found is None:
                continue
            self.channel_requests += 1
            window = self._windows.setdefault(int(found.group(1)), deque())
            window.append(at)
            while window and window[0] <= at - WINDOW_S:
                window.popleft()
            self.window_max = max(self.window_max, len(window))
        history.clear()
        now = self.clock.now
        for cid in [c for c, w in self._windows.items() if not w or w[-1] <= now - WINDOW_S]:
            del self._windows[cid]
        old = time.monotonic() - KEEP_S  # the wall's: the fake's clock jumps by hours

        def keep(m: SentMessage) -> bool:
            return m.pinned or self._born.get(m.id, 0.0) > old

        for m in self.messages:
            if not keep(m):
                self._by_id.pop(m.id, None)
                self._born.pop(m.id, None)
        self.messages[:] = [m for m in self.messages if keep(m)]
        self.events.clear()
        for token in [t for t, p in self._pending.items() if p.dispatched < old]:
            del self._pending[token]
