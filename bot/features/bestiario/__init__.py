"""``/bestiario``: the guild's enemies, with their Mesa numbers (GM only)."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import (
        BestiarioCog,
    )  # not at import: a sibling module must not load it

    await bot.add_cog(BestiarioCog(bot))
