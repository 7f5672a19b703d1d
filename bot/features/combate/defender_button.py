"""The persistent **Defender** button: works like ``/defender`` and only for the attacked player.

Its ``custom_id`` is stable, so the view registered at start-up (``bot.add_view``) answers
presses on messages sent before a restart. Who may press comes from the message itself: the
player it mentions.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import report_error
from umbral_rules import UmbralError

DEFENDER_ID = "umbral:defender"


class DefenderView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Defender", style=discord.ButtonStyle.primary, custom_id=DEFENDER_ID)
    async def defender(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        message = interaction.message
        allowed = message.raw_mentions if message is not None else []
        if interaction.user.id not in allowed:
            raise UmbralError(
                "Este botón es para el jugador atacado: tú no tienes que defenderte aquí."
            )
        from bot.features.combate.service import defend
        from bot.storage.undo import operation

        with operation("defender", interaction.user.id):
            await defend(interaction)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await report_error(interaction, error)
