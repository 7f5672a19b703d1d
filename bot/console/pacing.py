"""Several interactions in flight at once, on the fake's clock (a busy channel).

:func:`run_paced` starts each interaction at its own time of the fake's clock and lets the
clock run as Discord's would: waits (the simulated latency of each request, the tracker's
spacing, a 429's ``retry_after``) end in the order of their deadlines, and time moves on
only when everything in flight is waiting for it — or, after a few idle polls, is blocked on
something else (the channel's lock held by a waiting command).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.console.clock import FakeClock

#: Polls of an idle loop before the clock moves on while something in flight is not waiting
#: on the clock (a lock or a database thread): the pacer never blocks for good.
IDLE_POLLS = 20
POLL_S = 0.001


async def _quiet(clock: FakeClock, busy: Callable[[], int]) -> None:
    """Until everything in flight waits on the clock (or is stuck on something else)."""
    last, still = (-1, -1), 0
    while clock.sleeping < busy() and still < IDLE_POLLS:
        await asyncio.sleep(0 if still < 2 else POLL_S)
        now = (clock.sleeping, busy())
        still = still + 1 if now == last else 0
        last = now


async def _advance(clock: FakeClock, until: float, busy: Callable[[], int]) -> None:
    while True:
        await _quiet(clock, busy)
        if not clock.wake_next(until):
            break
    if until != math.inf:
        clock.now = max(clock.now, until)


async def run_paced(
    clock: FakeClock,
    arrivals: Sequence[tuple[float, Callable[[], Awaitable[Any]]]],
    background: Callable[[], int] = lambda: 0,
) -> list[Any]:
    """Start each ``(at, start)`` when the clock reaches ``at`` (seconds from now), without
    waiting for the ones before; return their results once all of them and the
    ``background`` work (how many tasks of it are running) are done."""
    tasks: list[asyncio.Future[Any]] = []

    def busy() -> int:
        return sum(1 for t in tasks if not t.done()) + background()

    start_at = clock.now
    clock.paced = True
    try:
        for at, start in sorted(arrivals, key=lambda a: a[0]):
            await _advance(clock, start_at + at, busy)
            tasks.append(asyncio.ensure_future(start()))
        while busy():
            await _advance(clock, math.inf, busy)
    finally:
        clock.paced = False
        while clock.wake_next(math.inf):  # nothing left waiting on a clock nobody moves
            pass
    return [t.result() for t in tasks]
