"""The persistent **Defender** button: works like ``/defender`` and only for the attacked player.

Its ``custom_id`` is stable, so the view registered at start-up (``bot.add_view``) answers
presses on messages sent before a restart. Who may press comes from the message itself: the
player it mentions.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.edge.context import Context
from bot.edge.errors import report_error
from bot.edge.permissions import Permission
from bot.edge.services import Services
from bot.edge.tree import gate_component
from bot.storage.unit import operation

DEFENDER_ID = "umbral:defender"
NOT_YOURS = "Este botón es para el jugador atacado: tú no tienes que defenderte aquí."
#: The press is ``/defender`` with no options, for the player the message mentions (checked
#: in ``interaction_check``).
PRESS = Permission("dueño o máster")


class DefenderView(discord.ui.View):
    """``press``: what a press runs (``combate.service.defend``, handed in by
    :func:`~bot.features.combate.service.defender_view`, which every sender uses)."""

    def __init__(self, services: Services, press: Callable[[Context], Awaitable[None]]) -> None:
        super().__init__(timeout=None)
        self.services = services
        self.press = press

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Only the player the message mentions may press; then the tree's gate (shutdown,
        the rolls' rate limit)."""
        message = interaction.message
        allowed = message.raw_mentions if message is not None else []
        if interaction.user.id not in allowed:
            await interaction.response.send_message(NOT_YOURS, ephemeral=True)
            return False
        return await gate_component(interaction, rolls=True)

    @discord.ui.button(label="Defender", style=discord.ButtonStyle.primary, custom_id=DEFENDER_ID)
    async def defender(
        self, interaction: discord.Interaction, button: discord.ui.Button[discord.ui.View]
    ) -> None:
        ctx = Context(interaction, self.services, PRESS)
        with operation("defender", interaction.user.id):
            await self.press(ctx)
            await ctx.finish()

    async def on_error(
        self,
        interaction: discord.Interaction,
        error: Exception,
        item: discord.ui.Item[discord.ui.View],
    ) -> None:
        await report_error(interaction, error)
