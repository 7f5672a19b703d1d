"""``/esencia gastar``: a character's Esencia spent, with its reason (tracked only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import EsenciaCog  # not at import: a sibling module must not load it

    await bot.add_cog(EsenciaCog(bot.services))
