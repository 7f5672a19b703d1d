"""What is done to a line already said: «Borrar lo dicho» (the message command), by the
line's author or the GM only. The line stays in the record as deleted, without its text."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import discord

from bot.storage.scene import SceneLine
from umbral_rules import UmbralError

from . import voice

if TYPE_CHECKING:
    from bot.edge.context import Context

NOT_A_LINE = "Ese mensaje no es una línea dicha con /decir."
ALREADY_GONE = "Esa línea ya está borrada."
NOT_YOURS = "Solo quien dijo esa línea, o el máster, puede cambiarla o borrarla."
LOST_WEBHOOK = (
    "El webhook que dijo esa línea ya no existe, y con otro no se puede tocar: un moderador "
    "puede borrarla a mano."
)
DELETED = "Línea borrada: /historial la sigue contando como borrada, sin su texto."


async def owned_line(ctx: Context, message: discord.Message) -> tuple[SceneLine, discord.Webhook]:
    """The line posted as ``message`` and the webhook that posted it, if the user may touch
    it (its author or the GM); refused in Spanish otherwise."""
    place = voice.place_of(ctx.interaction)
    async with ctx.storage.guild(ctx.guild_id) as uow:
        line = await uow.scene.line(message.id)
        gm_role = (await uow.guild.get()).gm_role_id
        hook = await uow.scene.webhook(place.channel.id)
    if line is None:
        raise UmbralError(NOT_A_LINE)
    if line.texto is None:
        raise UmbralError(ALREADY_GONE)
    if line.user_id != ctx.user_id and not ctx.is_gm(gm_role):
        raise UmbralError(NOT_YOURS)
    if hook is None or hook.webhook_id != line.webhook_id:
        raise UmbralError(LOST_WEBHOOK)
    return line, voice.known(ctx.interaction, hook)


def thread_of(line: SceneLine) -> discord.abc.Snowflake:
    return discord.Object(line.thread_id) if line.thread_id else discord.utils.MISSING


async def delete(ctx: Context, message: discord.Message) -> None:
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    line, webhook = await owned_line(ctx, message)
    with contextlib.suppress(discord.NotFound):  # already gone: the record says so too
        await webhook.delete_message(line.message_id, thread=thread_of(line))
    async with ctx.storage.guild(ctx.guild_id) as uow:
        await uow.scene.delete_line(line.message_id, uow.clock())
    await ctx.interaction.followup.send(DELETED, ephemeral=True)
