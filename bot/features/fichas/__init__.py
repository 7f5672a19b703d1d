"""``/ficha``: characters of a guild, several per user, one active."""

from __future__ import annotations

from discord.ext import commands

from .cog import FichasCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FichasCog(bot))
