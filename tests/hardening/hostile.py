"""A hostile client on the console's :class:`FakeDiscord`: option values sent as given,
without the checks Discord's own client (and the console) would make."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.console import FakeDiscord, Reply
from bot.console.payloads import GUILD_ID, command_data
from bot.console.transport import stable_id
from bot.edge.errors import APOLOGY
from tests.dbdump import dump_tables

OTHER_GUILD_ID = GUILD_ID + 1

SPANISH_HINTS = (
    "á", "é", "í", "ó", "ú", "ñ", "¿", "¡", "«",
    " no ", " de ", " la ", " el ", " en ", " que ", " un ", " una ", " es ", " hay ",
    " debe ", " entre ", " se ", " y ", " del ", " los ", " las ", " con ", " por ", " para ",
    " ya ", " solo ", " sin ", " tiene ", " puede ", " falta ",
)  # fmt: skip
ENGLISH_FAULTS = (
    "Traceback",
    "Exception",
    "Error:",
    "object has no attribute",
    "is not",
    "invalid",
    "NoneType",
    "failed",
    "unexpected",
    "The check functions",
)


def commands_of(tree: app_commands.CommandTree[Any]) -> list[app_commands.Command[Any, ..., Any]]:
    found = [c for c in tree.walk_commands() if isinstance(c, app_commands.Command)]
    return sorted(found, key=lambda c: c.qualified_name)


def raw_data(
    command: app_commands.Command[Any, ..., Any],
    options: Sequence[Mapping[str, Any]],
    resolved: Mapping[str, Any] | None = None,
    guild_id: int = GUILD_ID,
) -> dict[str, Any]:
    """The ``data`` of an application-command interaction, options exactly as given."""
    path = command.qualified_name.split()
    return command_data(path, [dict(o) for o in options], resolved, guild_id)


async def send_raw(
    fake: FakeDiscord,
    user: str,
    channel: str,
    data: dict[str, Any],
    *,
    guild_id: int = GUILD_ID,
) -> Reply:
    """Dispatch ``data`` through the bot's tree as ``user`` in ``#channel`` (of ``guild_id``)."""
    payload = fake._base_payload(2, user, channel, data, f"/{data.get('name', '')}")
    if guild_id != GUILD_ID:
        payload["guild_id"] = str(guild_id)
        payload["channel"]["guild_id"] = str(guild_id)
        payload["channel_id"] = payload["channel"]["id"] = str(
            stable_id("channel", f"{guild_id}:{channel}")
        )
        payload["member"]["roles"] = []  # the fake's roles live in its own guild
    interaction = discord.Interaction(data=payload, state=fake.bot._connection)  # type: ignore[arg-type]
    call = fake.bot.tree._call(interaction)  # type: ignore[attr-defined]
    return await fake._run(call, payload["token"])


async def dump(fake: FakeDiscord) -> dict[str, list[tuple[Any, ...]]]:
    return await dump_tables(fake.bot.storage.engine)  # type: ignore[attr-defined]


def strip_values(text: str, values: Sequence[Any]) -> str:
    """The text without what the user typed (a refusal may quote it)."""
    for value in sorted((str(v) for v in values), key=len, reverse=True):
        if len(value) >= 3:
            text = text.replace(value, "").replace(value[:40], "")
    return text


def looks_spanish(text: str) -> bool:
    padded = f" {text.lower()} "
    return any(hint in padded for hint in SPANISH_HINTS)


def english_fault(text: str) -> str | None:
    for word in ENGLISH_FAULTS:
        if word in text:
            return word
    return None


async def until(predicate: Callable[[], object]) -> None:
    """Let the other tasks run until ``predicate()`` holds (no clock involved)."""
    for _ in range(1_000_000):
        if predicate():
            return
        await asyncio.sleep(0)
    raise AssertionError("never happened")


__all__ = ["APOLOGY", "OTHER_GUILD_ID", "commands_of", "dump", "raw_data", "send_raw"]
