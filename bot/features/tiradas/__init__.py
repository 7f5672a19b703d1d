"""``/tirada`` (a check against an Umbral) and ``/reto`` (non-combat conflicts)."""

from __future__ import annotations

from discord.ext import commands

from .cog import TiradasCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TiradasCog(bot))
