"""Game sessions on Discord's calendar: ``/sesion`` (:mod:`.service`) makes each one a guild
scheduled event; the reminders' task runs its steps (:mod:`.steps`): reminders 24 h and 1 h
before, who was interested at the start, who played at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import SesionCog  # not at import: a sibling module must not load it

    await bot.add_cog(SesionCog(bot.services))
