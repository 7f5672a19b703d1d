"""``/descanso`` (and the service behind ``/ficha ajustar``): healing between fights."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import DescansoCog  # not at import: a sibling module must not load it

    await bot.add_cog(DescansoCog(bot))
