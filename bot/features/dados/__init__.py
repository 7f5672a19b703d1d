"""``/dados``: saved rolls, used by name in ``/tirar``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import DadosCog  # not at import: a sibling module must not load it

    await bot.add_cog(DadosCog(bot.services))
