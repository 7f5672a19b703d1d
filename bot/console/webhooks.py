"""Channel webhooks of the fake guild, as Discord keeps and answers them.

The bot creates and lists a channel's webhooks with its own token
(``POST|GET /channels/{id}/webhooks``: «Gestionar webhooks» in the channel, at most 15 a
channel, a name of 1–80 characters without «clyde» or «discord»), then executes one with the
webhook's token (any ``username`` and ``avatar_url``, ``thread_id`` for a thread of its
channel, which reopens if archived and not locked), and edits, reads or deletes the messages
that webhook sent — a message in a thread only with its ``thread_id``, as Discord asks.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.console.gate import MISSING_PERMISSIONS, THREAD_ARCHIVED, Refused
from bot.console.guild import Place, Places
from bot.console.mailbox import Mailbox, WebhookCall, attach
from bot.console.messages import SentMessage
from bot.console.payloads import APPLICATION_ID, GUILD_ID, bot_user_payload

UNKNOWN_CHANNEL, UNKNOWN_WEBHOOK, INVALID_WEBHOOK_TOKEN = 10003, 10015, 50027
MAX_WEBHOOKS, MAX_WEBHOOKS_CODE = 15, 30007
EMPTY_MESSAGE, WRONG_CHANNEL_TYPE = 50006, 50024


@dataclass
class ChannelWebhook:
    id: int
    token: str
    channel_id: int  # a text (or voice) channel: never a thread
    name: str
    avatar: str | None = None

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(self.channel_id),
            "name": self.name,
            "avatar": self.avatar,
            "token": self.token,
            "application_id": str(APPLICATION_ID),
            "user": bot_user_payload(),
        }


class WebhookRoutes(Mailbox):
    """The webhooks' routes on top of the guild's messages."""

    places: Places

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.webhooks: dict[int, ChannelWebhook] = {}
        self._webhook_ids = itertools.count(1)

    # --- with the bot's token: /channels/{id}/webhooks ------------------------------------

    def _channel_webhooks(
        self, place: Place, method: str, path: str, body: Mapping[str, Any]
    ) -> Any:
        if place.is_thread:
            raise Refused(400, WRONG_CHANNEL_TYPE, "Cannot execute action on this channel type")
        if not place.can("manage_webhooks"):
            raise Refused(403, MISSING_PERMISSIONS, "Missing Permissions")
        own = [w for w in self.webhooks.values() if w.channel_id == place.id]
        if method == "GET":
            return [w.payload() for w in own]
        self.gate.check_body(method, path, body)
        if len(own) >= MAX_WEBHOOKS:
            message = f"Maximum number of webhooks reached ({MAX_WEBHOOKS})"
            raise Refused(400, MAX_WEBHOOKS_CODE, message)
        number = next(self._webhook_ids)
        webhook = ChannelWebhook(
            id=900_200_000_000_000_000 + number,
            token=f"webhook-token-{number}",
            channel_id=place.id,
            name=str(body["name"]),
            avatar=None if body.get("avatar") is None else f"avatar-{number}",
        )
        self.webhooks[webhook.id] = webhook
        return webhook.payload()

    def _webhook_by_id(self, method: str, webhook_id: int) -> Any:
        """``GET|DELETE /webhooks/{id}`` (with the bot's token or the webhook's own): the
        console's webhooks are all the bot's, which needs no permission for them."""
        webhook = self.webhooks.get(webhook_id)
        if webhook is None:
            raise Refused(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if method == "GET":
            return webhook.payload()
        if method == "DELETE":
            del self.webhooks[webhook_id]
            return None
        raise NotImplementedError(f"La consola no sabe hacer {method} de un webhook.")

    # --- with the webhook's token: /webhooks/{id}/{token}… -------------------------------------

    async def _webhook_route(self, call: WebhookCall) -> Any:
        """A channel webhook's route; an interaction's token otherwise (:class:`Mailbox`)."""
        if int(str(call.route.webhook_id)) not in self.webhooks:
            return await super()._webhook_route(call)
        return await self._execute_route(call)

    async def _execute_route(self, call: WebhookCall) -> Any:
        """Execute the webhook, or read, edit or delete one of its messages."""
        method, path, body, files = call.route.method, call.path, call.body, call.files
        parts = path.split("/")  # "", "webhooks", id, [token, ["messages", id]]
        if len(parts) == 3:  # the webhook itself, with the bot's token
            return self._webhook_by_id(method, int(parts[2]))
        webhook = self.webhooks[int(parts[2])]
        if parts[3] != webhook.token:
            raise Refused(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        place = self._webhook_place(webhook, call.params.get("thread_id"))
        if method in ("POST", "PATCH"):
            self.gate.check_body(method, path, body)
            self.gate.check_files({k: len(v) for k, v in files.items()})
        if len(parts) == 4 and method == "POST":
            shown = ("content", "embeds", "components", "poll")
            if not (files or any(body.get(key) for key in shown)):
                raise Refused(400, EMPTY_MESSAGE, "Cannot send an empty message")
            self._reopen(place)
            await self.gate.take_slot(place.id, method, path)
            message = self._new_message(place.name, attach(body, files))
            message.author = str(body.get("username") or webhook.name)
            message.webhook_id = webhook.id
            message.avatar_url = body.get("avatar_url")
            wait = str(call.params.get("wait", "")).lower() in ("1", "true")
            return self._message_payload(message) if wait else None
        if len(parts) == 4:  # the webhook itself, with its own token
            return self._webhook_by_id(method, webhook.id)
        message = self.message_by_id(int(parts[5]))
        if message.webhook_id != webhook.id or message.channel != place.name:
            raise Refused(404, 10008, "Unknown Message")  # not its message, or not there
        if method == "GET":
            return self._message_payload(message)
        if method == "DELETE":
            message.deleted = True
            self._record("delete", message)
            return None
        if method == "PATCH":
            self._reopen(place)
            await self.gate.take_slot(place.id, method, path)
            self.gate.check_old_edit(message.created, message.old_edits)
            return self._message_payload(self._edit(message, attach(body, files)))
        raise NotImplementedError(f"La consola no sabe hacer {method} {path}.")

    def _webhook_place(self, webhook: ChannelWebhook, thread_id: Any) -> Place:
        """Where the request acts: the webhook's channel, or its thread ``thread_id``."""
        channel = self.places.by_id(webhook.channel_id)
        assert channel is not None
        if thread_id is None:
            return channel
        thread = self.places.by_id(int(thread_id))
        if thread is None or thread.parent is not channel:
            raise Refused(400, UNKNOWN_CHANNEL, "Unknown Channel")
        return thread

    def _reopen(self, place: Place) -> None:
        """A message by webhook reopens an archived thread, unless it is locked."""
        if place.archived:
            if place.locked:
                raise Refused(400, THREAD_ARCHIVED, "Thread is archived")
            place.archived = False
            self.places.refresh(place)

    def webhook_messages(self, channel: str) -> list[SentMessage]:
        """What the webhooks said in ``channel`` (tests)."""
        return [m for m in self.messages if m.channel == channel and m.webhook_id is not None]
