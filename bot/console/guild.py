"""The fake guild's places (channels, their threads, voice channels) and the bot's
permissions in them.

``!permiso quitar|dar PERMISO`` changes the bot's permission in a channel; the change is what
discord.py computes from: a member overwrite for the bot on the channel (threads inherit their
channel's, as in Discord) and ``app_permissions`` in the interaction payloads. «Crear eventos»
and «Gestionar eventos» are the guild's (an external event asks for them there): for those
the line changes the bot's role, everywhere.

A channel called ``voz`` or ``voz-…`` is a voice channel (a guild's «General» of voice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.console import gateway
from bot.console.clock import FakeClock
from bot.console.payloads import BOT_USER_ID, GUILD_ID, bot_user_payload, stable_id

# The console's names of the permissions it can take away → discord.py's flag names.
PERMISSIONS = {
    "ver_canal": "view_channel",
    "enviar_mensajes": "send_messages",
    "enviar_mensajes_en_hilos": "send_messages_in_threads",
    "insertar_enlaces": "embed_links",
    "adjuntar_archivos": "attach_files",
    "leer_historial": "read_message_history",
    "fijar_mensajes": "pin_messages",
    "gestionar_webhooks": "manage_webhooks",
    "gestionar_mensajes": "manage_messages",
    "conectar": "connect",
    "crear_eventos": "create_events",
    "gestionar_eventos": "manage_events",
}
#: The flags ``!permiso`` changes on the bot's role (guild-wide) rather than on a channel.
GUILD_FLAGS = frozenset({"create_events", "manage_events"})
# What the bot is granted at the guild level (its invite), before any channel overwrite.
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    pin_messages=True,
    use_application_commands=True,
    create_public_threads=True,
    create_events=True,
    connect=True,
    manage_webhooks=True,
)
BOT_ROLE_NAME = "Umbral"
THREAD, VOICE = 11, 2  # a public thread, a voice channel
VOICE_PREFIX = "voz"


@dataclass
class BotRole:
    """The bot's role: what it may do anywhere in the guild before channel overwrites."""

    permissions: discord.Permissions = field(
        default_factory=lambda: discord.Permissions(BOT_PERMISSIONS.value)
    )


@dataclass
class Place:
    """A text channel (``mesa``) or one of its threads (``mesa/hilo``)."""

    name: str
    id: int
    parent: Place | None = None
    archived: bool = False
    locked: bool = False  # a locked thread reopens only with «Gestionar hilos»
    denied: set[str] = field(default_factory=set)  # flags taken with !permiso (channels only)
    allowed: set[str] = field(default_factory=set)  # flags given with !permiso beyond the role
    role: BotRole = field(default_factory=BotRole)

    @property
    def kind(self) -> str:
        """``"text"``, ``"voice"`` (a channel called ``voz…``) or ``"thread"``."""
        if self.parent is not None:
            return "thread"
        voice = self.name == VOICE_PREFIX or self.name.startswith(VOICE_PREFIX + "-")
        return "voice" if voice else "text"

    @property
    def channel(self) -> Place:
        return self.parent or self

    @property
    def is_thread(self) -> bool:
        return self.parent is not None

    def bot_permissions(self) -> discord.Permissions:
        perms = discord.Permissions(self.role.permissions.value)
        perms.update(**dict.fromkeys(self.channel.allowed, True))
        perms.update(**dict.fromkeys(self.channel.denied, False))
        if not perms.view_channel:
            return discord.Permissions.none()
        return perms

    def can(self, flag: str) -> bool:
        granted = self.bot_permissions()
        return bool(getattr(granted, flag))

    @property
    def send_flag(self) -> str:
        return "send_messages_in_threads" if self.is_thread else "send_messages"


def role_payload(role_id: int, name: str, position: int, permissions: int = 0) -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "permissions": str(permissions),
        "position": position,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
    }


def guild_payload(name: str, owner_id: int, gm_role_id: int, gm_role: str) -> dict[str, Any]:
    bot_role = stable_id("role", BOT_ROLE_NAME)
    return {
        "id": str(GUILD_ID),
        "name": name,
        "owner_id": str(owner_id),
        "roles": [
            role_payload(GUILD_ID, "@everyone", 0),
            role_payload(gm_role_id, gm_role, 1),
            role_payload(bot_role, BOT_ROLE_NAME, 2, BOT_PERMISSIONS.value),
        ],
        "channels": [],
        "members": [
            {
                "user": bot_user_payload(),
                "roles": [str(bot_role)],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
            }
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "member_count": 1,
    }


def channel_payload(place: Place, clock: FakeClock) -> dict[str, Any]:
    """The raw channel (or thread) as Discord sends it."""
    if place.parent is not None:
        return {
            "id": str(place.id),
            "type": THREAD,
            "name": place.name.split("/", 1)[1],
            "guild_id": str(GUILD_ID),
            "parent_id": str(place.parent.id),
            "owner_id": str(BOT_USER_ID),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": place.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": clock.iso(),
                "locked": place.locked,
            },
        }
    deny = discord.Permissions(**dict.fromkeys(place.denied, True)).value
    allow = discord.Permissions(**dict.fromkeys(place.allowed, True)).value
    overwrite = {"id": str(BOT_USER_ID), "type": 1, "allow": str(allow), "deny": str(deny)}
    found: dict[str, Any] = {
        "id": str(place.id),
        "type": 0,
        "name": place.name,
        "guild_id": str(GUILD_ID),
        "position": 0,
        "permission_overwrites": [overwrite] if place.denied or place.allowed else [],
        "nsfw": False,
        "parent_id": None,
    }
    if place.kind == "voice":
        found.update(type=VOICE, bitrate=64000, user_limit=0, rtc_region=None)
    return found


class Places:
    """The guild's channels and threads by name, kept in step with discord.py's cache."""

    def __init__(self, bot: discord.Client, guild: discord.Guild, clock: FakeClock) -> None:
        self.bot = bot
        self.guild = guild
        self.clock = clock
        self._by_name: dict[str, Place] = {}
        self._by_id: dict[int, Place] = {}
        #: A channel's threads, by the channel's name (what its refresh refreshes too).
        self._threads: dict[str, list[Place]] = {}
        self.role = BotRole()  # shared by every place

    def get(self, name: str) -> Place:
        """The place called ``name`` (``mesa``, ``mesa/hilo``), created if new."""
        name = name.lstrip("#").lower()
        found = self._by_name.get(name)
        if found is not None:
            return found
        channel, _, thread = name.partition("/")
        parent = self.get(channel) if thread else None
        place = Place(name, stable_id("channel", name), parent, role=self.role)
        self._by_name[name] = place
        self._by_id[place.id] = place
        if parent is not None:
            self._threads.setdefault(parent.name, []).append(place)
        self.refresh(place)
        return place

    def by_id(self, place_id: int) -> Place | None:
        return self._by_id.get(place_id)

    def all(self) -> list[Place]:
        """Every channel and thread, in the order they were made (a channel before its
        threads)."""
        return list(self._by_name.values())

    def refresh(self, place: Place) -> None:
        """Tell discord.py's cache what the place is now (new, archived, overwrites)."""
        data: Any = channel_payload(place, self.clock)
        if place.is_thread:
            gateway.show_thread(self.bot, self.guild, data)
            return
        gateway.show_channel(self.bot, self.guild, data)
        for thread in self._threads.get(place.name, ()):  # (not every place: a guild of
            self.refresh(thread)  # thousands of channels makes each new one pay for all)

    def guild_permissions(self) -> discord.Permissions:
        """The bot's permissions at the guild level (its role), before any channel's."""
        return discord.Permissions(self.role.permissions.value)

    def set_permission(self, place: Place, name: str, granted: bool) -> str:
        """``!permiso``: the flag ``name`` (the console's Spanish name) in ``place``'s channel,
        or on the bot's role for the guild's own flags (:data:`GUILD_FLAGS`)."""
        flag = PERMISSIONS.get(name.lower())
        if flag is None:
            raise LookupError(f"No conozco el permiso «{name}»: {', '.join(PERMISSIONS)}.")
        if flag in GUILD_FLAGS:
            self.role.permissions.update(**{flag: granted})
            self.show_role()
            return "el servidor"
        channel = place.channel
        if granted:
            channel.denied.discard(flag)
            if not self.role.permissions.value & discord.Permissions(**{flag: True}).value:
                channel.allowed.add(flag)
        else:
            channel.denied.add(flag)
            channel.allowed.discard(flag)
        self.refresh(channel)
        return channel.name

    def show_role(self) -> None:
        """``GUILD_ROLE_UPDATE`` of the bot's role (discord.py's cache of it)."""
        role = self.guild.get_role(stable_id("role", BOT_ROLE_NAME))
        if role is not None:
            data = role_payload(role.id, role.name, role.position, self.role.permissions.value)
            gateway.show_role(self.guild, data)
