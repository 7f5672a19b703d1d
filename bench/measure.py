"""Sizes, statistics and the floor: bare one-row transactions through each driver."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import sqlite3
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "bench" / "results.json"
SQLITE_PRAGMAS = (
    "PRAGMA busy_timeout=10000",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
)
FLOOR_TABLE = "bench_floor"
#: The enemies of every encounter: sturdy enough never to fall during a run.
ENEMY = {"nombre": "Guardia", "ataque": 12, "defensa": 12, "aguante": 1_000_000, "potencia": 4}


@dataclass(frozen=True)
class Sizes:
    """How big each scenario is; ``--quick`` shrinks everything."""

    runs: int = 5
    floor_tx: int = 1000
    commands: int = 200
    combatants: tuple[int, ...] = (2, 20, 200)
    channels: tuple[int, ...] = (1, 10, 100, 1000)
    channel_combatants: int = 6
    defender_commands: int = 100
    asalto_commands: int = 100
    pending: int = 6
    #: /bestiario importar and exportar: entries in the file, commands per round.
    bestiary_entries: int = 2000
    bestiary_commands: int = 3
    #: /mapa ver: the board's side, figures on it, commands per round.
    board_side: int = 60
    board_figures: int = 250
    map_commands: int = 20
    #: /historial usuario: rolls in the log (one channel), commands per round.
    history_rolls: int = 300_000
    history_commands: int = 100


QUICK = Sizes(
    runs=2,
    floor_tx=50,
    commands=8,
    combatants=(2, 5),
    channels=(1, 3),
    channel_combatants=2,
    defender_commands=4,
    asalto_commands=4,
    pending=6,
    bestiary_entries=40,
    bestiary_commands=1,
    board_side=10,
    board_figures=6,
    map_commands=2,
    history_rolls=2000,
    history_commands=4,
)


# --- statistics -------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def round_stats(latencies: list[float], loop_stall_ms: float | None = None) -> dict[str, float]:
    """One run: operations per second (over the time spent in them), latency in ms and, for
    a run on an event loop, the longest the loop was held during it."""
    total = sum(latencies)
    stats = {
        "n": len(latencies),
        "rate": len(latencies) / total if total else 0.0,
        "mean_ms": 1000 * total / len(latencies),
        "p50_ms": 1000 * percentile(latencies, 50),
        "p99_ms": 1000 * percentile(latencies, 99),
    }
    if loop_stall_ms is not None:
        stats["loop_stall_ms"] = loop_stall_ms
    return stats


def stall_stats(latencies: list[float], stall: StallMeter) -> dict[str, float]:
    """:func:`round_stats` with the round's loop stall, loop busy time and, where the kernel
    says, the CPU time the host took from this machine meanwhile."""
    stats = round_stats(latencies, stall.take())
    stats["loop_busy_ms"] = stall.take_busy()
    steal = stall.take_steal()
    if steal is not None:
        stats["steal_pct"] = steal
    return stats


def cpu_jiffies() -> tuple[int, int] | None:
    """(steal, total) CPU time of the whole machine so far, from ``/proc/stat`` (Linux); None
    elsewhere. Steal is time a virtual CPU was ready to run but the host ran something else:
    on a shared host it is why the same code measures slower one hour than the next."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    if len(fields) < 9 or fields[0] != "cpu":
        return None
    counts = [int(f) for f in fields[1:9]]  # user nice system idle iowait irq softirq steal
    return counts[7], sum(counts)


class StallMeter:
    """How long the event loop was held: a task that asks to wake every :data:`period`
    seconds and records the longest gap beyond that period (a callback that runs for 80 ms
    shows as ~80 ms). ``take()`` gives the longest since the last ``take()``, in ms."""

    period = 0.005

    def __init__(self) -> None:
        self._worst = 0.0
        self._busy = 0.0
        self._task: asyncio.Task[None] | None = None
        self._jiffies = cpu_jiffies()

    async def __aenter__(self) -> StallMeter:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _tick(self) -> None:
        clock, cpu = time.perf_counter, time.thread_time
        last, last_cpu = clock(), cpu()
        while True:
            await asyncio.sleep(self.period)
            now, now_cpu = clock(), cpu()
            self._worst = max(self._worst, now - last - self.period)
            self._busy = max(self._busy, now_cpu - last_cpu)
            last, last_cpu = now, now_cpu

    def take(self) -> float:
        worst, self._worst = self._worst, 0.0
        return 1000 * max(worst, 0.0)

    def reset(self) -> None:
        self._worst = self._busy = 0.0
        self._jiffies = cpu_jiffies()

    def take_steal(self) -> float | None:
        """The share of the machine's CPU time (%) the host took since the last reset or
        take (None where ``/proc/stat`` does not say; 0 for a round shorter than the
        kernel's tick, in which none was counted)."""
        before, now = self._jiffies, cpu_jiffies()
        self._jiffies = now
        if before is None or now is None:
            return None
        total = now[1] - before[1]
        return 100 * (now[0] - before[0]) / total if total > 0 else 0.0

    def take_busy(self) -> float:
        """The most CPU time the loop's own thread spent between two ticks (ms): the part of
        a stall that is the loop computing, not waiting for a CPU on a loaded machine or for
        the GIL."""
        busy, self._busy = self._busy, 0.0
        return 1000 * busy


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarise(rounds: list[dict[str, float]], **extra: Any) -> dict[str, Any]:
    """Every run, and the median and min–max across runs of each figure."""
    summary: dict[str, Any] = {"runs": rounds}
    figures = ("rate", "mean_ms", "p50_ms", "p99_ms", "loop_stall_ms", "loop_busy_ms", "steal_pct")
    for key in figures:
        if all(key in r for r in rounds):
            summary[key] = spread([r[key] for r in rounds])
    summary.update(extra)
    return summary


def memory_mb() -> dict[str, float]:
    """This process's resident set now and at its peak (VmRSS / VmHWM), in MB."""
    found: dict[str, float] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) / 1024
    except OSError:  # not Linux: ru_maxrss (KiB on Linux, bytes on macOS)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        found["VmHWM"] = peak / (1024 * 1024 if sys.platform == "darwin" else 1024)
        found["VmRSS"] = found["VmHWM"]
    return {"rss_mb": found["VmRSS"], "rss_peak_mb": found["VmHWM"]}


# --- the floor --------------------------------------------------------------------------


def sqlite_path(url: str) -> str:
    from sqlalchemy.engine import make_url

    database = make_url(url).database
    assert database, url
    return database


def floor_sqlite3(path: str, n: int, runs: int) -> dict[str, Any]:
    con = sqlite3.connect(path, isolation_level=None)
    for pragma in SQLITE_PRAGMAS:
        con.execute(pragma)
    con.execute(f"CREATE TABLE IF NOT EXISTS {FLOOR_TABLE} (id INTEGER PRIMARY KEY, v TEXT)")
    rounds = []
    clock = time.perf_counter
    for _ in range(runs):
        lat = []
        for i in range(n):
            t0 = clock()
            con.execute("BEGIN IMMEDIATE")
            con.execute(f"INSERT INTO {FLOOR_TABLE} (v) VALUES (?)", (f"row {i}",))
            con.execute("COMMIT")
            lat.append(clock() - t0)
        rounds.append(round_stats(lat))
    con.close()
    return summarise(rounds)


async def floor_aiosqlite(path: str, n: int, runs: int) -> dict[str, Any]:
    import aiosqlite

    rounds = []
    clock = time.perf_counter
    async with aiosqlite.connect(path, isolation_level=None) as db, StallMeter() as stall:
        for pragma in SQLITE_PRAGMAS:
            await db.execute(pragma)
        for _ in range(runs):
            lat = []
            stall.reset()
            for i in range(n):
                t0 = clock()
                await db.execute("BEGIN IMMEDIATE")
                await db.execute(f"INSERT INTO {FLOOR_TABLE} (v) VALUES (?)", (f"row {i}",))
                await db.execute("COMMIT")
                lat.append(clock() - t0)
            rounds.append(stall_stats(lat, stall))
    return summarise(rounds)


def pg_connect_args(url: str) -> dict[str, Any]:
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return {
        "user": u.username,
        "password": u.password,
        "host": u.host,
        "port": u.port,
        "database": u.database,
    }


async def floor_asyncpg(url: str, n: int, runs: int) -> dict[str, Any]:
    import asyncpg

    conn = await asyncpg.connect(**pg_connect_args(url))
    rounds = []
    clock = time.perf_counter
    try:
        await conn.execute(
            f"CREATE TABLE IF NOT EXISTS {FLOOR_TABLE} (id SERIAL PRIMARY KEY, v TEXT)"
        )
        async with StallMeter() as stall:
            for _ in range(runs):
                lat = []
                stall.reset()
                for i in range(n):
                    t0 = clock()
                    async with conn.transaction():
                        await conn.execute(f"INSERT INTO {FLOOR_TABLE} (v) VALUES ($1)", f"row {i}")
                    lat.append(clock() - t0)
                rounds.append(stall_stats(lat, stall))
    finally:
        await conn.close()
    return summarise(rounds)


async def floor_sqlalchemy(url: str, n: int, runs: int) -> dict[str, Any]:
    """SQLAlchemy Core on the bot's own engine (its PRAGMAs, its ``BEGIN IMMEDIATE``)."""
    from sqlalchemy import text

    from bot.storage import create_engine

    engine = create_engine(url)
    stmt = text(f"INSERT INTO {FLOOR_TABLE} (v) VALUES (:v)")
    rounds = []
    clock = time.perf_counter
    try:
        async with StallMeter() as stall:
            for _ in range(runs):
                lat = []
                stall.reset()
                for i in range(n):
                    t0 = clock()
                    async with engine.begin() as conn:
                        await conn.execute(stmt, {"v": f"row {i}"})
                    lat.append(clock() - t0)
                rounds.append(stall_stats(lat, stall))
    finally:
        await engine.dispose()
    return summarise(rounds)


async def worker_floor(url: str, n: int, runs: int) -> dict[str, Any]:
    from bot.storage import is_sqlite

    result: dict[str, Any] = {}
    if is_sqlite(url):
        path = sqlite_path(url)
        result["sqlite3"] = floor_sqlite3(path, n, runs)
        result["aiosqlite"] = await floor_aiosqlite(path, n, runs)
    else:
        result["asyncpg"] = await floor_asyncpg(url, n, runs)
    result["sqlalchemy_core"] = await floor_sqlalchemy(url, n, runs)
    result.update(memory_mb())
    return result
