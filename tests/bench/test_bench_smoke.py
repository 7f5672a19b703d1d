"""The benchmark's short mode runs end to end and writes every figure (no timing is checked).

With ``TEST_DATABASE_URL`` (CI's PostgreSQL pass) it also runs the PostgreSQL pass there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPREAD = {"median", "min", "max"}
FIGURES = {"rate", "mean_ms", "p50_ms", "p99_ms"}


def check_stat(stat: dict, runs: int) -> None:
    assert len(stat["runs"]) == runs
    for key in FIGURES:
        assert set(stat[key]) == SPREAD
        assert stat[key]["min"] <= stat[key]["median"] <= stat[key]["max"]
    for one in stat["runs"]:
        assert one["n"] > 0
        assert set(one) >= FIGURES


def check_backend(backend: dict, sizes: dict, floors: set[str]) -> None:
    runs = sizes["runs"]
    assert set(backend["floor"]) == floors
    for stat in backend["floor"].values():
        check_stat(stat, 2 * runs)  # measured before and after the bot's scenarios
    assert set(backend["atacar_combatants"]) == {str(n) for n in sizes["combatants"]}
    assert set(backend["atacar_channels"]) == {str(n) for n in sizes["channels"]}
    for stat in [*backend["atacar_combatants"].values(), *backend["atacar_channels"].values()]:
        check_stat(stat, runs)
        assert stat["rss_peak_mb"] >= stat["rss_mb"] > 0
    for n, stat in backend["atacar_channels"].items():
        assert stat["channels"] == int(n)
    check_stat(backend["dispatch"], runs)
    check_stat(backend["defender"], runs)
    assert backend["defender"]["pending"] == 6
    check_stat(backend["asalto"], runs)
    assert backend["asalto"]["combatants"] == max(sizes["combatants"])
    for key in ("importar_bestiario", "exportar_bestiario"):
        check_stat(backend[key], runs)
        assert backend[key]["entries"] == sizes["bestiary_entries"]
        assert backend[key]["file_bytes"] > 0
    check_stat(backend["mapa"], runs)
    assert (backend["mapa"]["side"], backend["mapa"]["figures"]) == (
        sizes["board_side"],
        sizes["board_figures"],
    )
    check_stat(backend["historial_usuario"], runs)
    assert backend["historial_usuario"]["rolls"] == sizes["history_rolls"]
    assert backend["historial_usuario"]["user_rolls"] > 0
    # every scenario on an event loop says how long it held the loop (sqlite3's floor has none)
    stalled = [
        backend["dispatch"],
        *backend["atacar_combatants"].values(),
        *backend["atacar_combatants_no_cache"].values(),
        *backend["atacar_channels"].values(),
        *(backend[k] for k in ("defender", "asalto", "importar_bestiario")),
        *(backend[k] for k in ("exportar_bestiario", "mapa", "historial_usuario")),
        backend["canal_concurrido"],
    ]
    for stat in stalled + [s for k, s in backend["floor"].items() if k != "sqlite3"]:
        assert set(stat["loop_stall_ms"]) == SPREAD
        assert all(one["loop_stall_ms"] >= 0 for one in stat["runs"])
    if Path("/proc/stat").exists():  # Linux: each round also says what the host took
        for stat in stalled:
            assert set(stat["steal_pct"]) == SPREAD
            assert all(0 <= one["steal_pct"] <= 100 for one in stat["runs"])
    ratios = backend["ratios"]
    for key in (
        "bot_over_floor",
        "bot_over_sqlalchemy_core",
        "dispatch_over_floor",
        "cost_big_over_small",
        "cost_many_over_few_channels",
        "p99_many_over_few_channels",
        "no_cache_over_cache",
    ):
        assert set(ratios[key]) == SPREAD
    # the busy channel (issue 16): the tracker's requests per command and the 429s
    busy = backend["canal_concurrido"]
    assert busy["commands"] == 19 and busy["rate_limited"] == 0
    assert 0 < busy["requests_per_command"] <= 0.5
    # import time, history p99, cost 200 ÷ 2, 1000 channels' RSS and p99, the busy channel's
    # two, and each scenario's loop stall; on SQLite, /atacar against SQLAlchemy Core too
    core = "sqlite3" in floors
    assert len(backend["targets"]) == 7 + core + len(stalled)
    assert any("SQLAlchemy Core" in t["target"] for t in backend["targets"]) == core
    assert sum("loop_stall_ms" in t["target"] for t in backend["targets"]) == len(stalled)
    for target in backend["targets"]:
        assert set(target) == {"target", "value", "limit", "met"}
        assert isinstance(target["met"], bool)


@pytest.mark.db  # with TEST_DATABASE_URL it benchmarks PostgreSQL too
def test_quick_run_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BENCH_DATABASE_URL")}
    if os.environ.get("TEST_DATABASE_URL"):
        env["BENCH_DATABASE_URL"] = os.environ["TEST_DATABASE_URL"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick", "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert "razones" in done.stdout and "objetivos" in done.stdout

    results = json.loads(out.read_text())
    assert results["meta"]["quick"] is True
    sizes = results["meta"]["sizes"]
    assert sizes["runs"] >= 2
    assert set(results["meta"]["versions"]) >= {"python", "discord.py", "SQLAlchemy", "sqlite"}
    expected = {"sqlite", *(["postgresql"] if "BENCH_DATABASE_URL" in env else [])}
    assert set(results["backends"]) == expected
    check_backend(results["backends"]["sqlite"], sizes, {"sqlite3", "aiosqlite", "sqlalchemy_core"})
    if "postgresql" in expected:
        check_backend(results["backends"]["postgresql"], sizes, {"asyncpg", "sqlalchemy_core"})
