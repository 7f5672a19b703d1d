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
    measure: Callable[[bool, argparse.Namespace], dict[str, Any]],
    table: Callable[[dict[str, Any]], str],
    options: Callable[[argparse.ArgumentParser], object] | None = None,
) -> int:
    """``--quick`` and ``--out`` (and the script's own ``options``): measure with the
    parsed arguments, print the table, write the JSON if asked."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--out", help="dónde escribir el JSON")
    if options is not None:
        options(parser)
    args = parser.parse_args(argv)
    result = measure(args.quick, args)
    print(table(result))
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return 0
