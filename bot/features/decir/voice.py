"""The channel's webhook, the one voice every character speaks with: created on first use
(with «Gestionar webhooks»), reused after (its id and secret token are stored), a thread's
lines sent with ``thread_id``, and made again once if Discord no longer has it (404).

The token is a secret (whoever has it can post in the channel): it goes from the database
to discord.py and nowhere else, never to a log or a reply."""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord

from bot.edge.channel_access import HOW
from bot.storage.scene import StoredWebhook
from umbral_rules import UmbralError

#: The webhook's own name (what the channel's integration settings list).
WEBHOOK_NAME = "Umbral — voces"
#: A character without ``avatar_url``: Discord's own default picture (a stable link of its CDN).
DEFAULT_AVATAR = "https://cdn.discordapp.com/embed/avatars/0.png"
#: Discord refuses a webhook's username containing these (and longer than 80 characters).
_FORBIDDEN_NAME = re.compile(r"(clyde|discord|everyone|here)", re.IGNORECASE)
USERNAME_MAX = 80
NO_WEBHOOKS = (
    "No puedo hablar por tu personaje en este canal: me falta el permiso «Gestionar webhooks». "
    + HOW.format(lo="lo")
)
NOT_TEXT = "Solo se puede hablar como un personaje en un canal de texto o en uno de sus hilos."


@dataclass(frozen=True)
class Place:
    """Where a line goes: the text channel that owns the webhook, and the thread, if any."""

    channel: discord.TextChannel
    thread: discord.Thread | None

    @property
    def thread_arg(self) -> discord.abc.Snowflake:
        return self.thread if self.thread is not None else discord.utils.MISSING


def place_of(interaction: discord.Interaction) -> Place:
    here = interaction.channel
    if isinstance(here, discord.Thread) and isinstance(here.parent, discord.TextChannel):
        return Place(here.parent, here)
    if isinstance(here, discord.TextChannel):
        return Place(here, None)
    raise UmbralError(NOT_TEXT)


def username(name: str) -> str:
    """A character's name as a webhook's username Discord takes: at most 80 characters, a
    zero-width space inside the words it refuses («Discord», «Clyde»…), as shown nowhere."""
    safe = _FORBIDDEN_NAME.sub(lambda m: m.group()[0] + "\u200b" + m.group()[1:], name)
    return safe if len(safe) <= USERNAME_MAX else safe[: USERNAME_MAX - 1] + "…"


def stored(hook: discord.Webhook) -> StoredWebhook:
    return StoredWebhook(hook.id, hook.token or "")


async def create(interaction: discord.Interaction, place: Place) -> discord.Webhook:
    """A new webhook in the channel (refused in Spanish without «Gestionar webhooks»)."""
    if not interaction.app_permissions.manage_webhooks:
        raise UmbralError(NO_WEBHOOKS)
    try:
        return await place.channel.create_webhook(name=WEBHOOK_NAME, reason="/decir")
    except discord.Forbidden:
        raise UmbralError(NO_WEBHOOKS) from None


def known(interaction: discord.Interaction, hook: StoredWebhook) -> discord.Webhook:
    return discord.Webhook.partial(hook.webhook_id, hook.token, client=interaction.client)


async def _send(
    webhook: discord.Webhook, place: Place, content: str, name: str, avatar_url: str | None
) -> discord.WebhookMessage:
    return await webhook.send(
        content,
        username=username(name),
        avatar_url=avatar_url or DEFAULT_AVATAR,
        thread=place.thread_arg,
        allowed_mentions=discord.AllowedMentions.none(),
        wait=True,
    )


async def say(
    interaction: discord.Interaction,
    place: Place,
    hook: StoredWebhook | None,
    content: str,
    name: str,
    avatar_url: str | None,
) -> tuple[discord.WebhookMessage, discord.Webhook]:
    """Post ``content`` (already escaped) under ``name`` and the picture; the message and the
    webhook that posted it (a new one when there was none, or Discord had lost it)."""
    if hook is None:
        webhook = await create(interaction, place)
        return await _send(webhook, place, content, name, avatar_url), webhook
    try:
        webhook = known(interaction, hook)
        return await _send(webhook, place, content, name, avatar_url), webhook
    except discord.NotFound:  # deleted from the channel's settings: made again, once
        webhook = await create(interaction, place)
        return await _send(webhook, place, content, name, avatar_url), webhook
