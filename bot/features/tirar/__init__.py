"""``/tirar`` (generic dice expressions and the seeds' other systems) and ``/historial``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from discord import app_commands

    from bot.features.historial.pager import HistoryButton

    from .cog import REPEAT_MENU, TirarCog  # not at import: a sibling module must not load it

    cog = TirarCog(bot.services)
    await bot.add_cog(cog)
    bot.add_dynamic_items(HistoryButton)  # /historial's pages
    bot.add_dynamic_items(cog.buttons)  # «Repetir» on every /tirar reply, after restarts too
    bot.tree.add_command(app_commands.ContextMenu(name=REPEAT_MENU, callback=cog.repeat_menu))
