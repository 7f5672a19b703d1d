"""The bot object and its factory: settings, the injected dice, storage and every feature."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.clock import DrivenClock
from bot.edge.publisher import TrackerPublisher
from bot.edge.ratelimit import RateLimiter
from bot.edge.services import Services
from bot.edge.sync import sync_commands
from bot.edge.tree import GuardedTree
from bot.features.pages import PageButton
from bot.features.recordatorios.scheduler import ReminderScheduler
from bot.process.config import Settings
from bot.process.config_check import load_settings
from bot.process.metrics import Metrics
from bot.process.service import GatewayWatch, Service
from umbral_rules import DiceSource, RandomDice

if TYPE_CHECKING:
    from bot.storage import Storage

log = logging.getLogger(__name__)

#: Every feature is a cog in its own extension; all of them are loaded at start-up.
EXTENSIONS: tuple[str, ...] = (
    "bot.features.ayuda",
    "bot.features.config",
    "bot.features.tiradas",
    "bot.features.fichas",
    "bot.features.bestiario",
    "bot.features.encuentro",
    "bot.features.combate",
    "bot.features.tirar",
    "bot.features.dados",
    "bot.features.estadisticas",
    "bot.features.tablero",
    "bot.features.deshacer",
    "bot.features.descanso",
    "bot.features.esencia",
    "bot.features.sesiones",
    "bot.features.tablas",
    "bot.features.decir",
    "bot.features.graduado",
    "bot.features.hielo",
    "bot.features.porcentual",
)


class UmbralBot(commands.AutoShardedBot):
    """An auto-sharded bot that holds the settings, one dice source and the storage.

    ``SHARD_COUNT`` / ``SHARD_IDS`` split the shards across processes (all of them on one
    PostgreSQL); without them one process takes every shard Discord recommends."""

    def __init__(
        self, settings: Settings, dice: DiceSource, storage: Storage | None = None
    ) -> None:
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_id_list is not None:
            shards["shard_ids"] = settings.shard_id_list
        #: Its Prometheus metrics (its own registry), and its shards' gateway state.
        self.metrics = Metrics(self)
        self.gateway = GatewayWatch()
        #: The health and metrics server, when ``UMBRAL_HTTP_PORT`` is set (setup_hook).
        self.service: Service | None = None
        super().__init__(
            **shards,
            http_trace=self.metrics.http_trace(),
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True, guild_typing=True),  # typing: issue 46
            tree_cls=GuardedTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),  # pings: bot.render.safe only
        )
        if isinstance(self.tree, GuardedTree):
            self.tree.metrics = self.metrics
        self.settings = settings
        self.dice = dice
        self.storage = storage
        self.trackers = TrackerPublisher(storage)
        #: What each feature's ``setup`` hands to its cog.
        self.services = Services(storage, dice, self.trackers, self.metrics)
        #: Play-by-post reminders (started by ``setup_hook``; the console drives it itself).
        self.reminders = ReminderScheduler(self, self.services)
        #: ``umbral-bot sincronizar``: sync the command tree even if its hash is unchanged.
        self.force_sync = False
        #: Whether :meth:`connect` ever ran (see :meth:`close`).
        self.connecting = False

    async def load_features(self) -> None:
        """Load every extension (each registers its own persistent views and buttons), and
        the page buttons the features share; once."""
        if self.extensions:
            return
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(PageButton)

    async def connect(self, *, reconnect: bool = True) -> None:
        self.connecting = True
        await super().connect(reconnect=reconnect)

    async def setup_hook(self) -> None:
        await self.load_features()
        if self.settings.roll_limit_user > 0 and isinstance(self.tree, GuardedTree):
            self.tree.limiter = RateLimiter(
                user_rolls=self.settings.roll_limit_user,
                channel_rolls=self.settings.roll_limit_channel,
                per=self.settings.roll_limit_seconds,
            )
        await sync_commands(self, force=self.force_sync)
        self.reminders.start()
        await self.start_service()

    async def start_service(self) -> None:
        """The health and metrics server (:mod:`bot.process.service`), if a port is set."""
        port = self.settings.umbral_http_port
        if port is None or self.service is not None:
            return
        host = self.settings.umbral_http_host
        service = Service(self, host, port)
        try:
            await service.start()
        except OSError as error:  # the port taken, an address not of this machine
            # the game goes on; the health check, unanswered, says something is wrong
            log.error("No se puede abrir el servidor de salud en %s:%s: %s", host, port, error)
            await service.stop()
            return
        self.service = service

    # discord.py's public events: each shard's connection

    async def on_shard_connect(self, shard_id: int) -> None:
        self.gateway.connected(shard_id)

    async def on_shard_ready(self, shard_id: int) -> None:
        self.gateway.ready(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.gateway.ready(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self.gateway.disconnected(shard_id)

    def use_clock(self, clock: DrivenClock) -> None:
        """Read and wait on ``clock`` everywhere (the console's Discord time): the tracker's
        waits, the reminders and the times written into the rows."""
        self.trackers.use_clock(clock)
        self.reminders.use_clock(clock.datetime, clock.sleep)
        if self.storage is not None:
            self.storage.clock = clock.datetime

    async def close(self) -> None:
        await self.reminders.stop()
        if self.service is not None:
            await self.service.stop()
            self.service = None
        if self.connecting:
            await super().close()
        else:
            # never connected (tests, the console): the sharded client's close would post to
            # the event queue only connect() makes; what it closes besides is the plain
            # client's, after the cogs and extensions are unloaded as Bot.close does
            for name in tuple(self.extensions):
                await self.unload_extension(name)
            for name in tuple(self.cogs):
                await self.remove_cog(name)
            await discord.Client.close(self)
        if self.storage is not None:
            await self.storage.dispose()


async def create_bot(
    settings: Settings | None = None,
    dice: DiceSource | None = None,
    storage: Storage | None = None,
) -> UmbralBot:
    """A bot with every feature loaded, not logged in (tests and the console use it as is)."""
    bot = UmbralBot(settings or load_settings(), dice or RandomDice(), storage)
    await bot.load_features()
    return bot
