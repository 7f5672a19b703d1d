"""``/decir texto:… [personaje:…]``: a line said as one's character, through the channel's
webhook, under the character's name and picture."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.common import send
from bot.features.fichas.lookup import custody_character
from bot.render.safe import shown
from bot.storage.rolllog import SAID_COMMAND
from bot.storage.scene import SceneLine, StoredWebhook
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError

from . import lines, voice

#: What a message's content may hold (Discord's limit), the line escaped.
CONTENT_MAX = 2000
TEXT_MAX = 1800
EMPTY = "Di algo: el texto está vacío."
TOO_LONG = (
    "El texto, con sus marcas escapadas, pasa de los 2000 caracteres que admite un mensaje: "
    "acórtalo."
)


@dataclass(frozen=True)
class Speaker:
    character_id: int
    nombre: str
    avatar_url: str | None
    hook: StoredWebhook | None


def content_of(texto: str) -> str:
    """The line as posted: *cursiva* and **negrita** kept, everything else escaped (the
    roleplay variant of the one escaping function); refused when empty or too long."""
    if not texto.strip():
        raise UmbralError(EMPTY)
    content = shown(texto.strip(), multiline=True, roleplay=True)
    if len(content) > CONTENT_MAX:
        raise UmbralError(TOO_LONG)
    return content


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
        interaction = ctx.interaction
        guild_id, channel_id = ctx.ids()
        content = content_of(texto)
        place = voice.place_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            row = await custody_character(uow, interaction, personaje, None, gm=False)
            hook = await uow.scene.webhook(place.channel.id)
            speaker = Speaker(row.id, row.nombre, row.avatar_url, hook)
        message, webhook = await voice.say(
            interaction, place, speaker.hook, content, speaker.nombre, speaker.avatar_url
        )

        async def record(uow: UnitOfWork) -> None:
            if speaker.hook is None or speaker.hook.webhook_id != webhook.id:
                await uow.scene.keep_webhook(place.channel.id, voice.stored(webhook))
            roll_id = await uow.rolls.append(
                user_id=ctx.user_id,
                command=SAID_COMMAND,
                dice=[],
                actor=speaker.nombre,
                character_id=speaker.character_id,
            )
            line = SceneLine(
                0, channel_id, None if place.thread is None else place.thread.id, message.id,
                webhook.id, ctx.user_id, speaker.character_id, speaker.nombre, texto.strip(),
                roll_id,
            )  # fmt: skip
            await uow.scene.add_line(line, uow.clock())
            await uow.activity.note(ctx.user_id, SAID_COMMAND, uow.clock())

        await ctx.storage.run_in_channel(guild_id, channel_id, record)
        await send(interaction, content=f"Dicho como {shown(speaker.nombre)}.", ephemeral=True)

    @command_context("dueño o máster")
    async def borrar(self, ctx: Context, message: discord.Message) -> None:
        """«Borrar lo dicho» (a message command): the line's author or the GM deletes it."""
        await lines.delete(ctx, message)
