"""``bench/techo.py`` (issue 33's ceiling) runs end to end and writes every figure; no timing
is checked (the figures are in bench/README.md)."""

from __future__ import annotations

from pathlib import Path

from tests.bench.scripts import run_quick


def test_the_ceiling_of_issue_33_writes_its_figures(tmp_path: Path) -> None:
    table, result = run_quick("techo.py", tmp_path)
    assert "presupuesto de /atacar para ≥ 0.35" in table
    assert (result["n"], result["runs"]) == (50, 2)
    p50 = result["p50_ms"]
    assert set(p50) == {"core", "issue_sin_select", "issue_con_select", "eco", "atacar"}
    for name, rounds in result["rounds_p50_ms"].items():
        assert len(rounds) == 2 and all(ms > 0 for ms in rounds), name
    assert result["presupuesto_ms"] == p50["core"] / 0.35
    assert result["resto_ms"] == result["presupuesto_ms"] - p50["issue_sin_select"] - p50["eco"]
    assert result["ratio_atacar"] == p50["core"] / p50["atacar"]


def test_without_the_tracker_and_the_defer_the_ceiling_still_measures_atacar(
    tmp_path: Path,
) -> None:
    """``--sin tracker --sin diferido``: /atacar still answers (its reply is checked by the
    bench) with neither piece, and the result says what was taken out."""
    table, result = run_quick("techo.py", tmp_path, "--sin", "tracker", "--sin", "diferido")
    assert result["sin"] == ["diferido", "tracker"]
    assert "/atacar (2 combatientes) sin diferido sin tracker" in table
    assert all(ms > 0 for ms in result["rounds_p50_ms"]["atacar"])
