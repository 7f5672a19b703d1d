"""The command line of a one-process measurement (``dados.py``, ``techo.py``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def script_main(
    argv: list[str] | None,
    doc: str,
    quick_help: str,
    measure: Callable[[bool], dict[str, Any]],
    table: Callable[[dict[str, Any]], str],
) -> int:
    """``--quick`` and ``--out``: measure, print the table, write the JSON if asked."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--out", help="dónde escribir el JSON")
    args = parser.parse_args(argv)
    result = measure(args.quick)
    print(table(result))
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return 0
