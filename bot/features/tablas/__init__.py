"""``/tabla``: the guild's own secuelas table and estados (GM only; issue 34)."""

from __future__ import annotations

from discord.ext import commands

from .cog import TablasCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TablasCog(bot))
