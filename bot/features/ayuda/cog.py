"""The ``/ayuda`` command."""

from __future__ import annotations

from typing import Any, Literal

from discord import app_commands

from bot.edge.context import Context, command_context, permission_rows
from bot.edge.services import Services
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.render.ayuda import (
    add_permisos,
    ayuda_embed,
    ayuda_now_embed,
    ayuda_tirar_embed,
    next_steps,
)


class AyudaCog(FeatureCog):
    """``tree``: the bot's command tree, whose commands' declared permissions ``/ayuda``
    shows (read when asked: the other features load after this one)."""

    def __init__(self, services: Services, tree: app_commands.CommandTree[Any]) -> None:
        super().__init__(services)
        self.tree = tree

    @app_commands.command(
        name="ayuda", description="Qué escribir ahora, para jugadores y para el máster"
    )
    @app_commands.describe(
        para="Para quién es la ayuda (por defecto, las dos)",
        tema="Un tema: «tirar», cómo se escriben los dados de /tirar",
    )
    @command_context("cualquiera")
    async def ayuda(
        self,
        ctx: Context,
        para: Literal["jugador", "master"] | None = None,
        tema: Literal["tirar"] | None = None,
    ) -> None:
        interaction = ctx.interaction
        if tema == "tirar":
            await interaction.response.send_message(embed=ayuda_tirar_embed(), ephemeral=True)
            return
        storage = self.services.storage
        if interaction.guild_id is None or interaction.channel_id is None or storage is None:
            await interaction.response.send_message(embed=ayuda_embed(para), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage.channel(interaction.guild_id, interaction.channel_id) as uow:
            row = await uow.characters.active(interaction.user.id)
            enc = await uow.encounter.get()
            info = uow.encounter.info
            settings = await uow.guild.get()
        gm = ctx.is_gm(settings.gm_role_id, info.creator_id if info else None)
        steps = next_steps(
            character=row.nombre if row else None, enc=enc, user_id=interaction.user.id, gm=gm
        )
        embed = ayuda_now_embed(para, steps)
        if para is None:  # the whole help, in a server: who may use what there
            add_permisos(embed, permission_rows(self.tree))
        await send(interaction, embed=embed, ephemeral=True)
