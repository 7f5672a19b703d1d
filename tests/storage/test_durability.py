"""SIGKILL a process in the middle of a stream of commands, several times: nothing acknowledged
is lost, nothing is half applied, the SQLite file stays sound."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.storage import Storage

from .attack import START_AGUANTE, attack_state, check_ledger
from .helpers import CHANNEL, GUILD, USER

pytestmark = pytest.mark.serial  # processes waited for: alone (make test)

ROOT = Path(__file__).resolve().parents[2]
KILLS = 6
BUDGET_S = 20.0


async def _run_and_kill(url: str, first: int, seed: int, rng: random.Random) -> list[int]:
    """Start a worker, let it commit for a random while, SIGKILL it; its acknowledged ids."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.storage.durability_worker",
        url,
        str(first),
        str(seed),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    acked: list[int] = []
    try:
        first_line = await asyncio.wait_for(proc.stdout.readline(), timeout=30)
        assert first_line.endswith(b"\n"), "the worker died before its first command"
        acked.append(int(first_line))
        await asyncio.sleep(rng.uniform(0.0, 0.4))
    finally:
        proc.send_signal(signal.SIGKILL)
        rest = await proc.stdout.read()  # what it acknowledged before it died
        await proc.wait()
    assert proc.returncode == -signal.SIGKILL
    lines = rest.split(b"\n")
    acked.extend(int(line) for line in lines[:-1])  # the last piece has no newline: not acked
    return acked


async def _check(url: str, acked: set[int]) -> int:
    storage = Storage.from_url(url)
    try:
        async with storage.engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA integrity_check"))).scalar_one() == "ok"
        aguante, damages = await check_ledger(storage)
    finally:
        await storage.close()
    missing = acked - damages.keys()
    assert not missing, f"acknowledged but lost: {sorted(missing)[:10]}"
    assert aguante == START_AGUANTE - sum(damages.values()), "a command was half applied"
    return max(damages) + 1


@pytest.mark.backends("sqlite")
async def test_sigkill_loses_nothing_acknowledged(database_url: str) -> None:
    storage = Storage.from_url(database_url)
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.encounter.create(attack_state(), creator_id=USER)
    await storage.close()

    rng = random.Random(4)
    deadline = time.monotonic() + BUDGET_S
    acked: set[int] = set()
    next_id, kills = 0, 0
    while kills < KILLS and time.monotonic() < deadline:
        acked.update(await _run_and_kill(database_url, next_id, seed=kills, rng=rng))
        kills += 1
        next_id = await _check(database_url, acked)
    assert kills >= 3, "too slow to kill the worker at least three times"
    assert len(acked) > kills
