"""``/ayuda``: what to type next, for a player and for a GM."""

from __future__ import annotations

from discord.ext import commands

from .cog import AyudaCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AyudaCog(bot))
