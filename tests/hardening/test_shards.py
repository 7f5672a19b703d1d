"""Many processes: ``SHARD_COUNT`` / ``SHARD_IDS`` split the bot, all on one PostgreSQL. Two
console processes (shards 0 and 1 of 2) hammer the same guild's channels at once: no update
is lost and no roll is logged twice."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.app import UmbralBot
from bot.process.config import Settings
from bot.storage import Storage
from umbral_rules import ForcedDice

pytestmark = pytest.mark.serial  # processes waited for: alone (make test)

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 12
SETUP = [
    "@master",
    "#mesa",
    "/encuentro empezar modo:mesa",
    "#taberna",
    "/encuentro empezar modo:mesa",
]


def test_shard_settings_reach_the_client() -> None:
    bot = UmbralBot(Settings(discord_token=None, shard_count=4, shard_ids="1, 3"), ForcedDice([]))
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert UmbralBot(Settings(discord_token=None), ForcedDice([])).shard_ids is None


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        (None, "0", "necesita SHARD_COUNT"),
        (2, "2", "de 0 a 1"),
        (2, "1,1", "distintos"),
        (2, "uno", "no es una lista"),
    ],
)
def test_bad_shard_settings_are_explained(count: int | None, ids: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _ = Settings(discord_token=None, shard_count=count, shard_ids=ids).shard_id_list


async def console(url: str, lines: list[str], shard: int | None = None) -> str:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "DISCORD_TOKEN": ""}
    if shard is not None:
        env.update(SHARD_COUNT="2", SHARD_IDS=str(shard))
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "consola",
        "--eco",
        "--db",
        url,
        cwd=ROOT,
        env=env,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate(("\n".join(lines) + "\n").encode())
    assert proc.returncode == 0, err.decode()
    assert "Traceback" not in err.decode(), err.decode()[-4000:]
    return out.decode()


def acknowledged(out: str, command: str) -> set[str]:
    """The ``nombre:`` of every ``command`` line the bot answered in public (done; a refusal
    such as «La partida ha cambiado mientras tanto: inténtalo de nuevo.» is private)."""
    done: set[str] = set()
    blocks = re.split(r"^\S+ en #\S+> ", out, flags=re.MULTILINE)
    for block in blocks:
        first, _, replies = block.partition("\n")
        if first.startswith(command) and "Umbral → #" in replies:
            done.add(first.split("nombre:", 1)[1].strip())
    return done


def hammer(who: str) -> list[str]:
    lines = []
    for index in range(ROUNDS):
        channel = "#mesa" if index % 2 == 0 else "#taberna"
        rat = f"Rata-{who}-{index}"
        lines += [
            "@master",
            channel,
            f"/bestiario añadir nombre:{rat} ataque:6 defensa:6 aguante:3 potencia:1",
            f"/encuentro enemigos nombre:{rat}",
            f"@{who}",
            f"/tirar expresion:1d12+{index}",
        ]
    return lines


@pytest.mark.backends("postgresql")  # shared by processes on several machines: PostgreSQL
async def test_two_processes_on_one_postgresql_lose_nothing(database_url: str) -> None:
    await console(database_url, SETUP)
    outs = await asyncio.gather(
        console(database_url, hammer("ana"), shard=0),
        console(database_url, hammer("bea"), shard=1),
    )
    for out in outs:
        assert "Algo ha fallado" not in out and "Lo siento" not in out, out[-6000:]
    storage = Storage.from_url(database_url)
    try:
        async with storage.engine.connect() as conn:
            states = (await conn.execute(text("SELECT state FROM encounters"))).scalars().all()
            rolls = (await conn.execute(text("SELECT id, user_id, result FROM roll_log"))).all()
    finally:
        await storage.close()
    documents = [json.loads(s) if isinstance(s, str) else s for s in states]
    names = [c["nombre"] for doc in documents for c in doc["combatants"]]
    # every "/encuentro enemigos" either answered in public and is in the encounter both
    # processes changed at once, or was refused (a conflict: «inténtalo de nuevo») and is not
    done = set().union(*(acknowledged(out, "/encuentro enemigos") for out in outs))
    assert len(done) >= ROUNDS  # most went through: the processes really shared the rows
    assert sorted(names) == sorted(done)  # nothing lost, nothing extra
    assert len(rolls) == 2 * ROUNDS  # every roll once
    assert len({r.id for r in rolls}) == len(rolls)
    results = [json.loads(r.result) if isinstance(r.result, str) else r.result for r in rolls]
    # who rolled which expression (the rows read raw: the JSON as the driver gives it)
    tags = {(r.user_id, result["expresion"]) for r, result in zip(rolls, results, strict=True)}
    assert len(tags) == len(rolls), "a roll was logged twice"
