"""``bench/dados.py`` (issue 35) runs end to end and writes every figure; no timing is
checked (the figures are in bench/README.md)."""

from __future__ import annotations

from pathlib import Path

from tests.bench.scripts import run_quick


def test_the_roll_step_scenario_writes_its_figures(tmp_path: Path) -> None:
    table, result = run_quick("dados.py", tmp_path)
    assert "objetivo ≤ 1.5" in table
    assert (result["n"], result["runs"]) == (200, 2)
    assert set(result["target"]) == {"limit", "value", "met"}
    for row in result["expressions"].values():
        for key in ("umbral", "d20", "umbral_texto", "d20_texto", "antes"):
            assert row[key] > 0 and len(row["rounds"][key]) == 2
        assert row["ratio"] == row["umbral"] / row["d20"]
