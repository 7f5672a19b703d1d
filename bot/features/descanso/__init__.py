"""``/descanso`` (and the service behind ``/ficha ajustar``): healing between fights."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import DescansoCog  # not at import: a sibling module must not load it

    await bot.add_cog(DescansoCog(bot.services))
