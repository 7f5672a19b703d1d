"""A bot, its storage and a :class:`FakeDiscord`, opened together (console and tests)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.app import UmbralBot, create_bot
from bot.console.transport import FakeDiscord
from bot.process.config import Settings
from bot.process.config_check import load_settings
from bot.storage import Storage, upgrade_head
from bot.storage.engine import is_sqlite_memory
from bot.storage.sessions import last_event_id
from umbral_rules import DiceSource


@dataclass
class Session:
    bot: UmbralBot
    discord: FakeDiscord
    storage: Storage

    async def close(self) -> None:
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
    if migrate and not memory:
        await upgrade_head(db_url)
    storage = Storage.from_url(db_url)
    if migrate and memory:
        await upgrade_head(db_url, engine=storage.engine)
    bot = await create_bot(
        settings or load_settings().model_copy(update={"discord_token": None}),
        dice=dice,
        storage=storage,
    )
    fake = FakeDiscord(bot, masters=masters, managers=managers, log=log)
    # The tracker's waits, the reminders and the rows' times run on the fake's clock: they
    # advance Discord's time, not the wall's.
    bot.use_clock(fake.clock)
    # Reopened on a database an earlier run wrote, its Discord hands out no event id twice
    async with storage.across_guilds() as session:
        fake.calendar.continue_after(await last_event_id(session))
    return Session(bot, fake, storage)
