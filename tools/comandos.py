"""Write the command reference, ``docs/comandos.md``, from the bot's own command tree.

Usage (from the repository root, with the project's environment)::

    .venv/bin/python tools/comandos.py [--out docs/comandos.md]

It loads the bot with every feature (no token, no database) and writes every command —
its options with their types, choices and limits, who may use it — grouped by the topics of
``/ayuda tema:…`` (:mod:`bot.edge.reference`, :mod:`bot.render.reference`). After adding or
changing a command, run it again and commit the file: ``tests/test_reference.py`` fails
while the committed file is not what this writes.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "comandos.md"


async def reference() -> str:
    """The reference's text, from a bot made with every feature."""
    from bot.app import create_bot
    from bot.edge.context import permission_rows
    from bot.edge.reference import families
    from bot.process.config import Settings
    from bot.render.reference import reference_markdown

    bot = await create_bot(Settings(discord_token=None))
    try:
        return reference_markdown(families(bot.tree), permission_rows(bot.tree))
    finally:
        await bot.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="dónde escribirla")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # run as a script: the bot's packages are beside tools/
    text = asyncio.run(reference())
    args.out.write_text(text, encoding="utf-8")
    print(f"Escrita {args.out} ({len(text.splitlines())} líneas).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
