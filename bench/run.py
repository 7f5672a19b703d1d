"""What one command costs, how it grows, and how close it runs to the database's own floor.

One run, one machine, one database file (or one fresh PostgreSQL database):

* the floor: a bare one-row transaction (``BEGIN IMMEDIATE; INSERT; COMMIT``) through plain
  ``sqlite3``, plain ``aiosqlite`` and SQLAlchemy Core on the bot's own engine (on PostgreSQL:
  plain ``asyncpg`` and SQLAlchemy Core), in transactions per second;
* the bot: ``/atacar`` dispatched through the real ``CommandTree`` by the console's
  :class:`~bot.console.transport.FakeDiscord` (payload in → load → resolve → save with its
  roll-log row → render → reply and tracker edit captured), for encounters of several sizes
  in one channel and for many channels with an active encounter each, commands interleaved;
  ``/defender`` against six pending attacks; ``/asalto`` on the largest encounter.

Every scenario runs in a fresh subprocess (so its peak RSS is its own) and repeats its
measurement ``--runs`` times; the table shows the median and the min–max of the runs, and the
ratios measured in the same run. ``bench/results.json`` holds every figure.

    python bench/run.py            # the full run (SQLite; PostgreSQL too with DATABASE_URL)
    python bench/run.py --quick    # a smoke run of a few seconds
    python bench/run.py --profile atacar:200   # cProfile of one scenario, top functions

``BENCH_DATABASE_URL`` (or ``DATABASE_URL``) ``postgresql+asyncpg://user@host:port/db``
adds the PostgreSQL pass: a fresh database is created on that server for the run (the
user needs CREATEDB) and dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import platform
import pstats
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/run.py` from anywhere
    sys.path.insert(0, str(ROOT))

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
)


# --- statistics -------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def round_stats(latencies: list[float]) -> dict[str, float]:
    """One run: operations per second (over the time spent in them) and latency in ms."""
    total = sum(latencies)
    return {
        "n": len(latencies),
        "rate": len(latencies) / total if total else 0.0,
        "mean_ms": 1000 * total / len(latencies),
        "p50_ms": 1000 * percentile(latencies, 50),
        "p99_ms": 1000 * percentile(latencies, 99),
    }


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarise(rounds: list[dict[str, float]], **extra: Any) -> dict[str, Any]:
    """Every run, and the median and min–max across runs of each figure."""
    summary: dict[str, Any] = {"runs": rounds}
    for key in ("rate", "mean_ms", "p50_ms", "p99_ms"):
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
    async with aiosqlite.connect(path, isolation_level=None) as db:
        for pragma in SQLITE_PRAGMAS:
            await db.execute(pragma)
        for _ in range(runs):
            lat = []
            for i in range(n):
                t0 = clock()
                await db.execute("BEGIN IMMEDIATE")
                await db.execute(f"INSERT INTO {FLOOR_TABLE} (v) VALUES (?)", (f"row {i}",))
                await db.execute("COMMIT")
                lat.append(clock() - t0)
            rounds.append(round_stats(lat))
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
        for _ in range(runs):
            lat = []
            for i in range(n):
                t0 = clock()
                async with conn.transaction():
                    await conn.execute(f"INSERT INTO {FLOOR_TABLE} (v) VALUES ($1)", f"row {i}")
                lat.append(clock() - t0)
            rounds.append(round_stats(lat))
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
        for _ in range(runs):
            lat = []
            for i in range(n):
                t0 = clock()
                async with engine.begin() as conn:
                    await conn.execute(stmt, {"v": f"row {i}"})
                lat.append(clock() - t0)
            rounds.append(round_stats(lat))
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


# --- the bot: fixtures through the storage API, commands through the tree ---------------


@dataclass
class Table:
    """One channel's fixture: its name, the player, the PC's name, the enemies' names."""

    channel: str
    player: str
    pc: str
    enemies: list[str] = field(default_factory=list)
    tracker_id: int | None = None


class Bench:
    """A bot, its storage and a FakeDiscord on ``url``; fixtures and timed commands."""

    def __init__(self, session: Any, tag: str) -> None:
        self.session = session
        self.fake = session.discord
        self.storage = session.storage
        self.tag = tag
        self.keep: list[Any] = []  # the tracker messages: every other message is dropped

    @classmethod
    async def open(cls, url: str, tag: str, seed: int) -> Bench:
        from bot.__main__ import freeze_startup_heap
        from bot.console import open_session
        from umbral_rules import RandomDice

        session = await open_session(url, dice=RandomDice(seed), migrate=False)
        freeze_startup_heap()  # as `umbral-bot` does once its bot is built
        return cls(session, tag)

    async def close(self) -> None:
        await self.session.close()

    @property
    def guild_id(self) -> int:
        return int(self.fake.guild.id)

    async def table(self, index: int, combatants: int, *, master: str = "master") -> Table:
        """A Mesa encounter in a new channel: one PC (a stored character) and enemies."""
        from bot.storage import character_sheet, character_weapons
        from umbral_rules import EnemySheet, Weapon
        from umbral_rules.encounter import Encounter

        t = Table(channel=f"{self.tag}-{index}", player=f"{self.tag}-p{index}", pc=f"Kaeda {index}")
        channel_id = self.fake.channel_id(t.channel)
        owner = self.fake.user_id(t.player)
        enemy = EnemySheet(arma="Lanza", **ENEMY)  # type: ignore[arg-type]
        async with self.storage.channel(self.guild_id, channel_id) as uow:
            row = await uow.characters.create(
                owner,
                t.pc,
                atributos={"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
                aguante_max=16,
                proteccion=1,
                oficios={"contrabandista": 2, "armas": 3},
                weapons=[Weapon.make("Espada", "mano").to_dict()],
            )
            enc = Encounter.start("mesa", {"defensa_inmediata": True})
            enc.add_character(
                character_sheet(row),
                character_weapons(row),
                aguante=row.aguante,
                character_id=row.id,
                owner_id=owner,
            )
            left = combatants - 1
            while left > 0:
                batch = min(left, 50)
                t.enemies += [c.nombre for c in enc.add_enemies(enemy, batch)]
                left -= batch
            await uow.encounter.create(enc, creator_id=self.fake.user_id(master))
        return t

    def forget_messages(self) -> None:
        """Drop what the bot said except the trackers (a real bot keeps none of it)."""
        self.fake.events.clear()
        self.fake._pending.clear()
        self.fake.messages[:] = self.keep

    async def remember_trackers(self, tables: list[Table]) -> None:
        """After the warm-up every channel has its tracker message: keep only those."""
        from sqlalchemy import select

        from bot.storage.models import ENCOUNTER_ACTIVE
        from bot.storage.statements import ENC

        stmt = select(ENC.c.channel_id, ENC.c.tracker_message_id).where(
            ENC.c.guild_id == self.guild_id, ENC.c.status == ENCOUNTER_ACTIVE
        )
        async with self.storage.engine.connect() as conn:  # one read for every channel
            trackers = {int(c): t for c, t in (await conn.execute(stmt)).all()}
        by_id = {m.id: m for m in self.fake.messages}
        self.keep = []
        for t in tables:
            t.tracker_id = trackers[self.fake.channel_id(t.channel)]
            if t.tracker_id not in by_id:
                raise RuntimeError(f"#{t.channel} no tiene mensaje de seguimiento")
            self.keep.append(by_id[t.tracker_id])
        self.forget_messages()

    async def timed(self, user: str, channel: str, path: str, options: dict[str, Any]) -> float:
        """One command through the tree; its wall time. Refused or silent commands fail."""
        clock = time.perf_counter
        t0 = clock()
        reply = await self.fake.command(user, channel, path, options)
        elapsed = clock() - t0
        first = reply.first
        if not first.embeds:
            raise RuntimeError(f"/{path} en #{channel} no salió: {first.text()!r}")
        self.forget_messages()
        return elapsed

    async def rolls(self) -> int:
        async with self.storage.guild(self.guild_id) as uow:
            return int(await uow.rolls.count())


async def worker_atacar(
    url: str, tag: str, combatants: int, channels: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/atacar`` by each channel's player on an enemy, channels interleaved at random."""
    before = memory_mb()
    bench = await Bench.open(url, tag, seed)
    try:
        t0 = time.perf_counter()
        tables = [await bench.table(i, combatants) for i in range(channels)]
        for t in tables:  # warm-up: the first attack posts each channel's tracker
            await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
        await bench.remember_trackers(tables)
        setup_s = time.perf_counter() - t0
        start_rolls = await bench.rolls()
        rng = random.Random(seed)
        per_round = max(commands, channels)
        rounds = []
        for _ in range(runs):
            order = [tables[i % channels] for i in range(per_round)]
            rng.shuffle(order)
            lat = []
            for t in order:
                target = t.enemies[rng.randrange(len(t.enemies))]
                lat.append(await bench.timed(t.player, t.channel, "atacar", {"objetivo": target}))
            rounds.append(round_stats(lat))
        logged = await bench.rolls() - start_rolls
        if logged != per_round * runs:
            raise RuntimeError(f"{logged} filas en el registro de tiradas, no {per_round * runs}")
    finally:
        await bench.close()
    return summarise(
        rounds,
        combatants=combatants,
        channels=channels,
        setup_s=setup_s,
        rss_before_mb=before["rss_mb"],
        **memory_mb(),
    )


async def worker_defender(
    url: str, tag: str, pending: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/defender`` by the player against ``pending`` attacks waiting on their PC (Mesa)."""
    from umbral_rules import RandomDice

    bench = await Bench.open(url, tag, seed)
    dice = RandomDice(seed + 1)
    try:
        t = await bench.table(0, pending + 1)
        channel_id = bench.fake.channel_id(t.channel)
        await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
        await bench.remember_trackers([t])

        async def prepare() -> None:  # untimed: the enemies attack, the PC stands up again
            async with bench.storage.channel(bench.guild_id, channel_id) as uow:
                enc = await uow.encounter.require()
                pc = enc.find(t.pc)
                pc.aguante, pc.status, pc.defended = pc.aguante_max, "activo", False
                for name in t.enemies:
                    enc.attack(dice, enc.find(name).id, pc.id)
                if len(enc.pending) != pending:
                    raise RuntimeError(f"{len(enc.pending)} ataques pendientes, no {pending}")
                await uow.encounter.save(enc)

        rounds = []
        for _ in range(runs):
            lat = []
            for _ in range(commands):
                await prepare()
                lat.append(await bench.timed(t.player, t.channel, "defender", {}))
            rounds.append(round_stats(lat))
    finally:
        await bench.close()
    return summarise(rounds, pending=pending, **memory_mb())


async def worker_asalto(
    url: str, tag: str, combatants: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/asalto`` by the master on an encounter of ``combatants``."""
    bench = await Bench.open(url, tag, seed)
    try:
        t = await bench.table(0, combatants)
        await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
        await bench.remember_trackers([t])
        rounds = []
        for _ in range(runs):
            lat = [await bench.timed("master", t.channel, "asalto", {}) for _ in range(commands)]
            rounds.append(round_stats(lat))
    finally:
        await bench.close()
    return summarise(rounds, combatants=combatants, **memory_mb())


WORKERS: dict[str, Callable[..., Coroutine[Any, Any, dict[str, Any]]]] = {
    "floor": worker_floor,
    "atacar": worker_atacar,
    "defender": worker_defender,
    "asalto": worker_asalto,
}


def run_worker(spec: dict[str, Any], profile: bool = False) -> dict[str, Any]:
    kind = spec.pop("kind")
    coro = WORKERS[kind](**spec)
    if not profile:
        return asyncio.run(coro)
    try:  # a sampling profiler that follows awaits, when installed
        from pyinstrument import Profiler
    except ImportError:
        Profiler = None
    if Profiler is not None:
        sampler = Profiler(interval=0.001)
        sampler.start()
        result = asyncio.run(coro)
        sampler.stop()
        print(sampler.output_text(unicode=True, show_all=False), file=sys.stderr)
        return result
    profiler = cProfile.Profile()
    profiler.enable()
    result = asyncio.run(coro)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).sort_stats("cumulative")
    stats.print_stats(45)
    print(out.getvalue(), file=sys.stderr)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(30)
    print(out.getvalue(), file=sys.stderr)
    return result


def spawn(spec: dict[str, Any], *, profile: bool = False) -> dict[str, Any]:
    """Run one scenario in a fresh interpreter; its JSON answer (last line of stdout)."""
    args = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
    if profile:
        args.append("--profile-worker")
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if profile or done.returncode != 0:
        sys.stderr.write(done.stderr)
    if done.returncode != 0:
        raise RuntimeError(f"el escenario {spec} falló (código {done.returncode})")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


# --- databases ----------------------------------------------------------------------------


async def pg_admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(**pg_connect_args(url))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def pg_fresh(url: str) -> tuple[str, str]:
    """A new database on ``url``'s server, migrated: (its URL, its name)."""
    from sqlalchemy.engine import make_url

    from bot.storage import upgrade_head

    name = f"umbral_bench_{os.getpid()}_{int(time.time())}"
    asyncio.run(pg_admin(url, f"CREATE DATABASE {name}"))
    fresh = make_url(url).set(database=name).render_as_string(hide_password=False)
    asyncio.run(upgrade_head(fresh))
    return fresh, name


def redact(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


# --- one backend: every scenario, then the ratios -----------------------------------------


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_backend(url: str, sizes: Sizes, seed: int) -> dict[str, Any]:
    runs = sizes.runs
    run_id = f"r{os.getpid()}"  # channel names of this run: an old --db file does not clash
    result: dict[str, Any] = {"url": redact(url)}
    log("  suelo (transacción de una fila)…")
    floor_before = spawn({"kind": "floor", "url": url, "n": sizes.floor_tx, "runs": runs})

    by_size: dict[str, Any] = {}
    for n in sizes.combatants:
        log(f"  /atacar, 1 canal, {n} combatientes…")
        by_size[str(n)] = spawn(
            {
                "kind": "atacar",
                "url": url,
                "tag": f"{run_id}-size{n}",
                "combatants": n,
                "channels": 1,
                "commands": sizes.commands,
                "runs": runs,
                "seed": seed,
            }
        )
    by_channels: dict[str, Any] = {}
    for c in sizes.channels:
        log(f"  /atacar, {c} canales de {sizes.channel_combatants} combatientes…")
        by_channels[str(c)] = spawn(
            {
                "kind": "atacar",
                "url": url,
                "tag": f"{run_id}-chan{c}",
                "combatants": sizes.channel_combatants,
                "channels": c,
                "commands": sizes.commands,
                "runs": runs,
                "seed": seed,
            }
        )
    log(f"  /defender contra {sizes.pending} ataques pendientes…")
    defender = spawn(
        {
            "kind": "defender",
            "url": url,
            "tag": f"{run_id}-defender",
            "pending": sizes.pending,
            "commands": sizes.defender_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    biggest = max(sizes.combatants)
    log(f"  /asalto con {biggest} combatientes…")
    asalto = spawn(
        {
            "kind": "asalto",
            "url": url,
            "tag": f"{run_id}-asalto",
            "combatants": biggest,
            "commands": sizes.asalto_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    log("  suelo otra vez (deriva de la máquina)…")
    floor_after = spawn({"kind": "floor", "url": url, "n": sizes.floor_tx, "runs": runs})

    floor = merge_floors(floor_before, floor_after)
    result.update(
        floor=floor,
        atacar_combatants=by_size,
        atacar_channels=by_channels,
        defender=defender,
        asalto=asalto,
    )
    result["ratios"] = ratios(result, sizes)
    return result


def merge_floors(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The floor measured before and after the bot's scenarios, as one set of runs."""
    merged: dict[str, Any] = {}
    for key, value in before.items():
        if isinstance(value, dict) and "runs" in value:
            merged[key] = summarise(value["runs"] + after[key]["runs"])
            merged[key]["before"] = value["rate"]
            merged[key]["after"] = after[key]["rate"]
    return merged


def ratio(num: dict[str, float], den: dict[str, float]) -> dict[str, float]:
    """``num / den`` of two spreads: the ratio of medians and its widest range."""
    return {
        "median": num["median"] / den["median"],
        "min": num["min"] / den["max"],
        "max": num["max"] / den["min"],
    }


def ratios(result: dict[str, Any], sizes: Sizes) -> dict[str, Any]:
    floor = result["floor"]
    driver = floor.get("aiosqlite") or floor["asyncpg"]
    small, big = min(sizes.combatants), max(sizes.combatants)
    few, many = min(sizes.channels), max(sizes.channels)
    by_size = result["atacar_combatants"]
    by_chan = result["atacar_channels"]
    return {
        "floor_driver": "aiosqlite" if "aiosqlite" in floor else "asyncpg",
        "bot_over_floor": ratio(by_size[str(small)]["rate"], driver["rate"]),
        "bot_over_sqlalchemy_core": ratio(
            by_size[str(small)]["rate"], floor["sqlalchemy_core"]["rate"]
        ),
        "cost_big_over_small": ratio(by_size[str(big)]["mean_ms"], by_size[str(small)]["mean_ms"]),
        "cost_many_over_few_channels": ratio(
            by_chan[str(many)]["mean_ms"], by_chan[str(few)]["mean_ms"]
        ),
        "p99_many_over_few_channels": ratio(
            by_chan[str(many)]["p99_ms"], by_chan[str(few)]["p99_ms"]
        ),
        "sizes": {"small": small, "big": big, "few": few, "many": many},
    }


def targets(result: dict[str, Any]) -> list[dict[str, Any]]:
    r = result["ratios"]
    z = r["sizes"]
    many = result["atacar_channels"][str(z["many"])]
    return [
        {
            "target": "/atacar ≥ 50 % de la transacción de una fila del driver",
            "value": r["bot_over_floor"]["median"],
            "limit": 0.5,
            "met": r["bot_over_floor"]["median"] >= 0.5,
        },
        {
            "target": f"coste por comando {z['big']} ÷ {z['small']} combatientes ≤ 1.5×",
            "value": r["cost_big_over_small"]["median"],
            "limit": 1.5,
            "met": r["cost_big_over_small"]["median"] <= 1.5,
        },
        {
            "target": f"{z['many']} canales: pico de RSS < 150 MB",
            "value": many["rss_peak_mb"],
            "limit": 150,
            "met": many["rss_peak_mb"] < 150,
        },
        {
            "target": f"{z['many']} canales: p99 < 25 ms",
            "value": many["p99_ms"]["median"],
            "limit": 25,
            "met": many["p99_ms"]["median"] < 25,
        },
    ]


# --- the table ------------------------------------------------------------------------------


def fmt(s: dict[str, float], digits: int = 0) -> str:
    return f"{s['median']:.{digits}f} ({s['min']:.{digits}f}–{s['max']:.{digits}f})"


def table(name: str, result: dict[str, Any]) -> str:
    lines = [f"== {name}: {result['url']} ==", ""]
    head = (
        f"{'escenario':<38} {'op/s mediana (mín–máx)':<26} {'p50 ms':<20} {'p99 ms':<20} "
        f"{'RSS pico':>8}"
    )
    lines += [head, "-" * len(head)]

    def row(label: str, s: dict[str, Any]) -> None:
        rss = f"{s['rss_peak_mb']:.0f} MB" if "rss_peak_mb" in s else ""
        p50, p99 = fmt(s["p50_ms"], 2), fmt(s["p99_ms"], 2)
        lines.append(f"{label:<38} {fmt(s['rate']):<26} {p50:<20} {p99:<20} {rss:>8}")

    for key, s in result["floor"].items():
        row(f"suelo: {key}", s)
    for n, s in result["atacar_combatants"].items():
        row(f"/atacar, 1 canal, {n} combatientes", s)
    for c, s in result["atacar_channels"].items():
        row(f"/atacar, {c} canales", s)
    row(f"/defender ({result['defender']['pending']} pendientes)", result["defender"])
    row(f"/asalto ({result['asalto']['combatants']} combatientes)", result["asalto"])
    r = result["ratios"]
    z = r["sizes"]
    lines += [
        "",
        "razones (mediana, rango):",
        f"  /atacar ÷ suelo {r['floor_driver']}: {fmt(r['bot_over_floor'], 3)}",
        f"  /atacar ÷ SQLAlchemy Core: {fmt(r['bot_over_sqlalchemy_core'], 3)}",
        f"  coste {z['big']} ÷ {z['small']} combatientes: {fmt(r['cost_big_over_small'], 2)}",
        f"  coste {z['many']} ÷ {z['few']} canales: {fmt(r['cost_many_over_few_channels'], 2)}",
        f"  p99 {z['many']} ÷ {z['few']} canales: {fmt(r['p99_many_over_few_channels'], 2)}",
        "",
        "objetivos:",
    ]
    for t in result["targets"]:
        mark = "CUMPLE" if t["met"] else "NO CUMPLE"
        lines.append(f"  [{mark}] {t['target']}: {t['value']:.3g} (límite {t['limit']})")
    return "\n".join(lines)


# --- main ---------------------------------------------------------------------------------


def commit() -> dict[str, Any]:
    """What was measured: the commit and whether the tree had uncommitted changes."""
    if os.environ.get("BENCH_COMMIT"):
        return {"commit": os.environ["BENCH_COMMIT"], "dirty": None}
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
        )
        status = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "bot", "umbral_rules"],
            capture_output=True,
            text=True,
        )
    except OSError:
        return {"commit": None, "dirty": None}
    if head.returncode != 0:
        return {"commit": None, "dirty": None}
    return {"commit": head.stdout.strip(), "dirty": bool(status.stdout.strip())}


def versions() -> dict[str, str]:
    from importlib.metadata import version

    found = {"python": platform.python_version()}
    for dist in ("discord.py", "SQLAlchemy", "aiosqlite", "asyncpg"):
        found[dist] = version(dist)
    found["sqlite"] = sqlite3.sqlite_version
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tamaños mínimos: unos segundos")
    parser.add_argument("--runs", type=int, help="repeticiones de cada cifra (5)")
    parser.add_argument("--db", help="fichero SQLite (por defecto, uno nuevo en /tmp)")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="dónde escribir el JSON")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--no-postgres", action="store_true", help="ignora DATABASE_URL")
    parser.add_argument(
        "--profile",
        metavar="ESCENARIO",
        help="perfil de uno (pyinstrument si está, si no cProfile): atacar:N, canales:N, "
        "defender, asalto",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--profile-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker:
        print(json.dumps(run_worker(json.loads(args.worker), args.profile_worker)))
        return 0

    sizes = QUICK if args.quick else Sizes()
    if args.runs:
        sizes = Sizes(**{**asdict(sizes), "runs": args.runs})
    from bot.storage import upgrade_head

    tmp = tempfile.TemporaryDirectory(prefix="umbral-bench-")
    db = Path(args.db) if args.db else Path(tmp.name) / "bench.db"
    url = f"sqlite+aiosqlite:///{db}"
    asyncio.run(upgrade_head(url))

    if args.profile:
        return profile(args.profile, url, sizes, args.seed)

    started = time.time()
    results: dict[str, Any] = {
        "meta": {
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "quick": args.quick,
            "sizes": asdict(sizes),
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
            "versions": versions(),
            **commit(),
        },
        "backends": {},
    }
    log("SQLite:")
    sqlite = run_backend(url, sizes, args.seed)
    sqlite["targets"] = targets(sqlite)
    results["backends"]["sqlite"] = sqlite
    pg_url = (
        None
        if args.no_postgres
        else (os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL"))
    )
    if pg_url and not pg_url.startswith("sqlite"):
        log("PostgreSQL:")
        fresh, name = pg_fresh(pg_url)
        try:
            pg = run_backend(fresh, sizes, args.seed)
            pg["targets"] = targets(pg)
            results["backends"]["postgresql"] = pg
        finally:
            asyncio.run(pg_admin(pg_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    results["meta"]["duration_s"] = time.time() - started
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    for name, backend in results["backends"].items():
        print(table(name, backend))
        print()
    print(f"{results['meta']['duration_s']:.0f} s; cifras en {out}")
    tmp.cleanup()
    return 0


def profile(which: str, url: str, sizes: Sizes, seed: int) -> int:
    kind, _, arg = which.partition(":")
    n = int(arg) if arg else 0
    spec: dict[str, Any]
    if kind == "atacar":
        spec = {"kind": "atacar", "tag": "prof", "combatants": n or 2, "channels": 1}
    elif kind == "canales":
        spec = {
            "kind": "atacar",
            "tag": "prof",
            "combatants": sizes.channel_combatants,
            "channels": n or 1000,
        }
    elif kind == "defender":
        spec = {"kind": "defender", "tag": "prof", "pending": sizes.pending}
    elif kind == "asalto":
        spec = {"kind": "asalto", "tag": "prof", "combatants": n or max(sizes.combatants)}
    else:
        raise SystemExit(f"escenario desconocido: {which}")
    if kind in ("atacar", "canales"):
        spec["commands"] = sizes.commands
    else:
        spec["commands"] = sizes.defender_commands
    spec.update(url=url, runs=sizes.runs, seed=seed)
    print(json.dumps(spawn(spec, profile=True), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
