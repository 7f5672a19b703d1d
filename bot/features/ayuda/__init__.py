"""``/ayuda``: what to type next, for a player and for a GM."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import AyudaCog  # not at import: a sibling module must not load it

    await bot.add_cog(AyudaCog(bot.services, bot.tree))
