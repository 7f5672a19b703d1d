"""Issue 48 §1: the health server on the bot's own loop, driven through the console's Discord
and its gateway lifecycle. ``/vivo`` answers whenever the loop runs; ``/listo`` only when
every shard is ready, the database answers at head and the loop's lag is under the bound.
With no port set, no port is opened."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.console import Session
from bot.process.service import LoopLag, Service
from bot.storage.migrate import downgrade


class DrivenLag:
    """The loop's clock as the lag monitor reads it: a sleep of ``s`` seconds wakes
    ``late`` seconds after it was due (what a busy loop does), with no real waiting."""

    def __init__(self) -> None:
        self.now = 100.0
        self.late = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds + self.late


@pytest.fixture
def driven() -> DrivenLag:
    return DrivenLag()


@pytest.fixture
async def service(session: Session, driven: DrivenLag) -> AsyncIterator[Service]:
    lag = LoopLag(
        clock=driven.clock, sleep=driven.sleep, on_measure=session.bot.metrics.loop_lag.set
    )
    server = Service(session.bot, "127.0.0.1", 0, lag=lag, max_lag=2.0, measure_lag=False)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def get(service: Service, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as client,
        client.get(f"http://127.0.0.1:{service.port}{path}") as answer,
    ):
        return answer.status, await answer.text()


async def test_listo_follows_the_gateway_and_vivo_always_answers(
    session: Session, service: Service
) -> None:
    fake = session.discord
    assert await get(service, "/vivo") == (200, "vivo\n")
    status, reason = await get(service, "/listo")
    assert status == 503 and reason.count("\n") == 1
    assert "Discord aún no ha dicho cuántos shards hay" in reason

    await fake.gateway("connect", 0, shard_count=2)
    await fake.gateway("connect", 1, shard_count=2)
    await fake.gateway("ready", 0)
    assert await get(service, "/listo") == (
        503,
        "El gateway de Discord no está listo en el shard 1.\n",
    )
    await fake.gateway("ready", 1)
    assert await get(service, "/listo") == (200, "listo\n")

    await fake.gateway("disconnect", 1)
    assert (await get(service, "/listo"))[0] == 503
    _, metrics = await get(service, "/metrics")  # the connection state, by shard
    assert 'umbral_gateway_ready{shard="0"} 1.0' in metrics
    assert 'umbral_gateway_ready{shard="1"} 0.0' in metrics
    assert (await get(service, "/vivo"))[0] == 200
    await fake.gateway("connect", 1)
    assert (await get(service, "/listo"))[0] == 503  # connected, not yet resumed
    await fake.gateway("resume", 1)
    assert await get(service, "/listo") == (200, "listo\n")


async def test_listo_fails_when_the_loop_lags_past_the_bound(
    session: Session, service: Service, driven: DrivenLag
) -> None:
    await session.discord.gateway("connect")
    await session.discord.gateway("ready")
    driven.late = 1.5
    assert await service.lag.measure() == pytest.approx(1.5)
    assert (await get(service, "/listo"))[0] == 200  # under the bound (2 s)
    driven.late = 2.5
    assert await service.lag.measure() == pytest.approx(2.5)
    status, reason = await get(service, "/listo")
    assert status == 503
    assert reason == "El bucle de eventos va con 2.5 s de retraso (más de 2 s).\n"
    assert (await get(service, "/vivo"))[0] == 200
    _, metrics = await get(service, "/metrics")
    assert "umbral_event_loop_lag_seconds 2.5" in metrics
    driven.late = 0.0
    await service.lag.measure()
    assert (await get(service, "/listo"))[0] == 200


@pytest.mark.backends("sqlite")
async def test_listo_fails_when_the_database_is_not_at_head(
    session: Session, service: Service, database_url: str
) -> None:
    await session.discord.gateway("connect")
    await session.discord.gateway("ready")
    assert (await get(service, "/listo"))[0] == 200
    await session.storage.engine.dispose()
    await downgrade(database_url, "-1")
    status, reason = await get(service, "/listo")
    assert status == 503 and "no en la del código" in reason


def listening_sockets() -> set[str]:
    """The inodes of this process's sockets that listen on TCP (``/proc``, Linux)."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        found = re.fullmatch(r"socket:\[(\d+)\]", target)
        if found:
            mine.add(found.group(1))
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A":  # LISTEN
                listening.add(fields[9])
    return mine & listening


async def test_with_no_port_set_no_port_is_opened(session: Session) -> None:
    bot = session.bot
    assert bot.settings.umbral_http_port is None  # the default outside Docker
    before = listening_sockets()
    await bot.setup_hook()  # what the real bot runs once logged in
    assert bot.service is None
    assert listening_sockets() == before
    await bot.reminders.stop()

    # …and the check sees a port when one is set (the same start-up path)
    bot.settings = bot.settings.model_copy(update={"umbral_http_port": free_port()})
    await bot.start_service()
    try:
        assert bot.service is not None
        assert len(listening_sockets() - before) == 1
    finally:
        await bot.service.stop()
        bot.service = None
    assert listening_sockets() == before


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_containers_probe_asks_listo(
    session: Session, service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from bot.process import probe

    monkeypatch.setenv("UMBRAL_HTTP_PORT", str(service.port))
    assert await asyncio.to_thread(probe.main, ["/vivo"]) == 0
    assert await asyncio.to_thread(probe.main, []) == 1  # /listo: no shard ready yet
    await session.discord.gateway("connect")
    await session.discord.gateway("ready")
    assert await asyncio.to_thread(probe.main, []) == 0
    monkeypatch.setenv("UMBRAL_HTTP_HOST", "0.0.0.0")  # asked on loopback from inside
    assert probe.url_of("0.0.0.0", 8080, "/listo") == "http://127.0.0.1:8080/listo"
    assert probe.url_of("::", 8080, "/vivo") == "http://[::1]:8080/vivo"
    monkeypatch.delenv("UMBRAL_HTTP_PORT")
    assert await asyncio.to_thread(probe.main, []) == 1


async def test_a_port_taken_is_one_error_line_and_the_bot_goes_on(
    session: Session, caplog: pytest.LogCaptureFixture
) -> None:
    import socket

    bot = session.bot
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        bot.settings = bot.settings.model_copy(update={"umbral_http_port": port})
        await bot.start_service()
    assert bot.service is None
    (record,) = [r for r in caplog.records if r.levelname == "ERROR"]
    assert record.getMessage().startswith(
        f"No se puede abrir el servidor de salud en 127.0.0.1:{port}:"
    )
    reply = await session.discord.command("master", "mesa", "ayuda")
    assert reply.first.content or reply.first.embeds  # the game goes on


async def test_the_lag_task_measures_between_the_loops_runs() -> None:
    import asyncio

    driven = DrivenLag()
    driven.late = 0.75
    seen: list[float] = []
    three = asyncio.Event()

    async def sleep(seconds: float) -> None:
        await driven.sleep(seconds)
        await asyncio.sleep(0)  # the loop runs its other work between two measures

    def measured(value: float) -> None:
        seen.append(value)
        if len(seen) == 3:
            three.set()

    lag = LoopLag(clock=driven.clock, sleep=sleep, on_measure=measured)
    lag.start()
    await three.wait()
    await lag.stop()
    assert seen[:3] == [pytest.approx(0.75)] * 3 and lag.lag == pytest.approx(0.75)


async def test_a_database_that_does_not_answer_in_time_or_at_all(tmp_path: Path) -> None:
    from bot.process.service import database_problem, migration_head
    from bot.storage import Storage

    head = migration_head()
    gone = Storage.from_url(f"sqlite+aiosqlite:///{tmp_path / 'no' / 'hay.db'}")
    try:
        found = await database_problem(gone, head, 5.0)
        assert found == "La base de datos no responde (OperationalError)."
        assert await database_problem(gone, head, 0) == "La base de datos no responde en 0 s."
    finally:
        await gone.close()


async def test_closing_the_bot_closes_its_server() -> None:
    from bot.app import create_bot
    from bot.process.config_check import load_settings
    from umbral_rules import ForcedDice

    before = listening_sockets()
    settings = load_settings().model_copy(update={"umbral_http_port": free_port()})
    bot = await create_bot(settings, ForcedDice([]))
    await bot.start_service()
    assert bot.service is not None and len(listening_sockets() - before) == 1
    await bot.close()
    assert bot.service is None and listening_sockets() == before
