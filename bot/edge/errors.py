"""The one error handler: rules and validation errors become an ephemeral Spanish reply."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.render.limits import cut_quotes
from umbral_rules import UmbralError

log = logging.getLogger(__name__)

#: Set in ``interaction.extras`` once the command has answered (see ``features.common.send``).
ANSWERED = "umbral_answered"
APOLOGY = "Lo siento, algo ha fallado al hacer eso. Ya queda anotado; prueba de nuevo en un rato."


def explain(error: BaseException) -> str | None:
    """The Spanish message for an error a user caused, or ``None`` for a real fault."""
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
    message = cut_quotes(message)
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

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
