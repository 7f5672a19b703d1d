"""``/tirar`` (generic dice expressions and the seeds' other systems) and ``/historial``."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import TirarCog  # not at import: a sibling module must not load it

    await bot.add_cog(TirarCog(bot))
