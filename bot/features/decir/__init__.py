"""``/decir``: a line said as one's character, through the channel's webhook, kept in the
record so ``/historial`` shows a scene's dialogue among its rolls."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from discord import app_commands

    from .cog import DecirCog  # not at import: a sibling module must not load it

    cog = DecirCog(bot.services)
    await bot.add_cog(cog)
    menus = (
        ("Decir como…", cog.decir_como),
        ("Editar lo dicho", cog.editar),
        ("Borrar lo dicho", cog.borrar),
    )
    for name, callback in menus:
        bot.tree.add_command(app_commands.ContextMenu(name=name, callback=callback))
