"""The fake guild's scheduled events (Discord's «Eventos»), as Discord keeps them.

The bot creates, changes, cancels, reads and deletes them through its HTTP routes
(:meth:`Calendar.route`); a person does the same in Discord's own interface and marks «Me
interesa» (the console's ``!evento`` and ``!interes`` lines: :meth:`Calendar.person`,
:meth:`Calendar.interest`). What Discord does, the console does too (Discord's
documentation of guild scheduled events):

- an external event needs ``entity_metadata.location`` and ``scheduled_end_time`` and no
  channel; a voice event needs a voice channel and no location; neither starts in the past
  nor ends before it starts; a guild holds at most 100 events not yet finished (30038);
- an event's status follows the clock (:meth:`.ScheduledEvent.status`); ``status`` moves
  only from scheduled to active or cancelled and from active to completed;
- a finished (completed or cancelled) event can't be changed (180000), and the guild's list
  of events and the list of who is interested no longer hold it;
- creating needs «Crear eventos» (in the voice channel, with «Ver canal» and «Conectar»,
  for a voice event); changing or deleting an event the bot created, «Crear eventos» or
  «Gestionar eventos»; one someone else created, «Gestionar eventos».
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from bot.console.clock import EPOCH, FakeClock
from bot.console.gate import MISSING_ACCESS, MISSING_PERMISSIONS, Gate, Refused, details
from bot.console.guild import Place, Places
from bot.console.payloads import BOT_USER_ID, GUILD_ID
from bot.console.scheduled import (
    ACTIVE,
    CANCELED,
    COMPLETED,
    EXTERNAL,
    SCHEDULED,
    STATUS_NAMES,
    VOICE,
    ScheduledEvent,
    describe,
    invalid,
    name_key,
    parse_time,
    payload,
    person_body,
    users_page,
)

#: Discord's answers.
UNKNOWN_GUILD, UNKNOWN_EVENT, MAX_EVENTS_CODE, FINISHED = 10004, 10070, 30038, 180000
MAX_EVENTS = 100  # events of a guild not yet finished
FIRST_EVENT_ID = 900_100_000_000_000_000  # the console's events: this plus 1, 2, 3…
#: The moves of ``status`` Discord allows.
TRANSITIONS = {(SCHEDULED, ACTIVE), (ACTIVE, COMPLETED), (SCHEDULED, CANCELED)}
EVENTS = "/guilds/{guild_id}/scheduled-events"
USERS = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}/users"
#: Who acts, and what the console shows of it.
Show = Callable[[str, str], None]


def _missing() -> Refused:
    return Refused(403, MISSING_PERMISSIONS, "Missing Permissions")


class Calendar:
    """The guild's scheduled events and who is interested in each."""

    def __init__(
        self,
        clock: FakeClock,
        gate: Gate,
        places: Places,
        user: Callable[[int], dict[str, Any]],
        show: Show,
    ) -> None:
        self.clock, self.gate, self.places = clock, gate, places
        self.user = user  # a user's payload by id
        self.show = show
        self.events: dict[int, ScheduledEvent] = {}
        self._ids = itertools.count(1)

    # --- the bot's routes -------------------------------------------------------------------

    def route(
        self, method: str, template: str, path: str, body: Any, params: Mapping[str, Any]
    ) -> Any:
        if not path.startswith(f"/guilds/{GUILD_ID}/"):
            raise Refused(404, UNKNOWN_GUILD, "Unknown Guild")
        counts = str(params.get("with_user_count", "")).lower() in ("1", "true")
        if template == EVENTS and method == "GET":
            now = self.clock.now
            found = [e for e in self.events.values() if not e.finished(now)]
            return [payload(e, self.clock, self.user, counts) for e in found]
        if template == EVENTS and method == "POST":
            return payload(self.create(BOT_USER_ID, body), self.clock, self.user)
        event = self.get(int(path.split("/")[4]))
        if template == USERS:
            return self._users(event, params)
        if method == "GET":
            return payload(event, self.clock, self.user, counts)
        if method == "PATCH":
            return payload(self.modify(BOT_USER_ID, event, body), self.clock, self.user)
        if method == "DELETE":
            self._may_change(BOT_USER_ID, event)
            del self.events[event.id]
            self.show("Umbral", f"borra el evento «{event.name}»")
            return None
        raise NotImplementedError(f"La consola no sabe hacer {method} {template}.")

    def restore(self, before: Calendar) -> None:
        """The events Discord kept while the bot was down (a restart of the bot)."""
        self.events.update(before.events)
        self.continue_after(0)

    def continue_after(self, used: int) -> None:
        """New events get ids past ``used`` and past every event kept: Discord never gives
        a snowflake out twice, not even to a console reopened on a database whose sessions
        name the events of an earlier run's Discord (:func:`bot.console.open_session`)."""
        last = max([used, *self.events], default=0)
        self._ids = itertools.count(max(0, last - FIRST_EVENT_ID) + 1)

    def get(self, event_id: int) -> ScheduledEvent:
        event = self.events.get(event_id)
        if event is None:
            raise Refused(404, UNKNOWN_EVENT, "Unknown Guild Scheduled Event")
        return event

    def create(self, who: int, body: Mapping[str, Any]) -> ScheduledEvent:
        kind = int(body.get("entity_type") or 0)
        if who == BOT_USER_ID:
            self._may_create(kind, self._channel(body.get("channel_id")))
        self.gate.check_body("POST", f"/guilds/{GUILD_ID}/scheduled-events", body)
        now = self.clock.now
        if sum(1 for e in self.events.values() if not e.finished(now)) >= MAX_EVENTS:
            raise Refused(
                400,
                MAX_EVENTS_CODE,
                f"Maximum number of uncompleted guild scheduled events reached ({MAX_EVENTS})",
            )
        event = ScheduledEvent(
            id=FIRST_EVENT_ID + next(self._ids),
            name=str(body["name"]),
            start=parse_time(str(body.get("scheduled_start_time")), "scheduled_start_time"),
            end=None,
            entity_type=kind,
            creator_id=who,
        )
        self._apply(event, body, creating=True)
        self.events[event.id] = event
        self.show(self._who(who), f"crea el evento\n{describe(event, self.clock, self.places)}")
        return event

    def modify(self, who: int, event: ScheduledEvent, body: Mapping[str, Any]) -> ScheduledEvent:
        if who == BOT_USER_ID:
            self._may_change(who, event)
        if event.finished(self.clock.now):
            raise Refused(400, FINISHED, "Cannot update a finished event")
        path = f"/guilds/{GUILD_ID}/scheduled-events/{event.id}"
        self.gate.check_body("PATCH", path, body, branch=event.entity_type)
        changed = ScheduledEvent(**event.__dict__)  # all or nothing: a refusal changes nothing
        self._apply(changed, body, creating=False)
        self.events[event.id] = changed
        verb = "cancela" if changed.set_status == CANCELED else "cambia"
        text = describe(changed, self.clock, self.places)
        self.show(self._who(who), f"{verb} el evento\n{text}")
        return changed

    # --- what a person does in Discord's interface ---------------------------------------

    def find(self, name: str) -> ScheduledEvent:
        """The event called ``name`` (any case and accents); of several, the newest one not
        finished."""
        key = name_key(name)
        found = [e for e in self.events.values() if name_key(e.name) == key]
        if not found:
            known = ", ".join(f"«{e.name}»" for e in self.events.values()) or "ninguno"
            raise LookupError(f"No hay ningún evento «{name}» (hay: {known}).")
        open_ = [e for e in found if not e.finished(self.clock.now)]
        return (open_ or found)[-1]

    def person(self, user_id: int, action: str, name: str, fields: Mapping[str, str]) -> None:
        """``!evento ACCIÓN NOMBRE campo:valor…``: what a person does in the events' window
        (create, change, start, end or cancel); Discord's refusal is the console's error."""
        try:
            if action == "crear":
                body = person_body(fields, self.places, creating=True)
                self.create(user_id, {"name": name, **body})
                return
            event = self.find(name)
            statuses = {"empezar": ACTIVE, "terminar": COMPLETED, "cancelar": CANCELED}
            if action in statuses:
                self.modify(user_id, event, {"status": statuses[action]})
            else:
                self.modify(user_id, event, person_body(fields, self.places, creating=False))
        except Refused as refused:
            why = "; ".join(details(refused.errors or {})) or refused.message
            raise LookupError(f"Discord no lo acepta: {why.rstrip('.')}.") from None

    def interest(self, user_id: int, name: str, interested: bool) -> str:
        """``!interes`` / ``!desinteres``: the user's «Me interesa»; what the client shows."""
        event = self.find(name)
        if event.finished(self.clock.now):
            raise LookupError(f"El evento «{event.name}» ya ha terminado.")
        if interested:
            event.interested.add(user_id)
        else:
            event.interested.discard(user_id)
        mark = "Me interesa ✓" if interested else "ya no le interesa"
        return f"📅 «{event.name}»: {mark} ({len(event.interested)} interesados)"

    def statuses(self) -> dict[int, int]:
        """Each event's status now (to see, after ``!esperar``, which began or ended)."""
        return {e.id: e.status(self.clock.now) for e in self.events.values()}

    def show_changes(self, before: Mapping[int, int]) -> None:
        """Show the events whose status the clock changed since ``before``."""
        for event in self.events.values():
            status = event.status(self.clock.now)
            if event.id in before and before[event.id] != status:
                self.show("Discord", f"📅 «{event.name}» · {STATUS_NAMES[status]}")

    # --- the rules ------------------------------------------------------------------------

    def _channel(self, value: Any) -> Place | None:
        if value is None:
            return None
        place = self.places.by_id(int(value))
        if place is None:
            raise invalid(("channel_id",), "CHANNEL_TYPE_INVALID", "Unknown channel.")
        return place

    def _may_create(self, kind: int, channel: Place | None) -> None:
        if kind == EXTERNAL or channel is None:
            if not self.places.guild_permissions().create_events:
                raise _missing()
            return
        if not channel.can("view_channel"):
            raise Refused(403, MISSING_ACCESS, "Missing Access")
        if not (channel.can("create_events") and channel.can("connect")):
            raise _missing()

    def _may_change(self, who: int, event: ScheduledEvent) -> None:
        place = self.places.by_id(event.channel_id) if event.channel_id else None
        if place is not None and not place.can("view_channel"):
            raise Refused(403, MISSING_ACCESS, "Missing Access")
        perms = place.bot_permissions() if place else self.places.guild_permissions()
        own = event.creator_id == who and perms.create_events
        if not (own or perms.manage_events):
            raise _missing()

    def _apply(self, event: ScheduledEvent, body: Mapping[str, Any], *, creating: bool) -> None:
        """``body``'s fields on ``event``, then the rules of its (new) type and times."""
        before = event.status(self.clock.now)
        if "name" in body:
            event.name = str(body["name"])
        if "description" in body:
            event.description = body["description"]
        if body.get("entity_type") is not None:
            event.entity_type = int(body["entity_type"])
        if "channel_id" in body:
            channel = self._channel(body["channel_id"])
            event.channel_id = channel.id if channel else None
        if "entity_metadata" in body:
            event.location = (body["entity_metadata"] or {}).get("location")
        if body.get("scheduled_start_time") is not None:
            event.start = parse_time(str(body["scheduled_start_time"]), "scheduled_start_time")
        if "scheduled_end_time" in body:
            end = body["scheduled_end_time"]
            event.end = None if end is None else parse_time(str(end), "scheduled_end_time")
        if body.get("status") is not None:
            status = int(body["status"])
            if (before, status) not in TRANSITIONS and before != status:
                raise invalid(
                    ("status",),
                    "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
                    f"Cannot move an event from {STATUS_NAMES[before]} to "
                    f"{STATUS_NAMES.get(status, status)}.",
                )
            event.set_status = status
        self._check(event, moved=creating or "scheduled_start_time" in body)

    def _check(self, event: ScheduledEvent, *, moved: bool) -> None:
        if event.entity_type == EXTERNAL:
            if event.channel_id is not None:
                raise invalid(("channel_id",), "BASE_TYPE_BAD", "Must be null for this event.")
            if not event.location:
                required = ("entity_metadata", "location")
                raise invalid(required, "BASE_TYPE_REQUIRED", "This field is required")
            if event.end is None:
                raise invalid(
                    ("scheduled_end_time",), "BASE_TYPE_REQUIRED", "This field is required"
                )
        else:
            place = self.places.by_id(event.channel_id) if event.channel_id else None
            if place is None or place.kind != "voice" or event.entity_type != VOICE:
                message = "A voice event needs a voice channel."
                raise invalid(("channel_id",), "CHANNEL_TYPE_INVALID", message)
            if event.location:
                raise invalid(("entity_metadata",), "BASE_TYPE_BAD", "Must be null for this event.")
        if moved and event.set_status == SCHEDULED and event.start <= self.clock.now:
            raise invalid(
                ("scheduled_start_time",),
                "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                "Cannot schedule event in the past.",
            )
        if event.end is not None and event.end <= event.start:
            raise invalid(
                ("scheduled_end_time",),
                "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
                "Cannot schedule event to end before starting.",
            )

    def _users(self, event: ScheduledEvent, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Who is interested (:func:`.users_page`); nobody once the event is finished."""
        if event.finished(self.clock.now):
            return []
        with_member = str(params.get("with_member", "")).lower() in ("1", "true")
        found = []
        for uid in users_page(event.interested, params):
            item: dict[str, Any] = {
                "guild_scheduled_event_id": str(event.id),
                "user_id": str(uid),
                "user": self.user(uid),
                "response": 1,
            }
            if with_member:
                item["member"] = {"roles": [], "joined_at": EPOCH.isoformat(), "deaf": False}
            found.append(item)
        return found

    def _who(self, user_id: int) -> str:
        return "Umbral" if user_id == BOT_USER_ID else str(self.user(user_id)["username"])
