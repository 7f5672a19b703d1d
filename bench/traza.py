"""How long the path of one command is: the distinct functions of ``bot/`` (the console's own
modules left out: they stand for Discord) and of ``umbral_rules/`` that one warm command runs
(comprehensions and generator expressions are not functions of their own here), and the
files they are in (issue 44's measure). A function of ``bot/`` that a console module calls
itself is the console's work, not the command's, and is left out too: the console watches
the bot's slow work (``observe.watch``, and ``observe.note_slow_work`` from the statement
listener only the console installs) and waits for its background tracker
(``TrackerPublisher.idle``) — none of which runs in a real bot. What those functions call is
left out with them only when it is called from the console too.

Each command is sent once to warm it (imports, caches, the tracker's first message), then
again under ``sys.setprofile``, on a Mesa encounter of one PC and one enemy in the console:

* ``atacar``: ``/atacar objetivo:<el enemigo>`` by the player;
* ``asalto``: ``/asalto`` by the GM;
* ``tirar``: ``/tirar expresion:2d6+3``.

    python bench/traza.py            # the table
    python bench/traza.py --funciones atacar   # and the functions of /atacar, file by file
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/traza.py` from anywhere
    sys.path.insert(0, str(ROOT))

BOT = ROOT / "bot"
CONSOLE = BOT / "console"
RULES = ROOT / "umbral_rules"
Function = tuple[str, int, str]  # file (relative), first line, name


def _where(filename: str) -> str | None:
    """``bot`` or ``umbral_rules`` for a file of ours that counts, else None."""
    path = Path(filename)
    if path.is_relative_to(CONSOLE):
        return None
    if path.is_relative_to(BOT):
        return "bot"
    if path.is_relative_to(RULES):
        return "umbral_rules"
    return None


async def traced(send: Callable[[], Awaitable[Any]]) -> dict[str, set[Function]]:
    """The functions of ours that ``send()`` runs, by package."""
    seen: dict[str, set[Function]] = {"bot": set(), "umbral_rules": set()}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        caller = frame.f_back
        if caller is not None and Path(caller.f_code.co_filename).is_relative_to(CONSOLE):
            return  # the console's own hooks into the bot (see the module's docstring)
        code = frame.f_code
        where = _where(code.co_filename)
        if where is not None and not code.co_name.startswith("<"):  # not comprehensions
            relative = str(Path(code.co_filename).relative_to(ROOT))
            seen[where].add((relative, code.co_firstlineno, code.co_name))

    sys.setprofile(profile)
    try:
        await send()
    finally:
        sys.setprofile(None)
    return seen


async def measure() -> dict[str, dict[str, Any]]:
    from bench.scenarios import Bench
    from bot.storage import upgrade_head

    tmp = tempfile.TemporaryDirectory(prefix="umbral-traza-")
    url = f"sqlite+aiosqlite:///{Path(tmp.name) / 'traza.db'}"
    await upgrade_head(url)
    bench = await Bench.open(url, "traza", seed=7)
    try:
        t = await bench.table(0, 2)
        commands: dict[str, Callable[[], Awaitable[Any]]] = {
            "atacar": lambda: bench.fake.command(
                t.player, t.channel, "atacar", {"objetivo": t.enemies[0]}
            ),
            "asalto": lambda: bench.fake.command("master", t.channel, "asalto", {}),
            "tirar": lambda: bench.fake.command(
                t.player, t.channel, "tirar", {"expresion": "2d6+3"}
            ),
        }
        result: dict[str, dict[str, Any]] = {}
        for name, send in commands.items():
            await send()  # warm
            # keep the tracker the warm-up posted (or edited) and drop the rest: without it
            # the traced command finds its tracker gone and posts a new one (a cold path)
            await bench.remember_trackers([t])
            seen = await traced(send)
            bench.forget_messages()
            result[name] = {
                "bot_funciones": len(seen["bot"]),
                "bot_ficheros": len({f for f, _, _ in seen["bot"]}),
                "reglas_funciones": len(seen["umbral_rules"]),
                "funciones": sorted(seen["bot"]),
                "reglas": sorted(seen["umbral_rules"]),
            }
        return result
    finally:
        await bench.close()
        tmp.cleanup()


def table(result: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| comando | funciones de bot/ | ficheros de bot/ | funciones de umbral_rules/ |",
        "| --- | --- | --- | --- |",
    ]
    for name, row in result.items():
        lines.append(
            f"| /{name} | {row['bot_funciones']} | {row['bot_ficheros']} | "
            f"{row['reglas_funciones']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--funciones", help="lista las funciones de bot/ y de umbral_rules/ de ese comando"
    )
    args = parser.parse_args(argv)
    result = asyncio.run(measure())
    print(table(result))
    if args.funciones:
        by_file: dict[str, list[str]] = {}
        row = result[args.funciones]
        for file, line, name in [*row["funciones"], *row["reglas"]]:
            by_file.setdefault(file, []).append(f"{name}:{line}")
        for file, names in sorted(by_file.items()):
            print(f"{file} ({len(names)}): {', '.join(names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
