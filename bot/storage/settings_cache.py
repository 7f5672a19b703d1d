"""Guild settings kept in memory by one :class:`~bot.storage.Storage` : nearly every
command reads them and almost none change them. Any statement of the storage's engine that
writes ``guild_settings`` empties the cache when it runs and when its transaction ends (a read
begun before never stores what it read), so this process sees a change at once; another
process sees it within :data:`TTL_S` seconds."""

from __future__ import annotations

import time

from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.engine.interfaces import DBAPICursor
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.jsontypes import JsonObject
from umbral_rules.encounter.codec import json_copy

from .models import GuildSettings

#: How long a guild's settings are trusted without reading them again (seconds).
TTL_S = 5.0
#: Guilds remembered at most (then the cache starts again empty).
MAX_GUILDS = 10_000
_TABLE = GuildSettings.__tablename__
_FLAG = "umbral_wrote_guild_settings"


class SettingsCache:
    """Per guild: the settings' column values, when they were read."""

    def __init__(self, engine: AsyncEngine | None = None) -> None:
        self._values: dict[int, tuple[float, JsonObject]] = {}
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
        self._values.clear()
        self.generation += 1

    def get(self, guild_id: int) -> GuildSettings | None:
        """A detached ``GuildSettings`` with the cached values, or ``None``."""
        hit = self._values.get(guild_id)
        if hit is None:
            return None
        read_at, values = hit
        if time.monotonic() - read_at > TTL_S:
            del self._values[guild_id]
            return None
        return GuildSettings(**json_copy(values))

    def put(self, row: GuildSettings, generation: int) -> None:
        """Remember ``row``'s values, unless the cache was emptied since ``generation``."""
        if generation != self.generation:
            return
        if len(self._values) >= MAX_GUILDS:
            self._values.clear()
        values = {name: _plain(getattr(row, name)) for name in self._columns}
        self._values[row.guild_id] = (time.monotonic(), values)

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
