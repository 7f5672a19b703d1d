"""The Táctico board: ``/mapa`` (create, draw, place, see, areas, sweeps) and ``/mover``."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import TableroCog  # not at import: a sibling module must not load it

    await bot.add_cog(TableroCog(bot))
