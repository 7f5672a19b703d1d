"""``umbral-bot consola`` and ``umbral-bot respaldo`` as processes: SIGTERM while a command
runs lets it finish and closes the database cleanly; a backup of the running bot's file."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import pytest

pytestmark = pytest.mark.serial  # processes waited for: alone (make test)

ROOT = Path(__file__).resolve().parents[2]
CREAR = "/ficha crear nombre:Íñigo vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1"
GUARD_S = 120  # only against a hung process: no assertion is about time


async def start(*args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "DISCORD_TOKEN": ""}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=ROOT,
        env=env,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def send(proc: asyncio.subprocess.Process, line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line.encode() + b"\n")
    await proc.stdin.drain()


async def read_until(proc: asyncio.subprocess.Process, text: str) -> str:
    assert proc.stdout is not None
    seen = []
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), GUARD_S)).decode()
        assert line, "the console ended early:\n" + "".join(seen)
        seen.append(line)
        if text in line:
            return "".join(seen)


def oficios(db: Path) -> dict[str, int]:
    with closing(sqlite3.connect(db)) as conn:
        (raw,) = conn.execute("SELECT oficios FROM characters WHERE nombre = 'Íñigo'").fetchone()
    return dict(json.loads(raw)) if isinstance(raw, str) else dict(raw)


def closed_cleanly(db: Path) -> bool:
    """No WAL left: the bot's last connection checkpointed it and removed it on close."""
    return not os.path.exists(f"{db}-wal")


@pytest.mark.backends("sqlite")
async def test_sigterm_lets_the_running_command_finish(backend: str, tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    proc = await start("consola", "--db", str(db), "--eco")
    await send(proc, "@kaeda")
    await send(proc, CREAR)
    await read_until(proc, "personaje activo")
    lock = sqlite3.connect(db, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")  # the next command waits for the database: in flight
    await send(proc, "/ficha oficio nombre:sigilo valor:2")
    await read_until(proc, "> /ficha oficio nombre:sigilo valor:2")  # the console took it
    proc.send_signal(signal.SIGTERM)
    lock.execute("ROLLBACK")
    lock.close()
    assert proc.stdin is not None
    await send(proc, "/ficha oficio nombre:armas valor:3")  # after the stop: never runs
    out, err = await asyncio.wait_for(proc.communicate(), GUARD_S)
    assert proc.returncode == 0, out.decode() + err.decode()
    assert closed_cleanly(db)
    assert "sigilo" in out.decode()  # the running command answered (acknowledged)...
    assert "armas" not in out.decode()
    assert oficios(db) == {"sigilo": 2}  # ...and it is stored; the later one is not
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


@pytest.mark.backends("sqlite")
async def test_sigterm_while_waiting_for_a_line_exits_at_once(backend: str, tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    proc = await start("consola", "--db", str(db), "--eco")
    await send(proc, "@kaeda")
    await send(proc, CREAR)
    await read_until(proc, "personaje activo")
    proc.send_signal(signal.SIGTERM)  # stdin stays open: only the signal can end it
    out, err = await asyncio.wait_for(proc.communicate(), GUARD_S)
    assert proc.returncode == 0, out.decode() + err.decode()
    assert closed_cleanly(db)
    assert oficios(db) == {}


@pytest.mark.backends("sqlite")
async def test_respaldo_copies_the_running_bots_database(backend: str, tmp_path: Path) -> None:
    db = tmp_path / "umbral.db"
    proc = await start("consola", "--db", str(db), "--eco")
    await send(proc, "@kaeda")
    await send(proc, CREAR)
    await read_until(proc, "personaje activo")
    copy = tmp_path / "copias" / "umbral-copia.db"
    backup = await start("respaldo", str(copy), "--db", str(db))  # the bot still runs
    out, err = await asyncio.wait_for(backup.communicate(), GUARD_S)
    assert backup.returncode == 0, err.decode()
    assert "Respaldo hecho" in out.decode()
    await send(proc, "/ficha oficio nombre:sigilo valor:2")
    await asyncio.wait_for(proc.communicate(b""), GUARD_S)  # b"": stdin closed, EOF
    assert oficios(copy) == {}  # the copy is the moment it was taken
    assert oficios(db) == {"sigilo": 2}
    refused = await start("respaldo", str(tmp_path / "x.db"), "--db", "postgresql://u@h/db")
    _out, err = await asyncio.wait_for(refused.communicate(), GUARD_S)
    assert refused.returncode == 1 and "pg_dump" in err.decode()
