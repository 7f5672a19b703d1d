"""Proof that a function runs off the event loop while a command is in progress, without
timing anything.

:class:`OffLoop` wraps a function: when called, it waits until the loop's ticker has ticked
*after* the call began, then runs the function. On a worker thread that wait ends at the
loop's next tick; on the loop's own thread the loop cannot tick while it waits, so the wait
gives up (after ``patience`` seconds) and the check fails. The ticker also counts the ticks
that happened between the call's start and its end."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class OffLoop:
    function: Callable[..., Any]
    patience: float = 10.0
    calls: int = 0
    threads: list[int] = field(default_factory=list)
    #: Per call: whether the loop ticked after the call began (before the function ran).
    ticked: list[bool] = field(default_factory=list)
    #: Per call: ticks counted between its start and its end.
    ticks_during: list[int] = field(default_factory=list)
    _running: threading.Event = field(default_factory=threading.Event)
    _tick: threading.Event = field(default_factory=threading.Event)
    _count: int = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        self.threads.append(threading.get_ident())
        self._tick.clear()
        start = self._count
        self._running.set()
        try:
            self.ticked.append(self._tick.wait(self.patience))
            return self.function(*args, **kwargs)
        finally:
            self._running.clear()
            self.ticks_during.append(self._count - start)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(0.001)
            if self._running.is_set():
                self._count += 1
                self._tick.set()

    @contextlib.asynccontextmanager
    async def watching(self) -> AsyncIterator[OffLoop]:
        """Run the ticker on the current loop for the duration of the block."""
        task = asyncio.get_running_loop().create_task(self._ticker())
        try:
            yield self
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def check(self, calls: int = 1) -> None:
        """It was called, never on the loop's thread, and the loop ticked meanwhile."""
        loop_thread = threading.get_ident()
        assert self.calls == calls
        assert loop_thread not in self.threads
        assert all(self.ticked)
        assert all(n >= 1 for n in self.ticks_during)


class Ticks:
    """Counts the event loop's turns (a task that sleeps 1 ms at a time)."""

    def __init__(self) -> None:
        self.count = 0

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(0.001)
            self.count += 1

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        task = asyncio.get_running_loop().create_task(self._tick())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


class LoopTime:
    """The console's monotonic source in tests (``FakeDiscord.monotonic``): it stands still
    until a test moves it, as if the loop ran the time it is told and no more."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
