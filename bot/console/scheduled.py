"""A scheduled event of the fake guild: its fields, its status by the clock, the payload
Discord answers with and how a client shows it (:mod:`.calendar` keeps them)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.console.clock import EPOCH, FakeClock
from bot.console.gate import Refused
from bot.console.guild import Places
from bot.console.payloads import GUILD_ID
from bot.console.strict import INVALID_FORM_BODY

STAGE, VOICE, EXTERNAL = 1, 2, 3
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
STATUS_NAMES = {
    SCHEDULED: "programado",
    ACTIVE: "en curso",
    COMPLETED: "terminado",
    CANCELED: "cancelado",
}
#: A voice event nobody started is cancelled this long after its start ("on the order of
#: hours", Discord says; the number is the console's).
AUTO_CANCEL_S = 3 * 3600.0


@dataclass
class ScheduledEvent:
    id: int
    name: str
    start: float  # on the fake's clock
    end: float | None
    entity_type: int
    creator_id: int
    description: str | None = None
    channel_id: int | None = None
    location: str | None = None
    set_status: int = SCHEDULED  # what someone set (the clock does the rest: :meth:`status`)
    interested: set[int] = field(default_factory=set)

    def status(self, now: float) -> int:
        """An external event runs from its start to its end; a voice event once started,
        until someone ends it or its planned end; one never started is cancelled
        :data:`AUTO_CANCEL_S` after its start."""
        if self.set_status in (COMPLETED, CANCELED):
            return self.set_status
        running = self.entity_type == EXTERNAL or self.set_status == ACTIVE
        if running and self.end is not None and now >= self.end:
            return COMPLETED
        if self.set_status == ACTIVE or (self.entity_type == EXTERNAL and now >= self.start):
            return ACTIVE
        if now >= self.start + AUTO_CANCEL_S:
            return CANCELED
        return SCHEDULED

    def finished(self, now: float) -> bool:
        return self.status(now) in (COMPLETED, CANCELED)


def invalid(where: tuple[str, ...], code: str, message: str) -> Refused:
    """Discord's 50035 naming one bad field."""
    errors: dict[str, Any] = {}
    node = errors
    for part in where:
        node = node.setdefault(part, {})
    node["_errors"] = [{"code": code, "message": message}]
    return Refused(400, INVALID_FORM_BODY, "Invalid Form Body", errors)


def parse_time(text: str, where: str) -> float:
    """An ISO 8601 time (``2026-03-29T18:00:00+00:00``; no offset: UTC) → the fake's clock."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise invalid((where,), "DATE_TIME_TYPE_INVALID", "Invalid date time.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=EPOCH.tzinfo)
    try:  # a time whose UTC falls past the year 9999 (31/12/9999 23:00-05:00) is no time
        moment.astimezone(UTC)
    except OverflowError:
        raise invalid((where,), "DATE_TIME_TYPE_INVALID", "Invalid date time.") from None
    return (moment - EPOCH).total_seconds()


def name_key(text: str) -> str:
    """A name as the console matches it: any case, any accents."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c)).strip()


def payload(
    event: ScheduledEvent,
    clock: FakeClock,
    user: Callable[[int], dict[str, Any]],
    counts: bool = False,
) -> dict[str, Any]:
    """The event as Discord's routes answer it (``user_count`` when asked for)."""
    now = clock.now
    found: dict[str, Any] = {
        "id": str(event.id),
        "guild_id": str(GUILD_ID),
        "name": event.name,
        "description": event.description,
        "channel_id": None if event.channel_id is None else str(event.channel_id),
        "creator_id": str(event.creator_id),
        "creator": user(event.creator_id),
        "image": None,
        "scheduled_start_time": clock.iso(event.start),
        "scheduled_end_time": None if event.end is None else clock.iso(event.end),
        "status": event.status(now),
        "entity_type": event.entity_type,
        "entity_id": None,
        "recurrence_rule": None,
        "privacy_level": 2,
        "guild_scheduled_event_exceptions": [],
        "entity_metadata": {"location": event.location} if event.location else None,
    }
    if counts:
        found["user_count"] = 0 if event.finished(now) else len(event.interested)
    return found


def describe(event: ScheduledEvent, clock: FakeClock, places: Places) -> str:
    """The event as a client shows it in the guild's events (times in UTC)."""
    start = clock.datetime(event.start).strftime("%Y-%m-%d %H:%M")
    end = ""
    if event.end is not None:
        shape = " – %Y-%m-%d %H:%M" if event.end - event.start >= 86400 else "–%H:%M"
        end = clock.datetime(event.end).strftime(shape)
    place = places.by_id(event.channel_id) if event.channel_id else None
    where = f"🔊 #{place.name}" if place else str(event.location)
    lines = [
        f"📅 «{event.name}» · {STATUS_NAMES[event.status(clock.now)]}",
        f"{start}{end} UTC · {where}",
    ]
    if event.description:
        lines.append(event.description)
    lines.append(f"{len(event.interested)} interesados")
    return "\n".join(lines)


#: ``!evento`` fields → the body's.
FIELDS = {
    "nombre": "name",
    "descripcion": "description",
    "inicio": "scheduled_start_time",
    "fin": "scheduled_end_time",
}


def person_body(fields: Mapping[str, str], places: Places, *, creating: bool) -> dict[str, Any]:
    """What the events' window sends for ``!evento … campo:valor`` (``lugar``: an external
    event there; ``canal``: a voice event in that voice channel)."""
    body: dict[str, Any] = {}
    for name, value in fields.items():
        if name in FIELDS:
            body[FIELDS[name]] = value
        elif name == "lugar":
            body.update(entity_type=EXTERNAL, channel_id=None, entity_metadata={"location": value})
        elif name == "canal":
            channel = str(places.get(value).id)
            body.update(entity_type=VOICE, channel_id=channel, entity_metadata=None)
        else:
            known = ", ".join([*FIELDS, "lugar", "canal"])
            raise LookupError(f"Un evento no tiene «{name}» ({known}).")
    if creating:
        body.setdefault("entity_type", EXTERNAL)
        body.setdefault("privacy_level", 2)
    return body


def users_page(ids: set[int], params: Mapping[str, Any]) -> list[int]:
    """The interested users Discord answers with: ascending ids, ``before`` (then the last
    ``limit`` before it) or ``after``, at most ``limit`` (1–100, 100 by default)."""
    limit = max(1, min(100, int(params.get("limit") or 100)))
    ordered = sorted(ids)
    if params.get("before"):
        return [u for u in ordered if u < int(params["before"])][-limit:]
    after = int(params.get("after") or 0)
    return [u for u in ordered if u > after][:limit]
