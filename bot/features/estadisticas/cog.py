"""``/estadisticas [usuario] [personaje] [alcance] [desde]``: the luck of the dice, from the
roll log."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.historial import service as historial
from bot.features.historial.options import Alcance

from . import service

#: [D] As /historial: anyone, in every use; a player's server-wide figures are their own
#: rolls (``historial.filters``).
USES = (
    Variant("personaje", "cualquiera", ("personaje",)),
    Variant("alcance servidor", "cualquiera", ("alcance",), "servidor"),
)


class EstadisticasCog(FeatureCog):
    topic = Topic(
        "estadisticas",
        "Estadísticas",
        "La suerte de los dados: caras, prueba χ² y daño por encuentro.",
    )

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
    @command_context("cualquiera", variants=USES)
    async def estadisticas(
        self,
        ctx: Context,
        usuario: discord.User | None = None,
        personaje: app_commands.Range[str, 1, 100] | None = None,
        alcance: Alcance | None = None,
        desde: app_commands.Range[str, 10, 10] | None = None,
    ) -> None:
        guild_id, _ = ctx.ids()
        on = service.day(desde, ctx.storage.clock().date())
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(guild_id) as uow:
            settings = await uow.guild.get()
        gm = ctx.is_gm(settings.gm_role_id)
        want = historial.filters(
            ctx,
            gm=gm,
            usuario=usuario,
            canal=None,
            personaje=personaje,
            alcance=alcance,
            exporting=False,
        )
        await service.answer(ctx.interaction, ctx.storage, want, gm, on, settings.timezone)
