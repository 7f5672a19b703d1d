"""``/config``: the guild's GM role, physical dice, default mode and how defenses are rolled."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import ConfigCog  # not at import: a sibling module must not load it

    await bot.add_cog(ConfigCog(bot))
