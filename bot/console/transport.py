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
import functools
import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import discord
from discord.webhook import async_ as webhook_async

from bot import observe
from bot.app import UmbralBot
from bot.console import forms, gateway, menus
from bot.console.calendar import Calendar
from bot.console.clock import FakeClock
from bot.console.gate import Gate
from bot.console.guild import Places, channel_payload, guild_payload
from bot.console.menus import Commands
from bot.console.messages import Event, Pending, Reply, SentMessage
from bot.console.options import CommandOptions
from bot.console.payloads import (
    APPLICATION_ID,
    BOT_USER_ID,
    GM_ROLE_NAME,
    GUILD_ID,
    bot_user_payload,
    stable_id,
)
from bot.storage.database import listen

__all__ = ["Event", "FakeDiscord", "Reply", "SentMessage", "stable_id"]


def _database_work(*_: Any) -> None:
    observe.note_slow_work("base de datos")


MENTION = re.compile(r"<@!?(\d+)>")


def mentioned(message: SentMessage) -> set[int]:
    """The users a message mentions in its content (discord.py's ``raw_mentions``)."""
    return {int(found) for found in MENTION.findall(message.content)}


def watch_engine(engine: Any) -> None:
    """Every statement on ``engine`` (an ``AsyncEngine``) counts as slow work (the 3-second
    window): SQLAlchemy runs the listener in the context of the task that awaits it."""
    listen(engine, "before_cursor_execute", _database_work)


class FakeDiscord(CommandOptions):
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
        # discord.py's webhooks (a channel webhook's messages, interaction follow-ups) reach
        # Discord through this adapter: the fake's, in this task and those it starts
        webhook_async.async_context.set(self._adapter)
        self.calendar = Calendar(clock, self.gate, self.places, self.user_payload, self.note)
        self.commands = Commands(self.gate)
        bot.http.request = self._http_request  # type: ignore[method-assign]
        self.gate.answered = functools.partial(gateway.http_answered, bot)
        bot.http.get_from_cdn = self._get_from_cdn  # type: ignore[method-assign]
        if isinstance(bot, UmbralBot) and bot.storage is not None:
            watch_engine(bot.storage.engine)

    async def gateway(self, step: str, shard_id: int = 0, shard_count: int = 1) -> None:
        """A step of shard ``shard_id``'s gateway connection: ``connect``, ``ready``,
        ``disconnect`` or ``resume`` (what the bot's /listo reads)."""
        await gateway.shard_event(self.bot, step, shard_id, shard_count)

    # --- identities -----------------------------------------------------------------------

    def user_id(self, name: str) -> int:
        uid = stable_id("user", name)
        self.names[uid] = name
        return uid

    def user_payload(self, user_id: int) -> dict[str, Any]:
        """A user as Discord sends it, by id (the bot, or a person the console knows)."""
        if user_id == BOT_USER_ID:
            bot: dict[str, Any] = bot_user_payload()
            return bot
        name = self.names.get(user_id, str(user_id))
        return {
            "id": str(user_id),
            "username": name,
            "global_name": name,
            "discriminator": "0",
            "avatar": None,
        }

    def _member_payload(self, user: str) -> dict[str, Any]:
        perms = discord.Permissions.none()
        perms.update(send_messages=True, view_channel=True, use_application_commands=True)
        if user.lower() in self.managers:
            perms.update(manage_guild=True)
        return {
            "user": self.user_payload(self.user_id(user)),
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
            user=user,
            channel=place.name,
            label=label,
            kind=kind,
            created=self.clock.now,
            dispatched=self.monotonic(),
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

    async def press(
        self, user: str, channel: str, label: str, *, for_user: str | None = None
    ) -> Reply:
        """Press the button ``label`` in ``#channel``: on the latest message that has it and
        mentions ``user`` (a Defender button is for the player it names), else on the latest
        that has it. When no such message is ``user``'s and the buttons are for different
        people, the console asks which (``for_user``: the one for that person)."""
        chan = self.places.get(channel).name
        found = [
            (message, button)
            for message in reversed(self.messages)
            if message.channel == chan
            and not message.deleted
            and (not message.ephemeral or message.recipient == user)
            for button in message.buttons
            if str(button.get("label", "")).lower() == label.lower()
        ]
        if not found:
            raise LookupError(f"No hay ningún botón «{label}» en #{chan}.")
        if for_user is not None:
            wanted = stable_id("user", for_user)
            found = [(m, b) for m, b in found if wanted in mentioned(m)]
            if not found:
                raise LookupError(f"No hay ningún botón «{label}» para @{for_user} en #{chan}.")
            return await self._press(user, chan, *found[0])
        me = self.user_id(user)
        mine = [(m, b) for m, b in found if me in mentioned(m)]
        if mine:
            return await self._press(user, chan, *mine[0])
        others = {uid for m, _ in found for uid in mentioned(m)}
        if len(others) > 1:
            named = ", ".join(sorted(f"@{self.names.get(uid, uid)}" for uid in others))
            raise LookupError(
                f"Hay {len(found)} botones «{label}» en #{chan}, ninguno para @{user}: "
                f"para {named}. Di cuál: !pulsar {label} @nombre."
            )
        return await self._press(user, chan, *found[0])

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

    def carry_over(self, before: FakeDiscord) -> None:
        """What Discord kept while the bot was down (the bot restarted on the same
        database): the time, the channels' messages, the guild's events with who is
        interested, the channels' webhooks."""
        self.clock.now = max(self.clock.now, before.clock.now)
        self.restore(before.messages)
        self.calendar.restore(before.calendar)
        self.webhooks.update(before.webhooks)
        self.names.update(before.names)

    # --- forms, context menus and what people write -----------------------------------------

    async def submit(self, user: str, values: Mapping[str, str]) -> Reply:
        """``!formulario``: ``user`` fills the form open for them and sends it (the modal
        submit, interaction type 5, in the channel where it opened)."""
        opened = self.forms.get(user)
        if opened is None or opened.form is None:
            raise LookupError(f"@{user} no tiene ningún formulario abierto.")
        modal = opened.form
        components = forms.submitted(modal, values)  # what the client refuses stays open
        del self.forms[user]
        data = {"custom_id": modal["custom_id"], "components": components}
        label = f"el formulario «{modal.get('title', '')}»"
        payload = self._base_payload(5, user, opened.channel, data, label)
        origin = opened.component_message
        if origin is not None:  # a form opened from a button: its message comes along
            payload["message"] = self._message_payload(origin)
            self._pending[payload["token"]].component_message = origin
        interaction = gateway.interaction(self.bot, payload)

        async def dispatch() -> None:
            before = asyncio.all_tasks()
            gateway.submit_form(self.bot, str(modal["custom_id"]), interaction, components)
            new = asyncio.all_tasks() - before
            if not new:
                raise LookupError(f"El formulario «{modal.get('title')}» ya no responde.")
            await asyncio.gather(*new)

        return await self._run(dispatch(), payload["token"])

    def close_form(self, user: str) -> None:
        """``!formulario cerrar``: the form goes away and Discord hears nothing."""
        if self.forms.pop(user, None) is None:
            raise LookupError(f"@{user} no tiene ningún formulario abierto.")

    async def menu(self, user: str, channel: str, kind: str, target: str, name: str) -> Reply:
        """``!menu usuario|mensaje OBJETIVO Comando``: the context-menu command ``name`` run
        by ``user`` on a user (a name) or on the ``target``-th latest message of ``channel``."""
        value = menus.KINDS[kind]
        tree = self.bot.tree  # type: ignore[attr-defined]
        known = [c.name for c in tree.get_commands(type=discord.AppCommandType(value))]
        found = menus.find_menu(known, name, kind)
        resolved: dict[str, Any]
        if value == menus.USER:
            member = self._member_payload(target.lstrip("@").lower())
            target_id = int(member["user"]["id"])
            rest = {k: v for k, v in member.items() if k != "user"}
            resolved = {
                "users": {str(target_id): member["user"]},
                "members": {str(target_id): rest},
            }
        else:
            message = self.latest(user, channel, int(target))
            target_id = message.id
            resolved = {"messages": {str(message.id): self._message_payload(message)}}
        data = menus.menu_data(found, value, target_id, resolved)
        payload = self._base_payload(2, user, channel, data, f"«{found}»")
        interaction = gateway.interaction(self.bot, payload)
        call = gateway.run_command(self.bot.tree, interaction)  # type: ignore[attr-defined]
        return await self._run(call, payload["token"])

    def latest(self, user: str, channel: str, back: int = 1) -> SentMessage:
        """The ``back``-th latest message ``user`` sees in ``channel`` (1: the last one)."""
        chan = self.places.get(channel).name
        seen = [
            m
            for m in self.messages
            if m.channel == chan and not m.deleted and (not m.ephemeral or m.recipient == user)
        ]
        if len(seen) < back:
            raise LookupError(f"No hay {back} mensajes en #{chan} (hay {len(seen)}).")
        return seen[-back]

    def write(self, user: str, channel: str, text: str) -> SentMessage:
        """``!escribir``: ``user`` writes ``text`` in ``channel`` (a person's message: the
        bot, without the message content intent, hears nothing of it)."""
        message = self._new_message(self.places.get(channel).name, {"content": text})
        message.author, message.author_id = user, self.user_id(user)
        return message

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
