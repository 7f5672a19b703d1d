"""``/tirar`` (generic dice expressions and the seeds' other systems) and ``/historial``."""

from __future__ import annotations

from discord.ext import commands

from .cog import TirarCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TirarCog(bot))
