"""``/deshacer``: take back the channel's last operations (stored in the database)."""

from __future__ import annotations

from discord.ext import commands

from .buttons import CancelButton, UndoButton
from .cog import DeshacerCog


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(UndoButton, CancelButton)
    await bot.add_cog(DeshacerCog(bot))
