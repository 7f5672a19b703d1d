"""The console's gateway: the one module of the bot that reaches into discord.py's internals.

Real Discord fills discord.py's cache from the gateway (``GUILD_CREATE``, ``CHANNEL_UPDATE``,
``THREAD_CREATE``) and hands each interaction to the command tree or the view store. The
console plays that part, so it must do what only the gateway does: set the client's
connection state (``bot._connection``), add the guild and its channels to the cache, build
:class:`discord.Interaction` objects from raw payloads, and dispatch them with
``tree._call`` or the view store. Everything of the
kind is here, so that a new discord.py release breaks at most this module; the bot itself
keeps to discord.py's public API (``tests/test_layout.py`` checks it).
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Coroutine
from typing import Any

import aiohttp
import discord
import multidict
import yarl
from discord import app_commands

#: A button's component type in an interaction's data; a voice channel's type.
BUTTON, VOICE = 2, 2


def _state(bot: discord.Client) -> Any:
    return bot._connection


class _NoNetwork:
    """Stands for the HTTP session a real login opens: a webhook made from the client
    (``discord.Webhook.partial(…, client=bot)``) takes it, but the console's webhook adapter
    answers every request, so it never opens a connection; it is falsy, like no session, so
    ``bot.close()`` has nothing to close."""

    closed = False

    def __bool__(self) -> bool:
        return False


def log_in(bot: discord.Client, application_id: int, user: dict[str, Any]) -> None:
    """What ``READY`` would tell the client: its application and its own user; and what the
    login before it leaves, the client's event loop and HTTP session (:class:`_NoNetwork`)."""
    state = _state(bot)
    # the loop a login sets (``Client._async_setup_hook``): dispatched events run on it
    bot.loop = state.loop = bot.http.loop = asyncio.get_running_loop()
    state.application_id = application_id
    if state.user is None:
        state.user = discord.ClientUser(state=state, data=user)  # type: ignore[arg-type]
    if getattr(bot.http, "_HTTPClient__session", None) is discord.utils.MISSING:
        bot.http._HTTPClient__session = _NoNetwork()  # type: ignore[attr-defined]


def add_guild(bot: discord.Client, data: Any) -> discord.Guild:
    """``GUILD_CREATE``: the guild (its roles and members) in the client's cache."""
    guild: discord.Guild = _state(bot)._add_guild_from_data(data)
    return guild


def show_channel(bot: discord.Client, guild: discord.Guild, data: Any) -> None:
    """``CHANNEL_CREATE`` / ``CHANNEL_UPDATE`` of a text or voice channel (new, or its
    overwrites)."""
    kind = discord.VoiceChannel if data.get("type") == VOICE else discord.TextChannel
    existing = guild.get_channel(int(data["id"]))
    if isinstance(existing, kind):
        existing._update(guild, data)
    else:
        guild._add_channel(kind(state=_state(bot), guild=guild, data=data))


def show_role(guild: discord.Guild, data: Any) -> None:
    """``GUILD_ROLE_UPDATE``: a role's new permissions in the cache."""
    role = guild.get_role(int(data["id"]))
    if role is not None:
        role._update(data)


def show_thread(bot: discord.Client, guild: discord.Guild, data: Any) -> None:
    """``THREAD_CREATE`` / ``THREAD_UPDATE`` (archived, locked)."""
    guild._add_thread(discord.Thread(guild=guild, state=_state(bot), data=data))


def typing_start(bot: discord.Client, data: Any) -> None:
    """``TYPING_START``: someone started typing in a channel (discord.py dispatches
    ``raw_typing``, and ``typing`` when it knows the member)."""
    _state(bot).parse_typing_start(data)


def interaction(bot: discord.Client, payload: Any) -> discord.Interaction:
    """The interaction discord.py would build from an ``INTERACTION_CREATE``'s payload."""
    return discord.Interaction(data=payload, state=_state(bot))


def run_command(
    tree: app_commands.CommandTree[Any], interaction: discord.Interaction
) -> Coroutine[Any, Any, None]:
    """The tree's dispatch of a slash command or an autocomplete (to be awaited in a task of
    the caller's, as discord.py runs it in one of its own)."""
    return tree._call(interaction)


def press(bot: discord.Client, custom_id: str, interaction: discord.Interaction) -> None:
    """The view store's dispatch of a button press (it starts discord.py's own tasks)."""
    _state(bot)._view_store.dispatch_view(BUTTON, custom_id, interaction)


def submit_form(
    bot: discord.Client,
    custom_id: str,
    interaction: discord.Interaction,
    components: list[dict[str, Any]],
) -> None:
    """The view store's dispatch of a modal submit (it starts discord.py's own task)."""
    _state(bot)._view_store.dispatch_modal(custom_id, interaction, components, {})


# --- the gateway connection's lifecycle (issue 48: /listo) --------------------------------
#: What each step of a shard's connection makes discord.py dispatch.
SHARD_EVENTS = {
    "connect": "shard_connect",
    "ready": "shard_ready",
    "disconnect": "shard_disconnect",
    "resume": "shard_resumed",
}


async def shard_event(bot: discord.Client, step: str, shard_id: int, shard_count: int) -> None:
    """A step of a shard's gateway connection (``connect``, ``ready``, ``disconnect``,
    ``resume``) as discord.py reports it: the shard count Discord gave (set on connect, as
    ``AutoShardedClient`` does), then the event, whose listeners have run on return."""
    if step == "connect" and bot.shard_count is None:
        bot.shard_count = shard_count
    event = SHARD_EVENTS[step]
    bot.dispatch(event, shard_id)
    name = f"discord.py: on_{event}"
    while pending := [t for t in asyncio.all_tasks() if t.get_name() == name and not t.done()]:
        await asyncio.wait(pending)


async def http_answered(bot: discord.Client, method: str, url: str, status: int) -> None:
    # url: the path from the API's root, as the console's gate sees it
    """What the HTTP session discord.py opens tells its trace (``http_trace``) of a response
    (the console answers instead of the network: a 429 reaches the bot's metrics so)."""
    trace = getattr(bot.http, "http_trace", None)
    if trace is None:
        return
    params = aiohttp.TraceRequestEndParams(
        method,
        yarl.URL(discord.http.Route.BASE + url),
        multidict.CIMultiDict(),
        _Answer(status),  # type: ignore[arg-type]
    )
    for callback in trace.on_request_end:
        await callback(None, types.SimpleNamespace(), params)


class _Answer:
    """The part of an HTTP response a trace reads: its status."""

    def __init__(self, status: int) -> None:
        self.status = status
