"""The persistent **Defender** button: works like ``/defender`` and only for the attacked player.

Its ``custom_id`` is stable, so the view registered at start-up (``bot.add_view``) answers
presses on messages sent before a restart. Who may press comes from the message itself: the
player it mentions.
"""

from __future__ import annotations

import discord

from bot.edge.errors import report_error
from bot.edge.tree import gate_component

DEFENDER_ID = "umbral:defender"
NOT_YOURS = "Este botón es para el jugador atacado: tú no tienes que defenderte aquí."


class DefenderView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

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
        from bot.features.combate.service import defend
        from bot.storage.undo import operation

        with operation("defender", interaction.user.id):
            await defend(interaction)

    async def on_error(
        self,
        interaction: discord.Interaction,
        error: Exception,
        item: discord.ui.Item[discord.ui.View],
    ) -> None:
        await report_error(interaction, error)
