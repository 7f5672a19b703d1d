"""The scale scenario's lost-update check (``bench/escala_replay.py``, issue 49): the final
encounter of a channel against the sequential replay of the changes the bot answered, with the
dice its roll log kept. It must find nothing wrong in an honest run, and find a change the
database lost, a state that is not what the changes make, and records that disagree with the
answers.

On ``TEST_DATABASE_URL``'s server when set (CI's PostgreSQL pass), else on one started here."""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bench.databases import local_postgres, pg_admin, with_database
from bench.escala_bot import BotProcess, channel_name, master_name
from bench.escala_load import EVENING, options
from bench.escala_replay import first_difference, plan, replay_check, sample
from bench.escala_seed import CHANGES, seed, tables, tracker_id
from bot.console.payloads import stable_id
from tests.bench.test_escala import postgres_here

CHANNELS = 4

# --- pure parts -------------------------------------------------------------------------------


def test_the_sample_is_every_channel_or_a_fixed_even_spread() -> None:
    assert sample(48, None) == list(range(48))
    assert sample(48, 200) == list(range(48))
    spread = sample(10_000, 200)
    assert len(spread) == 200 and spread[:3] == [0, 50, 100] and spread[-1] == 9_950
    assert sample(10_000, 200) == spread  # the same in every run


def test_the_first_difference_names_its_place() -> None:
    a = {"asalto": 2, "combatants": [{"aguante": 16}, {"aguante": 8}]}
    b = {"asalto": 2, "combatants": [{"aguante": 16}, {"aguante": 12}]}
    assert first_difference(a, a) is None
    assert first_difference(a, b) == "combatants[1].aguante: 8 guardado ≠ 12 repetido"
    assert first_difference(a, {"asalto": 2}) == "combatants: solo en el guardado"
    shorter = {"asalto": 2, "combatants": [{"aguante": 16}]}
    assert first_difference(a, shorter) == "combatants: 2 elementos ≠ 1"


def test_the_plan_pairs_records_and_answers_one_to_one() -> None:
    p = stable_id("user", "p0")
    m = stable_id("user", "m0")
    done = [("p0", "atacar", {"objetivo": "Guardia 1"}), ("m0", "asalto", {})]
    records = [("atacar", p, 2, [9], False), ("asalto", m, 3, [], False)]
    assert plan(0, done, records) == (
        "replay",
        [("p0", "atacar", {"objetivo": "Guardia 1"}, [9]), ("m0", "asalto", {}, [])],
    )
    kind, why = plan(0, done, records[:1])  # answered, never committed
    assert kind == "lost" and "falta el n.º 2 (/asalto de m0)" in str(why)
    kind, why = plan(0, done[:1], records)  # committed, never answered
    assert kind == "lost" and "2 cambios registrados, 1 respondidos" in str(why)
    swapped = [("asalto", m, 2, [], False), ("atacar", p, 3, [9], False)]
    assert plan(0, done, swapped)[0] == "lost"
    undone = [records[0], ("asalto", m, 3, [], True)]
    assert plan(0, done, undone)[0] == "lost"
    old = [("asalto", m, v, [], False) for v in range(10, 30)]  # the oldest records are gone
    kind, why = plan(0, [("m0", "asalto", {})] * 28, old)
    assert kind == "truncated" and "versión 10" in str(why)


# --- against PostgreSQL -----------------------------------------------------------------------


@contextlib.contextmanager
def server() -> Iterator[str]:
    url = os.environ.get("TEST_DATABASE_URL", "")
    if "postgresql" in url:
        yield url
        return
    with local_postgres(20) as (admin, _pid):
        yield admin


@pytest.fixture
async def evening() -> AsyncIterator[tuple[str, str, dict[int, list[Any]]]]:
    """A seeded database (the template), a copy of it where the bot played an evening in
    every channel with random dice, and the changes it answered by channel."""
    from bot.storage import upgrade_head

    with server() as admin:
        name = f"umbral_repeticion_{os.getpid()}"
        await pg_admin(admin, f"CREATE DATABASE {name}")
        await pg_admin(admin, f"CREATE DATABASE {name}_run")
        try:
            start = with_database(admin, name)
            await upgrade_head(start)
            await seed(start, CHANNELS)
            await pg_admin(admin, f"DROP DATABASE {name}_run")
            await pg_admin(admin, f"CREATE DATABASE {name}_run TEMPLATE {name}")
            url = with_database(admin, f"{name}_run")
            yield start, url, await play(url)
        finally:
            for db in (f"{name}_run", name):
                await pg_admin(admin, f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


async def play(url: str) -> dict[int, list[Any]]:
    names = [channel_name(i) for i in range(CHANNELS)]
    masters = [master_name(i) for i in range(CHANNELS)]
    me = await BotProcess.open(url, 1, "0", masters, names, scheduler=False)
    me.fake.trackers({channel_name(i): tracker_id(i) for i in range(CHANNELS)})
    rng = random.Random(49)
    done: dict[int, list[Any]] = {}
    try:
        for t in tables(CHANNELS):
            evening = EVENING[t.mode]
            for k in range(10):
                who, what = evening[k % len(evening)]
                path, opts = options(t, what, rng)
                user = t.player if who == "p" else t.master
                outcome = await me.fake.run(user, t.channel, path, opts)
                assert outcome.public or path == "historial", outcome.private
                if what in CHANGES:
                    done.setdefault(t.index, []).append((user, path, opts))
    finally:
        await me.close()
    return done


needs_pg = pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL") and not postgres_here(),
    reason="needs PostgreSQL: TEST_DATABASE_URL or the server's binaries",
)


@needs_pg
@pytest.mark.db
@pytest.mark.serial  # PostgreSQL; the replay is a process waited for
async def test_an_honest_evening_replays_to_the_same_encounters(
    evening: tuple[str, str, dict[int, list[Any]]],
) -> None:
    start, url, done = evening
    found = await replay_check(url, start, done, CHANNELS, None)
    assert found["examples"] == []
    assert found["lost_updates"] == found["truncated"] == 0
    assert found["channels"] == found["replayed"] == CHANNELS and found["sample"] == "todos"
    assert found["changes_replayed"] == sum(len(c) for c in done.values()) >= CHANNELS * 5


@needs_pg
@pytest.mark.db
@pytest.mark.serial  # PostgreSQL; the replay is a process waited for
async def test_a_lost_change_or_a_wrong_state_is_found(
    evening: tuple[str, str, dict[int, list[Any]]],
) -> None:
    from sqlalchemy import text

    from bot.storage import Storage

    start, url, done = evening
    # channel 1's stored encounter is not what its changes make: one guard more hurt
    storage = Storage.from_url(url)
    cid = stable_id("channel", channel_name(1))
    try:
        async with storage.engine.begin() as conn:
            state = (
                await conn.execute(
                    text("SELECT state FROM encounters WHERE channel_id = :c"), {"c": cid}
                )
            ).scalar_one()
            doc = state if isinstance(state, dict) else json.loads(state)
            doc["combatants"][1]["aguante"] -= 1
            await conn.execute(
                text("UPDATE encounters SET state = CAST(:s AS json) WHERE channel_id = :c"),
                {"s": json.dumps(doc), "c": cid},
            )
    finally:
        await storage.close()
    # channel 2: the bot answered one change more than the database kept
    done[2] = [*done[2], done[2][0]]
    found = await replay_check(url, start, done, CHANNELS, None)
    assert found["lost_updates"] == 2 and found["replayed"] == CHANNELS - 1
    wrong, missing = sorted(found["examples"])
    assert wrong.startswith("#e1 (") and "combatants[1].aguante:" in wrong
    assert missing.startswith("#e2: ") and "falta el n.º" in missing
