"""Persistence: the only code of the project that talks to the database (SQLite through
stock ``aiosqlite``, WAL and ``BEGIN IMMEDIATE``; or PostgreSQL through asyncpg). How an
encounter is stored: ``docs/almacenamiento.md``.

One command = one transaction, a :class:`UnitOfWork` whose repositories are scoped by guild::

    async with storage.channel(guild_id, channel_id) as uow:   # the channel's lock too
        enc = await uow.encounter.require()
        ...change enc...
        await uow.encounter.save(enc)         # version-checked: ConcurrencyError if it moved
        await uow.rolls.append(user_id=…, command="atacar", dice=[…], result=UmbralRoll(…))
    # leaving the block commits; an exception rolls everything back

``storage.run_in_channel(guild_id, channel_id, fn)`` runs ``fn(uow)`` so, again from a fresh
read when another process changed the encounter meanwhile (up to ``Storage.attempts``, then
«La partida ha cambiado mientras tanto: inténtalo de nuevo.»); ``storage.guild`` /
``run_in_guild`` are the same without a channel. The repositories: ``uow.guild`` (settings),
``uow.characters``, ``uow.bestiary``, ``uow.encounter`` (``get``/``require``, ``view`` to only
look, ``get_state``, ``create``, ``save``, ``end``, ``history``, ``info``), ``uow.rolls``
(append-only), ``uow.reminders`` and ``uow.undo_log``; ``uow.after_commit(hook)`` runs
``hook()`` once the unit has committed (never for one rolled back or an attempt re-run).
"""

from . import console_state as console_state  # its table joins Base.metadata
from . import reminder_models as reminder_models  # its tables join Base.metadata
from . import saved_rolls as saved_rolls  # its table joins Base.metadata
from . import scene_models as scene_models  # its tables join Base.metadata
from . import session_models as session_models  # its tables join Base.metadata
from .encounter_info import EncounterInfo
from .encounters import EncounterRepository
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
