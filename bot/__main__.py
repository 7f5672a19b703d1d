"""Entry point of ``umbral-bot``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    print("Umbral bot: la consola local llegará con los comandos (issue 5).", args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
