"""``/estadisticas``: the roll log's figures, a chi-square verdict on the d12 and a chart."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import EstadisticasCog  # not at import: a sibling module must not load it

    await bot.add_cog(EstadisticasCog(bot.services))
