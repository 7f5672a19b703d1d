"""``/tirada`` (a check against an Umbral) and ``/reto`` (non-combat conflicts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import TiradasCog  # not at import: a sibling module must not load it

    await bot.add_cog(TiradasCog(bot.services))
