"""Context-menu commands in the console's Discord: ``!menu usuario @nombre Comando`` and
``!menu mensaje N Comando`` run them as Discord's client does (an application command of
type 2 or 3 with its target resolved), and the command sync that registers them is held to
Discord's schema and its limits per type (discord.py stops earlier, at 5 of a kind)."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.console.parser import Menu, Write, parse_line
from bot.console.runner import Console
from tests.console.conftest import FakeDiscord, Probe, refused
from umbral_rules import UmbralError

pytestmark = pytest.mark.backends("sqlite")


def without_own_menus(fake: FakeDiscord) -> None:
    """The bot's tree without its own menus: these tests put theirs in their place."""
    tree = fake.bot.tree  # type: ignore[attr-defined]
    for kind in (discord.AppCommandType.user, discord.AppCommandType.message):
        for menu in tree.get_commands(type=kind):
            tree.remove_command(menu.name, type=kind)


@pytest.fixture
def seen(fake: FakeDiscord) -> dict[str, Any]:
    """A user command «Ver ficha» and a message command «Decir como…» on the bot's tree (in
    place of the bot's own menus); what each received."""
    found: dict[str, Any] = {}
    without_own_menus(fake)

    @app_commands.context_menu(name="Ver ficha")
    async def ver_ficha(interaction: discord.Interaction, member: discord.Member) -> None:
        found["member"] = member
        await interaction.response.send_message(f"Ficha de {member.name}", ephemeral=True)

    @app_commands.context_menu(name="Decir como…")
    async def decir(interaction: discord.Interaction, message: discord.Message) -> None:
        found["message"] = message
        await interaction.response.send_message(f"Dicho: {message.content}", ephemeral=True)

    fake.bot.tree.add_command(ver_ficha)  # type: ignore[attr-defined]
    fake.bot.tree.add_command(decir)  # type: ignore[attr-defined]
    return found


async def test_a_user_command_on_a_member(fake: FakeDiscord, seen: dict[str, Any]) -> None:
    out = io.StringIO()
    await Console(fake, out).run_line("!menu usuario @ana ver FICHA")
    member = seen["member"]
    assert isinstance(member, discord.Member) and member.id == fake.user_id("ana")
    assert out.getvalue() == "Umbral → @master (solo para ti)\n  Ficha de ana\n"
    assert not fake.gate.notices


async def test_a_message_command_on_the_nth_latest_message(
    fake: FakeDiscord, seen: dict[str, Any], probe: Probe
) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("solo tuyo", ephemeral=True)

    probe.answer = answer
    console = Console(fake, io.StringIO(), user="ana")
    await console.run_line("!escribir «Nadie cruza el puente»")
    await console.run_line("@bea")
    await console.run_line("!escribir otra cosa")
    await fake.command("ana", "mesa", "prueba")  # ana's private reply: bea doesn't see it
    await console.run_line("!menu mensaje 2 Decir como...")
    message = seen["message"]
    assert isinstance(message, discord.Message)
    assert message.content == "«Nadie cruza el puente»" and message.author.name == "ana"
    out = io.StringIO()
    await Console(fake, out).run_line("!menu mensaje 9 Decir como…")
    assert "No hay 9 mensajes en #mesa" in out.getvalue()
    await Console(fake, out).run_line("!menu mensaje 1 Repetir tirada")
    assert "No hay ningún comando de mensaje «Repetir tirada» (hay: «Decir como…»)" in (
        out.getvalue()
    )
    assert not fake.gate.notices


async def test_the_sync_holds_discords_limits_per_kind(
    fake: FakeDiscord, seen: dict[str, Any]
) -> None:
    del seen
    synced = await fake.bot.tree.sync()  # type: ignore[attr-defined]
    kinds = sorted({c.type for c in synced}, key=lambda t: t.value)
    assert kinds == [
        discord.AppCommandType.chat_input,
        discord.AppCommandType.user,
        discord.AppCommandType.message,
    ]
    assert not fake.gate.notices  # the bot's whole tree passes Discord's schema
    app = fake.bot.application_id
    users = [{"name": f"Menú {n}", "type": 2} for n in range(16)]
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.bulk_upsert_global_commands(app, users)
    assert caught.value.code == 30032
    chat = [{"name": f"c{n}", "description": "d", "type": 1} for n in range(101)]
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.bulk_upsert_global_commands(app, chat)
    assert caught.value.code == 30032
    with pytest.raises(discord.HTTPException) as caught:
        await fake.bot.http.bulk_upsert_global_commands(app, chat + users[:15] + users[:15])
    assert caught.value.code == 50035  # 131: more than the schema's 130
    await fake.bot.http.bulk_upsert_global_commands(app, users[:15])  # 15 is Discord's limit
    lines = refused(fake)
    assert lines[0].endswith(
        "30032 Maximum number of application commands reached (15) — "
        "PUT /applications/{application_id}/commands"
    )


def test_discord_py_stops_at_five_menus_of_a_kind(fake: FakeDiscord) -> None:
    without_own_menus(fake)
    tree = fake.bot.tree  # type: ignore[attr-defined]

    def menu(n: int) -> app_commands.ContextMenu:
        async def callback(interaction: discord.Interaction, member: discord.Member) -> None:
            del interaction, member

        return app_commands.ContextMenu(name=f"Menú {n}", callback=callback)

    for n in range(5):
        tree.add_command(menu(n))
    with pytest.raises(app_commands.CommandLimitReached):
        tree.add_command(menu(5))


def test_menu_lines_parse() -> None:
    assert parse_line("!menu usuario @ana Ver ficha") == Menu("usuario", "ana", "Ver ficha")
    assert parse_line("!menu mensaje 2 Repetir tirada") == Menu("mensaje", "2", "Repetir tirada")
    assert parse_line("!escribir hola, mesa") == Write("hola, mesa")
    for bad in ("!menu ana Ver ficha", "!menu mensaje último Repetir", "!menu mensaje 0 X"):
        with pytest.raises(UmbralError, match="!menu"):
            parse_line(bad)


async def test_ayuda_in_the_console_lists_the_new_lines(fake: FakeDiscord) -> None:
    out = io.StringIO()
    await Console(fake, out).run_line("/ayuda")
    text = out.getvalue()
    for line in (
        "!escribir TEXTO",
        "!formulario Campo=valor …",
        "!formulario cerrar",
        "!menu usuario @nombre Comando",
        "!menu mensaje N Comando",
        "!interes EVENTO",
        "!desinteres EVENTO",
        "!evento crear|cambiar|empezar|terminar|cancelar EVENTO",
    ):
        assert line in text, line
    refused(fake)
