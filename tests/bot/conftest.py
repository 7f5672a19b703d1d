"""Fixtures of the bot's tests: a bot on a fresh migrated database and a fake guild.

Dispatching goes through :class:`bot.console.transport.FakeDiscord` (the console's own
transport): real ``discord.Interaction`` payloads through ``bot.tree._call``.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest

from bot.console import FakeDiscord, Session, open_session
from bot.console.runner import Console
from umbral_rules import ForcedDice

KAEDA = [
    "@kaeda",
    "/ficha crear nombre:Íñigo vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1",
    "/ficha oficio nombre:contrabandista valor:2",
    "/ficha oficio nombre:armas valor:3",
    "/ficha arma nombre:Espada clase:mano",
]
GUARDIA = [
    "@master",
    '/bestiario añadir nombre:"Ñu del puerto" ataque:12 defensa:12 aguante:14 potencia:4 '
    "arma:Lanza",
]


@pytest.fixture
def dice() -> ForcedDice:
    return ForcedDice([])


@pytest.fixture
async def session(database_url: str, dice: ForcedDice) -> AsyncIterator[Session]:
    opened = await open_session(database_url, dice=dice, migrate=False)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def fake(session: Session) -> FakeDiscord:
    return session.discord


class Script:
    """Console lines run against the session; the printed text is kept."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.out = io.StringIO()
        self.console = Console(fake, self.out)

    async def run(self, *lines: str) -> str:
        start = self.out.tell()
        for line in lines:
            await self.console.run_line(line, echo=True)
        self.out.seek(start)
        text = self.out.read()
        self.out.seek(0, io.SEEK_END)
        return text


@pytest.fixture
def script(fake: FakeDiscord) -> Script:
    return Script(fake)
