"""Token buckets for the rolling commands (those whose ``command_context`` declares
``rolls=True``, :func:`bot.edge.context.rolls_dice`): per user and per channel, one notice
per window.

Not discord.py's cooldowns (``app_commands.checks.dynamic_cooldown``): its ``Cooldown`` is a
fixed window (all ``rate`` tokens come back at once, ``per`` seconds after the window opened)
where this limit refills continuously (a quarter of the window gives a quarter of the tokens
back); two stacked cooldowns (user, channel) would spend the user's token when the channel
refuses, with no public way to give it back; a refused cooldown is an error whose notice
comes from the error handler, not the tree's gate (the same private notice for commands and
for the Defender button, which is no command and has no cooldown)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: The buckets kept at most (the oldest idle ones are forgotten first).
MAX_BUCKETS = 10_000


@dataclass
class Bucket:
    tokens: float
    stamp: float
    warned: bool = False


@dataclass
class TokenBucket:
    """``capacity`` commands at once, refilled at ``capacity / per`` tokens a second."""

    capacity: int
    per: float
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[object, Bucket] = field(default_factory=dict)

    def take(self, key: object) -> tuple[bool, bool]:
        """``(allowed, first_refusal)``: whether the command may run and, when it may not,
        whether this is the first refusal since the bucket last had a token (say so once)."""
        now = self.clock()
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            bucket = Bucket(float(self.capacity), now)
        else:
            rate = self.capacity / self.per if self.per > 0 else float("inf")
            bucket.tokens = min(float(self.capacity), bucket.tokens + (now - bucket.stamp) * rate)
            bucket.stamp = now
        self._buckets[key] = bucket  # most recently used last
        if len(self._buckets) > MAX_BUCKETS:
            self._buckets.pop(next(iter(self._buckets)))
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            bucket.warned = False
            return True, False
        first = not bucket.warned
        bucket.warned = True
        return False, first

    def give_back(self, key: object) -> None:
        """Return the token :meth:`take` just gave ``key``."""
        bucket = self._buckets.get(key)
        if bucket is not None:
            bucket.tokens += 1

    def retry_after(self, key: object) -> float:
        bucket = self._buckets.get(key)
        if bucket is None or bucket.tokens >= 1 or self.capacity <= 0:
            return 0.0
        return (1 - bucket.tokens) * self.per / self.capacity


class RateLimiter:
    """The per-user and the per-channel bucket; a command must get a token from both."""

    def __init__(
        self,
        *,
        user_rolls: int,
        channel_rolls: int,
        per: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.users = TokenBucket(user_rolls, per, clock)
        self.channels = TokenBucket(channel_rolls, per, clock)

    def check(self, user_id: int, channel_id: int | None) -> tuple[bool, bool, float]:
        """``(allowed, notify, retry_after)``."""
        ok, first = self.users.take(user_id)
        if not ok:
            return False, first, self.users.retry_after(user_id)
        ok, first = self.channels.take(channel_id)
        if not ok:
            # the user's token is given back: the channel, not this user, is flooding
            self.users.give_back(user_id)
            return False, first, self.channels.retry_after(channel_id)
        return True, False, 0.0
