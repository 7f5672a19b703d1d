"""``/descanso`` (and the service behind ``/ficha ajustar``): healing between fights."""

from __future__ import annotations

from discord.ext import commands

from .cog import DescansoCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DescansoCog(bot))
