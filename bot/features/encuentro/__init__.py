"""``/encuentro`` and ``/asalto``: the fight of a channel and its tracker message."""

from __future__ import annotations

from discord.ext import commands

from .cog import EncuentroCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(EncuentroCog(bot))
