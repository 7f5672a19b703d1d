"""Combat in an encounter: /atacar, /disparar, /defender (and its button), /maniobra,
/respuesta, /estado, /aliento."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from .cog import CombateCog  # not at import: a sibling module must not load it
    from .service import defender_view

    await bot.add_cog(CombateCog(bot.services))
    bot.add_view(defender_view(bot.services, listening=True))  # presses on every message
