"""What the console's Discord keeps between sessions on one database.

Discord outlives the bot: a console reopened on a database goes on from the time the last
one stopped (its clock), knows the members it knew (same ids, same names), and still has
the channels' messages (the encounter's tracker the bot edits), the channels' webhooks and
threads and the guild's events. :func:`snapshot` makes that a JSON document, which
:func:`bot.console.open_session` stores through ``bot/storage/console_state.py`` when the
session closes; :func:`restore` puts it back in a new :class:`FakeDiscord`.

Kept honest: a message deleted (by the bot, or with ``!borrar``) is not kept, so it is still
404 in the next session; ephemeral messages and open forms go (their tokens expire in 15
minutes anyway); ids are never handed out twice. The bot's permissions (``!permiso``) are
kept; the files attached to a message are not (their names are).
"""

from __future__ import annotations

import itertools
from dataclasses import asdict, fields
from typing import TYPE_CHECKING, Any

import discord

from bot.console.messages import SentMessage
from bot.console.scheduled import ScheduledEvent
from bot.console.webhooks import ChannelWebhook

if TYPE_CHECKING:
    from bot.console.transport import FakeDiscord

VERSION = 1
MESSAGE_NUMBER = 1_000_000_000  # a message id is 500…000 + its number (Mailbox._new_message)


def _peek(counter: itertools.count[int]) -> tuple[int, itertools.count[int]]:
    """The next number ``counter`` would give, and a counter that still gives it."""
    number = next(counter)
    return number, itertools.count(number)


def _at_least(counter: itertools.count[int], number: int) -> itertools.count[int]:
    """A counter that gives neither what ``counter`` gave nor anything below ``number``."""
    ahead, _ = _peek(counter)
    return itertools.count(max(ahead, number))


def _message(message: SentMessage) -> dict[str, Any]:
    data = asdict(message)
    payload = dict(data["payload"])
    if payload.get("attachments"):  # the bytes stay out; the names and sizes are kept
        payload["attachments"] = [
            {k: v for k, v in a.items() if k != "content"} for a in payload["attachments"]
        ]
    data["payload"] = payload
    return data


def snapshot(fake: FakeDiscord) -> dict[str, Any]:
    """What Discord would still have if the console closed now."""
    next_message, fake._message_ids = _peek(fake._message_ids)
    next_webhook, fake._webhook_ids = _peek(fake._webhook_ids)
    next_event, fake.calendar._ids = _peek(fake.calendar._ids)
    places = [
        {
            "name": p.name,
            "archived": p.archived,
            "locked": p.locked,
            "denied": sorted(p.denied),
            "allowed": sorted(p.allowed),
        }
        for p in fake.places.all()
    ]
    events = []
    for event in fake.calendar.events.values():
        data = asdict(event)
        data["interested"] = sorted(event.interested)
        events.append(data)
    return {
        "version": VERSION,
        "now": fake.clock.now,
        "names": {str(uid): name for uid, name in fake.names.items()},
        "next_message": next_message,
        "messages": [_message(m) for m in fake.messages if not m.deleted and not m.ephemeral],
        "next_webhook": next_webhook,
        "webhooks": [asdict(w) for w in fake.webhooks.values()],
        "places": places,
        "role": fake.places.role.permissions.value,  # the guild's flags of !permiso
        "next_event": next_event,
        "events": events,
    }


def restore(fake: FakeDiscord, data: dict[str, Any]) -> None:
    """Put back what :func:`snapshot` kept (before the console reads its first line)."""
    if data.get("version") != VERSION:
        return  # a document this code does not know: start afresh rather than guess
    fake.clock.now = max(fake.clock.now, float(data["now"]))
    for uid, name in data["names"].items():
        fake.names.setdefault(int(uid), str(name))
    fake.places.role.permissions = discord.Permissions(int(data["role"]))
    fake.places.show_role()
    for place_data in data["places"]:
        place = fake.places.get(place_data["name"])
        place.archived, place.locked = bool(place_data["archived"]), bool(place_data["locked"])
        place.denied = set(place_data["denied"])
        place.allowed = set(place_data["allowed"])
        fake.places.refresh(place)
    known = {f.name for f in fields(SentMessage)}
    fake.messages.extend(
        SentMessage(**{k: v for k, v in m.items() if k in known}) for m in data["messages"]
    )
    fake._message_ids = _at_least(fake._message_ids, int(data["next_message"]))
    for hook in data["webhooks"]:
        webhook = ChannelWebhook(**hook)
        fake.webhooks[webhook.id] = webhook
    fake._webhook_ids = _at_least(fake._webhook_ids, int(data["next_webhook"]))
    for event_data in data["events"]:
        event = ScheduledEvent(**{**event_data, "interested": set(event_data["interested"])})
        fake.calendar.events[event.id] = event
    fake.calendar._ids = _at_least(fake.calendar._ids, int(data["next_event"]))
