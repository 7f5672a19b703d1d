"""``/esencia gastar``: a character's Esencia spent, with its reason (tracked only)."""

from __future__ import annotations

from discord.ext import commands

from .cog import EsenciaCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(EsenciaCog(bot))
