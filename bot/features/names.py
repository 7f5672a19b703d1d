"""Server display names for ``/historial``: the ids in the roll log, as people are called in
the guild, even those the bot has not seen since it started."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Iterable

import discord

log = logging.getLogger(__name__)

#: Names kept between commands (guild, user) → display name (None: not in the guild).
CACHE_SIZE = 4096


class MemberNames:
    """discord.py's member cache first; a member it lacks is fetched once
    (``Guild.fetch_member``) and the name kept, up to :data:`CACHE_SIZE`, oldest out first.
    A user no longer in the guild is remembered as such; a failed fetch is not kept."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._known: OrderedDict[tuple[int, int], str | None] = OrderedDict()

    async def names(self, guild: discord.Guild, user_ids: Iterable[int]) -> dict[int, str]:
        """The display name of each id the guild knows (the others are left out)."""
        found: dict[int, str] = {}
        missing: list[int] = []
        for uid in dict.fromkeys(user_ids):
            member = guild.get_member(uid)
            key = (guild.id, uid)
            if member is not None:
                found[uid] = member.display_name
            elif key in self._known:
                self._known.move_to_end(key)
                name = self._known[key]
                if name is not None:
                    found[uid] = name
            else:
                missing.append(uid)
        fetched = await asyncio.gather(*(self._fetch(guild, uid) for uid in missing))
        found.update((uid, name) for uid, name in zip(missing, fetched, strict=True) if name)
        return found

    def cached(self, guild_id: int, user_id: int) -> str | None:
        """The name kept for this member (None: unknown, or known to be gone)."""
        return self._known.get((guild_id, user_id))

    async def _fetch(self, guild: discord.Guild, user_id: int) -> str | None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.NotFound:
            self._keep((guild.id, user_id), None)
            return None
        except discord.HTTPException as error:  # Discord busy: the id stays unnamed this time
            log.info("No se pudo leer el miembro %s: %s", user_id, error)
            return None
        self._keep((guild.id, user_id), member.display_name)
        return member.display_name

    def _keep(self, key: tuple[int, int], name: str | None) -> None:
        self._known[key] = name
        self._known.move_to_end(key)
        while len(self._known) > self.size:
            self._known.popitem(last=False)
