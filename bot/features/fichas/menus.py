"""«Ver ficha»: the user command on a member shows their active character's sheet, only to
whoever asked (the private notes only to its owner and the GM, as ``/ficha ver``)."""

from __future__ import annotations

import discord

from bot.edge.context import Context, command_context
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.features.fichas.cog import FichasCog
from bot.features.fichas.custodia import gm_in_guild
from bot.features.fichas.lookup import owner_text
from bot.features.fichas.shared import sheet_embed
from umbral_rules import UmbralError

VER_FICHA = "Ver ficha"


class SheetMenus(FeatureCog):
    """The menus of the sheets, listed in ``/ficha``'s family."""

    topic = FichasCog.topic

    @command_context("servidor")
    async def ver_ficha(self, ctx: Context, member: discord.Member) -> None:
        interaction = ctx.interaction
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.reading(ctx.guild_id) as uow:
            row = await uow.characters.active(member.id)
            if row is None:
                raise UmbralError(
                    f"{owner_text(member.id)} no tiene personaje activo.", formatted=True
                )
            private = row.owner_id == interaction.user.id or await gm_in_guild(uow, interaction)
            embed = sheet_embed(row, owner_text(row.owner_id), private=private)
        await send(interaction, embed=embed, ephemeral=True)
