"""Combat in an encounter: /atacar, /disparar, /defender (and its button), /maniobra,
/respuesta, /estado, /aliento."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from .cog import CombateCog  # not at import: a sibling module must not load it

    await bot.add_cog(CombateCog(bot))
