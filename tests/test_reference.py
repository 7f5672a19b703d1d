"""Issue 31: the command reference, ``docs/comandos.md``, is generated from the command tree
and each command's declared permission (``tools/comandos.py``), and the committed file is
the one the tree gives today; a new feature's commands and context menus join it by
themselves."""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.app import UmbralBot, create_bot
from bot.edge.context import Context, command_context, permission_rows
from bot.edge.permissions import RULES
from bot.edge.reference import families
from bot.process.config import Settings
from bot.render.reference import reference_markdown

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("comandos", ROOT / "tools/comandos.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
async def bot() -> AsyncIterator[UmbralBot]:
    made = await create_bot(Settings(discord_token=None))
    try:
        yield made
    finally:
        await made.close()


async def test_the_committed_reference_is_what_the_tree_gives() -> None:
    committed = (ROOT / "docs/comandos.md").read_text(encoding="utf-8")
    generated = await _tool().reference()
    assert committed == generated, (
        "docs/comandos.md no es lo que da el árbol de comandos: rehazlo con "
        "`.venv/bin/python tools/comandos.py` y añádelo al commit."
    )


def section(text: str, command: str) -> str:
    """The part of the reference about ``/command`` (up to the next heading)."""
    start = text.index(f"### `/{command}`\n")
    end = text.find("\n#", start + 1)
    return text[start : end if end >= 0 else len(text)]


async def test_every_command_option_choice_limit_and_rule_is_in_it(bot: UmbralBot) -> None:
    text = reference_markdown(families(bot.tree), permission_rows(bot.tree))
    for command in bot.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        part = section(text, command.qualified_name)
        assert command.description.rstrip(".") in part
        for parameter in command.parameters:
            assert f"| `{parameter.display_name}` |" in part, (command.qualified_name, parameter)
            for choice in parameter.choices:
                assert f"`{choice.value}`" in part
    crear = section(text, "ficha crear")
    assert "| `proteccion` | número entero, de 0 a 4 | sí |" in crear
    assert "| `nombre` | texto, de 1 a 80 caracteres | sí |" in crear
    assert "**Quién:** Cualquiera (en su servidor)." in crear
    oficio = section(text, "ficha oficio")
    assert f"con `dueño:`: {RULES['dueño o máster'].texto.lower()}" in oficio
    assert "`dos_manos` (Arma de dos manos (6))" in section(text, "ficha arma")
    # issue 34: any Umbral from 1 to 40, the named ones offered as suggestions
    assert "| `umbral` | número entero, de 1 a 40; con sugerencias | no |" in section(
        text, "tirada"
    )
    assert "`9` (Corriente)" in section(text, "reto crear")
    assert "con sugerencias" in section(text, "atacar")
    assert "**Quién:** Solo el máster." in section(text, "asalto")


class Prueba(commands.Cog):
    """A feature that names no topic, with a command and a context menu of its own."""

    def __init__(self, services: Any) -> None:
        self.services = services

    @app_commands.command(name="prueba", description="Una prueba")
    @command_context("máster", what="probar")
    async def prueba(self, ctx: Context, cuanto: app_commands.Range[int, 1, 3]) -> None:
        await ctx.interaction.response.send_message("hecho")

    async def ver(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message("visto")


async def menu_alone(interaction: discord.Interaction, message: discord.Message) -> None:
    await interaction.response.send_message("leído")


async def add_prueba(bot: UmbralBot) -> None:
    """A new feature's cog (no topic), a user menu of that cog and a message menu of none."""
    cog = Prueba(bot.services)
    await bot.add_cog(cog)
    bot.tree.add_command(app_commands.ContextMenu(name="Ver de cerca", callback=cog.ver))
    bot.tree.add_command(app_commands.ContextMenu(name="Citar", callback=menu_alone))


async def test_a_new_feature_and_context_menus_join_by_themselves(bot: UmbralBot) -> None:
    await add_prueba(bot)
    found = {f.topic.key: f for f in families(bot.tree)}
    assert [c.shown for c in found["prueba"].commands] == ["/prueba", "«Ver de cerca»"]
    assert found["prueba"].topic.title == "/prueba"
    assert [c.shown for c in found["menus"].commands] == ["«Citar»"]
    text = reference_markdown(families(bot.tree), permission_rows(bot.tree))
    assert "## /prueba" in text and "## Menús contextuales" in text
    assert "| `cuanto` | número entero, de 1 a 3 | sí |" in section(text, "prueba")
    assert "### `«Ver de cerca»`\n\nEn el menú de un usuario (Aplicaciones)." in text
    assert "### `«Citar»`\n\nEn el menú de un mensaje (Aplicaciones)." in text
    assert "| `/prueba` | sí | no | no | no |" in text
