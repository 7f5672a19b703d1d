"""The app factory loads every feature; the command schema respects Discord's limits."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.app import EXTENSIONS, create_bot
from bot.features.combate.defender_button import DEFENDER_ID
from bot.process.config import Settings

NAME = re.compile(r"^[-_\w]{1,32}$")
EXPECTED = {
    "ayuda",
    "secuelas",
    "estabilizar",
    "tirar",
    "historial",
    "config",
    "tirada",
    "ficha",
    "bestiario",
    "encuentro",
    "asalto",
    "atacar",
    "disparar",
    "defender",
    "maniobra",
    "respuesta",
    "estado",
    "aliento",
    "reto",
    "mapa",
    "mover",
}


async def test_every_extension_is_loaded() -> None:
    bot = await create_bot(Settings(discord_token=None))
    assert set(bot.extensions) == set(EXTENSIONS)
    names = {c.name for c in bot.tree.get_commands()}
    assert names >= EXPECTED  # other features may add theirs
    items = bot._connection._view_store._views.get(None, {})
    assert (2, DEFENDER_ID) in items  # the persistent Defender button


async def test_loading_twice_does_nothing() -> None:
    bot = await create_bot(Settings(discord_token=None))
    await bot.load_features()
    assert set(bot.extensions) == set(EXTENSIONS)


def _check_options(options: list[dict[str, Any]], where: str) -> None:
    assert len(options) <= 25, where
    names = [o["name"] for o in options]
    assert len(names) == len(set(names)), f"{where}: nombres repetidos {names}"
    required_seen_optional = False
    for option in options:
        here = f"{where} {option['name']}"
        assert NAME.match(option["name"]) and option["name"] == option["name"].lower(), here
        assert 1 <= len(option["description"]) <= 100, here
        assert option["description"] != "…", here
        if option["type"] in (1, 2):
            _check_options(option.get("options", []), here)
            continue
        if option.get("required"):
            assert not required_seen_optional, f"{here}: obligatoria tras una opcional"
        else:
            required_seen_optional = True
        choices = option.get("choices", [])
        assert len(choices) <= 25, here
        for choice in choices:
            assert 1 <= len(choice["name"]) <= 100, here
        assert not (choices and option.get("autocomplete")), here


async def test_command_schema_within_discord_limits() -> None:
    bot = await create_bot(Settings(discord_token=None))
    # the slash commands (the context menus have names of their own: checked below)
    commands = bot.tree.get_commands(type=discord.AppCommandType.chat_input)
    assert len(commands) <= 100
    for kind in (discord.AppCommandType.user, discord.AppCommandType.message):
        menus = bot.tree.get_commands(type=kind)
        assert len(menus) <= 5  # discord.py's limit per kind (Discord's is 15)
        assert all(1 <= len(m.name) <= 32 for m in menus)
    seen = set()
    for command in commands:
        data = command.to_dict(bot.tree)
        assert data["name"] not in seen
        seen.add(data["name"])
        assert NAME.match(data["name"]) and data["name"] == data["name"].lower()
        assert 1 <= len(data["description"]) <= 100, data["name"]
        _check_options(data.get("options", []), "/" + data["name"])
    # every parameter is described (discord.py puts "…" when one is not)
    for command in bot.tree.walk_commands():
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                assert param.description != "…", f"/{command.qualified_name} {param.name}"


async def test_spanish_names_with_enye_survive_to_dict() -> None:
    bot = await create_bot(Settings(discord_token=None))
    bestiario = bot.tree.get_command("bestiario")
    assert isinstance(bestiario, app_commands.Group)
    anadir = bestiario.get_command("añadir")
    assert anadir is not None
    data = anadir.to_dict(bot.tree)
    assert "tamaño" in [o["name"] for o in data["options"]]


async def test_sync_offline_to_dev_guild(monkeypatch: Any) -> None:
    from unittest.mock import AsyncMock

    bot = await create_bot(Settings(discord_token=None, dev_guild_id=1234))
    bot._connection.application_id = 42
    upsert = AsyncMock(return_value=[])
    monkeypatch.setattr(bot.http, "bulk_upsert_guild_commands", upsert)
    await bot.setup_hook()
    assert upsert.await_args is not None
    assert upsert.await_args.args[1] == 1234
    assert {c["name"] for c in upsert.await_args.kwargs["payload"]} >= EXPECTED


async def test_sync_offline_globally(monkeypatch: Any) -> None:
    from unittest.mock import AsyncMock

    bot = await create_bot(Settings(discord_token=None))
    bot._connection.application_id = 42
    upsert = AsyncMock(return_value=[])
    monkeypatch.setattr(bot.http, "bulk_upsert_global_commands", upsert)
    await bot.setup_hook()
    upsert.assert_awaited_once()


def test_token_is_secret() -> None:
    settings = Settings(discord_token="super-secreto")
    assert "super-secreto" not in repr(settings)
    assert "super-secreto" not in str(settings.model_dump())
    assert settings.token == "super-secreto"
    assert isinstance(discord, object)
