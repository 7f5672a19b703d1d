"""Command sync only when the tree changed (Discord rate-limits ``tree.sync`` per application).

The hash of the exact JSON Discord would receive is kept in the database per scope; a
start-up compares it and syncs only on a difference (``umbral-bot sincronizar`` forces it).
A failed sync is one Spanish line in the log: the bot starts anyway with the commands
Discord already has. With several processes (``SHARD_IDS``), only the one holding shard 0
syncs.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.storage.command_sync import remember_hash, synced_hash

if TYPE_CHECKING:
    from bot.process.config import Settings
    from bot.storage import Storage


class Syncing(Protocol):
    """What a sync needs of the bot (``bot.app.UmbralBot``)."""

    settings: Settings
    storage: Storage | None

    @property
    def tree(self) -> discord.app_commands.CommandTree[Any]: ...


log = logging.getLogger(__name__)


def payload_hash(tree: discord.app_commands.CommandTree[Any]) -> str:
    """SHA-256 of the global commands' payload, as ``tree.sync()`` would send it."""
    payload = sorted(
        (command.to_dict(tree) for command in tree.get_commands()), key=lambda c: str(c["name"])
    )
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def syncs_here(shard_ids: list[int] | None) -> bool:
    """Under sharding across processes only the one with shard 0 syncs."""
    return shard_ids is None or 0 in shard_ids


async def sync_commands(bot: Syncing, *, force: bool = False) -> bool:
    """Sync the tree if it changed (or ``force``); whether Discord has the current tree."""
    settings = bot.settings
    if not force and not syncs_here(settings.shard_id_list):
        log.info("Los comandos los sincroniza el proceso del shard 0")
        return True
    guild_id = settings.dev_guild_id
    guild = discord.Object(id=guild_id) if guild_id else None
    if guild is not None:
        bot.tree.copy_global_to(guild=guild)
    scope = f"guild:{guild_id}" if guild_id else "global"
    digest = payload_hash(bot.tree)
    storage = bot.storage
    try:
        if not force and storage is not None and await synced_hash(storage, scope) == digest:
            log.info("Los comandos no han cambiado: no se sincronizan")
            return True
        synced = await bot.tree.sync(guild=guild)
        if storage is not None:
            await remember_hash(storage, scope, digest)
    except Exception as error:
        log.error(
            "No se pudieron sincronizar los comandos con Discord (%s): "
            "el bot arranca con los que ya tenía",
            error,
        )
        return False
    if guild_id:
        log.info("%d comandos sincronizados con el servidor de pruebas %s", len(synced), guild_id)
    else:
        log.info("%d comandos sincronizados globalmente", len(synced))
    return True
