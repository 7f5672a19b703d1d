"""Who is typing where: the seed of the graded fight waits for a player still writing before
its window closes the round («espera mientras alguien sigue escribiendo»). Discord tells a
bot who starts typing in a channel (``TYPING_START``, with the non-privileged
``guild_typing`` intent) and a client sends it again every few seconds while its user keeps
typing; one start counts for :data:`TYPING_S` seconds, as Discord shows it.

Kept in this process's memory only: the process that receives a guild's events is the one
whose reminders' task closes its rounds (:meth:`~bot.features.recordatorios.scheduler.
ReminderScheduler.ours`), and a typing indicator older than ten seconds means nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta

#: How long one typing start counts (Discord shows the indicator ten seconds).
TYPING_S = 10


class Typists:
    """The latest typing start of each user in each channel, for the last few seconds."""

    def __init__(self) -> None:
        self._seen: dict[tuple[int, int], dict[int, datetime]] = {}
        self._swept: datetime | None = None

    def started(self, guild_id: int, channel_id: int, user_id: int, when: datetime) -> None:
        """``user_id`` started typing in the channel at ``when``. The channels where nobody
        has typed for :data:`TYPING_S` are forgotten, in one sweep every :data:`TYPING_S`
        (not at every start: a big bot hears many)."""
        stale = when - timedelta(seconds=TYPING_S)
        if self._swept is None or self._swept < stale:
            for key in [k for k, users in self._seen.items() if max(users.values()) < stale]:
                del self._seen[key]
            self._swept = when
        self._seen.setdefault((guild_id, channel_id), {})[user_id] = when

    def typing_until(
        self, guild_id: int, channel_id: int, users: set[int], now: datetime
    ) -> datetime | None:
        """Until when one of ``users`` is still typing in the channel (``None``: none is)."""
        seen = self._seen.get((guild_id, channel_id), {})
        ends = [w + timedelta(seconds=TYPING_S) for u, w in seen.items() if u in users]
        last = max(ends, default=None)
        return last if last is not None and last > now else None
