"""The scale scenario's short form (issue 49) runs end to end: 1, 2 and 4 bot processes on one
PostgreSQL, each with its shard range and the console's strict Discord, 48 channels, two
rates. Nothing about time is checked; what must hold at any speed is: no committed command
lost, every reminder and session step sent once, no request Discord refuses, no 429, never
more than 5 tracker edits a channel in 5 s, every process alive to the end.

On ``TEST_DATABASE_URL``'s server when set (CI's PostgreSQL pass), else on one the benchmark
starts on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.databases import pg_bin

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.db, pytest.mark.serial]  # PostgreSQL; processes waited for


def postgres_here() -> bool:
    try:
        pg_bin()
    except RuntimeError:
        return False
    return True


@pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL") and not postgres_here(),
    reason="needs PostgreSQL: TEST_DATABASE_URL or the server's binaries",
)
def test_the_short_scale_run_loses_nothing_and_sends_everything_once(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    out.write_text(json.dumps({"meta": {"kept": True}, "backends": {}}))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BENCH_DATABASE_URL")}
    if os.environ.get("TEST_DATABASE_URL"):
        env["BENCH_DATABASE_URL"] = os.environ["TEST_DATABASE_URL"]
    args = ["--escala", "--quick", "--out", str(out)]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert "comprobación" in done.stdout
    assert "actualizaciones perdidas (repetición secuencial de 48 canales): 0;" in done.stdout

    results = json.loads(out.read_text())
    assert results["meta"] == {"kept": True}  # the file's other figures stay
    escala = results["escala"]
    assert escala["meta"]["quick"] is True
    assert escala["seed"]["channels"] == 48 and escala["seed"]["sessions"] == 1
    assert set(escala["runs"]) >= {"1", "2", "4"}  # and "2-pgbouncer" where it is installed
    # (Whether a reminder falls due in so short a run is not asserted: run from the suite, none
    # does, and why is not yet known — issue 49 stays open on it. What is checked: none sent
    # twice, none left due, every one due sent.)
    for n, run in escala["runs"].items():
        assert run["alive"], n
        steps = run["steps"]
        assert steps and all(s["n"] > 0 for s in steps)
        for step in steps:
            assert len(step["rss_mb"]) == len(step["cpu"]["bots"]) == run["processes"]
            assert step["rate_limited"] == 0
            assert step["tracker_edits_max_per_channel_5s"] <= 5
            assert all("invalid" not in notices for notices in step["notices"]), step
            assert step["reminders_sent"] == step["reminders_due"]
            assert step["reminder_duplicates"] == 0
            assert step["statements_per_command"] > 0
            # every conflict retry is counted by what collided (issue 49's trace)
            assert sum(step["conflict_kinds"].values()) == step["conflicts"]
            assert step["postgresql_connections"]["connections"] >= 1
            assert set(step["by_command"]) <= {"atacar", "tirar", "asalto", "defender", "historial"}
        check = run["check"]
        assert check["channels_checked"] == 48
        assert check["lost_updates"] == check["lost_rolls"] == 0
        assert check["unacknowledged_writes"] == 0
        assert check["reminders_left_due"] == 0
        # every channel's encounter is the sequential replay of the changes the bot answered
        replay = check["replay"]
        assert replay["sample"] == "todos" and replay["channels"] == replay["replayed"] == 48
        assert replay["lost_updates"] == replay["truncated"] == 0, replay["examples"]
        assert replay["changes_replayed"] > 0
        steps_due = check["session_steps"]
        assert steps_due["due"] == steps_due["done"] > 0 and steps_due["done_early"] == 0
        sessions = run["sessions"]
        assert sessions["reminders_sent"] == sessions["reminders_due"]
        assert sessions["posted_twice"] == 0
