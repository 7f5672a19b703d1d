"""``/config``: the guild's GM role, physical dice, default mode and how defenses are rolled."""

from __future__ import annotations

from discord.ext import commands

from .cog import ConfigCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ConfigCog(bot))
