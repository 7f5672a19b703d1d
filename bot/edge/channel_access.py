"""What the bot itself may do in a channel (``interaction.app_permissions``) and how to say
what is missing, in Spanish, with Discord's own names for the permissions (a command that
would show the encounter where it can't is refused first: :func:`require_channel_permissions`)."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from umbral_rules import UmbralError

#: Discord's Spanish name of each permission the bot uses.
LABELS = {
    "view_channel": "Ver canal",
    "send_messages": "Enviar mensajes",
    "send_messages_in_threads": "Enviar mensajes en hilos",
    "embed_links": "Insertar enlaces",
    "attach_files": "Adjuntar archivos",
    "read_message_history": "Leer el historial de mensajes",
    "pin_messages": "Fijar mensajes",
    "manage_threads": "Gestionar hilos",
    "create_events": "Crear eventos",
    "manage_events": "Gestionar eventos",
    "connect": "Conectar",
    "manage_webhooks": "Gestionar webhooks",
}
#: What the invite link asks for (README «Invitar el bot» gives their integer).
INVITE_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
    "pin_messages",
    "create_events",
    "connect",
    "manage_webhooks",
)
#: How to grant what is missing: ``{lo}`` is «lo» for one permission, «los» for several.
HOW = (
    "Un administrador puede dárme{lo} en los ajustes del canal (Permisos → la aplicación "
    "Umbral) o en el rol del bot."
)


def in_thread(interaction: discord.Interaction) -> bool:
    return isinstance(interaction.channel, discord.Thread)


def closed_thread(interaction: discord.Interaction) -> str | None:
    """Why the bot can't reopen this archived thread (``None``: not archived, or it can).
    An archived thread that is not locked reopens with «Enviar mensajes en hilos»; a locked
    one only with «Gestionar hilos»."""
    thread = interaction.channel
    if not isinstance(thread, discord.Thread) or not thread.archived or not thread.locked:
        return None
    if interaction.app_permissions.manage_threads:
        return None
    return (
        "Este hilo está archivado y bloqueado, y no puedo reabrirlo: un moderador puede "
        "desbloquearlo (menú del hilo → Desbloquear) o darme «Gestionar hilos»."
    )


def tracker_needs(thread: bool) -> tuple[str, ...]:
    """What posting and editing the tracker takes (pinning it is optional)."""
    send = "send_messages_in_threads" if thread else "send_messages"
    return ("view_channel", send, "embed_links", "read_message_history")


def map_needs(thread: bool) -> tuple[str, ...]:
    return (*tracker_needs(thread), "attach_files")


def missing(perms: discord.Permissions, needed: Iterable[str]) -> list[str]:
    return [name for name in needed if not getattr(perms, name, False)]


def names(permissions: Iterable[str]) -> str:
    shown = [f"«{LABELS.get(p, p)}»" for p in permissions]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " y " + shown[-1]


def _lacking(lacking: list[str]) -> tuple[str, str]:
    """«me falta el permiso «X»» or «me faltan los permisos «X» y «Y»», and how to grant
    it (or them)."""
    one = len(lacking) == 1
    said = "falta el permiso" if one else "faltan los permisos"
    return f"me {said} {names(lacking)}", HOW.format(lo="lo" if one else "los")


def refusal(what: str, lacking: list[str]) -> str:
    """``/encuentro empezar`` refused: what is missing and how to grant it."""
    needs, how = _lacking(lacking)
    return f"No puedo {what} aquí: {needs} en este canal. {how}"


def tracker_note(lacking: list[str]) -> str:
    """The note a reply carries when its change was saved but the tracker can't be shown."""
    needs, how = _lacking(lacking)
    return f"Hecho, pero no puedo actualizar el estado del encuentro en este canal: {needs}. {how}"


def invite_permissions() -> discord.Permissions:
    return discord.Permissions(**dict.fromkeys(INVITE_PERMISSIONS, True))


def require_channel_permissions(
    interaction: discord.Interaction, what: str, *, board: bool
) -> None:
    """Refuse (before anything is created) when the bot can't show the encounter here."""
    thread = in_thread(interaction)
    lacking = missing(
        interaction.app_permissions, map_needs(thread) if board else tracker_needs(thread)
    )
    if lacking:
        raise UmbralError(refusal(what, lacking))
    closed = closed_thread(interaction)
    if closed:
        raise UmbralError(closed)
