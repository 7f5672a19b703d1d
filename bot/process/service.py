"""The bot's health and metrics over HTTP, on its own event loop (aiohttp's server, which
discord.py already depends on). Off unless ``UMBRAL_HTTP_PORT`` is set:

- ``/vivo``: 200 whenever the loop runs (it answers, so it runs);
- ``/listo``: 200 only when every shard of this process is connected and ready, the database
  answers within :data:`DB_TIMEOUT_S` at the code's migration head, and the loop's lag is
  under :data:`MAX_LAG_S`; else 503 with a one-line Spanish reason;
- ``/metrics``: the bot's Prometheus metrics (:mod:`bot.process.metrics`).

The gateway's state comes from discord.py's public shard events (``on_shard_connect``,
``on_shard_ready``, ``on_shard_resumed``, ``on_shard_disconnect``: :class:`GatewayWatch`);
the loop's lag from a task that sleeps a fixed interval and notes how late it woke
(:class:`LoopLag`, its clock and sleep injected so tests drive it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from aiohttp import web

from bot.process.metrics import CONTENT_TYPE
from bot.storage import Storage
from bot.storage.database import migration_revision

log = logging.getLogger(__name__)

#: /listo's bounds: the loop's lag, and how long the database may take to answer.
MAX_LAG_S = 2.0
DB_TIMEOUT_S = 5.0
#: How often the loop's lag is measured.
LAG_INTERVAL_S = 1.0


class GatewayWatch:
    """Each shard's connection, from discord.py's shard events: connected (not yet ready),
    ready (after READY or RESUMED) or disconnected."""

    def __init__(self) -> None:
        self._ready: dict[int, bool] = {}

    def connected(self, shard_id: int) -> None:
        self._ready[shard_id] = False

    def ready(self, shard_id: int) -> None:
        self._ready[shard_id] = True

    def disconnected(self, shard_id: int) -> None:
        self._ready[shard_id] = False

    def states(self) -> dict[int, bool]:
        """Shard id → whether it is ready, for the shards heard of."""
        return dict(self._ready)

    def problem(self, expected: list[int] | None) -> str | None:
        """Why the shards ``expected`` are not all ready (``None``: they are)."""
        if not expected:
            return "Discord aún no ha dicho cuántos shards hay: el bot está conectando."
        missing = [shard for shard in expected if not self._ready.get(shard)]
        if not missing:
            return None
        heard = [shard for shard in missing if shard in self._ready]
        if heard:
            listed = ", ".join(str(shard) for shard in heard)
            return f"El gateway de Discord no está listo en el shard {listed}."
        return "El gateway de Discord aún no está listo."


def expected_shards(bot: Any) -> list[int] | None:
    """This process's shards: ``SHARD_IDS``, else all of ``shard_count`` once known."""
    if isinstance(bot, discord.AutoShardedClient) and bot.shard_ids:
        return list(bot.shard_ids)
    count = bot.shard_count if isinstance(bot, discord.Client) else None
    return list(range(count)) if count else None


class LoopLag:
    """The event loop's lag: a task sleeps :data:`LAG_INTERVAL_S` and notes how much later
    than asked it woke up (the time the loop spent on other work). ``clock`` and ``sleep`` are
    injected: tests move a fake clock instead of waiting."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        interval: float = LAG_INTERVAL_S,
        on_measure: Callable[[float], None] = lambda lag: None,
    ) -> None:
        self.clock, self.sleep, self.interval = clock, sleep, interval
        self.on_measure = on_measure
        self.lag = 0.0
        self._task: asyncio.Task[None] | None = None

    async def measure(self) -> float:
        """One measure: sleep the interval, note how late the wake-up came."""
        expected = self.clock() + self.interval
        await self.sleep(self.interval)
        self.lag = max(0.0, self.clock() - expected)
        self.on_measure(self.lag)
        return self.lag

    async def _run(self) -> None:
        while True:
            await self.measure()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="umbral-lag")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None


def migration_head() -> str | None:
    """The newest migration this code knows."""
    from alembic.script import ScriptDirectory

    from bot.storage.migrate import alembic_config

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def database_problem(storage: Any, head: str | None, bound: float) -> str | None:
    """Why the database is not fit to serve (``None``: it answers, at ``head``)."""
    if not isinstance(storage, Storage):
        return "El bot no tiene base de datos."
    try:
        found = await asyncio.wait_for(migration_revision(storage.engine), bound)
    except TimeoutError:
        return f"La base de datos no responde en {bound:g} s."
    except Exception as error:
        log.debug("La base de datos no responde", exc_info=True)
        return f"La base de datos no responde ({type(error).__name__})."
    if found != head:
        return f"La base de datos está en la migración {found}, no en la del código ({head})."
    return None


class Service:
    """The HTTP server of one bot. ``port`` 0 picks a free one (tests: :attr:`port` says
    which)."""

    def __init__(
        self,
        bot: Any,
        host: str,
        port: int,
        *,
        lag: LoopLag | None = None,
        max_lag: float = MAX_LAG_S,
        db_timeout: float = DB_TIMEOUT_S,
        measure_lag: bool = True,
    ) -> None:
        self.bot, self.host, self.port = bot, host, port
        self.lag = lag or LoopLag(on_measure=bot.metrics.loop_lag.set)
        self.max_lag, self.db_timeout = max_lag, db_timeout
        #: Whether :meth:`start` starts the lag's task (tests drive ``lag.measure`` instead).
        self.measure_lag = measure_lag
        self.head = migration_head()
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/vivo", self.vivo)
        app.router.add_get("/listo", self.listo)
        app.router.add_get("/metrics", self.metrics)
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:
            self.port = int(self._runner.addresses[0][1])
        if self.measure_lag:
            self.lag.start()
        log.info("Servidor de salud y métricas en http://%s:%s", self.host, self.port)

    async def stop(self) -> None:
        await self.lag.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def problem(self) -> str | None:
        """Why the bot is not ready (``None``: it is): the first reason found."""
        found: str | None = self.bot.gateway.problem(expected_shards(self.bot))
        if found is None and self.lag.lag > self.max_lag:
            found = (
                f"El bucle de eventos va con {self.lag.lag:.1f} s de retraso "
                f"(más de {self.max_lag:g} s)."
            )
        if found is None:
            found = await database_problem(self.bot.storage, self.head, self.db_timeout)
        return found

    async def vivo(self, _request: web.Request) -> web.Response:
        return web.Response(text="vivo\n")

    async def listo(self, _request: web.Request) -> web.Response:
        found = await self.problem()
        if found is not None:
            return web.Response(status=503, text=found + "\n")
        return web.Response(text="listo\n")

    async def metrics(self, _request: web.Request) -> web.Response:
        metrics = self.bot.metrics
        body = metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})
