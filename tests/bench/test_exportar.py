"""``bench/exportar.py`` (issue 43: the export beside /tirar) runs end to end and writes every
figure; no timing is checked (the figures are in bench/README.md)."""

from __future__ import annotations

from pathlib import Path

from tests.bench.scripts import run_quick


def test_the_export_beside_rolls_writes_its_figures(tmp_path: Path) -> None:
    table, result = run_quick("exportar.py", tmp_path)
    assert "exportar con /tirar al lado" in table
    assert result["entradas"] == 4000 and result["lotes"] == 3  # 2000 + 2000 + the empty end
    assert result["tiradas"] >= 1 and result["tirar_ms"]["max"] >= result["tirar_ms"]["p50"] > 0
    assert result["export_solo_s"] > 0 and result["escritura_max_ms"] > 0
    assert result["bestiario_2000_ms"] > 0
