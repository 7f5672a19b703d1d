"""The guild's settings: their repository (:class:`GuildSettingsRepository`, ``uow.guild``)
and their cache in one :class:`~bot.storage.Storage` (:class:`SettingsCache`): nearly every
command reads them and almost none change them. Only this repository writes
``guild_settings``, through the row it hands out attached to the unit's session (changed by
:meth:`~GuildSettingsRepository.update`, or in place): if the unit wrote that row, it empties
the cache once it has committed (a read begun before never stores what it read; a rollback
leaves the cache as it was), so this process sees a change at once; another process sees it
within :data:`TTL_S` seconds."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.instrumentation import manager_of_class
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
#: A new, empty ``GuildSettings`` as the ORM makes one to fill with a row it loaded: a cache
#: hit fills its ``__dict__`` with a copy of the values (the constructor's instrumented sets
#: cost ~7 times as much, on nearly every command).
_NEW_SETTINGS = manager_of_class(GuildSettings).new_instance


class SettingsCache:
    """Per guild: the settings' column values, when they were read (read and filled by
    :meth:`GuildSettingsRepository.get`, emptied after the COMMIT of a unit that called
    :meth:`GuildSettingsRepository.update`)."""

    def __init__(self) -> None:
        #: guild id → (when its settings were read, their column values)
        self.by_guild: dict[int, tuple[float, JsonObject]] = {}
        #: Bumped on every emptying: a read that saw another generation does not store.
        self.generation = 0
        self._columns = tuple(a.key for a in inspect(GuildSettings).column_attrs)

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
        self,
        session: AsyncSession,
        guild_id: int,
        cache: SettingsCache | None = None,
        after_commit: list[Callable[[], None]] | None = None,
    ) -> None:
        self._session = session
        self.guild_id = guild_id
        self._cache = cache
        #: The unit's after-commit hooks (:meth:`~bot.storage.unit.UnitOfWork.after_commit`),
        #: and whether the row of this unit's session is watched there (:meth:`_watch`).
        self._after_commit = after_commit
        self._watched = False

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
                copy: GuildSettings = _NEW_SETTINGS()  # (a copy: the cache's values stay)
                copy.__dict__.update(json_copy(hit[1]))
                return copy
            generation = cache.generation  # (stale or missing: read, and put it back)
        row = await self._session.get(GuildSettings, self.guild_id)
        if row is None:
            row = self._defaults()
        else:
            self._watch(row)
        if cache is not None:
            cache.put(row, generation)
        return row

    async def update(self, **changes: object) -> GuildSettings:
        """Set some fields (``gm_role_id=…``, ``secuelas=[…]``…), creating the row if needed;
        the cache is emptied once the unit has committed (never if it rolls back)."""
        row = await self._session.get(GuildSettings, self.guild_id)
        if row is None:
            row = self._defaults()
            self._session.add(row)
        self._watch(row)
        for name, value in changes.items():
            if name in ("guild_id", "version") or not hasattr(GuildSettings, name):
                raise TypeError(f"GuildSettings has no settable field {name!r}")
            setattr(row, name, value)
        return row

    def _watch(self, row: GuildSettings) -> None:
        """Once the unit has committed, empty the cache if ``row`` (attached to its session)
        was written: its version moved on (a new row's is set when it is inserted)."""
        cache, hooks = self._cache, self._after_commit
        if cache is None or hooks is None or self._watched:
            return
        self._watched, version = True, row.version

        def written() -> None:  # (a hook of the unit's: it refers to no repository)
            if row.version != version:
                cache.clear()

        hooks.append(written)

    def _defaults(self) -> GuildSettings:
        return GuildSettings(
            guild_id=self.guild_id,
            secuelas={},
            extra_estados=[],
            system_rules={},
            **GUILD_DEFAULTS,
        )
