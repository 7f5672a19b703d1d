"""Hostile option values for every slash command, through the real tree: no fault reaches the
apology, every refusal is Spanish, and a refused command leaves the database as it was."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from discord.enums import AppCommandOptionType as T
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bot.edge.errors
from bot.app import create_bot
from bot.console import FakeDiscord
from bot.process.config import Settings
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.hardening.hostile import (
    commands_of,
    dump,
    english_fault,
    looks_spanish,
    raw_data,
    send_raw,
    strip_values,
)

WORLD = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "#otra",
    "/bestiario añadir nombre:Ogro ataque:10 defensa:10 aguante:20 potencia:5",
    "/encuentro empezar modo:tactico",
    "/encuentro enemigos nombre:Ogro",
    "#mesa",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
    "@master",
    "/asalto",
]
USERS = ["master", "kaeda", "intruso"]
NAMES = [
    "Íñigo",
    "Ñu del puerto",
    "Ñu del puerto 1",
    "Ogro",  # another channel's combatant
    "Ogro 1",
    "Nadie",
    "@everyone",
    "<@&1>",
    "Espada",
    "armas",
    "Aturdido",
    "A1",
    "3d12+1",
]
HUGE = [0, -1, -(2**53), 2**53, 2**53 + 1, 2**63, 10**30]
LONG = st.sampled_from("xá€𝔘\u202e ").map(lambda ch: ch * 6000)


def _command_names() -> list[str]:
    async def names() -> list[str]:
        tree = (await create_bot(Settings(discord_token=None))).tree
        return [c.qualified_name for c in commands_of(tree)]

    return asyncio.run(names())


COMMANDS = _command_names()


def valid_strategy(param: app_commands.Parameter, files: list[dict[str, Any]]) -> Any:
    """What Discord's own client would let through (the gate must too)."""
    choices = [c.value for c in param.choices]
    if choices and not param.autocomplete:
        return st.sampled_from(choices)
    kind = param.type
    if kind is T.string:
        high = int(param.max_value) if param.max_value is not None else 6000
        low = int(param.min_value) if param.min_value is not None else 0
        texts = [st.sampled_from([n for n in NAMES if low <= len(n) <= high] or ["x" * low])]
        texts.append(st.text(min_size=low, max_size=min(high, 30)))
        if high >= 6000:
            texts.append(LONG)
        return st.one_of(*texts)
    if kind in (T.integer, T.number):
        low = int(param.min_value) if param.min_value is not None else -(2**53)
        high = int(param.max_value) if param.max_value is not None else 2**53
        return st.one_of(st.sampled_from([low, high]), st.integers(low, high))
    if kind is T.boolean:
        return st.booleans()
    if kind is T.attachment:
        return st.sampled_from(files)
    return st.just("1")


def hostile_strategy(param: app_commands.Parameter) -> Any:
    """What only a hostile client sends: out of range, out of choices, the wrong type."""
    kind = param.type
    if kind is T.string:
        return st.one_of(
            st.sampled_from(["", "x" * 6001, "fuera\x00de", "nada-de-eso"]),
            LONG,
            st.sampled_from([7, None, True]),
        )
    if kind in (T.integer, T.number):
        low = int(param.min_value) if param.min_value is not None else -50
        high = int(param.max_value) if param.max_value is not None else 50
        return st.one_of(
            st.sampled_from(HUGE),
            st.integers(low - 3, high + 3),
            st.sampled_from(["diez", 1.5, float("nan")]),
        )
    if kind is T.boolean:
        return st.sampled_from(["quizá", 1, None])
    return st.sampled_from(["999", "abc", str(2**70)])


@pytest.fixture
def attachments(tmp_path: Path) -> list[dict[str, Any]]:
    bodies = {
        "vacio.yaml": b"",
        "basura.bin": bytes(range(256)) * 4,
        "lista.yaml": b"- nombre: Lobo\n  ataque: 9\n  defensa: 9\n  aguante: 8\n  potencia: 2\n",
        "bomba.yaml": b"a: &a [" + b"*a," * 50 + b"]\n",
        "texto.csv": b"nombre,ataque\n@everyone,99999999999999999999\n",
    }
    found = []
    for index, (name, body) in enumerate(bodies.items()):
        path = tmp_path / name
        path.write_bytes(body)
        found.append(
            {
                "id": str(600_000_000_000_000_100 + index),
                "filename": name,
                "size": len(body) if index else 90 * 1024 * 1024,  # one lies about its size
                "url": path.resolve().as_uri(),
                "proxy_url": path.resolve().as_uri(),
                "content_type": "application/octet-stream",
            }
        )
    return found


class Recorder:
    """What reached the error handler, and what the gate refused."""

    def __init__(self, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
        self.errors: list[BaseException] = []
        self.refusals: list[str] = []
        original = bot.edge.errors.report_error
        tree: Any = fake.bot.tree  # type: ignore[attr-defined]
        refuse = tree._refuse

        async def report(interaction: Any, error: BaseException) -> None:
            self.errors.append(error)
            await original(interaction, error)

        async def gate(interaction: Any, message: str) -> None:
            self.refusals.append(message)
            await refuse(interaction, message)

        monkeypatch.setattr(bot.edge.errors, "report_error", report)
        monkeypatch.setattr(tree, "_refuse", gate)

    def clear(self) -> None:
        self.errors.clear()
        self.refusals.clear()


@pytest.fixture
def recorder(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """One per test (hypothesis runs every example of a test on the same fixtures)."""
    return Recorder(fake, monkeypatch)


@pytest.mark.parametrize("path", COMMANDS)
@settings(
    max_examples=20,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_hostile_options_never_fault(
    path: str,
    data: st.DataObject,
    fake: FakeDiscord,
    script: Script,
    attachments: list[dict[str, Any]],
    recorder: Recorder,
) -> None:
    if not fake.messages:
        await script.run(*WORLD)
    command = fake.find_command(path.split())
    options: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    for param in command.parameters:
        if not data.draw(
            st.booleans() if not param.required else st.sampled_from([True] * 9 + [False])
        ):
            continue
        hostile = data.draw(st.sampled_from([False] * 5 + [True]), label="hostil")
        strategy = hostile_strategy(param) if hostile else valid_strategy(param, attachments)
        value = data.draw(strategy, label=param.display_name)
        if param.type is T.attachment and isinstance(value, dict):
            resolved.setdefault("attachments", {})[value["id"]] = value
            value = value["id"]
        options.append({"name": param.display_name, "type": param.type.value, "value": value})
    user = data.draw(st.sampled_from(USERS), label="user")
    channel = data.draw(st.sampled_from(["mesa", "mesa", "otra"]), label="channel")
    before = await dump(fake)
    recorder.clear()
    reply = await send_raw(fake, user, channel, raw_data(command, options, resolved))
    typed = [o["value"] for o in options]
    faults = [e for e in recorder.errors if bot.edge.errors.explain(e) is None]
    assert not faults, f"/{path} {options!r}: {faults!r}"
    for message in reply.messages:
        text = strip_values(message.text(), typed)
        assert bot.edge.errors.APOLOGY not in text
        assert english_fault(text) is None, f"/{path}: {text!r}"
    if recorder.errors or recorder.refusals:
        refusal = [m for m in reply.messages if m.ephemeral]
        assert refusal, f"/{path}: refused without a word"
        for message in refusal:
            assert looks_spanish(strip_values(message.text(), typed)), message.text()
        assert await dump(fake) == before, f"/{path} {options!r} wrote while refusing"
