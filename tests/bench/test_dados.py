"""``bench/dados.py`` (issue 35) runs end to end and writes every figure; no timing is
checked (the figures are in bench/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_roll_step_scenario_writes_its_figures(tmp_path: Path) -> None:
    out = tmp_path / "dados.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "dados.py"), "--quick", "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert "objetivo ≤ 1.5" in done.stdout
    result = json.loads(out.read_text())
    assert (result["n"], result["runs"]) == (200, 2)
    assert set(result["target"]) == {"limit", "value", "met"}
    for row in result["expressions"].values():
        for key in ("umbral", "d20", "umbral_texto", "d20_texto", "antes"):
            assert row[key] > 0 and len(row["rounds"][key]) == 2
        assert row["ratio"] == row["umbral"] / row["d20"]
