"""The console's own clock: Discord's time in the fake, never the wall clock.

It starts at :data:`EPOCH` and moves only when told: ``!esperar`` (:meth:`FakeClock.advance`),
the simulated network latency of each request and the waits discord.py makes on a 429
(:meth:`FakeClock.sleep`). Rate-limit windows, message ages and token lifetimes read it, so
tests never depend on how fast the machine is.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

EPOCH = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0  # seconds since EPOCH

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
        await asyncio.sleep(0)
        self.now = max(self.now, deadline)

    def datetime(self, at: float | None = None) -> datetime:
        return EPOCH + timedelta(seconds=self.now if at is None else at)

    def iso(self, at: float | None = None) -> str:
        return self.datetime(at).isoformat()
