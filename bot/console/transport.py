"""A Discord of mentira: real interaction payloads through the bot's own tree, no network.

:class:`FakeDiscord` holds one guild with its channels, users and roles, builds the raw
gateway payloads Discord would send (slash commands, autocomplete, button presses), hands
them to the command tree / the view store exactly as the gateway would (:mod:`.gateway`, the
one module that touches discord.py's internals), and records every message the bot sends or
edits (interaction responses, follow-ups, channel messages).
The console and the tests share it.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import mimetypes
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlparse
from urllib.request import url2pathname

import discord
from discord import app_commands
from discord.webhook import async_ as webhook_async
from sqlalchemy import event

from bot import observe
from bot.console import gateway
from bot.console.channels import ChannelRoutes
from bot.console.clock import FakeClock
from bot.console.gate import Gate, Refused
from bot.console.guild import Places, channel_payload, guild_payload, role_payload
from bot.console.messages import Event, Pending, Reply, SentMessage
from bot.console.payloads import (
    APPLICATION_ID,
    BOT_USER_ID,
    GM_ROLE_NAME,
    GUILD_ID,
    OPTION_ATTACHMENT,
    OPTION_CHANNEL,
    OPTION_ROLE,
    OPTION_USER,
    bot_user_payload,
    coerce_option,
    stable_id,
)

__all__ = ["Event", "FakeDiscord", "Reply", "SentMessage", "stable_id"]


def _database_work(*_: Any) -> None:
    observe.note_slow_work("base de datos")


def watch_engine(engine: Any) -> None:
    """Every statement on ``engine`` (an ``AsyncEngine``) counts as slow work (the 3-second
    window): SQLAlchemy runs the listener in the context of the task that awaits it."""
    target = engine.sync_engine
    if not event.contains(target, "before_cursor_execute", _database_work):
        event.listen(target, "before_cursor_execute", _database_work)


class FakeDiscord(ChannelRoutes):
    """One guild, its channels and members, and everything the bot said in it."""

    def __init__(
        self,
        bot: discord.Client,
        *,
        masters: Sequence[str] = ("master",),
        managers: Sequence[str] | None = None,
        guild_name: str = "Mesa de Umbral",
        clock: FakeClock | None = None,
        log: TextIO | None = None,
    ) -> None:
        clock = clock or FakeClock()
        super().__init__(clock, Gate(clock, log))
        self.bot = bot
        self.masters = {m.lower() for m in masters}
        self.managers = {m.lower() for m in (masters if managers is None else managers)}
        self.gm_role_id = stable_id("role", GM_ROLE_NAME)
        self.names[BOT_USER_ID] = "Umbral"
        self._ids = itertools.count(1)
        gateway.log_in(bot, APPLICATION_ID, bot_user_payload())
        owner = self.user_id(next(iter(self.managers), "master"))
        data: Any = guild_payload(guild_name, owner, self.gm_role_id, GM_ROLE_NAME)
        self.guild = gateway.add_guild(bot, data)
        self.places = Places(bot, self.guild, clock)
        self.channel_id("mesa")
        bot.http.request = self._http_request  # type: ignore[method-assign]
        bot.http.get_from_cdn = self._get_from_cdn  # type: ignore[method-assign]
        storage = getattr(bot, "storage", None)
        if getattr(storage, "engine", None) is not None:
            watch_engine(storage.engine)  # type: ignore[union-attr]

    # --- identities -----------------------------------------------------------------------

    def user_id(self, name: str) -> int:
        uid = stable_id("user", name)
        self.names[uid] = name
        return uid

    def _member_payload(self, user: str) -> dict[str, Any]:
        perms = discord.Permissions.none()
        perms.update(send_messages=True, view_channel=True, use_application_commands=True)
        if user.lower() in self.managers:
            perms.update(manage_guild=True)
        return {
            "user": {
                "id": str(self.user_id(user)),
                "username": user,
                "global_name": user,
                "discriminator": "0",
                "avatar": None,
            },
            "roles": [str(self.gm_role_id)] if user.lower() in self.masters else [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "permissions": str(perms.value),
        }

    def _base_payload(
        self, kind: int, user: str, channel: str, data: dict[str, Any], label: str
    ) -> dict[str, Any]:
        iid = 700_000_000_000_000_000 + next(self._ids)
        token = f"token-{iid}"
        place = self.places.get(channel)
        self._pending[token] = Pending(
            user=user, channel=place.name, label=label, kind=kind, created=self.clock.now
        )
        return {
            "id": str(iid),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(place.id),
            "channel": channel_payload(place, self.clock),
            "member": self._member_payload(user),
            "locale": "es-ES",
            "guild_locale": "es-ES",
            "app_permissions": str(place.bot_permissions().value),
            "attachment_size_limit": 25 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
            "data": data,
        }

    # --- commands -------------------------------------------------------------------------

    def find_command(self, path: Sequence[str]) -> app_commands.Command[Any, ..., Any]:
        tree = self.bot.tree  # type: ignore[attr-defined]
        found: Any = tree.get_command(path[0])
        for part in path[1:]:
            if not isinstance(found, app_commands.Group):
                break
            found = found.get_command(part)
        if not isinstance(found, app_commands.Command):
            raise LookupError(f"No existe el comando /{' '.join(path)}.")
        return found

    def resolve_path(self, words: Sequence[str]) -> list[str]:
        """How many leading words name the command (``ficha crear`` vs ``atacar``)."""
        tree = self.bot.tree  # type: ignore[attr-defined]
        if not words:
            raise LookupError("Falta el comando.")
        found: Any = tree.get_command(words[0])
        if found is None:
            raise LookupError(f"No existe el comando /{words[0]}.")
        path = [words[0]]
        for word in words[1:]:
            if not isinstance(found, app_commands.Group):
                break
            found = found.get_command(word)
            if found is None:
                raise LookupError(f"/{' '.join(path)} no tiene el subcomando «{word}».")
            path.append(word)
        if isinstance(found, app_commands.Group):
            subs = ", ".join(c.name for c in found.commands)
            raise LookupError(f"/{' '.join(path)} necesita un subcomando: {subs}.")
        return path

    def _options(
        self,
        command: app_commands.Command[Any, ..., Any],
        options: Mapping[str, Any],
        focused: str | None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        params = {p.display_name: p for p in command.parameters}
        built: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for name, value in options.items():
            param = params.get(name)
            if param is None:
                known = ", ".join(params) or "ninguna"
                raise LookupError(
                    f"/{command.qualified_name} no tiene la opción «{name}» ({known})."
                )
            kind = param.type.value
            option: dict[str, Any] = {"name": name, "type": kind}
            if name == focused:
                option.update(value=str(value), focused=True)
            elif kind == OPTION_ROLE:
                role = self._role(str(value))
                resolved.setdefault("roles", {})[role["id"]] = role
                option["value"] = role["id"]
            elif kind == OPTION_USER:
                member = self._member_payload(str(value).lstrip("@").lower())
                uid = member["user"]["id"]
                resolved.setdefault("users", {})[uid] = member["user"]
                resolved.setdefault("members", {})[uid] = {
                    k: v for k, v in member.items() if k != "user"
                }
                option["value"] = uid
            elif kind == OPTION_CHANNEL:
                place = self.places.get(str(value))
                cid = str(place.id)
                resolved.setdefault("channels", {})[cid] = {
                    **channel_payload(place, self.clock),
                    "permissions": str(place.bot_permissions().value),
                }
                option["value"] = cid
            elif kind == OPTION_ATTACHMENT:
                attachment = self._attachment(str(value))
                resolved.setdefault("attachments", {})[attachment["id"]] = attachment
                option["value"] = attachment["id"]
            else:
                option["value"] = coerce_option(kind, value, name)
                allowed = [c.value for c in param.choices]
                if allowed and option["value"] not in allowed:
                    shown = ", ".join(str(a) for a in allowed)
                    raise LookupError(f"La opción «{name}» admite: {shown}.")
            built.append(option)
        return built, resolved

    def _role(self, name: str) -> dict[str, Any]:
        for role in self.guild.roles:
            if (
                role.name.lower() in (name.lower(), name.lstrip("@").lower())
                or str(role.id) == name
            ):
                return role_payload(role.id, role.name, role.position, role.permissions.value)
        raise LookupError(f"No hay ningún rol «{name}» en el servidor.")

    def _attachment(self, path: str) -> dict[str, Any]:
        file = Path(path.lstrip("@"))
        if not file.is_file():
            raise LookupError(f"No encuentro el fichero {file}.")
        aid = str(600_000_000_000_000_000 + next(self._ids))
        return {
            "id": aid,
            "filename": file.name,
            "size": file.stat().st_size,
            "url": file.resolve().as_uri(),
            "proxy_url": file.resolve().as_uri(),
            "content_type": mimetypes.guess_type(file.name)[0] or "application/octet-stream",
        }

    async def _get_from_cdn(self, url: str) -> bytes:
        """An attachment's download: the console's attachments are local files."""
        parsed = urlparse(url)
        if parsed.scheme != "file":
            raise Refused(404, 0, "Unknown attachment").exception()
        return await asyncio.to_thread(Path(url2pathname(parsed.path)).read_bytes)

    def _command_data(
        self, path: Sequence[str], options: Mapping[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        command = self.find_command(path)
        built, resolved = self._options(command, options, focused)
        for depth in range(len(path) - 1, 0, -1):
            built = [
                {"name": path[depth], "type": 1 if depth == len(path) - 1 else 2, "options": built}
            ]
        data: dict[str, Any] = {
            "id": str(stable_id("command", path[0])),
            "name": path[0],
            "type": 1,
            "options": built,
            "guild_id": str(GUILD_ID),
        }
        if resolved:
            data["resolved"] = resolved
        return data

    async def command(
        self,
        user: str,
        channel: str,
        path: Sequence[str] | str,
        options: Mapping[str, Any] | None = None,
    ) -> Reply:
        """Run ``/path`` with ``options`` as ``user`` in ``#channel``; what the bot answered."""
        words = path.split() if isinstance(path, str) else list(path)
        data = self._command_data(words, options or {})
        payload = self._base_payload(2, user, channel, data, "/" + " ".join(words))
        interaction = gateway.interaction(self.bot, payload)
        call = gateway.run_command(self.bot.tree, interaction)  # type: ignore[attr-defined]
        return await self._run(call, payload["token"])

    async def autocomplete(
        self,
        user: str,
        channel: str,
        path: Sequence[str] | str,
        options: Mapping[str, Any],
        focused: str,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types option ``focused``."""
        words = path.split() if isinstance(path, str) else list(path)
        data = self._command_data(words, options, focused)
        label = "/" + " ".join(words) + f" (autocompletar {focused})"
        payload = self._base_payload(4, user, channel, data, label)
        interaction = gateway.interaction(self.bot, payload)
        call = gateway.run_command(self.bot.tree, interaction)  # type: ignore[attr-defined]
        reply = await self._run(call, payload["token"])
        return reply.choices or []

    async def press(self, user: str, channel: str, label: str) -> Reply:
        """Press the button ``label`` on the latest message of ``#channel`` that has it."""
        chan = self.places.get(channel).name
        for message in reversed(self.messages):
            if message.channel != chan or message.deleted:
                continue
            if message.ephemeral and message.recipient != user:
                continue
            for button in message.buttons:
                if str(button.get("label", "")).lower() == label.lower():
                    return await self._press(user, chan, message, button)
        raise LookupError(f"No hay ningún botón «{label}» en #{chan}.")

    async def _press(
        self, user: str, channel: str, message: SentMessage, button: Mapping[str, Any]
    ) -> Reply:
        data = {"custom_id": button["custom_id"], "component_type": 2}
        label = f"el botón «{button.get('label', '')}»"
        payload = self._base_payload(3, user, channel, data, label)
        payload["message"] = self._message_payload(message)
        self._pending[payload["token"]].component_message = message
        interaction = gateway.interaction(self.bot, payload)

        async def dispatch() -> None:
            before = asyncio.all_tasks()
            gateway.press(self.bot, button["custom_id"], interaction)
            new = asyncio.all_tasks() - before
            if new:
                await asyncio.gather(*new)
            elif not interaction.response.is_done():
                raise LookupError(f"El botón «{button.get('label')}» ya no responde.")

        return await self._run(dispatch(), payload["token"])

    async def _run(self, coro: Any, token: str) -> Reply:
        """Dispatch one interaction; then note it if it went unanswered, or if slow work
        (a statement, a file, a picture) ran before its first response."""
        start, noticed = len(self.events), len(self.gate.notices)
        self._choices = None
        pending = self._pending[token]
        adapter = webhook_async.async_context.set(self._adapter)
        try:
            ctx = contextvars.copy_context()
            ctx.run(observe.watch, lambda kind: self._slow_work(pending, kind))
            await asyncio.get_running_loop().create_task(coro, context=ctx)
            await self.settle()  # the tracker's background edits, made deterministic
        finally:
            webhook_async.async_context.reset(adapter)
            self._settle(pending)
        return Reply(self.events[start:], self._choices, self.gate.notices[noticed:])

    @staticmethod
    def _slow_work(pending: Pending, kind: str) -> None:
        if pending.kind != 4 and pending.response is None and pending.late is None:
            pending.late = kind

    def _settle(self, pending: Pending) -> None:
        if pending.late is not None:
            self.gate.note(
                f"sin respuesta a tiempo: {pending.label} ({pending.late} antes de responder)",
                "late",
            )
        if not pending.answered:
            thinking = " (solo «pensando…»)" if pending.response == 5 else ""
            self.gate.note(f"sin respuesta: {pending.label}{thinking}", "unanswered")
