"""How the scheduler posts a reminder so that it is neither lost nor doubled (issue 43).

A reminder's message is claimed first (a lease of :data:`LEASE_S` in the database, so two
processes never both post it and a dead one's claim passes to another), posted with a
``nonce`` that every try of it carries (discord.py then sends ``enforce_nonce``: Discord
answers a repeat within a few minutes with the first message), and marked done only after
the post. A post that fails is tried again after each delay of :data:`RETRY_BACKOFF_S`;
past the last, it is given up and the GM is told in their channel (``/config
canal_master``), or, without one or if that fails too, the log keeps it (a warning).

Exactly once holds while no process dies between the post and its mark. If one does, the
lease ends and another process posts it again with the same nonce: within Discord's window
Discord drops that repeat; after it, the channel may get it twice (at least once, never
lost). ``docs/administracion.md`` says so.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta

import discord

from bot.render.reminders import undelivered_text
from bot.render.safe import allowed_mentions
from bot.storage.shards import ShardScope

log = logging.getLogger(__name__)

#: The delays (seconds) after the 1st, 2nd, … failed try of a post; one more failure after
#: the last gives it up: 5 tries over about an hour and 20 minutes.
RETRY_BACKOFF_S = (60, 300, 900, 3600)
MAX_ATTEMPTS = len(RETRY_BACKOFF_S) + 1
#: How long a claim holds a message: far more than a post takes, so only a process that
#: died (or hung) loses it; short enough that the repeat falls in Discord's nonce window.
LEASE_S = 90


def shard_scope(client: discord.Client) -> ShardScope | None:
    """The guilds whose scheduled messages this process sees to (issue 49): those on its
    shards (``SHARD_IDS``), and another's once due for a lease (:data:`LEASE_S`), when the
    process of that shard must be down. None: every guild (one process, no ``SHARD_IDS``)."""
    if not isinstance(client, discord.AutoShardedClient):
        return None  # (one connection: every guild is its own)
    shard_ids, count = client.shard_ids, client.shard_count
    if not shard_ids or not count:
        return None
    return ShardScope.of(count, shard_ids, timedelta(seconds=LEASE_S))


def new_nonce() -> str:
    """A message's nonce: 25 characters at most, as Discord takes them."""
    return "r" + secrets.token_hex(12)


def lease_until(now: datetime) -> datetime:
    return now + timedelta(seconds=LEASE_S)


def retry_at(attempt: int, now: datetime) -> datetime | None:
    """When to try again after try ``attempt`` (1, 2, …) failed; None: give it up."""
    if attempt > len(RETRY_BACKOFF_S):
        return None
    return now + timedelta(seconds=RETRY_BACKOFF_S[attempt - 1])


def reason(error: BaseException) -> str:
    """Why a post failed, for the GM (in Spanish)."""
    if isinstance(error, discord.Forbidden):
        return "me falta permiso para escribir allí"
    if isinstance(error, discord.NotFound):
        return "el canal ya no existe o no lo veo"
    if isinstance(error, discord.HTTPException):
        return f"Discord respondió {error.status}"
    return "Discord no respondió"


def note_failure(what: str, channel_id: int, attempt: int, error: BaseException) -> None:
    """The log's line of each failed try, with when the next one goes."""
    later = RETRY_BACKOFF_S[attempt - 1] if attempt <= len(RETRY_BACKOFF_S) else None
    log.warning(
        "No se pudo publicar %s en el canal %s (intento %d de %d: %s); %s",
        what,
        channel_id,
        attempt,
        MAX_ATTEMPTS,
        reason(error),
        f"otro intento en {later} s" if later is not None else "se abandona y se avisa al máster",
    )


async def tell_gm(
    client: discord.Client,
    guild_id: int,
    gm_channel: int | None,
    what: str,
    channel_id: int,
    why: str,
    attempts: int = MAX_ATTEMPTS,
) -> bool:
    """Tell the GM that ``what`` (escaped) was given up after ``attempts`` tries, ``why``
    (:func:`reason`): in their channel if the guild has one and the bot may write there;
    whether it went."""
    text = undelivered_text(what, channel_id, attempts, why)
    if gm_channel is not None:
        channel = client.get_partial_messageable(gm_channel, guild_id=guild_id)
        try:
            await channel.send(text, allowed_mentions=allowed_mentions())
            return True
        except discord.HTTPException:
            pass
    log.warning("No se pudo avisar al máster (canal %s): %s", gm_channel, text)
    return False
