"""One bot process of the scale scenario (``--escala``): the real bot on PostgreSQL, its shard
range (``SHARD_COUNT`` / ``SHARD_IDS``), the console's strict Discord for a long run
(:mod:`bench.escala_fake`), and a small server on a Unix socket through which the driver
sends it interactions, as the gateway would.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
from pathlib import Path
from typing import Any

from bench.escala_fake import BenchFake, WallClock
from bench.measure import memory_mb


def channel_name(index: int) -> str:
    return f"e{index}"


def master_name(index: int) -> str:
    return f"m{index}"


def player_name(index: int) -> str:
    return f"p{index}"


#: How /historial's private answer starts in the console (a refusal is any other text).
HISTORY_PAGE = "== Historial de tiradas =="


class BotProcess:
    """The bot, its fake Discord and the counters the driver asks for."""

    def __init__(self, session: Any, fake: BenchFake, statements: list[int]) -> None:
        self.bot, self.fake, self.storage = session, fake, session.storage
        self.statements = statements
        self.commands = 0
        self.reminder_posts: dict[int, int] = {}
        self.session_posts: dict[tuple[int, str], int] = {}
        self.started = time.monotonic()

    @classmethod
    async def open(
        cls,
        url: str,
        shard_count: int,
        shard_ids: str,
        masters: list[str],
        channels: list[str],
        *,
        dice: Any = None,
        scheduler: bool = True,
    ) -> Any:
        """The bot on ``url`` with its fake Discord; ``dice``: its dice source (random by
        default); ``scheduler``: whether the reminders' loop runs (the replay's does not)."""
        from sqlalchemy import event

        from bot.__main__ import freeze_startup_heap
        from bot.app import create_bot
        from bot.process.config import Settings
        from bot.storage import Storage
        from umbral_rules import RandomDice

        storage = Storage.from_url(url)
        statements = [0, 0]  # by the commands, by the background tasks

        def count(*_: Any) -> None:
            task = asyncio.current_task()
            statements[task is not None and task.get_name().startswith("umbral-")] += 1

        event.listen(storage.engine.sync_engine, "before_cursor_execute", count)
        settings = Settings(discord_token=None, shard_count=shard_count, shard_ids=shard_ids)
        if dice is None:
            dice = RandomDice(shard_ids.__hash__())
        bot = await create_bot(settings, dice=dice, storage=storage)
        fake = BenchFake(bot, masters=masters, clock=WallClock(), channels=channels)
        bot.use_clock(fake.clock)
        freeze_startup_heap()
        me = cls(bot, fake, statements)
        me._count_reminders()
        if scheduler:
            bot.reminders.start()  # as setup_hook does: the scheduler's own loop, every ≤ 60 s
        return me

    def _count_reminders(self) -> None:
        scheduler = self.bot.reminders
        post = scheduler.post

        async def counted(delivery: Any) -> None:
            await post(delivery)
            cid = delivery.target.channel_id
            self.reminder_posts[cid] = self.reminder_posts.get(cid, 0) + 1

        scheduler.post = counted
        steps = scheduler.sessions
        post_step = steps._post

        async def counted_step(session: Any, kind: str, users: Any, nonce: str) -> None:
            await post_step(session, kind, users, nonce)
            key = (session.id, kind)
            self.session_posts[key] = self.session_posts.get(key, 0) + 1

        steps._post = counted_step

    async def close(self) -> None:
        await self.bot.reminders.stop()
        await self.bot.trackers.idle()
        await self.bot.close()

    async def command(self, msg: dict[str, Any]) -> dict[str, Any]:
        t0 = time.perf_counter()
        try:
            outcome = await self.fake.run(msg["user"], msg["channel"], msg["path"], msg["options"])
            # /historial answers only whoever asked (ephemeral): its page is its answer
            ok = outcome.public or (
                msg["path"] == "historial" and outcome.private.startswith(HISTORY_PAGE)
            )
            why = outcome.private
        except Exception as error:  # the fake refused to build it: the driver's bug
            ok, why = False, f"{type(error).__name__}: {error}"[:160]
        self.commands += 1
        return {"id": msg["id"], "ok": ok, "why": why, "ms": 1000 * (time.perf_counter() - t0)}

    def advance(self, seconds: float) -> None:
        """Discord's time jumps (hours pass), between two steps: no interaction is in
        flight (their tokens would expire)."""
        self.fake.clock.advance(seconds)

    async def remind(self) -> dict[str, Any]:
        """Every reminder due goes out now, as the scheduler's loop would at its next
        wake-up (the driver asks while commands flow)."""
        loop = asyncio.get_running_loop()
        stall = 0.0
        running = True

        async def tick() -> None:  # the longest the loop was held during the round
            nonlocal stall
            last = loop.time()
            while running:
                await asyncio.sleep(TICK_S)
                now = loop.time()
                stall, last = max(stall, now - last - TICK_S), now

        collections: list[float] = []  # the collector's pauses during the round (ms)
        began: list[float] = []

        def collected(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                began.append(time.perf_counter())
            elif began:
                collections.append(1000 * (time.perf_counter() - began.pop()))

        gc.callbacks.append(collected)
        ticker = asyncio.create_task(tick())
        cpu0, wall0 = time.process_time(), time.perf_counter()
        profiler = None
        if os.environ.get("ESCALA_PROFILE_ROUND"):  # a diagnosis: the round's own work
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        try:
            posted = await self.bot.reminders.run_due()
        finally:
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(f"{os.environ['ESCALA_PROFILE_ROUND']}-{os.getpid()}.prof")
            running = False
            await ticker
            gc.callbacks.remove(collected)
        return {
            "posted": posted,
            "round_s": time.perf_counter() - wall0,
            "round_cpu_s": time.process_time() - cpu0,
            "round_stall_ms": 1000 * stall,
            "round_gc_ms": sum(collections),
            "round_gc_max_ms": max(collections, default=0.0),
        }

    def stats(self) -> dict[str, Any]:
        self.fake.harvest()
        scheduler = self.bot.reminders
        kinds: dict[str, int] = {}
        for notice in self.fake.gate.notices:
            kinds[notice.kind] = kinds.get(notice.kind, 0) + 1
        pool = self.storage.engine.sync_engine.pool
        return {
            "commands": self.commands,
            "statements": self.statements[0],
            "background_statements": self.statements[1],
            "clock": self.fake.clock.datetime().isoformat(),
            "cpu_s": time.process_time(),
            **memory_mb(),
            "rate_limited": self.fake.gate.rate_limited,
            "notices": kinds,
            "notice_examples": [n.text for n in self.fake.gate.notices[:3]],
            "window_max": self.fake.window_max,
            "channel_requests": self.fake.channel_requests,
            "tracker": dict(self.bot.trackers.counts),
            "reminders_due": scheduler.due,
            "reminders_sent": scheduler.sent,
            "reminder_posts": sum(self.reminder_posts.values()),
            "reminder_duplicates": sum(1 for n in self.reminder_posts.values() if n > 1),
            "session_due": scheduler.sessions.due,
            "session_sent": scheduler.sessions.sent,
            "session_posts": self.session_posts_list(),
            "conflicts": self.storage.conflicts,
            "conflict_kinds": dict(self.storage.conflict_kinds),
            "pool_checked_out": pool.checkedout(),
            "pool_size": pool.size(),
            **({"census": census()} if os.environ.get("ESCALA_CENSUS") else {}),
        }

    def session_posts_list(self) -> list[list[Any]]:
        return [[sid, kind, n] for (sid, kind), n in sorted(self.session_posts.items())]

    def new_window(self) -> None:
        """Duplicated reminders are counted per advance of the clock."""
        self.reminder_posts.clear()


async def serve(me: BotProcess, path: str) -> None:
    """JSON lines on a Unix socket: ``cmd`` (an interaction, answered when done, several in
    flight), ``advance``, ``remind`` (answered when done), ``stats``, ``window``, ``stop``."""
    done = asyncio.Event()
    tasks: set[asyncio.Task[None]] = set()

    async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async def answer(coro: Any) -> None:
            reply = await coro
            writer.write((json.dumps(reply) + "\n").encode())

        while line := await reader.readline():
            msg = json.loads(line)
            op = msg.pop("op")
            if op == "cmd":
                task = asyncio.create_task(answer(me.command(msg)))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            elif op == "advance":
                me.advance(msg["seconds"])
                writer.write(b"{}\n")
            elif op == "remind":
                task = asyncio.create_task(answer(me.remind()), name="umbral-reminders-now")
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            elif op == "stats":
                writer.write((json.dumps(me.stats()) + "\n").encode())
            elif op == "window":
                me.new_window()
                writer.write(b"{}\n")
            elif op == "stop":
                if tasks:
                    await asyncio.gather(*tasks)
                writer.write((json.dumps(me.stats()) + "\n").encode())
                await writer.drain()
                done.set()
                break
            await writer.drain()
        writer.close()

    async def harvest() -> None:  # keep the fake's memory bounded between stats calls
        while True:
            await asyncio.sleep(1.0)
            me.fake.harvest()

    server = await asyncio.start_unix_server(client, path=path, limit=2**20)
    keeper = asyncio.create_task(harvest())
    print("ready", flush=True)
    await done.wait()
    keeper.cancel()
    server.close()


#: How often the round's watcher looks at the loop (seconds).
TICK_S = 0.002


def census(top: int = 80) -> dict[str, int]:
    """The most numerous kinds of object the collector tracks (``ESCALA_CENSUS=1``: what
    grows from step to step; a diagnosis, slow with millions of objects)."""
    import collections

    counts = collections.Counter(
        f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects()
    )
    return dict(counts.most_common(top))


def read_json(path: str) -> Any:
    return json.loads(Path(path).read_text())


async def main(args: dict[str, Any]) -> None:
    from bench.escala_seed import tracker_id

    channels = [channel_name(i) for i in range(args["channels"])]
    masters = [master_name(i) for i in args["own"]]
    me = await BotProcess.open(
        args["url"], args["shard_count"], args["shard_ids"], masters, channels
    )
    me.fake.trackers({channel_name(i): tracker_id(i) for i in args["own"]})
    if args.get("events"):
        from bench.escala_sessions import restore

        restore(me.fake, read_json(args["events"]))
    try:
        await serve(me, args["socket"])
    finally:
        await me.close()


if __name__ == "__main__":
    import sys

    root = Path(__file__).resolve().parent.parent
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    asyncio.run(main(json.loads(sys.argv[1])))
