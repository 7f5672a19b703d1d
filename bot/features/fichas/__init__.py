"""``/ficha``: characters of a guild, several per user, one active."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import FichasCog  # not at import: a sibling module must not load it

    await bot.add_cog(FichasCog(bot))
