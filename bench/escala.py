"""``--escala`` (issue 49): 1, 2 and 4 bot processes on one PostgreSQL, ten thousand channels.

A PostgreSQL server of its own on loopback (or ``BENCH_DATABASE_URL``'s); the channels'
encounters written once into a template database (:mod:`bench.escala_seed`); then for each
number of processes, a fresh copy of it, the processes started (:mod:`bench.escala_bot`, each
with its shard range of ``SHARD_COUNT`` = 4), and the driver (:mod:`bench.escala_load`)
sending an evening's commands at rising rates until the p99 passes 100 ms. At every step the
clocks of the bots jump six minutes: the reminders of the armed channels fall due while the
commands go on. After the last step the processes stop and the database is checked against
what the bot answered (:func:`bench.escala_seed.check`), a sample of channels against the
sequential replay of their changes (:mod:`bench.escala_replay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.databases import (
    cpu_seconds,
    local_pgbouncer,
    local_postgres,
    pg_admin,
    redact,
    tree_cpu_seconds,
    with_database,
)
from bench.escala_load import Conn, Driver
from bench.escala_seed import check, seed, tables
from bench.escala_sessions import program
from bench.measure import ROOT

SHARD_COUNT = 4
P99_STOP_MS = 100.0
P99_TARGET_MS = 50.0


@dataclass(frozen=True)
class Escala:
    channels: int = 10_000
    processes: tuple[int, ...] = (1, 2, 4)
    #: Every 10/s from 60 to 120 (since issue 49: the knee of one or two processes falls
    #: there, and steps 20/s apart are as wide as the 1.3× asked of two processes over one)
    rates: tuple[float, ...] = (20, 40, 60, 70, 80, 90, 100, 110, 120, 160, 200, 250, 300)
    step_s: float = 15.0
    #: Seconds the bots' clocks jump between two steps: a tenth of the hourly reminders fall
    #: due at each (Discord's time runs 24 times faster than the wall's over a step).
    advance_s: float = 360.0
    #: Whether the reminders fall due at every step (off: the commands alone).
    remind: bool = True
    #: Runs whose bots reach PostgreSQL through PgBouncer in transaction mode (if Debian's
    #: ``pgbouncer`` is installed), with :data:`POOLER_QUERY` in their URL.
    pgbouncer_processes: tuple[int, ...] = (4,)
    #: Channels whose final encounter is checked against the sequential replay of their
    #: changes (:mod:`bench.escala_replay`), spread evenly; ``None``: every channel.
    replay_channels: int | None = 200


#: What a URL through PgBouncer (before 1.21) in transaction mode needs: no prepared statement
#: kept from one transaction to the next (bot.storage.engine.behind_pooler).
POOLER_QUERY = "prepared_statement_cache_size=0"

QUICK = Escala(
    channels=48,
    processes=(1, 2, 4),
    rates=(10, 20),
    step_s=2.0,
    pgbouncer_processes=(2,),
    replay_channels=None,
)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def shard_ids(process: int, processes: int) -> list[int]:
    per = SHARD_COUNT // processes
    return list(range(process * per, (process + 1) * per))


@contextlib.contextmanager
def server(url: str | None) -> Iterator[tuple[str, int | None]]:
    """``url``'s server (its CPU not measured), or one of our own on loopback."""
    if url:
        yield url, None
        return
    with local_postgres() as (admin, pid):
        yield admin, pid


@contextlib.contextmanager
def bouncer(url: str, pooled: bool) -> Iterator[str]:
    """The URL the bots use: ``url``, or PgBouncer's in front of it."""
    from sqlalchemy.engine import make_url

    if not pooled:
        yield url
        return
    with local_pgbouncer(url) as port:
        yield f"{make_url(url).set(port=port).render_as_string(hide_password=False)}?{POOLER_QUERY}"


def configs(sizes: Escala) -> list[tuple[int, bool]]:
    """(processes, through PgBouncer) of each run; PgBouncer's only where it is installed."""
    pooled = shutil.which("pgbouncer") or Path("/usr/sbin/pgbouncer").exists()
    found = [(n, False) for n in sizes.processes]
    return found + [(n, True) for n in sizes.pgbouncer_processes if pooled]


class Sampler:
    """PostgreSQL's connections to the run's database, every half second: the most."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self.most = self.most_active = 0
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Sampler:
        import asyncpg

        from bench.measure import pg_connect_args

        self._conn = await asyncpg.connect(**pg_connect_args(self.url))
        self._task = asyncio.create_task(self._run())
        return self

    async def _run(self) -> None:
        query = (
            "SELECT count(*), count(*) FILTER (WHERE state <> 'idle') "
            "FROM pg_stat_activity WHERE datname = $1"
        )
        while True:
            total, active = await self._conn.fetchrow(query, self.name)
            self.most, self.most_active = max(self.most, total), max(self.most_active, active)
            await asyncio.sleep(0.5)

    def take(self) -> dict[str, int]:
        found = {"connections": self.most, "active": self.most_active}
        self.most = self.most_active = 0
        return found

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        await self._conn.close()


def spawn_bot(args: dict[str, Any]) -> subprocess.Popen[str]:
    """One bot process (:mod:`bench.escala_bot`); it prints ``ready`` once it listens."""
    argv = [sys.executable, "-m", "bench.escala_bot", json.dumps(args)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)


async def run_processes(
    url: str,
    bot_url: str,
    name: str,
    processes: int,
    sizes: Escala,
    pg_pid: int | None,
    seed_: int,
    events: str,
    start_url: str,
) -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="umbral-escala-")
    every = tables(sizes.channels)
    owner = [(t.index % SHARD_COUNT) // (SHARD_COUNT // processes) for t in every]
    procs, conns = [], []
    for p in range(processes):
        ids = shard_ids(p, processes)
        args = {
            "url": bot_url,
            "shard_count": SHARD_COUNT,
            "shard_ids": ",".join(map(str, ids)),
            "channels": sizes.channels,
            "own": [t.index for t in every if t.index % SHARD_COUNT in ids],
            "socket": f"{folder}/bot{p}.sock",
            "events": events,
        }
        procs.append(spawn_bot(args))
    results: dict[str, Any] = {"processes": processes, "steps": []}
    try:
        for p, proc in enumerate(procs):
            assert proc.stdout is not None
            line = await asyncio.to_thread(proc.stdout.readline)
            if line.strip() != "ready":
                raise RuntimeError(f"el proceso {p} del bot no arrancó")
            conns.append(await Conn.open(f"{folder}/bot{p}.sock"))
        driver = Driver(conns, owner, every, seed_)
        results["steps"] = await ladder(driver, conns, procs, sizes, url, name, pg_pid)
        final = [await c.ask("stop") for c in conns]
        results["final"] = final
        for proc in procs:
            await asyncio.to_thread(proc.wait, 60)
        results["alive"] = all(proc.returncode == 0 for proc in procs)
        clock = min(datetime.fromisoformat(f["clock"]) for f in final)
        replay = (start_url, driver.done, sizes.replay_channels)
        results["check"] = await check(url, driver.acked, [t.mode for t in every], clock, replay)
        results["sessions"] = session_totals(final)
    finally:
        for conn in conns:
            await conn.close()
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
                await asyncio.to_thread(proc.wait, 30)
        shutil.rmtree(folder, ignore_errors=True)
    return results


async def ladder(
    driver: Driver,
    conns: list[Conn],
    procs: list[subprocess.Popen[str]],
    sizes: Escala,
    url: str,
    name: str,
    pg_pid: int | None,
) -> list[dict[str, Any]]:
    steps = []
    # the scheduler's first round after a start syncs every armed encounter: done before the
    # first step, not measured (a process restarted mid-evening pays it once)
    await asyncio.gather(*(c.ask("remind") for c in conns))
    async with Sampler(url, name) as sampler:
        before = [await c.ask("stats") for c in conns]
        for rate in sizes.rates:
            for c in conns:
                await c.ask("window")
            pg0, bots0 = (
                (tree_cpu_seconds(pg_pid) if pg_pid else 0.0),
                [cpu_seconds(p.pid) for p in procs],
            )
            me0, t0 = time.process_time(), time.monotonic()

            for c in conns if sizes.remind else []:  # minutes pass: reminders fall due
                await c.ask("advance", seconds=sizes.advance_s)

            async def jump() -> list[dict[str, Any]]:  # and go out while commands flow
                if not sizes.remind:
                    return []
                await asyncio.sleep(sizes.step_s / 4)
                return list(await asyncio.gather(*(c.ask("remind") for c in conns)))

            advanced = asyncio.create_task(jump())
            step = await driver.step(rate, sizes.step_s)
            posted = await advanced
            wall = time.monotonic() - t0
            after = [await c.ask("stats") for c in conns]
            row = step.summary()
            row.update(step_stats(before, after, wall))
            row["reminders_posted_at_jump"] = sum(p["posted"] for p in posted)
            row["rounds"] = posted  # each process's round: its wall and CPU time, the loop held
            row["cpu"] = {
                "postgresql": (tree_cpu_seconds(pg_pid) - pg0) / wall if pg_pid else None,
                "bots": [
                    (cpu_seconds(p.pid) - b) / wall for p, b in zip(procs, bots0, strict=True)
                ],
                "driver": (time.process_time() - me0) / wall,
            }
            row["postgresql_connections"] = sampler.take()
            steps.append(row)
            log(
                f"    {rate:>5.0f}/s pedidos → {row['rate']:.0f}/s hechos, p50 {row['p50_ms']:.1f}"
                f" ms, p99 {row['p99_ms']:.1f} ms, rechazos {row['refused_total']}"
            )
            before = after
            # the p99 of a 15 s step is its third worst command in three hundred: one stall
            # (a full garbage collection) decides it, so the ladder stops at the second step
            # in a row past 100 ms, or when the bot no longer keeps up
            past = [s["p99_ms"] > P99_STOP_MS for s in steps[-2:]]
            if (len(past) == 2 and all(past)) or row["rate"] < 0.8 * rate:
                break
    return steps


def step_stats(
    before: list[dict[str, Any]], after: list[dict[str, Any]], wall: float
) -> dict[str, Any]:
    """What the processes did during the step (counters are since each one started)."""

    def delta(key: str) -> int:
        return sum(a[key] - b[key] for a, b in zip(after, before, strict=True))

    commands = delta("commands")
    return {
        "statements_per_command": delta("statements") / commands if commands else 0.0,
        "background_statements_per_s": delta("background_statements") / wall,
        "rss_mb": [a["rss_mb"] for a in after],
        "rss_peak_mb": [a["rss_peak_mb"] for a in after],
        "tracker_edits_max_per_channel_5s": max(a["window_max"] for a in after),
        "rate_limited": delta("rate_limited"),
        "reminders_due": delta("reminders_due"),
        "reminders_sent": delta("reminders_sent"),
        "reminder_duplicates": sum(a["reminder_duplicates"] for a in after),
        "conflicts": delta("conflicts"),
        "conflict_kinds": kinds_delta(before, after),
        "notices": [a["notices"] for a in after],
        "pool_checked_out": [a["pool_checked_out"] for a in after],
        "census": [a.get("census") for a in after],  # ESCALA_CENSUS=1: what each one holds
    }


def kinds_delta(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, int]:
    """The conflict retries of the step by what collided (``Storage.conflict_kinds``: a
    version check's table, or the table, statement and SQLSTATE PostgreSQL refused)."""
    found: dict[str, int] = {}
    for a, b in zip(after, before, strict=True):
        old = b.get("conflict_kinds", {})
        for kind, n in a.get("conflict_kinds", {}).items():
            if n - old.get(kind, 0):
                found[kind] = found.get(kind, 0) + n - old.get(kind, 0)
    return dict(sorted(found.items(), key=lambda kv: -kv[1]))


def session_totals(final: list[dict[str, Any]]) -> dict[str, Any]:
    """The sessions' reminders the processes claimed and posted, and any posted twice."""
    posts: dict[tuple[int, str], int] = {}
    for f in final:
        for sid, kind, n in f["session_posts"]:
            posts[(sid, kind)] = posts.get((sid, kind), 0) + n
    return {
        "reminders_due": sum(f["session_due"] for f in final),
        "reminders_sent": sum(f["session_sent"] for f in final),
        "posted_twice": sum(1 for n in posts.values() if n > 1),
    }


def best_rate(steps: list[dict[str, Any]]) -> float:
    """Commands per second answered at the highest step whose p99 stayed within 50 ms."""
    held = [s["rate"] for s in steps if s["p99_ms"] <= P99_TARGET_MS]
    return max(held, default=0.0)


async def main_async(sizes: Escala, seed_: int, url: str | None) -> dict[str, Any]:
    from bot.storage import upgrade_head

    out: dict[str, Any] = {"sizes": asdict(sizes), "shard_count": SHARD_COUNT, "runs": {}}
    with server(url) as (admin, pg_pid):
        out["url"] = redact(admin)
        template = f"umbral_escala_{os.getpid()}"
        await pg_admin(admin, f"CREATE DATABASE {template}")
        try:
            turl = with_database(admin, template)
            await upgrade_head(turl)
            log(f"  {sizes.channels} canales con su encuentro…")
            out["seed"] = await seed(turl, sizes.channels)
            programmed = await program(turl, sizes.channels)
            out["seed"]["sessions"] = programmed["sessions"]
            events = Path(tempfile.mkdtemp(prefix="umbral-escala-")) / "events.json"
            events.write_text(json.dumps(programmed["events"]))
            out["seed"]["events_file"] = str(events)
            log(f"  … en {out['seed']['seed_s']:.0f} s; {programmed['sessions']} sesiones")
            for n, pooled in configs(sizes):
                name = f"{template}_{n}{'_pgbouncer' if pooled else ''}"
                await pg_admin(admin, f"CREATE DATABASE {name} TEMPLATE {template}")
                log(f"  {n} proceso(s){' por PgBouncer' if pooled else ''}:")
                direct = with_database(admin, name)
                try:
                    with bouncer(direct, pooled) as bot_url:
                        found = await run_processes(
                            direct, bot_url, name, n, sizes, pg_pid, seed_, str(events), turl
                        )
                finally:
                    await pg_admin(admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                found["best_rate_p99_50ms"] = best_rate(found["steps"])
                found["pgbouncer"] = pooled
                out["runs"][f"{n}-pgbouncer" if pooled else str(n)] = found
        finally:
            await pg_admin(admin, f"DROP DATABASE IF EXISTS {template} WITH (FORCE)")
            if "seed" in out and "events_file" in out["seed"]:
                shutil.rmtree(Path(out["seed"].pop("events_file")).parent, ignore_errors=True)
    return out


def run(quick: bool, seed_: int) -> dict[str, Any]:
    # stopped from outside (timeout, kill): the servers and the bots still go down
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    url = os.environ.get("BENCH_DATABASE_URL")
    sizes = QUICK if quick else Escala()
    started = time.time()
    found = asyncio.run(main_async(sizes, seed_, url if url and "postgresql" in url else None))
    found["duration_s"] = time.time() - started
    return found
