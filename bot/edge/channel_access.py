"""What the bot itself may do in a channel (``interaction.app_permissions``) and how to say
what is missing, in Spanish, with Discord's own names for the permissions (what stops it from
showing the encounter in a channel: :func:`what_stops`; a command that would show it where it
can't is refused first: :func:`require_channel_permissions`);
and, once a command's change has committed, its trackers handed to the background publisher
where the bot may show them (:func:`refresh`, :func:`refresh_elsewhere`), or a private note
saying what is missing."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

import discord

from bot.edge.publisher import TRACKER_CHANNELS, TrackerPublisher
from bot.jsontypes import JsonObject
from bot.render.tracker import tracker_embed
from bot.render.trackers import system_tracker
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter
from umbral_rules.systems import UMBRAL

log = logging.getLogger(__name__)

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


#: What posting and editing the tracker takes (pinning it is optional): in a channel, and in
#: a thread (by whether it is one). Drawing the board takes «Adjuntar archivos» too.
TRACKER_NEEDS = {
    False: ("view_channel", "send_messages", "embed_links", "read_message_history"),
    True: ("view_channel", "send_messages_in_threads", "embed_links", "read_message_history"),
}
CLOSED_THREAD = (
    "Este hilo está archivado y bloqueado, y no puedo reabrirlo: un moderador puede "
    "desbloquearlo (menú del hilo → Desbloquear) o darme «Gestionar hilos»."
)
#: The note a reply carries when its change was saved in such a thread.
CLOSED_NOTE = f"Hecho, pero {CLOSED_THREAD[:1].lower()}{CLOSED_THREAD[1:]}"


def missing(perms: discord.Permissions, needed: Iterable[str]) -> list[str]:
    return [name for name in needed if not getattr(perms, name, False)]


def what_stops(
    channel: object, perms: discord.Permissions, *, tablero: bool = False
) -> tuple[list[str], str | None]:
    """What stops the bot from showing the encounter in ``channel`` with ``perms``: the
    permissions it lacks for the tracker (``tablero``: and for the board's image), and why it
    can't reopen an archived thread there (``None``: it can, or it is no such thread). An
    archived thread that is not locked reopens with «Enviar mensajes en hilos»; a locked one
    only with «Gestionar hilos»."""
    thread = channel if isinstance(channel, discord.Thread) else None
    needs = TRACKER_NEEDS[thread is not None] + (("attach_files",) if tablero else ())
    lacking = missing(perms, needs)
    locked = thread is not None and thread.archived and thread.locked
    return lacking, CLOSED_THREAD if locked and not perms.manage_threads else None


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
    interaction: discord.Interaction, what: str, *, tablero: bool
) -> None:
    """Refuse (before anything is created) when the bot can't show the encounter here."""
    lacking, closed = what_stops(interaction.channel, interaction.app_permissions, tablero=tablero)
    if lacking:
        raise UmbralError(refusal(what, lacking))
    if closed:
        raise UmbralError(closed)


@dataclass(frozen=True)
class TrackerChange:
    """A committed change of the command's channel's encounter, to show in its tracker:
    ``tracker_id`` the message it had; ``ended``: show the final state; ``repost``: post
    the tracker again at the bottom of the channel (and keep that one up to date)."""

    #: What the tracker draws: Umbral's ``Encounter``, or another system's document.
    enc: Encounter | JsonObject
    tracker_id: int | None
    ended: bool = False
    repost: bool = False
    #: The game system the encounter plays.
    system: str = UMBRAL


async def refresh(
    interaction: discord.Interaction, publisher: TrackerPublisher, change: TrackerChange
) -> None:
    """After a committed change: the channel's tracker is brought up to date in the background
    (:class:`~.publisher.TrackerPublisher`). When the bot may not post it here, the user gets
    a short private note saying which permission is missing — never an error: the change
    was saved."""
    channel = interaction.channel
    if not isinstance(channel, TRACKER_CHANNELS):
        return
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        return
    perms = interaction.app_permissions
    if change.ended:
        if isinstance(change.enc, Encounter):
            embed = tracker_embed(change.enc, ended=True)
        else:
            embed = system_tracker(change.system, change.enc, ended=True)
        publisher.ended(guild_id, channel_id, channel, perms, change.tracker_id, embed)
        return
    lacking, closed = what_stops(channel, perms)
    if lacking or closed:
        note = tracker_note(lacking) if lacking else CLOSED_NOTE
        try:
            await interaction.followup.send(note, ephemeral=True)
        except discord.HTTPException:
            log.warning("No se pudo avisar de los permisos que faltan", exc_info=True)
        return
    publisher.changed(
        guild_id, channel_id, channel, perms, repost=change.repost, committed=change.enc
    )


def refresh_elsewhere(
    interaction: discord.Interaction, publisher: TrackerPublisher, channel_id: int
) -> None:
    """The encounter of another channel changed (a character moved out of it, or its sheet
    changed): its tracker is brought up to date in the background too. The bot's permissions
    there come from discord.py's cache; where it may not post the tracker nothing is asked of
    Discord (the next command in that channel says what is missing). A channel not in the
    cache gets its tracker edited (or posted again), never pinned."""
    guild_id = interaction.guild_id
    if guild_id is None:
        return
    guild = interaction.client.get_guild(guild_id)
    target = guild.get_channel_or_thread(channel_id) if guild is not None else None
    me = guild.me if guild is not None else None
    if isinstance(target, discord.TextChannel | discord.Thread) and me is not None:
        perms = target.permissions_for(me)
        lacking, _closed = what_stops(target, perms)  # (a locked thread: the publisher logs)
        if lacking:
            log.info("No actualizo el tracker del canal %s: me falta %s", channel_id, lacking)
            return
        publisher.changed(guild_id, channel_id, target, perms)
        return
    channel = interaction.client.get_partial_messageable(channel_id, guild_id=guild_id)
    publisher.changed(guild_id, channel_id, channel, None)
