"""``/ficha``: characters of a guild, several per user, one active."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from discord import app_commands

    from .cog import FichasCog  # not at import: a sibling module must not load it
    from .menus import VER_FICHA, SheetMenus

    await bot.add_cog(FichasCog(bot.services))
    menus = SheetMenus(bot.services)  # «Ver ficha», listed with /ficha
    await bot.add_cog(menus)
    bot.tree.add_command(app_commands.ContextMenu(name=VER_FICHA, callback=menus.ver_ficha))
