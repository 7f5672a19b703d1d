"""``/deshacer``: a private preview of what the channel's last operation changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.common import ids, send, storage_of
from bot.render.undo import preview_embed

from .buttons import preview_view
from .service import Target, preview

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


class DeshacerCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="deshacer",
        description="Deshace la última operación del canal (el máster, hasta 20 atrás)",
    )
    @app_commands.guild_only()
    async def deshacer(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)

        async def work(uow: UnitOfWork) -> Target:
            return await preview(interaction, uow)

        target = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
        record = target.record
        embed = preview_embed(
            record.command,
            record.user_id,
            record.created_at,
            target.lines,
            rolled=record.rolled,
            reopens=record.ended,
        )
        await send(
            interaction, embed=embed, view=preview_view(record.id, target.version), ephemeral=True
        )
