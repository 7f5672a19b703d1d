"""Saying a line as a character: the one path of ``/decir`` and of «Decir como…».

A line is posted first and recorded after, and a post whose record fails is deleted
(issue 43) before the user hears of the fault, so a retry does not say it twice. Why not
record first and post after: the record is keyed by the message's id (Editar/Borrar lo dicho
find a line by it), which exists only once posted; recording first needs a line without
message, a second write to fill its id — which can fail too, leaving the same half-done
line the other way round — or a transaction held open across the post, which keeps SQLite's
write lock during a call to Discord while every other command waits. Deleting the post
undoes the only thing done outside the database, in one call (a 404: already gone). When
that call fails too, the reply says so, not the apology: the line stays without record, and
must not be said again."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.edge.channel_access import HOW
from bot.features.common import send
from bot.features.fichas.lookup import custody_character
from bot.render.safe import shown
from bot.storage.rolllog import SAID_COMMAND
from bot.storage.scene import SceneLine, StoredWebhook
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError

from . import voice
from .claims import check_voice

if TYPE_CHECKING:
    from bot.edge.context import Context

log = logging.getLogger(__name__)

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


NOT_OWN = "Solo puedes decir como tu personaje un mensaje que escribiste tú."
NO_TEXT = "Ese mensaje no tiene texto que decir."
#: Discord's code for a message that is no longer there.
UNKNOWN_MESSAGE = 10008
HALF_DONE = (
    "Tu línea se publicó, pero no he podido guardarla ni borrarla: sigue en el canal sin "
    "constar en /historial. No la repitas; si sobra, un moderador puede borrarla a mano."
)
KEPT = (
    " Tu mensaje original sigue ahí: me falta el permiso «Gestionar mensajes» para borrarlo. "
    + HOW.format(lo="lo")
)


async def speak(ctx: Context, texto: str, personaje: str | None) -> str:
    """Post ``texto`` as the user's character (``personaje``, or the active one) through the
    channel's webhook, and keep it in the record; the character's name."""
    interaction = ctx.interaction
    guild_id, channel_id = ctx.ids()
    content = content_of(texto)
    place = voice.place_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.guild(guild_id) as uow:
        row = await custody_character(uow, interaction, personaje, None, gm=False)
        await check_voice(uow, interaction, row)  # a name or picture not its own: refused
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
            roll_id, speaker.avatar_url,
        )  # fmt: skip
        await uow.scene.add_line(line, uow.clock())
        await uow.activity.note(ctx.user_id, SAID_COMMAND, uow.clock())

    try:
        await ctx.storage.run_in_channel(guild_id, channel_id, record)
    except Exception as exc:
        await unsay(webhook, message, place, exc)
        raise  # the post is gone: the one handler apologises (and logs a fault)
    return speaker.nombre


async def unsay(
    webhook: discord.Webhook, message: discord.WebhookMessage, place: voice.Place, exc: Exception
) -> None:
    """The line whose record failed deleted from the channel (see the module's comment); when
    Discord refuses that too, the user is told the line stayed, not apologised to."""
    try:
        await webhook.delete_message(message.id, thread=place.thread_arg)
    except discord.HTTPException as refused:
        if refused.status == 404 and refused.code == UNKNOWN_MESSAGE:
            return  # already deleted by someone: nothing is left half-done
        # anything else, a webhook deleted (10015: its messages stay) among them
        log.error(
            "Línea de /decir publicada sin guardar ni poder borrarla (Discord: %s %s)",
            refused.status,
            refused.code,
            exc_info=exc,
        )
        raise UmbralError(HALF_DONE) from exc


async def repost(ctx: Context, message: discord.Message) -> None:
    """«Decir como…»: one's own message said again as one's active character; the original
    deleted with «Gestionar mensajes», kept (and the reply says why) without it."""
    if message.author.id != ctx.user_id or message.webhook_id is not None:
        raise UmbralError(NOT_OWN)
    if not message.content.strip():
        raise UmbralError(NO_TEXT)
    nombre = await speak(ctx, message.content, None)
    note = KEPT
    if ctx.interaction.app_permissions.manage_messages:
        try:
            await message.delete()
            note = ""
        except discord.NotFound:  # already deleted by its author
            note = ""
        except discord.Forbidden:
            pass
    await send(ctx.interaction, content=f"Dicho como {shown(nombre)}.{note}", ephemeral=True)
