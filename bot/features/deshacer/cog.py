"""``/deshacer``: a private preview of what the channel's last operation changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Services, Topic
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.render.undo import preview_embed

from .buttons import preview_view, undo_button
from .service import Target, preview

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


class DeshacerCog(FeatureCog):
    topic = Topic(
        "deshacer",
        "Deshacer",
        "La red de seguridad: la última operación del canal, con su vista previa.",
    )

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        #: The Deshacer button's class, bound to this cog's services (registered at setup).
        self.undo_button = undo_button(services)

    @app_commands.command(
        name="deshacer",
        description="Deshace la última operación del canal (el máster, hasta 20 atrás)",
    )
    @app_commands.guild_only()
    @command_context("dueño o máster")
    async def deshacer(self, ctx: Context) -> None:
        interaction = ctx.interaction
        guild_id, channel_id = ctx.ids()
        await interaction.response.defer(ephemeral=True, thinking=True)

        async def work(uow: UnitOfWork) -> Target:
            return await preview(interaction, uow)

        target = await ctx.storage.run_in_channel(guild_id, channel_id, work)
        record = target.record
        embed = preview_embed(
            record.command,
            record.user_id,
            record.created_at,
            target.lines,
            rolled=record.rolled,
            reopens=record.ended,
        )
        view = preview_view(self.undo_button, record.id, target.version)
        await send(interaction, embed=embed, view=view, ephemeral=True)
