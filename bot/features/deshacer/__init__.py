"""``/deshacer``: take back the channel's last operations (stored in the database)."""

from __future__ import annotations

from discord.ext import commands

from .buttons import CancelButton, UndoButton


async def setup(bot: commands.Bot) -> None:
    from .cog import DeshacerCog  # not at import: a sibling module must not load it

    bot.add_dynamic_items(UndoButton, CancelButton)
    await bot.add_cog(DeshacerCog(bot))
