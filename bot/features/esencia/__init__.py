"""``/esencia gastar``: a character's Esencia spent, with its reason (tracked only)."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import EsenciaCog  # not at import: a sibling module must not load it

    await bot.add_cog(EsenciaCog(bot))
