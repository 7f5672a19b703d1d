"""The scale scenario's driver: an evening of play at a fixed rate, open loop.

Each channel goes through its evening in order (:data:`EVENING`): the player attacks, rolls
``/tirar``, the master passes to the enemies' phase, an enemy attacks the PC, in Mesa the
player defends, the master starts the next asalto, the player reads ``/historial``; then
again. Commands arrive at random times (a Poisson process at the step's rate), each in a
random channel that has no command in flight (people wait for the bot's answer), and go to
the process that owns the channel's shard. Latency is the driver's: from sending the
interaction to the bot's answer, queueing in a busy process included.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from bench.escala_seed import CHANGES, Table
from bench.measure import percentile

#: One channel's evening: (who: player or master, command, options by the table).
EVENING: dict[str, list[tuple[str, str]]] = {
    "mesa": [
        ("p", "atacar"),
        ("p", "tirar"),
        ("m", "asalto"),
        ("m", "atacar enemigo"),
        ("p", "defender"),
        ("m", "asalto"),
        ("p", "historial"),
    ],
}
EVENING["narrativo"] = EVENING["tactico"] = [s for s in EVENING["mesa"] if s[1] != "defender"]


def options(t: Table, what: str, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The command's path and options in table ``t``."""
    if what == "atacar":
        return "atacar", {"objetivo": rng.choice(t.enemies)}
    if what == "atacar enemigo":
        return "atacar", {"objetivo": t.pc, "atacante": rng.choice(t.enemies)}
    if what == "tirar":
        return "tirar", {"expresion": rng.choice(["2d12+3", "1d12", "3d6", "1d100"])}
    return what, {}


class Conn:
    """A connection to one bot process: JSON lines out, answers matched by id."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.control: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._task = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, path: str) -> Conn:
        reader, writer = await asyncio.open_unix_connection(path, limit=2**22)
        return cls(reader, writer)

    async def _read(self) -> None:
        while line := await self.reader.readline():
            msg = json.loads(line)
            future = self.waiting.pop(msg.get("id", -1), None)
            if future is not None:
                future.set_result(msg)
            else:
                await self.control.put(msg)

    def send(self, msg: dict[str, Any]) -> asyncio.Future[dict[str, Any]]:
        future = asyncio.get_running_loop().create_future()
        self.waiting[msg["id"]] = future
        self.writer.write((json.dumps({"op": "cmd", **msg}) + "\n").encode())
        return future

    async def ask(self, op: str, **args: Any) -> dict[str, Any]:
        self.writer.write((json.dumps({"op": op, **args}) + "\n").encode())
        await self.writer.drain()
        return await self.control.get()

    async def close(self) -> None:
        self.writer.close()
        self._task.cancel()


#: How many of a step's slowest commands its figures keep.
SLOWEST = 12


@dataclass
class Step:
    """One rate's figures, by command (``rate``: commands answered per second)."""

    offered: float
    seconds: float
    latencies: dict[str, list[float]] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    behind_ms: float = 0.0  # the most the driver sent a command after its time
    busy_skips: int = 0  # arrivals that found their first channel in flight
    #: When the step began (``time.perf_counter``): the slowest commands say when they came.
    started: float = 0.0
    #: The slowest commands: (ms, seconds into the step, process, command), a min-heap.
    slowest: list[tuple[float, float, int, str]] = field(default_factory=list)

    def note(self, ms: float, at: float, process: int, path: str) -> None:
        """Keep ``SLOWEST`` of the step's slowest commands (where its p99 comes from)."""
        entry = (ms, at - self.started, process, path)
        if len(self.slowest) < SLOWEST:
            heapq.heappush(self.slowest, entry)
        elif ms > self.slowest[0][0]:
            heapq.heapreplace(self.slowest, entry)

    def summary(self) -> dict[str, Any]:
        every = [v for values in self.latencies.values() for v in values]
        by: dict[str, Any] = {}
        for name, values in sorted(self.latencies.items()):
            by[name] = {
                "n": len(values),
                "p50_ms": percentile(values, 50),
                "p99_ms": percentile(values, 99),
            }
        return {
            "offered_rate": self.offered,
            "rate": len(every) / self.seconds,
            "n": len(every),
            "p50_ms": percentile(every, 50) if every else 0.0,
            "p99_ms": percentile(every, 99) if every else 0.0,
            "by_command": by,
            "refused": dict(sorted(self.refused.items(), key=lambda kv: -kv[1])[:8]),
            "refused_total": sum(self.refused.values()),
            "driver_behind_ms": self.behind_ms,
            "slowest": [
                {"ms": round(ms, 1), "at_s": round(at, 2), "process": p, "command": c}
                for ms, at, p, c in sorted(self.slowest, reverse=True)
            ],
        }


class Driver:
    """The evening over every channel, each sent to its shard's process."""

    def __init__(self, conns: list[Conn], owner: list[int], tables: list[Table], seed: int):
        self.conns, self.owner, self.tables = conns, owner, tables
        self.rng = random.Random(seed)
        self.position = [0] * len(tables)
        self.busy: set[int] = set()
        #: Commands the bot did (a public answer), by channel and step of the evening.
        self.acked: dict[int, dict[str, int]] = {t.index: {} for t in tables}
        #: The changes the bot did, by channel, in the order it answered them (one command
        #: in flight per channel: the order they committed): (user, path, options), what
        #: the sequential replay needs besides the dice (:mod:`bench.escala_replay`).
        self.done: dict[int, list[tuple[str, str, dict[str, Any]]]] = {}
        self._ids = itertools.count(1)
        self.pending: set[asyncio.Task[None]] = set()

    def _pick(self, step: Step) -> int | None:
        for _ in range(20):
            index = self.rng.randrange(len(self.tables))
            if index not in self.busy:
                return index
            step.busy_skips += 1
        return None

    async def _one(self, index: int, step: Step) -> None:
        t = self.tables[index]
        evening = EVENING[t.mode]
        who, what = evening[self.position[index] % len(evening)]
        path, opts = options(t, what, self.rng)
        user = t.player if who == "p" else t.master
        msg = {"id": next(self._ids), "user": user, "channel": t.channel}
        self.busy.add(index)
        t0 = time.perf_counter()
        try:
            reply = await self.conns[self.owner[index]].send({**msg, "path": path, "options": opts})
        finally:
            self.busy.discard(index)
        elapsed = 1000 * (time.perf_counter() - t0)
        self.position[index] += 1
        step.latencies.setdefault(path, []).append(elapsed)
        step.note(elapsed, t0, self.owner[index], path)
        if reply["ok"]:
            counts = self.acked[index]
            counts[what] = counts.get(what, 0) + 1
            if what in CHANGES:
                self.done.setdefault(index, []).append((user, path, opts))
        else:
            why = f"/{path}: {reply['why'][:70]}"
            step.refused[why] = step.refused.get(why, 0) + 1

    async def step(self, rate: float, seconds: float) -> Step:
        """Commands at ``rate`` per second for ``seconds``; waits for the last answers."""
        step = Step(rate, seconds, started=time.perf_counter())
        loop = asyncio.get_running_loop()
        start = loop.time()
        at = start
        while True:
            at += self.rng.expovariate(rate)
            if at - start >= seconds:
                break
            delay = at - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                step.behind_ms = max(step.behind_ms, -1000 * delay)
            index = self._pick(step)
            if index is None:
                continue
            task = asyncio.create_task(self._one(index, step))
            self.pending.add(task)
            task.add_done_callback(self.pending.discard)
            if len(self.pending) % 64 == 0:
                for conn in self.conns:
                    await conn.writer.drain()
        if self.pending:
            await asyncio.gather(*self.pending)
        return step
