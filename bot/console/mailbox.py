"""The messages of the fake guild and the interaction-token routes (callbacks, follow-ups,
edits of the original response), answered as Discord answers them — refusals included."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from discord.http import Route
from discord.webhook import async_ as webhook_async

from bot.console.clock import FakeClock
from bot.console.gate import (
    ALREADY_ACKNOWLEDGED,
    FIRST_RESPONSE_S,
    INVALID_WEBHOOK_TOKEN,
    TOKEN_LIFETIME_S,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    Gate,
    Refused,
)
from bot.console.messages import Event, Pending, SentMessage
from bot.console.payloads import EPHEMERAL, GUILD_ID, bot_user_payload
from bot.console.strict import INVALID_FORM_BODY

UNKNOWN_WEBHOOK = 10015
SEEN = (4, 6, 7, 8, 9)  # callback types the user sees an answer in (5 is "thinking…")


def api_path(route: Route) -> str:
    """The route's path relative to the API root, without its query."""
    path = urlsplit(route.url).path
    base = urlsplit(Route.BASE).path
    return path[len(base) :] if path.startswith(base) else path


def with_files(multipart: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A multipart body as its ``payload_json`` and the bytes of each file by name."""
    parts = {part["name"]: part for part in multipart}
    payload: dict[str, Any] = json.loads(parts["payload_json"]["value"])
    files: dict[str, bytes] = {}
    for name, part in parts.items():
        if name.startswith("files["):
            fp = part["value"]
            fp.seek(0)
            files[name] = fp.read()
    return payload, files


def attach(payload: Mapping[str, Any], files: Mapping[str, bytes]) -> dict[str, Any]:
    """``payload`` with each attachment holding its file's bytes (what the console shows)."""
    body = json.loads(json.dumps(payload))
    target = body.get("data", body) if "type" in body else body
    for attachment in (target or {}).get("attachments") or []:
        content = files.get(f"files[{attachment['id']}]")
        if content is not None:
            attachment["content"] = content
    return dict(body)


@dataclass(frozen=True)
class WebhookCall:
    """A request of discord.py's webhook adapter: its route, path, JSON body, files and
    query."""

    route: Route
    path: str
    body: dict[str, Any]
    files: Mapping[str, bytes]
    params: Mapping[str, Any]


class Mailbox:
    """The messages of the fake guild; :class:`~.transport.FakeDiscord` builds on it."""

    #: The loop's real time, for Discord's 3 seconds before an interaction's first response:
    #: a bot that blocks its loop (a long computation) runs out of them whatever the fake's
    #: clock says, and its late response gets 404 10062 as from Discord. Tests stand it still
    #: (``tests/conftest.py``) and move it by hand, so no test depends on the machine's speed.
    monotonic: Callable[[], float] = staticmethod(time.monotonic)

    def __init__(self, clock: FakeClock, gate: Gate) -> None:
        self.clock = clock
        self.gate = gate
        self.messages: list[SentMessage] = []
        self.events: list[Event] = []
        self._pending: dict[str, Pending] = {}
        self._message_ids = itertools.count(1)
        self._choices: list[dict[str, Any]] | None = None
        self._adapter = _FakeAdapter(self)
        #: Display names by user id (the console's users; ``/historial`` asks for them).
        self.names: dict[int, str] = {}
        #: The form open for each user: the interaction that opened it (``Pending.form``).
        self.forms: dict[str, Pending] = {}
        #: Whether each interaction waits for the bot's background work (the tracker) before
        #: it returns; paced runs (:mod:`.pacing`) leave it running beside the next ones.
        self.settles = True

    async def settle(self) -> None:
        """Wait for what the bot does in the background after an interaction (the tracker)."""
        trackers = getattr(getattr(self, "bot", None), "trackers", None)
        if trackers is not None and self.settles:
            await trackers.idle()

    def _member_payload(self, user: str) -> dict[str, Any]:
        raise NotImplementedError  # FakeDiscord knows its members

    def restore(self, messages: list[SentMessage]) -> None:
        """Messages already in the channels (sent before a restart of the bot)."""
        known = {m.id for m in self.messages}  # kept already (bot/console/memory.py)
        self.messages.extend(m for m in messages if m.id not in known)
        ahead = next(self._message_ids)
        start = max((m.id % 1_000_000_000 for m in self.messages), default=0) + 1
        self._message_ids = itertools.count(max(ahead, start))

    def channel_id(self, name: str) -> int:
        raise NotImplementedError

    def _record(self, kind: str, message: SentMessage) -> SentMessage:
        if kind == "send":
            self.messages.append(message)
        self.events.append(Event(kind, message))
        return message

    def note(self, who: str, text: str) -> None:
        """The guild's events changed (by ``who``): the console shows ``text``."""
        shown = SentMessage(0, "", who, {"content": text}, created=self.clock.now)
        self.events.append(Event("evento", shown))

    def open_form(self, user: str, channel: str, modal: Mapping[str, Any]) -> None:
        """A form (a modal) opens for ``user`` in ``channel``."""
        form = SentMessage(
            0, channel, "Umbral", dict(modal), recipient=user, created=self.clock.now
        )
        self.events.append(Event("formulario", form))

    def _new_message(
        self, channel: str, payload: Mapping[str, Any], user: str | None = None
    ) -> SentMessage:
        body = dict(payload)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        message = SentMessage(
            id=500_000_000_000_000_000 + next(self._message_ids),
            channel=channel,
            author="Umbral",
            payload=body,
            ephemeral=ephemeral,
            recipient=user if ephemeral else None,
            created=self.clock.now,
        )
        return self._record("send", message)

    def _edit(self, message: SentMessage, payload: Mapping[str, Any]) -> SentMessage:
        for key, value in payload.items():
            if key != "flags":
                message.payload[key] = value
        message.edits += 1
        return self._record("edit", message)

    def message_by_id(self, message_id: int) -> SentMessage:
        for message in self.messages:
            if message.id == message_id and not message.deleted:
                return message
        raise Refused(404, UNKNOWN_MESSAGE, "Unknown Message")

    def _message_payload(self, message: SentMessage) -> dict[str, Any]:
        body = message.payload
        return {
            "id": str(message.id),
            "channel_id": str(self.channel_id(message.channel)),
            "guild_id": str(GUILD_ID),
            "author": self._author(message),
            "content": body.get("content") or "",
            "timestamp": self.clock.iso(message.created),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": message.pinned,
            "type": 0,
            "flags": EPHEMERAL if message.ephemeral else 0,
            **({"webhook_id": str(message.webhook_id)} if message.webhook_id else {}),
        }

    def _author(self, message: SentMessage) -> dict[str, Any]:
        """Who wrote it: the bot, a webhook under its ``username``, or a person."""
        if message.webhook_id is not None:
            return {
                "id": str(message.webhook_id),
                "username": message.author,
                "avatar": None,
                "discriminator": "0000",
                "bot": True,
            }
        if message.author_id is not None:
            return dict(self._member_payload(message.author)["user"])
        bot: dict[str, Any] = bot_user_payload()
        return bot

    # interaction callbacks and webhooks (the interaction token)

    async def _on_webhook(
        self,
        route: Route,
        payload: dict[str, Any] | None,
        files: Mapping[str, bytes],
        params: Mapping[str, Any] | None = None,
    ) -> Any:
        """A request of discord.py's webhook adapter: written down, answered, or refused
        as Discord would."""
        path = api_path(route)
        await self.gate.enter(route.method, path, payload)
        try:
            call = WebhookCall(route, path, payload or {}, files, params or {})
            return await self._webhook_route(call)
        except Refused as refused:
            raise self.gate.refuse(refused, route.method, path) from None

    async def _webhook_route(self, call: WebhookCall) -> Any:
        """An interaction's token: its callback, follow-ups and edits (the query, ``params``,
        matters only to channel webhooks: :class:`~.webhooks.WebhookRoutes`)."""
        return self._webhook(call.route, call.path, call.body, call.files)

    def _webhook(
        self, route: Route, path: str, body: dict[str, Any], files: Mapping[str, bytes]
    ) -> Any:
        pending = self._pending.get(str(route.webhook_token))
        if pending is None:
            raise Refused(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        age = self.clock.now - pending.created
        if route.method in ("POST", "PATCH"):
            self.gate.check_body(route.method, path, body)
            self.gate.check_files({k: len(v) for k, v in files.items()})
        body = attach(body, files)
        if route.method == "POST" and path.endswith("/callback"):
            if pending.response is not None:
                raise Refused(
                    400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
                )
            waited = self.monotonic() - pending.dispatched  # the loop's time, not the fake's
            if age > FIRST_RESPONSE_S or waited > FIRST_RESPONSE_S:
                raise Refused(404, UNKNOWN_INTERACTION, "Unknown interaction")
            _may_answer(pending, int(body.get("type", 0)))
            return self._on_callback(pending, body)
        if pending.response is None:
            raise Refused(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if age > TOKEN_LIFETIME_S:
            raise Refused(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if route.method == "POST":  # follow-up
            pending.answered = True
            if pending.deferred_ephemeral is not None and pending.original is None:
                # Discord: the first follow-up after a defer *is* the deferred response and
                # keeps the defer's visibility, whatever flags it asks for.
                flags = EPHEMERAL if pending.deferred_ephemeral else 0
                body = {**body, "flags": flags}
                pending.original = self._new_message(pending.channel, body, pending.user)
                return self._message_payload(pending.original)
            msg = self._new_message(pending.channel, body, pending.user)
            return self._message_payload(msg)
        if route.method == "PATCH" and path.endswith("/messages/@original"):
            pending.answered = True
            if pending.original is None:
                flags = EPHEMERAL if pending.deferred_ephemeral else 0
                pending.original = self._new_message(
                    pending.channel, {**body, "flags": flags}, pending.user
                )
            else:
                self._edit(pending.original, body)
            return self._message_payload(pending.original)
        if route.method == "PATCH":
            msg = self.message_by_id(int(path.rsplit("/", 1)[1]))
            return self._message_payload(self._edit(msg, body))
        if route.method == "GET" and pending.original is not None:
            return self._message_payload(pending.original)
        if route.method == "DELETE" and path.endswith("/messages/@original"):
            pending.deferred_ephemeral = None  # the "thinking…" is gone
            pending.answered = True
            return None
        raise NotImplementedError(f"{route.method} {path}")

    def _on_callback(self, pending: Pending, body: dict[str, Any]) -> dict[str, Any]:
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        pending.response = kind
        pending.answered = kind in SEEN
        message: SentMessage | None = None
        if kind == 4:  # a message
            message = pending.original = self._new_message(pending.channel, data, pending.user)
        elif kind == 5:  # deferred, "thinking"
            pending.deferred_ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        elif kind == 6 and pending.component_message is not None:  # deferred update: the
            pending.original = pending.component_message  # pressed message is @original
        elif kind == 7 and pending.component_message is not None:  # edit the pressed message
            message = self._edit(pending.component_message, data)
        elif kind == 8:  # autocomplete
            self._choices = list(data.get("choices", []))
        elif kind == 9:  # a form opens for its user (one at a time)
            pending.form = dict(data)
            self.forms[pending.user] = pending
            self.open_form(pending.user, pending.channel, data)
        interaction: dict[str, Any] = {"id": "1", "type": kind}
        result: dict[str, Any] = {"interaction": interaction}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_ephemeral=message.ephemeral,
            )
            result["resource"] = {"type": kind, "message": self._message_payload(message)}
        return result


#: The first responses Discord takes, by interaction type: a command (2), a button (3), an
#: autocomplete (4), a form sent (5; 6 and 7 only for a form opened from a message's button).
RESPONSES = {2: (4, 5, 9), 3: (4, 5, 6, 7, 9), 4: (8,), 5: (4, 5, 6, 7)}


def _may_answer(pending: Pending, kind: int) -> None:
    """A response of ``kind`` to ``pending``, or Discord's 50035 naming the ones it takes
    (a form answered with another form, a command answered by editing a message…)."""
    allowed = RESPONSES.get(pending.kind, ())
    if pending.kind == 5 and pending.component_message is None:
        allowed = (4, 5)
    if allowed and kind not in allowed:
        shown = ", ".join(str(a) for a in allowed)
        error = {"code": "BASE_TYPE_CHOICES", "message": f"Value must be one of {{{shown}}}."}
        raise Refused(400, INVALID_FORM_BODY, "Invalid Form Body", {"type": {"_errors": [error]}})


class _FakeAdapter(webhook_async.AsyncWebhookAdapter):
    """Interaction callbacks and webhook calls answered by :class:`Mailbox`."""

    def __init__(self, discord_: Mailbox) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._discord = discord_

    async def request(self, route: Route, session: Any = None, **kwargs: Any) -> Any:
        payload = kwargs.get("payload")
        files: dict[str, bytes] = {}
        if payload is None and kwargs.get("multipart"):
            payload, files = with_files(kwargs["multipart"])
        return await self._discord._on_webhook(route, payload, files, kwargs.get("params"))
