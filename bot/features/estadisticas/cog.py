"""``/estadisticas [usuario] [personaje] [alcance] [desde]``: the luck of the dice, from the
roll log."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.common import ids, storage_of
from bot.features.historial import service as historial
from bot.features.historial.options import Alcance
from bot.permissions import is_gm

from . import service


class EstadisticasCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="estadisticas", description="La suerte de los dados: caras del d12, naturales, daño"
    )
    @app_commands.describe(
        usuario="Solo las tiradas de esta persona",
        personaje="Solo las de este personaje o enemigo",
        alcance="canal (por defecto) o servidor: todo el servidor (un jugador, sus tiradas)",
        desde="Desde este día: AAAA-MM-DD",
    )
    @app_commands.guild_only()
    async def estadisticas(
        self,
        interaction: discord.Interaction,
        usuario: discord.User | None = None,
        personaje: app_commands.Range[str, 1, 100] | None = None,
        alcance: Alcance | None = None,
        desde: app_commands.Range[str, 10, 10] | None = None,
    ) -> None:
        guild_id, _ = ids(interaction)
        on = service.day(desde)
        await interaction.response.defer(ephemeral=True, thinking=True)
        storage = storage_of(interaction)
        async with storage.guild(guild_id) as uow:
            settings = await uow.guild.get()
        gm = is_gm(interaction, settings.gm_role_id)
        want = historial.filters(
            interaction,
            gm=gm,
            usuario=usuario,
            canal=None,
            personaje=personaje,
            alcance=alcance,
            exporting=False,
        )
        await service.answer(interaction, storage, want, gm, on, settings.timezone)
