"""The Táctico board: ``/mapa`` (create, draw, place, see, areas, sweeps) and ``/mover``."""

from __future__ import annotations

from discord.ext import commands

from .cog import TableroCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableroCog(bot))
