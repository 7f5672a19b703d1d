"""The routes of the bot's own HTTP client (``bot.http.request``): a channel's messages,
pins, threads and webhooks, answered — and refused — as Discord does in the fake guild's
places; the guild's scheduled events (:mod:`.calendar`) and the command sync
(:mod:`.menus`) are answered by their own classes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from discord.http import Route

from bot.console.calendar import Calendar
from bot.console.gate import (
    MAX_PINS,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    THREAD_ARCHIVED,
    UNKNOWN_MESSAGE,
    Notice,
    Refused,
)
from bot.console.guild import Place, Places, channel_payload
from bot.console.mailbox import api_path, attach, with_files
from bot.console.menus import Commands
from bot.console.messages import SentMessage
from bot.console.webhooks import WebhookRoutes

UNKNOWN_CHANNEL = 10003
UNKNOWN_MEMBER = 10007
PINS_MAX = 50
MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
PINS = "/channels/{channel_id}/messages/pins"
PIN = "/channels/{channel_id}/messages/pins/{message_id}"
MEMBER = "/guilds/{guild_id}/members/{member_id}"
#: How long Discord remembers a message's nonce for ``enforce_nonce`` («the past few
#: minutes»: the console takes 3).
NONCE_WINDOW_S = 180.0


def _missing(flag: str) -> Refused:
    del flag  # Discord does not say which; the console's notice names the route
    return Refused(403, MISSING_PERMISSIONS, "Missing Permissions")


class ChannelRoutes(WebhookRoutes):
    places: Places
    calendar: Calendar
    commands: Commands

    def channel_id(self, name: str) -> int:
        return self.places.get(name).id

    def channel_name(self, channel_id: int) -> str:
        place = self.places.by_id(channel_id)
        return place.name if place else str(channel_id)

    async def _http_request(self, route: Route, **kwargs: Any) -> Any:
        files: dict[str, bytes] = {}
        body: dict[str, Any] | None
        if kwargs.get("form"):
            body, files = with_files(kwargs["form"])
        else:
            body = kwargs.get("json")
        path = api_path(route)
        await self.gate.enter(route.method, path, body)
        try:
            if route.path.startswith("/guilds/{guild_id}/scheduled-events"):
                params = kwargs.get("params") or {}
                return self.calendar.route(route.method, route.path, path, body or {}, params)
            if route.path.startswith("/applications/"):
                return self.commands.route(route.method, path, body)
            if route.path == "/webhooks/{webhook_id}":
                return self._webhook_by_id(route.method, int(path.rsplit("/", 1)[1]))
            return await self._channel_route(route, path, body or {}, files)
        except Refused as refused:
            if route.path == MEMBER:  # someone who left: Discord's answer, not a refusal
                raise refused.exception() from None
            raise self.gate.refuse(refused, route.method, path) from None

    async def _channel_route(
        self, route: Route, path: str, body: dict[str, Any], files: Mapping[str, bytes]
    ) -> Any:
        if route.path == MEMBER and route.method == "GET":
            return self._member(int(path.rsplit("/", 1)[1]))
        channel_id = getattr(route, "channel_id", None)
        place = self.places.by_id(int(channel_id)) if channel_id is not None else None
        if place is None:
            raise Refused(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if not place.can("view_channel"):
            raise Refused(403, MISSING_ACCESS, "Missing Access")
        method, template = route.method, route.path
        if template == "/channels/{channel_id}/webhooks":
            return self._channel_webhooks(place, method, path, body)
        if method in ("POST", "PATCH"):
            self.gate.check_body(method, path, body)
            self.gate.check_files({k: len(v) for k, v in files.items()})
        if template == MESSAGES and method == "POST":
            self._may_post(place, body, files)
            earlier = self._same_nonce(body, path)
            if earlier is not None:
                return self._message_payload(earlier)
            await self.gate.take_slot(place.id, method, path)
            message = self._new_message(place.name, attach(body, files))
            return self._message_payload(message)
        if template == MESSAGE:
            message = self.message_by_id(int(path.rsplit("/", 1)[1]))
            if method == "GET":
                if not place.can("read_message_history"):
                    raise Refused(403, MISSING_ACCESS, "Missing Access")
                return self._message_payload(message)
            if method == "DELETE":
                # someone else's message (a person's, a webhook's): «Gestionar mensajes»
                others = message.author_id is not None or message.webhook_id is not None
                if others and not place.can("manage_messages"):
                    raise _missing("manage_messages")
                message.deleted = True
                return None
            if method == "PATCH":
                if body.get("embeds") and not place.can("embed_links"):
                    raise _missing("embed_links")
                self._open(place)
                await self.gate.take_slot(place.id, method, path)
                self.gate.check_old_edit(message.created, message.old_edits)
                return self._message_payload(self._edit(message, attach(body, files)))
        if template in (PIN, PINS):
            return self._pins(place, method, path)
        if template == "/channels/{channel_id}" and method == "PATCH":
            return self._edit_thread(place, body)
        if template == "/channels/{channel_id}/threads" and method == "POST":
            return self._new_thread(place, str(body["name"]))
        if template == "/channels/{channel_id}/messages/{message_id}/threads":
            return self._new_thread(place, str(body["name"]))
        raise NotImplementedError(f"La consola no sabe hacer {method} {template}.")

    def _may_post(self, place: Place, body: Mapping[str, Any], files: Mapping[str, bytes]) -> None:
        if not place.can(place.send_flag):
            raise _missing(place.send_flag)
        if body.get("embeds") and not place.can("embed_links"):
            raise _missing("embed_links")
        if (files or body.get("attachments")) and not place.can("attach_files"):
            raise _missing("attach_files")
        self._open(place)

    def _same_nonce(self, body: Mapping[str, Any], path: str) -> SentMessage | None:
        """As Discord with ``enforce_nonce``: a nonce the bot sent within the window gives
        back that message instead of a second one (deleted since: 404 Unknown Message)."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        for message in reversed(self.messages):
            if message.author_id is not None or message.webhook_id is not None:
                continue
            sent = message.payload.get("nonce")
            if sent is None or str(sent) != str(nonce):
                continue
            if self.clock.now - message.created > NONCE_WINDOW_S:
                return None
            if message.deleted:
                raise Refused(404, UNKNOWN_MESSAGE, "Unknown Message")
            text = f"nonce repetido: Discord devuelve el mensaje {message.id} y no publica otro"
            self.gate.notices.append(Notice(f"{text} — POST {path}", False, kind="nonce"))
            return message
        return None

    @staticmethod
    def _open(place: Place) -> None:
        if place.archived:
            raise Refused(400, THREAD_ARCHIVED, "Thread is archived")

    def _pins(self, place: Place, method: str, path: str) -> Any:
        if method == "GET":
            if not place.can("read_message_history"):
                raise Refused(403, MISSING_ACCESS, "Missing Access")
            pinned = [m for m in self.messages if m.channel == place.name and m.pinned]
            items = [
                {"pinned_at": self.clock.iso(), "message": self._message_payload(m)}
                for m in reversed(pinned)
                if not m.deleted
            ]
            return {"items": items, "has_more": False}
        if not place.can("pin_messages"):
            raise _missing("pin_messages")
        message = self.message_by_id(int(path.rsplit("/", 1)[1]))
        if method == "PUT" and not message.pinned:
            count = sum(1 for m in self.messages if m.channel == place.name and m.pinned)
            if count >= PINS_MAX:
                raise Refused(400, MAX_PINS, f"Maximum number of pins reached ({PINS_MAX})")
            message.pinned = True
        elif method == "DELETE":
            message.pinned = False
        return None

    def _edit_thread(self, place: Place, body: Mapping[str, Any]) -> Any:
        if not place.is_thread:
            raise NotImplementedError("La consola solo edita hilos.")
        if body.get("archived") is False and place.archived:
            # Discord: a locked thread reopens only with «Gestionar hilos».
            flag = "manage_threads" if place.locked else place.send_flag
            if not place.can(flag):
                raise _missing(flag)
            place.archived = False
        elif body.get("archived") is True:
            place.archived = True
        self.places.refresh(place)
        return channel_payload(place, self.clock)

    def _new_thread(self, place: Place, name: str) -> Any:
        thread = self.places.get(f"{place.channel.name}/{name}")
        return channel_payload(thread, self.clock)

    def _member(self, member_id: int) -> Any:
        name = self.names.get(member_id)
        if name is None:  # nobody the console has seen: as Discord answers
            raise Refused(404, UNKNOWN_MEMBER, "Unknown Member")
        return self._member_payload(name)

    # the console's fault lines

    def delete_titled(self, channel: str, title: str) -> SentMessage:
        """``!borrar``: the latest bot message in ``channel`` whose first embed title starts
        with ``title`` is deleted (its edits then get 404, code 10008)."""
        place = self.places.get(channel)
        for message in reversed(self.messages):
            if message.channel != place.name or message.deleted or message.ephemeral:
                continue
            if message.title.lower().startswith(title.lower()):
                message.deleted, message.pinned = True, False
                return message
        raise LookupError(
            f"No hay ningún mensaje del bot en #{place.name} cuyo título empiece por «{title}»."
        )

    def archive(self, channel: str, *, locked: bool = False) -> None:
        """``!archivar``: the thread is archived (messages to it refused until reopened);
        ``locked`` (tests only) also locks it, as a moderator would."""
        place = self.places.get(channel)
        if not place.is_thread:
            raise LookupError("!archivar archiva un hilo: ve a uno con #canal/hilo.")
        place.archived = True
        place.locked = place.locked or locked
        self.places.refresh(place)
