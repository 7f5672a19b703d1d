"""``/estadisticas``: the roll log's figures, a chi-square verdict on the d12 and a chart."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import EstadisticasCog  # not at import: a sibling module must not load it

    await bot.add_cog(EstadisticasCog(bot))
