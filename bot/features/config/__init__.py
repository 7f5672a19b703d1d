"""``/config``: the guild's GM role, physical dice, default mode and how defenses are rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import ConfigCog  # not at import: a sibling module must not load it

    await bot.add_cog(ConfigCog(bot.services))
