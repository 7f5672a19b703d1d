"""``/ayuda``: what to type next, for a player and for a GM."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import AyudaCog  # not at import: a sibling module must not load it

    await bot.add_cog(AyudaCog(bot))
