"""``/tirada`` (a check against an Umbral) and ``/reto`` (non-combat conflicts)."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import TiradasCog  # not at import: a sibling module must not load it

    await bot.add_cog(TiradasCog(bot))
