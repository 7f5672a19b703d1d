"""Ctrl-C is clean at any moment: a 2,000-entry ``/bestiario importar`` in the console on a
terminal is interrupted at every one of its database events (before and after each statement,
and each commit), on SQLite and PostgreSQL. Each time the console ends with status 130, no
traceback and its database closed, and the bestiary holds all 2,000 entries or none; the
console says «no se ha guardado nada» only when the bestiary holds none.

The interruption is a real SIGINT, as a terminal sends on Ctrl-C: the console reads a real
(pseudo-)terminal, and a database event listener sends the signal to this process at the
chosen event of the import, so each point is the same on every run."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url

from bench.heavy import bestiary_file
from bot.__main__ import main
from bot.console.transport import FakeDiscord
from bot.storage.unit import CURRENT
from tests.conftest import TEST_DATABASE_URL

ENTRIES = 2000
GUARD_S = 60  # only against a hung check: no assertion is about time
COMMAND = "bestiario importar"
#: Where the import can be cut: around each statement, and at each commit.
EVENTS = ("before_cursor_execute", "after_cursor_execute", "commit")


class CtrlC:
    """Counts the import's database events; at event number ``at`` (from 1) sends SIGINT to
    this process, as a Ctrl-C on the terminal would (0: never)."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.count = 0
        self.sent = False

    def __call__(self, *_args: object, **_kwargs: object) -> None:
        current = CURRENT.get()
        if current is None or current.command != COMMAND:
            return  # start-up, migrations: not the import
        self.count += 1
        if self.count == self.at:
            self.sent = True
            os.kill(os.getpid(), signal.SIGINT)

    @contextmanager
    def listening(self) -> Iterator[CtrlC]:
        for name in EVENTS:
            event.listen(Engine, name, self)
        try:
            yield self
        finally:
            for name in EVENTS:
                event.remove(Engine, name, self)


def console_on_a_terminal(url: str, lines: str) -> tuple[int, str]:
    """``umbral-bot consola --db URL`` reading ``lines`` typed on a pseudo-terminal (then
    Ctrl-D); its exit status and what it printed."""
    master, slave = os.openpty()
    os.write(master, lines.encode() + b"\x04")
    out = io.StringIO()
    try:
        with open(slave, encoding="utf-8", closefd=False) as terminal:
            status = main(["consola", "--db", url], stdin=terminal, stdout=out)
    finally:
        os.close(slave)
        os.close(master)
    return status, out.getvalue()


def pg_value(sql: str, database: str) -> object:
    """The first value ``sql`` answers on ``database`` of the test server."""
    import asyncpg

    assert TEST_DATABASE_URL is not None
    admin = make_url(TEST_DATABASE_URL)

    async def fetch() -> object:
        conn = await asyncpg.connect(
            user=admin.username,
            password=admin.password,
            host=admin.host,
            port=admin.port,
            database=database,
        )
        try:
            return await conn.fetchval(sql)
        finally:
            await conn.close()

    return asyncio.run(fetch())


def bestiary_rows(url: str, backend: str) -> int:
    if backend == "sqlite":
        with closing(sqlite3.connect(make_url(url).database, timeout=0)) as conn:
            conn.execute("BEGIN IMMEDIATE")  # nobody holds the write lock any more
            (rows,) = conn.execute("SELECT count(*) FROM bestiary").fetchone()
            conn.execute("DELETE FROM bestiary")  # the next point starts empty
            conn.commit()
        return int(rows)
    database = str(make_url(url).database)
    rows = pg_value("SELECT count(*) FROM bestiary", database)
    pg_value("DELETE FROM bestiary", database)
    return int(str(rows))


def closed(url: str, backend: str) -> bool:
    """The console's connections are gone: SQLite folded its WAL back and removed it (the
    last connection closed); PostgreSQL has no session left on the database."""
    if backend == "sqlite":
        return not Path(f"{make_url(url).database}-wal").exists()
    # A closed session's server process leaves pg_stat_activity a moment after the client
    # has gone: wait for that (a session the console left open would stay).
    query = f"SELECT count(*) FROM pg_stat_activity WHERE datname = '{make_url(url).database}'"
    deadline = time.monotonic() + GUARD_S
    while pg_value(query, "postgres") != 0:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture(scope="module")
def bestiary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("importar") / "bestiario.yaml"
    path.write_bytes(bestiary_file(ENTRIES, seed=28))
    return path


def test_ctrl_c_at_any_point_of_an_import_imports_all_or_nothing(
    database_url: str,
    backend: str,
    bestiary: Path,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
    strict_discord: list[FakeDiscord],
) -> None:
    line = f"/{COMMAND} archivo:@{bestiary}\n"
    # Uninterrupted (twice: the first run also writes the guild's settings): how many events.
    for _ in range(2):
        with CtrlC(at=0).listening() as whole:
            assert console_on_a_terminal(database_url, line)[0] == 0
        assert bestiary_rows(database_url, backend) == ENTRIES
    strict_discord.clear()  # (status 0: nothing Discord would refuse)
    assert whole.count >= 20, whole.count
    outcomes = []
    said: list[tuple[bool, bool, int]] = []
    for point in range(1, whole.count + 1):
        with CtrlC(at=point).listening() as ctrl_c:
            status, printed = console_on_a_terminal(database_url, line)
        rows = bestiary_rows(database_url, backend)
        outcomes.append(rows)
        where = f"Ctrl-C at event {point} of {whole.count}: {printed!r}"
        assert ctrl_c.sent, where
        assert status == 130, where
        assert rows in (0, ENTRIES), where  # all or nothing
        assert closed(database_url, backend), where
        assert "Lo siento" not in printed and "Algo ha fallado" not in printed, where
        # What the console says of the cut (issue 43) is true: «nothing saved» only when
        # nothing was; cut once it was committing, it says so
        nothing = f"(consola) Cortado a mitad de /{COMMAND}: no se ha guardado nada." in printed
        saving = f"(consola) Cortado a mitad de /{COMMAND}, cuando ya guardaba" in printed
        said.append((nothing, saving, rows))
        assert not (nothing and saving), where
        assert rows == 0 if nothing else True, where
        assert nothing or saving or rows == ENTRIES, where
        # (discord.py's warning that voice is not installed is not a problem)
        problems = [r.getMessage() for r in caplog.records if r.levelno >= 40 or r.exc_info]
        assert problems == [], where
        caplog.clear()
        stderr = capfd.readouterr().err
        assert "Traceback" not in stderr, where
        # The cut command never answered (its «thinking…» stays): expected, and nothing else.
        (fake,) = strict_discord
        assert {n.kind for n in fake.gate.notices} <= {"unanswered"}, where
        strict_discord.clear()
    assert 0 in outcomes  # the points really were inside the import, before its commit
    assert any(nothing for nothing, _, _ in said)


def test_ctrl_c_with_piped_input_finishes_the_line_running_then_130(
    database_url: str, backend: str, bestiary: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    line = f"/{COMMAND} archivo:@{bestiary}\n/ficha lista\n"
    for point in (1, 8, 16):
        out = io.StringIO()
        with CtrlC(at=point).listening() as ctrl_c:
            status = main(["consola", "--db", database_url], stdin=io.StringIO(line), stdout=out)
        assert ctrl_c.sent and status == 130
        assert bestiary_rows(database_url, backend) == ENTRIES  # it finished…
        assert "Enemigos nuevos: 2000." in out.getvalue()
        assert "Personajes" not in out.getvalue()  # …and the next line never ran
        assert closed(database_url, backend)
        assert "Traceback" not in capfd.readouterr().err


def test_ctrl_c_stops_the_bot_with_status_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.app import UmbralBot

    db = tmp_path / "umbral.db"
    monkeypatch.setenv("DISCORD_TOKEN", "token-de-prueba")
    monkeypatch.setenv("UMBRAL_DB_PATH", str(db))
    monkeypatch.delenv("DATABASE_URL", raising=False)

    closed = asyncio.Event()
    close = UmbralBot.close

    async def start(self: UmbralBot, token: str, *, reconnect: bool = True) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the bot runs: it closes itself
        await closed.wait()  # as discord.py's start returns once the client is closed

    async def closing(self: UmbralBot) -> None:
        await close(self)
        closed.set()

    monkeypatch.setattr(UmbralBot, "start", start)
    monkeypatch.setattr(UmbralBot, "close", closing)
    assert main([]) == 130
    assert "Traceback" not in capsys.readouterr().err
    assert db.exists() and not Path(f"{db}-wal").exists()  # migrated, then closed
