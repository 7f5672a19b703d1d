"""What is done to a line already said, by its author or the GM only: «Borrar lo dicho» (the
line stays in the record as deleted, without its text) and «Editar lo dicho» (a form with
the text). A form has to be the first answer to an interaction, and who may edit is known
only from the database, which the bot reads after answering: so the menu answers with the
check done and a button «Editar», and the button opens the form, filled with the text."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import discord

from bot.edge.context import Context
from bot.edge.errors import report_error
from bot.edge.permissions import Permission
from bot.edge.tree import gate_component
from bot.render.safe import shown
from bot.storage.scene import SceneLine
from umbral_rules import UmbralError

from . import voice
from .speak import TEXT_MAX, content_of

if TYPE_CHECKING:
    from bot.edge.services import Services

NOT_A_LINE = "Ese mensaje no es una línea dicha con /decir."
ALREADY_GONE = "Esa línea ya está borrada."
NOT_YOURS = "Solo quien dijo esa línea, o el máster, puede cambiarla o borrarla."
LOST_WEBHOOK = (
    "El webhook que dijo esa línea ya no existe, y con otro no se puede tocar: un moderador "
    "puede borrarla a mano."
)
DELETED = "Línea borrada: /historial la sigue contando como borrada, sin su texto."
EDITED = "Línea cambiada."
TOO_LONG_FIELD = (
    "«{label}» admite hasta {most} caracteres y llegaron {count}: no se ha cambiado nada."
)
#: The form's edit, by the same rule as the menu that offered it.
EDIT = Permission("dueño o máster", what="editar lo dicho")
#: The form's one field.
TEXT_LABEL = "Texto"
#: How long the «Editar» button and its form wait (seconds).
WAIT_S = 600


async def owned_line(
    ctx: Context, message: discord.abc.Snowflake
) -> tuple[SceneLine, discord.Webhook]:
    """The line posted as ``message`` and the webhook that posted it, if the user may touch
    it (its author or the GM); refused in Spanish otherwise."""
    place = voice.place_of(ctx.interaction)
    async with ctx.storage.reading(ctx.guild_id) as uow:
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


async def offer_edit(ctx: Context, message: discord.Message) -> None:
    """«Editar lo dicho»: checked, then a private «Editar» that opens the form."""
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    line, _ = await owned_line(ctx, message)
    view = EditView(ctx.services, line)
    text = f"Editar la línea de {shown(line.actor)}: pulsa «Editar» para abrir el formulario."
    await ctx.interaction.followup.send(text, view=view, ephemeral=True)


class EditView(discord.ui.View):
    """The private «Editar» button: it opens the form filled with the line's text."""

    def __init__(self, services: Services, line: SceneLine) -> None:
        super().__init__(timeout=WAIT_S)
        self.services, self.line = services, line

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await gate_component(interaction)

    @discord.ui.button(label="Editar", style=discord.ButtonStyle.primary)
    async def edit(self, interaction: discord.Interaction, _: discord.ui.Button[EditView]) -> None:
        await interaction.response.send_modal(EditForm(self.services, self.line))


class EditForm(discord.ui.Modal, title="Editar lo dicho"):
    def __init__(self, services: Services, line: SceneLine) -> None:
        super().__init__(timeout=WAIT_S)
        self.services, self.message_id = services, line.message_id
        self.texto: discord.ui.TextInput[EditForm] = discord.ui.TextInput(
            label=TEXT_LABEL,
            style=discord.TextStyle.paragraph,
            default=line.texto,
            max_length=TEXT_MAX,
        )
        self.add_item(self.texto)

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        try:
            texto = within_form(self.texto)
            await edit(Context(interaction, self.services, EDIT), self.message_id, texto)
        except Exception as exc:  # the one handler answers (ephemeral) and logs faults
            await report_error(interaction, exc)


def within_form(field: discord.ui.TextInput[EditForm]) -> str:
    """What ``field`` was sent with, refused past the length the form itself declares
    (``max_length``, the one definition): Discord's client keeps to it, but a crafted
    submission may send anything, and gets only what the form promises (issue 43)."""
    value, most = field.value, field.max_length
    if most is not None and len(value) > most:
        raise UmbralError(TOO_LONG_FIELD.format(label=TEXT_LABEL, most=most, count=len(value)))
    return value


async def edit(ctx: Context, message_id: int, texto: str) -> None:
    """The form sent: checked again (the line may be gone, the user no longer GM), then
    the message edited through its webhook and the record's text changed."""
    content = content_of(texto)
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    line, webhook = await owned_line(ctx, discord.Object(message_id))
    await webhook.edit_message(
        line.message_id,
        content=content,
        thread=thread_of(line),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    async with ctx.storage.guild(ctx.guild_id) as uow:
        await uow.scene.edit_line(line.message_id, texto.strip(), uow.clock())
    await ctx.interaction.followup.send(EDITED, ephemeral=True)
