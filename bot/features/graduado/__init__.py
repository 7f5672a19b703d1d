"""``/graduado …`` and the shared commands in a graded d100 fight (seed 003): sheets and
bestiary, declared attacks and defences, the enemies' announced blows, the round, the loot."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import GraduadoCog  # not at import: a sibling module must not load it
    from .verbs import GRADUADO_PLUGIN

    bot.services.systems.add(GRADUADO_PLUGIN)
    cog = GraduadoCog(bot.services)
    bot.add_dynamic_items(cog.loot_button)
    await bot.add_cog(cog)
