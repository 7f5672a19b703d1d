"""Run one of the bench's one-process scripts as a user would, in its quick form."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_quick(script: str, tmp_path: Path, *args: str) -> tuple[str, dict[str, Any]]:
    """``python bench/<script> --quick --out … [args]`` from ``tmp_path``: its table and its
    JSON."""
    out = tmp_path / "out.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--quick", "--out", str(out), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout, json.loads(out.read_text())
