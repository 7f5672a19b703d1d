"""``/encuentro`` and ``/asalto``: the fight of a channel and its tracker message."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import (
        EncuentroCog,
    )  # not at import: a sibling module must not load it

    await bot.add_cog(EncuentroCog(bot))
