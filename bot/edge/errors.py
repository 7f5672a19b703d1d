"""The one error handler: rules and validation errors become an ephemeral Spanish reply."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands

from bot.edge.context import command_outcome
from bot.edge.services import CommandMetrics
from bot.render.limits import CONTENT_MAX, cut, cut_quotes
from bot.render.safe import shown
from umbral_rules import UmbralError

log = logging.getLogger(__name__)

#: Set in ``interaction.extras`` once the command has answered (see ``features.common.send``).
ANSWERED = "umbral_answered"
APOLOGY = "Lo siento, algo ha fallado al hacer eso. Ya queda anotado; prueba de nuevo en un rato."


def explain(error: BaseException) -> str | None:
    """The Spanish message for an error a user caused (plain text), or ``None`` for a real
    fault."""
    if isinstance(error, app_commands.CommandInvokeError):
        return explain(error.original)
    if isinstance(error, UmbralError):
        return str(error)
    if isinstance(error, app_commands.TransformerError):
        original = error.__cause__
        if isinstance(original, UmbralError):
            return str(original)
        return f"No entiendo «{error.value}» en esa opción."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Este comando solo funciona en un servidor."
    if isinstance(error, app_commands.MissingPermissions):
        return "No tienes permiso para eso: hace falta «Gestionar servidor»."
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Espera {error.retry_after:.0f} s antes de repetirlo."
    if isinstance(error, app_commands.CheckFailure):
        return str(error) if str(error) else "No puedes usar este comando aquí."
    if isinstance(error, app_commands.CommandNotFound):
        return "Ese comando ya no existe: recarga la lista de comandos."
    return None


#: Kept as they are when the rest of a refusal is escaped: the bot's mentions (a player, a
#: channel: real ids, 17 to 20 digits), timestamps, and inline code (`/ayuda tema:tirar`:
#: what is inside a code span is shown as text, so nothing in it comes alive either).
_TAG = re.compile(r"(<(?:@[!&]?|#)\d{17,20}>|<t:\d{1,13}(?::[tTdDfFR])?>|(?<!`)`[^`\n]+`(?!`))")


def refusal_text(message: str, *, formatted: bool = False) -> str:
    """A refusal as Discord shows it: every «quoted» value cut short, and the message
    escaped whole unless it was written for Discord already (``UmbralError.formatted``):
    what a user typed is quoted back in refusals, never brought to life. The mentions of
    players and channels the bot wrote stay mentions, and its code spans stay code (a refusal
    is private to whoever typed it, so a well-formed mention or code span they typed
    themselves shows only to them, and pings no one: refusals allow no mentions)."""
    message = cut_quotes(message)
    if formatted:
        return message
    parts = _TAG.split(message)  # odd positions: the tags
    escaped = "".join(p if i % 2 else shown(p, multiline=True) for i, p in enumerate(parts))
    return cut(escaped, CONTENT_MAX)


def _formatted(error: BaseException) -> bool:
    inner = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    return isinstance(inner, UmbralError) and inner.formatted


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user (ephemeral); log real faults with their traceback."""
    message = explain(error)
    if message is None:
        original = getattr(error, "original", error)
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error(
            "Error inesperado en /%s (servidor %s, usuario %s)",
            command,
            interaction.guild_id,
            interaction.user.id if interaction.user else "?",
            exc_info=(type(original), original, original.__traceback__),
        )
        message = APOLOGY
    message = refusal_text(message, formatted=_formatted(error))
    try:
        if interaction.response.is_done():
            if (
                interaction.response.type
                is discord.InteractionResponseType.deferred_channel_message
            ) and not interaction.extras.get(ANSWERED):
                # a deferred public "thinking…" would turn the refusal public: drop it first
                await interaction.delete_original_response()
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("No se pudo avisar del error al usuario", exc_info=True)


class UmbralTree(app_commands.CommandTree[discord.Client]):
    """The command tree with the bot's single error handler."""

    #: Where each command's outcome is counted (the bot's metrics, set by ``UmbralBot``).
    metrics: CommandMetrics | None = None

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        outcome = "refused" if explain(error) is not None else "failed"
        command_outcome(interaction, outcome, self.metrics)
        await report_error(interaction, error)
