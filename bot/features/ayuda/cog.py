"""The ``/ayuda`` command."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.render.ayuda import ayuda_embed


class AyudaCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="ayuda", description="Qué escribir ahora, para jugadores y para el máster"
    )
    @app_commands.describe(para="Para quién es la ayuda (por defecto, las dos)")
    async def ayuda(
        self,
        interaction: discord.Interaction,
        para: Literal["jugador", "master"] | None = None,
    ) -> None:
        await interaction.response.send_message(embed=ayuda_embed(para), ephemeral=True)
