"""The bot's one notion of *now*: the wall clock in production, the console's fake clock in
the console and the tests (``bot.use_clock``), so time never depends on the machine."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Protocol

#: What tells the time: an aware UTC ``datetime``.
Now = Callable[[], datetime]
#: What waits: ``await sleep(seconds)``.
Sleep = Callable[[float], Awaitable[None]]


def system_now() -> datetime:
    return datetime.now(UTC)


class DrivenClock(Protocol):
    """A clock something else moves (the console's): seconds now, its ``datetime``, waits."""

    def __call__(self) -> float: ...

    def datetime(self) -> datetime: ...

    async def sleep(self, seconds: float) -> None: ...
