"""The ``/ayuda`` command."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.permissions import is_gm
from bot.features.common import send
from bot.render.ayuda import ayuda_embed, ayuda_now_embed, ayuda_tirar_embed, next_steps


class AyudaCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="ayuda", description="Qué escribir ahora, para jugadores y para el máster"
    )
    @app_commands.describe(
        para="Para quién es la ayuda (por defecto, las dos)",
        tema="Un tema: «tirar», cómo se escriben los dados de /tirar",
    )
    async def ayuda(
        self,
        interaction: discord.Interaction,
        para: Literal["jugador", "master"] | None = None,
        tema: Literal["tirar"] | None = None,
    ) -> None:
        if tema == "tirar":
            await interaction.response.send_message(embed=ayuda_tirar_embed(), ephemeral=True)
            return
        storage = getattr(self.bot, "storage", None)
        if interaction.guild_id is None or interaction.channel_id is None or storage is None:
            await interaction.response.send_message(embed=ayuda_embed(para), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage.channel(interaction.guild_id, interaction.channel_id) as uow:
            row = await uow.characters.active(interaction.user.id)
            enc = await uow.encounter.get()
            info = uow.encounter.info
            settings = await uow.guild.get()
        gm = is_gm(interaction, settings.gm_role_id, info.creator_id if info else None)
        steps = next_steps(
            character=row.nombre if row else None, enc=enc, user_id=interaction.user.id, gm=gm
        )
        await send(interaction, embed=ayuda_now_embed(para, steps), ephemeral=True)
