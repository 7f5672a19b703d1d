"""``/esencia gastar puntos:N motivo:texto [personaje:]``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.common import ids, send, storage_of
from bot.features.encuentro.tracker import refresh_tracker
from bot.features.fichas.shared import autocomplete_any
from bot.render.encounter import events_embed
from bot.storage.uow import UnitOfWork

from .service import Spent, spend

#: [D] Tracked only: the texts give Esencia no rules (no spells, no costs).
FOOTER = (
    "Solo se lleva la cuenta: lo que compra la Esencia lo decide el máster. /deshacer lo devuelve."
)


class EsenciaCog(commands.Cog):
    esencia = app_commands.Group(
        name="esencia", description="La Esencia de tu personaje", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @esencia.command(name="gastar", description="Gasta Esencia de tu personaje, con su motivo")
    @app_commands.describe(
        puntos="Cuántos puntos (1 o más, no más de los que te quedan)",
        motivo="En qué la gastas (sale en el canal y en /historial)",
        personaje="Quién la gasta (por defecto, tu personaje en este encuentro o el activo; "
        "el máster, cualquiera)",
    )
    @app_commands.autocomplete(personaje=autocomplete_any)
    async def gastar(
        self,
        interaction: discord.Interaction,
        puntos: app_commands.Range[int, 1, 50],
        motivo: app_commands.Range[str, 1, 200],
        personaje: str | None = None,
    ) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> Spent:
            return await spend(uow, interaction, puntos, motivo, personaje)

        done = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
        lines = [
            f"{done.nombre} gasta {puntos} de Esencia: {done.before} → {done.after} "
            f"(de {done.maximo}).",
            f"Motivo: {motivo}",
        ]
        embed = events_embed("Esencia gastada", lines)
        embed.set_footer(text=FOOTER)
        await send(interaction, embed=embed)
        if done.enc is not None:
            await refresh_tracker(interaction, done.enc, done.tracker_id)
