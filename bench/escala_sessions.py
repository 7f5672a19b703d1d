"""The scale scenario's game sessions: one channel in :data:`SESSION_EVERY` (or fewer) has a
session tonight, programmed with ``/sesion programar`` through the console before the processes
start, so each has its scheduled event in Discord and its steps (the 24 h and 1 h reminders,
the start, the end) in the database.

In the console every process fakes its own Discord, so the guild's events are copied into
each process's (:func:`restore`): whichever process takes a step reads the same event, as
every process of a real bot reads Discord's one calendar. Their status follows each fake's
clock, which the driver moves in step in all of them.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

from bench.escala_bot import channel_name

#: One channel in this many has a session, at most :data:`MOST` (in the console's Discord
#: every channel is in one guild, and Discord allows a guild 100 events not yet completed).
SESSION_EVERY = 50
MOST = 96
#: The sessions start from 13:10 (server time, Madrid: 12:10 UTC, 10 minutes after the
#: console's clock starts) on, :data:`APART_MIN` minutes apart, and last a quarter of an hour:
#: during the run (about an hour of Discord's time) reminders, starts and ends fall due.
FIRST = (13, 10)
APART_MIN = 2


def session_channels(channels: int) -> list[int]:
    return list(range(5, channels, max(SESSION_EVERY, -(-channels // MOST))))


async def program(url: str, channels: int) -> dict[str, Any]:
    """``/sesion programar`` in every session channel; the guild's events as the processes
    restore them."""
    from bot.console import open_session

    session = await open_session(url, migrate=False)
    fake = session.discord
    try:
        for n, index in enumerate(session_channels(channels)):
            start = datetime(2026, 1, 1, *FIRST) + timedelta(minutes=APART_MIN * n)
            options = {
                "titulo": f"Partida de la mesa {index}",
                "fecha": start.strftime("%Y-%m-%d"),
                "hora": start.strftime("%H:%M"),
                "duracion": 15,
            }
            reply = await fake.command("master", channel_name(index), "sesion programar", options)
            if not any(not m.ephemeral for m in reply.messages):
                raise RuntimeError(f"/sesion programar no salió: {reply.first.text()!r}")
        events = []
        for event in fake.calendar.events.values():
            data = asdict(event)
            data["interested"] = sorted(event.interested)
            events.append(data)
    finally:
        await session.close()
    return {"sessions": len(session_channels(channels)), "events": events}


def restore(fake: Any, events: list[dict[str, Any]]) -> None:
    """The guild's events, as :func:`program` left them, in a process's Discord."""
    from bot.console.scheduled import ScheduledEvent

    for data in events:
        event = ScheduledEvent(**{**data, "interested": set(data["interested"])})
        fake.calendar.events[event.id] = event
    fake.calendar.continue_after(0)


async def check_steps(conn: Any, now: datetime) -> dict[str, Any]:
    """The sessions' steps due by ``now`` (the earliest of the processes' clocks at the end),
    and how many were done; by kind."""
    from sqlalchemy import text

    rows = await conn.execute(
        text(
            "SELECT kind, count(*) FILTER (WHERE due_at <= :now), "
            "count(*) FILTER (WHERE due_at <= :now AND done_at IS NOT NULL), "
            "count(*) FILTER (WHERE due_at > :now AND done_at IS NOT NULL) "
            "FROM session_steps GROUP BY kind"
        ),
        {"now": now},
    )
    by_kind = {str(k): {"due": int(d), "done": int(x), "early": int(e)} for k, d, x, e in rows}
    return {
        "by_kind": by_kind,
        "due": sum(v["due"] for v in by_kind.values()),
        "done": sum(v["done"] for v in by_kind.values()),
        "done_early": sum(v["early"] for v in by_kind.values()),
    }
