"""The console's own clock: Discord's time in the fake, never the wall clock.

It starts at :data:`EPOCH` and moves only when told: ``!esperar`` (:meth:`FakeClock.advance`),
the simulated network latency of each request and the waits discord.py makes on a 429
(:meth:`FakeClock.sleep`). Rate-limit windows, message ages and token lifetimes read it, so
tests never depend on how fast the machine is.

Normally a wait moves the clock at once (one thing happens at a time: the console). *Paced*
(:func:`bot.console.pacing.run_paced`, several interactions in flight at once), a wait
sleeps until the pacer wakes the waits in the order of their deadlines, each at its own time.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from datetime import UTC, datetime, timedelta

EPOCH = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0  # seconds since EPOCH
        self.paced = False
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        """The time now (a clock the bot's tracker publisher can read and wait on)."""
        return self.now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the clock does not go back")
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` of the fake's time: yield to the loop, then move the clock to at
        least the deadline (waits that overlap in time move it once, not once each)."""
        await self.sleep_until(self.now + max(0.0, seconds))

    async def sleep_until(self, deadline: float) -> None:
        if not self.paced or deadline <= self.now:
            await asyncio.sleep(0)
            self.now = max(self.now, deadline)
            return
        woken = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (deadline, next(self._order), woken))
        await woken

    @property
    def sleeping(self) -> int:
        """Paced: how many waits are waiting for their time."""
        return sum(1 for *_, woken in self._sleepers if not woken.done())

    def wake_next(self, until: float) -> bool:
        """Paced: the earliest wait due by ``until`` ends, the clock at its deadline; whether
        there was one."""
        while self._sleepers and self._sleepers[0][0] <= until:
            deadline, _, woken = heapq.heappop(self._sleepers)
            if woken.done():  # cancelled
                continue
            self.now = max(self.now, deadline)
            woken.set_result(None)
            return True
        return False

    def datetime(self, at: float | None = None) -> datetime:
        return EPOCH + timedelta(seconds=self.now if at is None else at)

    def iso(self, at: float | None = None) -> str:
        return self.datetime(at).isoformat()
