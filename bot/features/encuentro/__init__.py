"""``/encuentro`` and ``/asalto``: the fight of a channel and its tracker message."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import (
        EncuentroCog,
    )  # not at import: a sibling module must not load it

    await bot.add_cog(EncuentroCog(bot.services))
