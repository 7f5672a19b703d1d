"""The bot's Prometheus metrics (``/metrics`` on the opt-in server, :mod:`bot.process.service`).

One :class:`~prometheus_client.CollectorRegistry` per bot (not the library's global one), so
two bots in one process (the tests) never share a counter. Two kinds of figures:

- counted as they happen (:class:`Metrics`' own counters): commands by name and outcome and
  their latency, Discord's 429 answers (an aiohttp trace on discord.py's HTTP session, the
  public ``http_trace`` of :class:`discord.Client`), the event loop's lag;
- read when scraped (:class:`BotCollector`): what the bot's parts count themselves (the
  tracker's edits, the reminders and session steps, the rate limit's refusals), the gateway's
  latency and state per shard, and the database connections in use.

No label carries user text or an unbounded id: a command's name is one of the bot's
registered commands; guild, channel and user ids stay out (they are in the logs).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import aiohttp
from prometheus_client import (
    CONTENT_TYPE_PLAIN_0_0_4,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.edge.tree import GuardedTree

#: What became of a command: answered, refused with a Spanish line (an ``UmbralError`` or the
#: gate's refusal), or failed (a fault: the apology).
OUTCOMES = ("done", "refused", "failed")
#: Latency buckets (seconds): a command answers within Discord's 3 s window.
LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
#: What generate_latest writes: Prometheus' text format 0.0.4.
CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4


class Metrics:
    """The counters of one bot, in its own registry."""

    def __init__(self, bot: Any = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.commands = Counter(
            "umbral_commands",
            "Comandos terminados, por nombre y resultado (done, refused, failed).",
            ["command", "outcome"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "umbral_command_duration_seconds",
            "Tiempo de cada comando, desde que llega hasta que termina.",
            ["command"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.discord_429 = Counter(
            "umbral_discord_rate_limited",
            "Respuestas 429 (Too Many Requests) de Discord a las peticiones del bot.",
            registry=self.registry,
        )
        self.loop_lag = Gauge(
            "umbral_event_loop_lag_seconds",
            "Retraso del bucle de eventos en su última medida (lo que tardó en despertar de más).",
            registry=self.registry,
        )
        #: (command, outcome) → its counter's and its histogram's children (:meth:`command`).
        self._by_command: dict[tuple[str, str], tuple[Counter, Histogram]] = {}
        if bot is not None:
            self.registry.register(BotCollector(bot))

    def command(self, name: str, outcome: str, seconds: float) -> None:
        """A command ended with ``outcome`` (one of :data:`OUTCOMES`) after ``seconds``."""
        counted = self._by_command.get((name, outcome))
        if counted is None:  # its first: the children of its labels, kept (``labels`` checks
            # its arguments and looks them up under a lock, ten times what counting costs)
            counted = self._by_command[(name, outcome)] = (
                self.commands.labels(command=name, outcome=outcome),
                self.latency.labels(command=name),
            )
        counter, histogram = counted
        counter.inc()
        histogram.observe(max(0.0, seconds))

    def http_response(self, status: int) -> None:
        """Discord answered a request of the bot with ``status``."""
        if status == 429:
            self.discord_429.inc()

    def http_trace(self) -> aiohttp.TraceConfig:
        """The trace discord.py's HTTP session runs (``discord.Client(http_trace=…)``): every
        response's status comes here."""
        trace = aiohttp.TraceConfig()

        async def on_request_end(_session: Any, _context: Any, params: Any) -> None:
            self.http_response(params.response.status)

        trace.on_request_end.append(on_request_end)
        return trace

    def exposition(self) -> bytes:
        """The registry in Prometheus' text format (what ``/metrics`` answers)."""
        return generate_latest(self.registry)


def _count(name: str, documentation: str, labels: list[str] | None = None) -> CounterMetricFamily:
    return CounterMetricFamily(name, documentation, labels=labels)


class BotCollector(Collector):
    """What the bot's parts count themselves, read at each scrape (``bot``: an
    :class:`bot.app.UmbralBot`, which imports this module)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def describe(self) -> list[Any]:
        return []  # read at scrape time only (the bot is still being built when registered)

    def collect(self) -> Iterator[Any]:
        bot = self.bot
        tracker = _count(
            "umbral_tracker_edits",
            "Actualizaciones del tracker: pedidas, juntadas con otra pendiente, enviadas.",
            ["stage"],
        )
        for stage, count in bot.trackers.counts.items():
            tracker.add_metric([stage], count)
        yield tracker
        posts = _count(
            "umbral_scheduled_posts",
            "Recordatorios y pasos de sesión: vencidos (reclamados) y publicados.",
            ["kind", "stage"],
        )
        for kind, source in (("reminder", bot.reminders), ("session_step", bot.reminders.sessions)):
            posts.add_metric([kind, "due"], source.due)
            posts.add_metric([kind, "sent"], source.sent)
        yield posts
        refused = _count(
            "umbral_rate_limit_refusals",
            "Tiradas que el límite del propio bot (ROLL_LIMIT_*) rechazó.",
        )
        tree = bot.tree
        refused.add_metric([], tree.refused_rolls if isinstance(tree, GuardedTree) else 0)
        yield refused
        yield from self._gateway(bot)
        pool = GaugeMetricFamily(
            "umbral_db_pool_in_use", "Conexiones a la base de datos prestadas ahora."
        )
        # a pool that lends connections (QueuePool) counts them; SQLite in memory has one
        pool_of = bot.storage.engine.pool if bot.storage is not None else None
        checkedout = getattr(pool_of, "checkedout", None)
        pool.add_metric([], float(checkedout()) if callable(checkedout) else 0.0)
        yield pool

    @staticmethod
    def _gateway(bot: Any) -> Iterator[Any]:
        latency = GaugeMetricFamily(
            "umbral_gateway_latency_seconds",
            "Latencia del gateway de Discord (latido), por shard.",
            labels=["shard"],
        )
        up = GaugeMetricFamily(
            "umbral_gateway_ready",
            "1 si el shard está conectado y listo, 0 si no.",
            labels=["shard"],
        )
        for shard, ready in sorted(bot.gateway.states().items()):
            up.add_metric([str(shard)], 1.0 if ready else 0.0)
        for shard, seconds in bot.latencies:
            if seconds == seconds and seconds != float("inf"):  # NaN / inf: no heartbeat yet
                latency.add_metric([str(shard)], seconds)
        yield latency
        yield up
