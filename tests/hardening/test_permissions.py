"""Every command × {máster, dueño del personaje, otro jugador, alguien de otro servidor}:
allowed or refused exactly as the command's declared permission says (``command_context``,
:mod:`bot.edge.permissions`); the reference (``docs/comandos.md``) and ``/ayuda
tema:permisos`` print the table built from those same declarations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.console import FakeDiscord
from bot.console.payloads import GUILD_ID
from bot.edge.context import declared, permission_rows
from bot.edge.permissions import allowed
from bot.records.reference import ACTORS, RULES
from bot.render.reference import permisos_markdown
from tests.bot.conftest import Script
from tests.hardening.hostile import OTHER_GUILD_ID, dump, looks_spanish, raw_data, send_raw
from tests.hardening.permission_scenarios import SCENARIOS, USERS, WORLD
from umbral_rules import ForcedDice

ROOT = Path(__file__).resolve().parents[2]


def test_every_command_has_a_scenario_and_a_rule(fake: FakeDiscord) -> None:
    commands = {c.qualified_name for c in fake.bot.tree.walk_commands() if hasattr(c, "parameters")}
    covered = {scenario[2] for scenario in SCENARIOS.values()}
    assert covered == commands
    assert set(SCENARIOS) == {label for label, _ in permission_rows(fake.bot.tree)}


def test_every_command_declares_its_permission(fake: FakeDiscord) -> None:
    undeclared = [
        c.qualified_name
        for c in fake.bot.tree.walk_commands()
        if isinstance(c, app_commands.Command) and declared(c) is None
    ]
    assert undeclared == []


def test_the_reference_states_the_table(fake: FakeDiscord) -> None:
    reference = (ROOT / "docs/comandos.md").read_text(encoding="utf-8")
    assert permisos_markdown(permission_rows(fake.bot.tree)) in reference


async def _send(
    fake: FakeDiscord, tmp_path: Path, actor: str, channel: str, path: str, options: dict[str, Any]
) -> Any:
    command = fake.find_command(path.split())
    given = dict(options)
    for name, value in options.items():
        if isinstance(value, bytes):  # an attachment: the file it points to
            file = tmp_path / f"{name}.yaml"
            file.write_bytes(value)
            given[name] = str(file)
    built, resolved = fake._options(command, given, None)  # «@kaeda» resolved as the console
    elsewhere = actor == "otro servidor"
    guild = OTHER_GUILD_ID if elsewhere else GUILD_ID
    data = raw_data(command, built, resolved, guild_id=guild)
    return await send_raw(fake, USERS[actor], channel, data, guild_id=guild)


@pytest.mark.backends("sqlite")  # who may do what is the Discord layer's; one backend is enough
@pytest.mark.parametrize("actor", list(ACTORS))
@pytest.mark.parametrize("label", list(SCENARIOS))
async def test_permission_cell(
    label: str, actor: str, fake: FakeDiscord, script: Script, dice: ForcedDice, tmp_path: Path
) -> None:
    channel, pre, path, options = SCENARIOS[label]
    await script.run(*WORLD)
    for line in pre:
        if isinstance(line, list):
            dice.push(line)
        else:
            await script.run(line)
    before = await dump(fake)
    reply = await _send(fake, tmp_path, actor, channel, path, options)
    refused = [m for m in reply.messages if m.ephemeral] and not [
        m for m in reply.messages if not m.ephemeral
    ]
    text = reply.text()
    rule = dict(permission_rows(fake.bot.tree))[label]  # what the command declares
    if allowed(rule, actor):
        assert reply.messages, f"{label} como {actor}: sin respuesta"
        assert not _is_refusal(reply), f"{label} como {actor} debería poder: {text!r}"
    else:
        assert reply.messages and refused and _is_refusal(reply), f"{label} como {actor}: {text!r}"
        assert looks_spanish(text)
        assert await dump(fake) == before, f"{label} como {actor} escribió al negarse"


def _is_refusal(reply: Any) -> bool:
    return any(m.ephemeral and not m.embeds and not m.files for m in reply.messages) and all(
        m.ephemeral for m in reply.messages
    )


async def test_ayuda_states_the_table(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "ayuda", {"tema": "permisos"})
    embed = reply.first.embeds[0]
    fields: dict[str, str] = {}
    for f in embed["fields"]:  # «Permisos · Solo el máster (cont.)» goes on with that rule
        name = f["name"].removesuffix(" (cont.)")
        fields[name] = f"{fields[name]}, {f['value']}" if name in fields else f["value"]
    for label, key in permission_rows(fake.bot.tree):
        shown = fields[f"Permisos · {RULES[key].texto}"]
        assert label in shown.split(", "), label
    assert len(json.dumps(embed, ensure_ascii=False)) < 6000
