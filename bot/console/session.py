"""A bot, its storage and a :class:`FakeDiscord`, opened together (console and tests)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.app import UmbralBot, create_bot
from bot.console import memory as console_memory
from bot.console.transport import FakeDiscord
from bot.process.config import Settings
from bot.process.config_check import load_settings
from bot.storage import Storage, upgrade_head
from bot.storage.console_state import load_console_state, save_console_state
from bot.storage.database import DatabaseError, StorageError
from bot.storage.engine import is_sqlite_memory
from bot.storage.revision import Migrated
from bot.storage.sessions import last_event_id
from umbral_rules import DiceSource

log = logging.getLogger(__name__)


@dataclass
class Session:
    bot: UmbralBot
    discord: FakeDiscord
    storage: Storage
    remembers: bool = True  # the database has the console's memory (0018 applied)
    migrated: Migrated | None = None  # what opening it migrated

    async def close(self) -> None:
        """What Discord keeps is saved for the next console on this database; then close."""
        try:
            if self.remembers:
                await save_console_state(self.storage.engine, console_memory.snapshot(self.discord))
        except (StorageError, TypeError, ValueError):  # the game is saved already: only
            # the next console's memory is lost
            log.warning("No se pudo guardar lo que recuerda la consola", exc_info=True)
        finally:
            await self.storage.close()


async def open_session(
    db_url: str,
    *,
    dice: DiceSource | None = None,
    masters: Sequence[str] = ("master",),
    managers: Sequence[str] | None = None,
    migrate: bool = True,
    settings: Settings | None = None,
    log: TextIO | None = None,
) -> Session:
    """Migrate ``db_url`` (unless told not to), open it and load the bot on a fake guild
    (``log`` receives the ``--registro`` line of every request the bot makes). An in-memory
    database is migrated on the storage's own engine (it lives there)."""
    memory = is_sqlite_memory(db_url)
    migrated = None
    if migrate and not memory:
        migrated = await upgrade_head(db_url)
    storage = Storage.from_url(db_url)
    if migrate and memory:
        migrated = await upgrade_head(db_url, engine=storage.engine)
    bot = await create_bot(
        settings or load_settings().model_copy(update={"discord_token": None}),
        dice=dice,
        storage=storage,
    )
    fake = FakeDiscord(bot, masters=masters, managers=managers, log=log)
    # Reopened on a database an earlier console used: its Discord goes on from there (the
    # time, the members, the messages: bot/console/memory.py)
    try:
        kept = await load_console_state(storage.engine)
    except DatabaseError:  # a database not migrated to 0018 (RUN_MIGRATIONS=no): no memory
        kept, remembers = None, False
    else:
        remembers = True
    if kept is not None:
        console_memory.restore(fake, kept)
    # The tracker's waits, the reminders and the rows' times run on the fake's clock: they
    # advance Discord's time, not the wall's.
    bot.use_clock(fake.clock)
    # Reopened on a database an earlier run wrote, its Discord hands out no event id twice
    async with storage.across_guilds() as session:
        fake.calendar.continue_after(await last_event_id(session))
    return Session(bot, fake, storage, remembers, migrated)
