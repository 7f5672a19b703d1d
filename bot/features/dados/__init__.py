"""``/dados``: saved rolls, used by name in ``/tirar``."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import DadosCog  # not at import: a sibling module must not load it

    await bot.add_cog(DadosCog(bot))
