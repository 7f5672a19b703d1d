"""``/encuentro`` and ``/asalto``: the fight of a channel and its tracker message."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from bot.features.system import UMBRAL_PLUGIN

    from .cog import (
        EncuentroCog,
    )  # not at import: a sibling module must not load it

    bot.services.systems.add(UMBRAL_PLUGIN)  # which options Umbral's shared commands take
    await bot.add_cog(EncuentroCog(bot.services))
