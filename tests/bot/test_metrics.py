"""Issue 48 §2: after a scripted console session (a fight, a refused command, a forced
failure, the bot's own rate limit, a 429 from the console's Discord), ``/metrics`` holds
exactly those counts, read with prometheus_client's own parser; and the session's JSON log
parses line by line."""

from __future__ import annotations

import io
import json
import logging
import re
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.console import FakeDiscord, Session
from bot.edge.ratelimit import RateLimiter
from bot.process.logs import JsonFormatter
from bot.process.metrics import Metrics
from bot.process.service import Service
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.console.conftest import post
from umbral_rules import ForcedDice

pytestmark = pytest.mark.backends("sqlite")

FIGHT = [
    *GUARDIA,  # bestiario añadir
    *KAEDA,  # ficha crear, ficha oficio ×2, ficha arma
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of the exposition: (name, sorted labels) → value."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return found


def commands(found: dict[Any, float]) -> dict[tuple[str, str], float]:
    return {
        (dict(labels)["command"], dict(labels)["outcome"]): value
        for (name, labels), value in found.items()
        if name == "umbral_commands_total"
    }


async def scrape(session: Session) -> str:
    server = Service(session.bot, "127.0.0.1", 0, measure_lag=False)
    await server.start()
    try:
        async with (
            aiohttp.ClientSession() as client,
            client.get(f"http://127.0.0.1:{server.port}/metrics") as answer,
        ):
            assert answer.status == 200
            assert answer.headers["Content-Type"].startswith("text/plain; version=0.0.4")
            return await answer.text()
    finally:
        await server.stop()


async def test_a_scripted_session_shows_exactly_in_the_metrics(
    session: Session,
    script: Script,
    fake: FakeDiscord,
    dice: ForcedDice,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.features.ayuda import cog

    log = io.StringIO()
    handler = logging.StreamHandler(log)
    handler.setFormatter(JsonFormatter())
    logging.getLogger("bot").addHandler(handler)
    logging.getLogger("bot").setLevel(logging.INFO)
    try:
        await script.run(*FIGHT)
        dice.push([9])
        await script.run("/atacar objetivo:Ñu")  # kaeda hits
        # refused (an UmbralError): only the GM removes fighters
        await script.run("/encuentro quitar combatiente:Íñigo")

        def boom(*_: Any) -> discord.Embed:
            raise RuntimeError("fallo forzado")

        monkeypatch.setattr(cog, "index_embed", boom)
        await script.run("/ayuda")  # failed: the apology
        # the bot's own limit: one roll a minute for kaeda, the second one refused
        fake.bot.tree.limiter = RateLimiter(user_rolls=1, channel_rolls=10, per=60)
        dice.push([7, 7])
        await script.run("/tirar expresion:1d12", "/tirar expresion:1d12")
        # six messages in #otra within 5 s: Discord answers the sixth with a 429 once
        for i in range(6):
            await post(fake, "otra", {"content": str(i)})
        assert fake.gate.rate_limited == 1
        text = await scrape(session)
    finally:
        logging.getLogger("bot").removeHandler(handler)
        logging.getLogger("bot").setLevel(logging.NOTSET)

    found = samples(text)
    assert commands(found) == {
        ("bestiario añadir", "done"): 1,
        ("ficha crear", "done"): 1,
        ("ficha oficio", "done"): 2,
        ("ficha arma", "done"): 1,
        ("encuentro empezar", "done"): 1,
        ("encuentro enemigos", "done"): 1,
        ("encuentro unirse", "done"): 1,
        ("atacar", "done"): 1,
        ("encuentro quitar", "refused"): 1,
        ("ayuda", "failed"): 1,
        ("tirar", "done"): 1,
        ("tirar", "refused"): 1,
    }
    latency = {
        dict(labels)["command"]: value
        for (name, labels), value in found.items()
        if name == "umbral_command_duration_seconds_count"
    }
    assert latency["ficha oficio"] == 2 and latency["tirar"] == 2 and latency["ayuda"] == 1
    assert sum(latency.values()) == 13
    assert found["umbral_discord_rate_limited_total", ()] == 1
    assert found["umbral_rate_limit_refusals_total", ()] == 1
    tracker = fake.bot.trackers.counts
    assert tracker["queued"] >= 4 and tracker["sent"] >= 2  # the fight drew its tracker
    for stage in ("queued", "coalesced", "sent"):
        assert found["umbral_tracker_edits_total", (("stage", stage),)] == tracker[stage]
    for kind in ("reminder", "session_step"):
        for stage in ("due", "sent"):
            assert found["umbral_scheduled_posts_total", (("kind", kind), ("stage", stage))] == 0
    assert found["umbral_db_pool_in_use", ()] == 0  # nothing running while scraped
    assert ("umbral_event_loop_lag_seconds", ()) in found
    # no label holds a user's text or an id: only command names, outcomes, stages, kinds
    label_names = {key for _, labels in found for key, _ in labels}
    assert label_names <= {"command", "outcome", "stage", "kind", "shard", "le"}

    # the JSON log of the session: one object a line, each command with its fields
    lines = [json.loads(line) for line in log.getvalue().splitlines()]
    done = [line for line in lines if line.get("command")]
    assert len(done) == 13
    assert {line["outcome"] for line in done} == {"done", "refused", "failed"}
    for line in done:
        assert set(line) >= {"time", "level", "logger", "message", "command", "guild"}
        assert line["guild"] == fake.guild.id and isinstance(line["ms"], int)
        assert line["channel"] == fake.channel_id("mesa")
    failed = next(line for line in lines if line["level"] == "ERROR")
    assert "fallo forzado" in failed["exc"]


async def test_the_pool_gauge_counts_connections_lent(session: Session) -> None:
    async with session.storage.engine.connect(), session.storage.engine.connect():
        found = samples(session.bot.metrics.exposition().decode())
        assert found["umbral_db_pool_in_use", ()] == 2
    found = samples(session.bot.metrics.exposition().decode())
    assert found["umbral_db_pool_in_use", ()] == 0


async def test_two_bots_never_share_a_counter() -> None:
    one, other = Metrics(), Metrics()
    one.command("tirar", "done", 0.1)
    one.http_response(429)
    other.http_response(200)
    assert (
        samples(one.exposition().decode())[
            "umbral_commands_total", (("command", "tirar"), ("outcome", "done"))
        ]
        == 1
    )
    assert (
        samples(other.exposition().decode()).get(("umbral_discord_rate_limited_total", ()), 0) == 0
    )


ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = (ROOT / "docs" / "grafana-umbral.json").read_text(encoding="utf-8")
ADMINISTRACION = (ROOT / "docs" / "administracion.md").read_text(encoding="utf-8")


async def test_the_grafana_dashboard_asks_only_for_metrics_the_bot_has(session: Session) -> None:
    dashboard = json.loads(DASHBOARD)
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    used = {name for expr in exprs for name in re.findall(r"\bumbral_[a-z_]+", expr)}
    suffix = {"counter": "_total", "histogram": "_bucket", "gauge": ""}
    exposed = {
        family.name + suffix[family.type]
        for family in text_string_to_metric_families(session.bot.metrics.exposition().decode())
        if not family.name.endswith("_created")  # the time a counter began: not a panel's
    }
    assert len(exposed) == 10
    assert used == exposed  # every metric on a panel, and no panel on a metric that isn't
    for name in exposed:
        assert f"`{name.removesuffix('_bucket')}`" in ADMINISTRACION, name


async def test_reminders_due_and_sent_show_in_the_metrics(
    session: Session, script: Script, fake: FakeDiscord
) -> None:
    from tests.bot.test_recordatorios import SETUP, reminders

    await script.run(*SETUP, "@master", "/encuentro recordatorios horas:2 silencio:3-4")
    await script.run("!esperar 7400")  # two hours after the players' phase began
    assert len(reminders(fake)) == 1
    found = samples(session.bot.metrics.exposition().decode())
    posts = {
        (dict(labels)["kind"], dict(labels)["stage"]): value
        for (name, labels), value in found.items()
        if name == "umbral_scheduled_posts_total"
    }
    assert posts == {
        ("reminder", "due"): 1,
        ("reminder", "sent"): 1,
        ("session_step", "due"): 0,
        ("session_step", "sent"): 0,
    }
