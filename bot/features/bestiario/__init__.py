"""``/bestiario``: the guild's enemies, with their Mesa numbers (GM only)."""

from __future__ import annotations

from discord.ext import commands

from .cog import BestiarioCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(BestiarioCog(bot))
