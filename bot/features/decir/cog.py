"""``/decir texto:… [personaje:…]``: a line said as one's character, through the channel's
webhook, under the character's name and picture."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.render.safe import shown

from . import lines
from .speak import TEXT_MAX, repost, speak


class DecirCog(FeatureCog):
    topic = Topic(
        "escena",
        "Escena",
        "Hablar como tu personaje: su nombre y su imagen en el canal, y el diálogo en /historial.",
    )

    @app_commands.command(name="decir", description="Di algo como tu personaje, con su nombre")
    @app_commands.describe(
        texto="Lo que dice (*cursiva* y **negrita** se mantienen; enlaces y menciones, no)",
        personaje="Quién lo dice (por defecto, tu personaje activo)",
    )
    @app_commands.autocomplete(personaje=FeatureCog.own)
    @app_commands.guild_only()
    @command_context("personaje")
    async def decir(
        self,
        ctx: Context,
        texto: app_commands.Range[str, 1, TEXT_MAX],
        personaje: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        nombre = await speak(ctx, texto, personaje)
        await send(ctx.interaction, content=f"Dicho como {shown(nombre)}.", ephemeral=True)

    @command_context("personaje")
    async def decir_como(self, ctx: Context, message: discord.Message) -> None:
        """«Decir como…» (a message command): one's own message said as one's character."""
        await repost(ctx, message)

    @command_context("dueño o máster")
    async def borrar(self, ctx: Context, message: discord.Message) -> None:
        """«Borrar lo dicho» (a message command): the line's author or the GM deletes it."""
        await lines.delete(ctx, message)

    @command_context("dueño o máster")
    async def editar(self, ctx: Context, message: discord.Message) -> None:
        """«Editar lo dicho» (a message command): the line's author or the GM edits it."""
        await lines.offer_edit(ctx, message)
