"""A session's scheduled event as Discord has it now: what the bot reads each time it acts
on a session (so a change made in Discord's own interface is seen then), through the HTTP
routes any process can use (the guild need not be in this process's cache: shards)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import discord

from bot.storage.session_models import (
    SESSION_CANCELLED,
    SESSION_DONE,
    SESSION_RUNNING,
    SESSION_SCHEDULED,
)

#: Discord's status of a scheduled event → the session's.
STATUS = {1: SESSION_SCHEDULED, 2: SESSION_RUNNING, 3: SESSION_DONE, 4: SESSION_CANCELLED}
PAGE = 100  # users Discord lists per request


@dataclass(frozen=True)
class EventState:
    title: str
    starts_at: datetime
    ends_at: datetime | None
    status: str
    creator_id: int | None
    interested: int  # how many, as Discord counts them

    @property
    def open(self) -> bool:
        return self.status in (SESSION_SCHEDULED, SESSION_RUNNING)


def state_of(data: dict[str, object]) -> EventState:
    """The parts of an event's payload a session keeps."""
    start = discord.utils.parse_time(str(data["scheduled_start_time"]))
    end = data.get("scheduled_end_time")
    creator = data.get("creator_id")
    return EventState(
        title=str(data["name"]),
        starts_at=start,
        ends_at=None if end is None else discord.utils.parse_time(str(end)),
        status=STATUS.get(int(str(data.get("status", 1))), SESSION_SCHEDULED),
        creator_id=None if creator is None else int(str(creator)),
        interested=int(str(data.get("user_count") or 0)),
    )


async def read_event(client: discord.Client, guild_id: int, event_id: int) -> EventState | None:
    """The event now, or ``None`` if it no longer exists (deleted in Discord)."""
    try:
        data = await client.http.get_scheduled_event(guild_id, event_id, with_user_count=True)
    except discord.NotFound:
        return None
    return state_of(dict(data))


async def interested(client: discord.Client, guild_id: int, event_id: int) -> list[int]:
    """Everyone Discord lists as interested in the event (page after page, by id)."""
    found: list[int] = []
    after: int | None = None
    while True:
        page = await client.http.get_scheduled_event_users(
            guild_id, event_id, limit=PAGE, with_member=False, after=after
        )
        ids = [int(item["user"]["id"]) for item in page]
        found += ids
        if len(ids) < PAGE:
            return found
        after = max(ids)
