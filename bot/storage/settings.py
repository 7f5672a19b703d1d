"""The guild's settings: their repository (:class:`GuildSettingsRepository`, ``uow.guild``)
and their cache in one :class:`~bot.storage.Storage` (:class:`SettingsCache`): nearly every
command reads them and almost none change them. Any statement of the storage's engine that
writes ``guild_settings`` empties the cache when it runs and when its transaction ends (a read
begun before never stores what it read), so this process sees a change at once; another
process sees it within :data:`TTL_S` seconds."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.engine.interfaces import DBAPICursor
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession
from sqlalchemy.orm.util import identity_key

from bot.jsontypes import JsonObject
from umbral_rules.encounter.codec import json_copy

from .models import GuildSettings

#: The settings of a guild that never changed any.
GUILD_DEFAULTS: dict[str, Any] = {
    "gm_role_id": None,
    "physical_dice_allowed": False,
    "gm_channel_id": None,
    "default_mode": "mesa",
    "defense_mode": "espera",
    "timezone": "Europe/Madrid",
    "malherido_asaltos": None,
    "default_system": "umbral",
}
#: How long a guild's settings are trusted without reading them again (seconds).
TTL_S = 5.0
#: Guilds remembered at most (then the cache starts again empty).
MAX_GUILDS = 10_000
_TABLE = GuildSettings.__tablename__
_FLAG = "umbral_wrote_guild_settings"


class SettingsCache:
    """Per guild: the settings' column values, when they were read (read and filled by
    :meth:`GuildSettingsRepository.get`)."""

    def __init__(self, engine: AsyncEngine | None = None) -> None:
        #: guild id → (when its settings were read, their column values)
        self.by_guild: dict[int, tuple[float, JsonObject]] = {}
        #: Bumped on every emptying: a read that saw another generation does not store.
        self.generation = 0
        self._columns = tuple(a.key for a in inspect(GuildSettings).column_attrs)
        if engine is not None:
            self.watch(engine)

    def watch(self, engine: AsyncEngine) -> None:
        sync = engine.sync_engine
        event.listen(sync, "before_cursor_execute", self._on_execute)
        event.listen(sync, "commit", self._on_end)
        event.listen(sync, "rollback", self._on_end)

    def unwatch(self, engine: AsyncEngine) -> None:
        sync = engine.sync_engine
        for name, fn in (
            ("before_cursor_execute", self._on_execute),
            ("commit", self._on_end),
            ("rollback", self._on_end),
        ):
            if event.contains(sync, name, fn):
                event.remove(sync, name, fn)

    def clear(self) -> None:
        self.by_guild.clear()
        self.generation += 1

    def put(self, row: GuildSettings, generation: int) -> None:
        """Remember ``row``'s values, unless the cache was emptied since ``generation``."""
        if generation != self.generation:
            return
        if len(self.by_guild) >= MAX_GUILDS:
            self.by_guild.clear()
        values = {name: _plain(getattr(row, name)) for name in self._columns}
        self.by_guild[row.guild_id] = (time.monotonic(), values)

    # --- engine events ----------------------------------------------------------------------

    def _on_execute(
        self, conn: Connection, _cursor: DBAPICursor, statement: str, *_args: object, **_kw: object
    ) -> None:
        head = statement.lstrip()[:6].upper()  # a statement that writes the settings' table
        if head in ("INSERT", "UPDATE", "DELETE") and _TABLE in statement:
            conn.info[_FLAG] = True
            self.clear()

    def _on_end(self, conn: Connection) -> None:
        if conn.invalidated:
            # A statement was interrupted (Ctrl-C, a cancelled task): the connection and its
            # flag are gone, and touching ``info`` would raise over the interruption. The
            # transaction is lost; emptying the cache is always safe.
            self.clear()
        elif conn.info.pop(_FLAG, False):
            self.clear()


def _plain(value: object) -> object:
    """A plain-JSON copy of a column's value: the ORM's mutable dicts and lists become ``dict``
    and ``list``, which :func:`json_copy` copies quickly (anything else it deep-copies)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return json_copy(value)


class GuildSettingsRepository:
    def __init__(
        self, session: AsyncSession, guild_id: int, cache: SettingsCache | None = None
    ) -> None:
        self._session = session
        self.guild_id = guild_id
        self._cache = cache

    async def get(self) -> GuildSettings:
        """The guild's settings (defaults if it never changed any); often a detached copy
        from the cache: change them through :meth:`update`."""
        loaded = self._session.sync_session.identity_map.get(
            identity_key(GuildSettings, self.guild_id)
        )
        if isinstance(loaded, GuildSettings):  # read or changed in this unit: that one
            return loaded
        cache = self._cache
        generation = 0
        if cache is not None:
            hit = cache.by_guild.get(self.guild_id)
            if hit is not None and time.monotonic() - hit[0] <= TTL_S:
                return GuildSettings(**json_copy(hit[1]))
            generation = cache.generation  # (stale or missing: read, and put it back)
        row = await self._session.get(GuildSettings, self.guild_id)
        if row is None:
            row = self._defaults()
        if cache is not None:
            cache.put(row, generation)
        return row

    async def update(self, **changes: object) -> GuildSettings:
        """Set some fields (``gm_role_id=…``, ``secuelas=[…]``…), creating the row if needed."""
        row = await self._session.get(GuildSettings, self.guild_id)
        if row is None:
            row = self._defaults()
            self._session.add(row)
        for name, value in changes.items():
            if name in ("guild_id", "version") or not hasattr(GuildSettings, name):
                raise TypeError(f"GuildSettings has no settable field {name!r}")
            setattr(row, name, value)
        return row

    def _defaults(self) -> GuildSettings:
        return GuildSettings(
            guild_id=self.guild_id,
            secuelas={},
            extra_estados=[],
            system_rules={},
            **GUILD_DEFAULTS,
        )
