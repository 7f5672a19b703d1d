"""What the bot says: every message it sends or edits, captured from the interaction
callbacks, the webhook follow-ups and its own HTTP client."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
from discord.http import Route
from discord.webhook import async_ as webhook_async

from bot.console.payloads import EPHEMERAL, GUILD_ID, FakeResponse, bot_user_payload
from bot.console.printer import message_text


@dataclass
class SentMessage:
    """One message as Discord would hold it, with the raw payload the bot sent."""

    id: int
    channel: str
    author: str
    payload: dict[str, Any]
    ephemeral: bool = False
    recipient: str | None = None  # the only user who sees an ephemeral message
    edits: int = 0
    pinned: bool = False

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def buttons(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for row in self.payload.get("components") or []:
            for comp in row.get("components", []):
                if comp.get("type") == 2:
                    found.append(comp)
        return found

    @property
    def files(self) -> dict[str, bytes]:
        """The files attached to the message, by file name."""
        return {
            str(a["filename"]): bytes(a.get("content", b""))
            for a in self.payload.get("attachments") or []
        }

    @property
    def title(self) -> str:
        return str(self.embeds[0].get("title") or "") if self.embeds else ""

    def field(self, name: str) -> str:
        """The value of the first embed field called ``name``."""
        for embed in self.embeds:
            for item in embed.get("fields") or []:
                if item["name"] == name:
                    return str(item["value"])
        raise KeyError(name)

    def text(self, names: Mapping[int, str] | None = None) -> str:
        """Everything a reader sees, as plain text (no header)."""
        return message_text(self.payload, names or {})


@dataclass
class Event:
    """The bot sent (``kind == "send"``) or edited (``"edit"``) a message."""

    kind: str
    message: SentMessage


@dataclass
class Pending:
    user: str
    channel: str
    original: SentMessage | None = None
    deferred_ephemeral: bool | None = None
    component_message: SentMessage | None = None


@dataclass
class Reply:
    """What one dispatched interaction produced."""

    events: list[Event] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # autocomplete answer

    @property
    def messages(self) -> list[SentMessage]:
        return [e.message for e in self.events]

    @property
    def first(self) -> SentMessage:
        """The answer itself (what follows may be the tracker's edit)."""
        if not self.events:
            raise AssertionError("El bot no respondió nada.")
        return self.events[0].message

    @property
    def last(self) -> SentMessage:
        if not self.events:
            raise AssertionError("El bot no respondió nada.")
        return self.events[-1].message

    def text(self) -> str:
        return "\n".join(e.message.text() for e in self.events)


class Mailbox:
    """The messages of the fake guild; :class:`~.transport.FakeDiscord` builds on it."""

    def __init__(self) -> None:
        self.messages: list[SentMessage] = []
        self.events: list[Event] = []
        self._pending: dict[str, Pending] = {}
        self._message_ids = itertools.count(1)
        self._choices: list[dict[str, Any]] | None = None
        self._adapter = _FakeAdapter(self)
        #: Threads by id (their channel payload), for PATCH /channels/{id} (reopening).
        self.threads: dict[int, dict[str, Any]] = {}
        self.names: dict[int, str] = {}

    async def settle(self) -> None:
        """Wait for what the bot does in the background after an interaction (the tracker)."""
        trackers = getattr(getattr(self, "bot", None), "trackers", None)
        if trackers is not None:
            await trackers.idle()

    def _member_payload(self, user: str) -> dict[str, Any]:
        raise NotImplementedError  # FakeDiscord knows its members

    def restore(self, messages: list[SentMessage]) -> None:
        """Messages already in the channels (sent before a restart of the bot)."""
        self.messages.extend(messages)
        start = max((m.id % 1_000_000_000 for m in messages), default=0) + 1
        self._message_ids = itertools.count(start)

    def channel_id(self, name: str) -> int:
        raise NotImplementedError

    def channel_name(self, channel_id: int) -> str:
        raise NotImplementedError

    def _record(self, kind: str, message: SentMessage) -> SentMessage:
        if kind == "send":
            self.messages.append(message)
        self.events.append(Event(kind, message))
        return message

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
            if message.id == message_id:
                return message
        raise discord.NotFound(FakeResponse(404), {"message": "Unknown Message", "code": 10008})

    def _message_payload(self, message: SentMessage) -> dict[str, Any]:
        body = message.payload
        return {
            "id": str(message.id),
            "channel_id": str(self.channel_id(message.channel)),
            "guild_id": str(GUILD_ID),
            "author": bot_user_payload(),
            "content": body.get("content") or "",
            "timestamp": datetime.now(UTC).isoformat(),
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
        }

    # interaction callbacks and webhooks (the interaction token)

    def _on_webhook(self, route: Route, payload: dict[str, Any] | None) -> Any:
        pending = self._pending.get(str(route.webhook_token))
        if pending is None:
            raise discord.NotFound(FakeResponse(404), {"message": "Unknown Webhook", "code": 10015})
        body = payload or {}
        url = route.url
        if route.method == "POST" and url.endswith("/callback"):
            return self._on_callback(pending, body)
        if route.method == "POST":  # follow-up
            if pending.deferred_ephemeral is not None and pending.original is None:
                # Discord: the first follow-up after a defer *is* the deferred response and
                # keeps the defer's visibility, whatever flags it asks for.
                flags = EPHEMERAL if pending.deferred_ephemeral else 0
                body = {**body, "flags": flags}
                pending.original = self._new_message(pending.channel, body, pending.user)
                return self._message_payload(pending.original)
            msg = self._new_message(pending.channel, body, pending.user)
            return self._message_payload(msg)
        if route.method == "PATCH" and url.endswith("/messages/@original"):
            if pending.original is None:
                flags = EPHEMERAL if pending.deferred_ephemeral else 0
                pending.original = self._new_message(
                    pending.channel, {**body, "flags": flags}, pending.user
                )
            else:
                self._edit(pending.original, body)
            return self._message_payload(pending.original)
        if route.method == "PATCH":
            msg = self.message_by_id(int(url.rsplit("/", 1)[1].split("?")[0]))
            return self._message_payload(self._edit(msg, body))
        if route.method == "GET" and pending.original is not None:
            return self._message_payload(pending.original)
        if route.method == "DELETE" and url.endswith("/messages/@original"):
            pending.deferred_ephemeral = None  # the "thinking…" is gone
            return None
        raise NotImplementedError(f"{route.method} {url}")

    def _on_callback(self, pending: Pending, body: dict[str, Any]) -> dict[str, Any]:
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
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
        interaction: dict[str, Any] = {"id": "1", "type": kind}
        result: dict[str, Any] = {"interaction": interaction}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_ephemeral=message.ephemeral,
            )
            result["resource"] = {"type": kind, "message": self._message_payload(message)}
        return result

    # channel messages (the bot's own HTTP client)

    async def _http_request(self, route: Route, **kwargs: Any) -> Any:
        payload = kwargs.get("json") or {}
        if kwargs.get("form"):
            raise NotImplementedError("La consola no envía ficheros.")
        parts = route.url.split("/")
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            channel = self.channel_name(int(str(route.channel_id)))
            return self._message_payload(self._new_message(channel, payload))
        if route.path == "/channels/{channel_id}/messages/{message_id}":
            message = self.message_by_id(int(parts[-1]))
            if route.method == "PATCH":
                return self._message_payload(self._edit(message, payload))
            if route.method == "GET":
                return self._message_payload(message)
            if route.method == "DELETE":
                return None
        if route.method == "PATCH" and route.path == "/channels/{channel_id}":
            thread = self.threads.get(int(str(route.channel_id)))
            if thread is None:
                raise discord.NotFound(FakeResponse(404), {"message": "Unknown Channel"})
            meta = thread["thread_metadata"]
            meta.update({k: payload[k] for k in ("archived", "locked") if k in payload})
            return thread
        if route.path == "/channels/{channel_id}/messages/pins/{message_id}":
            message = self.message_by_id(int(parts[-1]))
            message.pinned = route.method == "PUT"
            return None

        if route.method == "GET" and route.path == "/guilds/{guild_id}/members/{member_id}":
            name = self.names.get(int(parts[-1]))
            if name is None:  # nobody the console has seen: as Discord answers
                raise discord.NotFound(
                    FakeResponse(404), {"message": "Unknown Member", "code": 10007}
                )
            return self._member_payload(name)
        raise NotImplementedError(f"La consola no sabe hacer {route.method} {route.path}.")


class _FakeAdapter(webhook_async.AsyncWebhookAdapter):
    """Interaction callbacks and webhook calls answered by :class:`FakeDiscord`."""

    def __init__(self, discord_: Mailbox) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._discord = discord_

    async def request(self, route: Route, session: Any = None, **kwargs: Any) -> Any:
        payload = kwargs.get("payload")
        if payload is None and kwargs.get("multipart"):
            payload = _with_files(kwargs["multipart"])
        return self._discord._on_webhook(route, payload)


def _with_files(multipart: list[dict[str, Any]]) -> dict[str, Any]:
    """A multipart body as its JSON payload, each attachment holding its file's bytes."""
    parts = {part["name"]: part for part in multipart}
    payload: dict[str, Any] = json.loads(parts["payload_json"]["value"])
    body = payload.get("data", payload) if "type" in payload else payload
    for attachment in body.get("attachments") or []:
        part = parts.get(f"files[{attachment['id']}]")
        if part is not None:
            fp = part["value"]
            fp.seek(0)
            attachment["content"] = fp.read()
    return payload
