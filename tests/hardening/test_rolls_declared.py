"""Rolling is declared (issue 44): every command that rolls dice says so in its
``command_context(..., rolls=True)``, and the tree's gate rate-limits exactly those.

Each command is driven once through its permission scenario
(:mod:`tests.hardening.permission_scenarios`), as the owner where the owner may use it and
as the GM otherwise, with dice that count the faces the bot rolls: a command that rolled any
must have declared it. Which commands are limited is unchanged: ``test_limits`` compares the
declarations with the hand-kept list they replaced."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.console import FakeDiscord
from bot.edge.context import permission_rows, rolls_dice
from bot.edge.permissions import allowed
from tests.bot.conftest import Script
from tests.hardening.permission_scenarios import SCENARIOS, WORLD
from tests.hardening.test_permissions import _send
from umbral_rules import ForcedDice, RandomDice

#: [D] Commands that roll dice and are not limited (docs/arquitectura.md, «Tiradas
#: declaradas»): /asalto rolls the secuelas of whoever bleeds out, once per phase change,
#: which only the GM can ask for; it was never limited and still isn't.
UNLIMITED = {"asalto"}
#: Commands whose scenario surely rolls (so the count is seen to work).
SURELY_ROLLING = {"tirar", "tirada", "atacar", "disparar", "defender"}


class Counting:
    """A dice source that counts the faces it rolled."""

    physical = False

    def __init__(self) -> None:
        self.rolled = 0
        self._dice = RandomDice()

    def roll(self, sides: int) -> int:
        self.rolled += 1
        return self._dice.roll(sides)


COUNTER = Counting()


@pytest.fixture
def dice() -> ForcedDice:
    return ForcedDice([], then=COUNTER)


def _first_scenarios() -> dict[str, str]:
    """One scenario label for each command (its plain use, the first declared)."""
    first: dict[str, str] = {}
    for label, (_channel, _pre, path, _options) in SCENARIOS.items():
        first.setdefault(path, label)
    return first


FIRST = _first_scenarios()


@pytest.mark.backends("sqlite")  # what a command rolls is the rules'; one backend is enough
@pytest.mark.parametrize("path", sorted(FIRST))
async def test_a_command_that_rolls_declares_it(
    path: str, fake: FakeDiscord, script: Script, dice: ForcedDice, tmp_path: Path
) -> None:
    label = FIRST[path]
    channel, pre, _path, options = SCENARIOS[label]
    await script.run(*WORLD)
    for line in pre:
        if isinstance(line, list):
            dice.push(line)
        else:
            await script.run(line)
    rule = dict(permission_rows(fake.bot.tree))[label]  # type: ignore[attr-defined]
    actor = "dueño" if allowed(rule, "dueño") else "master"
    forced, counted = len(dice.remaining), COUNTER.rolled
    reply: Any = await _send(fake, tmp_path, actor, channel, path, options)
    assert reply.messages, f"{label}: sin respuesta"
    rolled = (forced - len(dice.remaining)) + (COUNTER.rolled - counted)
    if path in SURELY_ROLLING:  # the counting sees what it must
        assert rolled > 0, f"/{path} no tiró nada: {reply.text()!r}"
    command = fake.find_command(path.split())
    assert isinstance(command, app_commands.Command)
    if rolled > 0 and path not in UNLIMITED:
        assert rolls_dice(command), f"/{path} tira {rolled} dados y no lo declara (rolls=True)"
    if path in UNLIMITED:
        assert not rolls_dice(command)


def test_the_rolling_menus_declare_it(fake: FakeDiscord) -> None:
    """«Repetir tirada» rolls /tirar again: limited, as before; the other menus roll nothing."""
    menus = fake.bot.tree.get_commands(type=discord.AppCommandType.message)  # type: ignore[attr-defined]
    assert {m.name for m in menus if rolls_dice(m)} == {"Repetir tirada"}
