"""The strict console Discord on its own: a bot on a migrated SQLite database, its fake guild,
and a test command (``/prueba``) whose answer each test chooses.

Requests go through the same doors as the bot's: ``bot.http.request`` for channel routes
(raw bodies, exactly what discord.py would send) and interactions dispatched through the
tree, answered through the interaction-token routes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.http import Route

from bot.console import FakeDiscord, Session, open_session
from umbral_rules import ForcedDice

Answer = Callable[[discord.Interaction], Awaitable[None]]


class Probe:
    """What ``/prueba`` does when dispatched, and what it caught."""

    def __init__(self) -> None:
        self.answer: Answer | None = None
        self.errors: list[discord.HTTPException] = []
        self.interactions: list[discord.Interaction] = []

    async def run(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction)
        if self.answer is None:
            return
        try:
            await self.answer(interaction)
        except discord.HTTPException as error:
            self.errors.append(error)


@pytest.fixture
async def session(database_url: str) -> AsyncIterator[Session]:
    opened = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def fake(session: Session) -> FakeDiscord:
    return session.discord


@pytest.fixture
def probe(session: Session) -> Probe:
    found = Probe()

    @app_commands.command(name="prueba", description="responde lo que diga el test")
    async def prueba(interaction: discord.Interaction, texto: str = "") -> None:
        await found.run(interaction)

    @prueba.autocomplete("texto")
    async def texto(interaction: discord.Interaction, current: str) -> list[Any]:
        await found.run(interaction)
        return []

    session.bot.tree.add_command(prueba)
    return found


async def post(fake: FakeDiscord, channel: str, body: dict[str, Any]) -> Any:
    """``POST /channels/{id}/messages`` with ``body``, as discord.py sends it."""
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=fake.channel_id(channel))
    return await fake.bot.http.request(route, json=body)


async def patch(fake: FakeDiscord, channel: str, message_id: int, body: dict[str, Any]) -> Any:
    route = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=fake.channel_id(channel),
        message_id=message_id,
    )
    return await fake.bot.http.request(route, json=body)


def refused(fake: FakeDiscord) -> list[str]:
    """The ``(discord)`` lines so far, then forgets them (the test has looked at them)."""
    lines = [n.line for n in fake.gate.notices]
    fake.gate.notices.clear()
    return lines
