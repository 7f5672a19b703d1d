"""``/deshacer``: take back the channel's last operations (stored in the database)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .buttons import CancelButton

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import DeshacerCog  # not at import: a sibling module must not load it

    cog = DeshacerCog(bot.services)
    bot.add_dynamic_items(cog.undo_button, CancelButton)
    await bot.add_cog(cog)
