"""``/tabla``: the guild's own secuelas table and estados (GM only; issue 34)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import TablasCog  # not at import: a sibling module must not load it

    await bot.add_cog(TablasCog(bot.services))
