"""``/tirar`` (generic dice expressions and the seeds' other systems) and ``/historial``."""

from __future__ import annotations

from discord.ext import commands

from .cog import TirarCog


async def setup(bot: commands.Bot) -> None:
    cog = TirarCog(bot)
    await bot.add_cog(cog)
    bot.add_dynamic_items(cog.buttons)  # «Repetir» on every /tirar reply, after restarts too
