"""Combat in an encounter: /atacar, /disparar, /defender (and its button), /maniobra,
/respuesta, /estado, /aliento."""

from __future__ import annotations

from discord.ext import commands

from .cog import CombateCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CombateCog(bot))
