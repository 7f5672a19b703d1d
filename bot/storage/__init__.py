"""Persistence: the only code of the project that talks to the database.

SQLite (the default, a file) runs in WAL mode with ``synchronous=NORMAL``, foreign keys on,
and ``BEGIN IMMEDIATE`` transactions (writers queue on ``busy_timeout`` instead of failing),
through stock ``aiosqlite``: every statement, and any wait for another writer's lock, runs on
aiosqlite's thread, never on the event loop's; its WAL is checkpointed in the background every
few commits (:mod:`bot.storage.checkpoint`), not inside a command's commit; PostgreSQL is the
same code with ``DATABASE_URL=postgresql+asyncpg://…``. Each ``Storage`` keeps the encounters
it last committed (:mod:`bot.storage.encounter_cache`), used only when the encounter's version
in the database is still the one cached.

Start-up::

    from bot.storage import Storage, upgrade_head

    await upgrade_head(url)            # alembic upgrade head (skip it if configured so)
    storage = Storage.from_url(url)     # "sqlite+aiosqlite:///umbral.db" or "postgresql+asyncpg://…"
    ...
    await storage.close()

One command = one transaction. In a channel (takes the channel's in-process lock)::

    async with storage.channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.require()        # umbral_rules.encounter.Encounter
        ch = await uow.characters.active(user_id)  # bot.storage.models.Character (ORM row)
        ...change enc / ch...
        await uow.encounter.save(enc)              # optimistic: version checked and bumped
        await uow.rolls.append(user_id=…, command="atacar", dice=[7, 3], modifiers=[…],
                               result={…}, physical=False)
    # leaving the block commits everything; an exception rolls everything back

With retries when the encounter changed underneath (another process on PostgreSQL)::

    async def attack(uow: UnitOfWork) -> list[Event]:
        enc = await uow.encounter.require()
        events = enc.attack(...)
        await uow.encounter.save(enc)
        await uow.rolls.append(...)
        return events                               # send messages only after it returns

    events = await storage.run_in_channel(guild_id, channel_id, attack)

``fn`` is re-run from scratch (new transaction, fresh read) on a version conflict, at most
``Storage.attempts`` times (5); then :class:`ConcurrencyError` («La partida ha cambiado
mientras tanto: inténtalo de nuevo.»), an ``UmbralError``, reaches the caller. Retries read
the encounter ``FOR UPDATE`` at READ COMMITTED on PostgreSQL, so the second attempt wins;
``storage.conflicts`` counts the re-runs. Without ``run_in_channel`` (plain
``storage.channel``) a conflict raises ``ConcurrencyError`` at once. Any exception in the
block rolls the whole unit back, roll-log rows included.
``storage.guild(guild_id)`` / ``storage.run_in_guild(guild_id, fn)`` are the same for
commands with no channel (no lock, no ``uow.encounter``).

The unit of work (:class:`UnitOfWork`), everything scoped by its guild:

- ``uow.guild``: ``get()`` → :class:`GuildSettings` (defaults if never stored; often a
  detached copy from the storage's per-guild cache, :mod:`bot.storage.settings_cache`: change
  settings through ``update``), ``update(**fields)`` with ``gm_role_id``, ``gm_channel_id``,
  ``physical_dice_allowed``, ``default_mode`` ("mesa"…), ``defense_mode`` ("inmediata" /
  "espera"), ``secuelas`` (``{"2": "texto", …}``, like the encounter's ``secuelas_tabla``),
  ``extra_estados``. Another process's change of the settings is seen within 5 s.
- ``uow.characters``: ``create(owner_id, nombre, *, atributos, aguante_max, active=True,
  **fields)``, ``get(id)``, ``active(owner_id)``, ``by_name(owner_id, nombre)``,
  ``list_for_owner(owner_id)``, ``list_all()``, ``set_active(owner_id, id)``, ``delete(id)``.
  Rows are live: assign attributes and they are saved at commit. ``character_sheet(row)``
  and ``character_weapons(row)`` turn a row into the rules' objects.
- ``uow.bestiary``: ``add(nombre, **fields)``, ``add_many([{nombre, **fields}, …])`` (one
  flush, refused whole on a taken name), ``add_sheet(EnemySheet, notas="")``,
  ``get(nombre)`` (case-insensitive), ``get_by_id(id)``, ``list_all()``, ``delete(nombre)``;
  ``enemy_sheet(row)`` → ``EnemySheet``.
- ``uow.encounter`` (channel units only): ``get()`` / ``require()`` → ``Encounter``,
  ``get_state()`` → its dict, ``create(enc, *, creator_id, tracker_message_id=None)``,
  ``save(enc)``, ``set_tracker_message(id)``, ``end()``, ``history(limit)``, ``info``
  (:class:`EncounterInfo`: id, version, status, creator, tracker message; ``None`` until an
  encounter is read or written in the unit) and ``current_info`` (the same once ``require()``
  has read it, never ``None``: ``RuntimeError`` before). ``save`` writes
  only the child rows that changed, and a PC combatant's aguante / estados / aliento /
  esencia back to its character row.
- ``uow.rolls``: ``append(...)`` (no update, no delete: the database refuses them too),
  ``entries(channel_id=None, user_id=None, limit=50, newest_first=True)``, ``count()``.
- ``uow.after_commit(hook)``: ``hook()`` runs once the unit has committed (never for a unit
  rolled back or an attempt re-run): the tracker's refresh asks for itself this way.
"""

from . import reminder_models as reminder_models  # its tables join Base.metadata
from . import saved_rolls as saved_rolls  # its table joins Base.metadata
from . import scene_models as scene_models  # its tables join Base.metadata
from . import session_models as session_models  # its tables join Base.metadata
from .encounters import EncounterInfo, EncounterRepository
from .engine import DEFAULT_URL, create_engine, is_sqlite
from .errors import CONCURRENCY_MESSAGE, ConcurrencyError
from .migrate import downgrade, upgrade, upgrade_head, upgrade_head_sync
from .models import BestiaryEntry, Character, GuildSettings
from .repositories import character_sheet, character_weapons, enemy_sheet
from .rolllog import RollLogEntry
from .uow import Storage, UnitOfWork

__all__ = [
    "CONCURRENCY_MESSAGE",
    "DEFAULT_URL",
    "BestiaryEntry",
    "Character",
    "ConcurrencyError",
    "EncounterInfo",
    "EncounterRepository",
    "GuildSettings",
    "RollLogEntry",
    "Storage",
    "UnitOfWork",
    "character_sheet",
    "character_weapons",
    "create_engine",
    "downgrade",
    "enemy_sheet",
    "is_sqlite",
    "upgrade",
    "upgrade_head",
    "upgrade_head_sync",
]
