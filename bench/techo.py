"""The ceiling of issue 33's ``/atacar ÷ SQLAlchemy Core ≥ 0.35`` on SQLite.

Issue 33 asks each ``/atacar`` to save as one version-checked ``UPDATE`` of the encounter's
document, in the command's transaction with its roll-log row and its undo record. This measures,
in one process, on the bot's own engine and on one 2-combatant encounter, interleaved round by
round:

* ``core``: the floor of the target, ``BEGIN IMMEDIATE; INSERT`` one row ``; COMMIT``
  (as ``bench/measure.py``'s ``floor_sqlalchemy``);
* ``issue_sin_select``: only the issue's writes, with the encounter's real row, roll and undo
  record as bound values: ``UPDATE encounters … WHERE id AND version``, ``INSERT`` into
  ``roll_log``, ``INSERT`` into ``undo_records`` (its trigger keeps 20), in one transaction;
* ``issue_con_select``: the same after reading the row (what a command that checks its
  encounter in the database before acting does);
* ``eco``: an empty command through the tree and its embed reply (the ``despacho`` scenario);
* ``atacar``: the real ``/atacar``, as the ``atacar`` scenario does it.

``presupuesto_ms`` is ``core / 0.35``: the most a whole ``/atacar`` may take to meet the target.
``resto_ms`` is what that leaves for everything else in a command (defer, rules, rendering, the
follow-up, the document, the undo diff, the sheets, the tracker) once the issue's own writes
and an empty command are paid. Medians of each round's p50.

``--sin tracker`` and ``--sin diferido`` measure ``/atacar`` without a piece of it that is
not its own reads and writes — the tracker's redrawing and edit, the «pensando…» of its
first answer (then ``send`` answers the interaction itself) — to see what the ratio would be
without it. Neither can go from the bot (the tracker is kept up to date after every command;
the console refuses a statement before the first answer): a bound, not a proposal.

    python bench/techo.py            # 5 rounds of 500 of each
    python bench/techo.py --quick    # 2 rounds of 50
    python bench/techo.py --sin tracker --sin diferido
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/techo.py` from anywhere
    sys.path.insert(0, str(ROOT))

TARGET = 0.35
PIECES = ("core", "issue_sin_select", "issue_con_select", "eco", "atacar")
#: What ``--sin`` can take out of ``/atacar`` (see the module's docstring).
WITHOUT = ("tracker", "diferido")


def take_out(without: frozenset[str]) -> None:
    """Make the pieces named in ``without`` do nothing, from now on in this process."""
    import discord

    from bot.edge.publisher import TrackerPublisher

    def nothing(*_: Any, **__: Any) -> None:
        return None

    async def no_defer(*_: Any, **__: Any) -> None:
        return None

    if "tracker" in without:  # neither drawn at COMMIT nor edited afterwards
        TrackerPublisher.changed = nothing  # type: ignore[method-assign]
        TrackerPublisher.committed = nothing  # type: ignore[method-assign]
    if "diferido" in without:
        discord.InteractionResponse.defer = no_defer  # type: ignore[method-assign]


async def measure(
    n: int = 500, runs: int = 5, without: frozenset[str] = frozenset()
) -> dict[str, Any]:
    import discord
    from discord import app_commands
    from sqlalchemy import text

    from bench.measure import FLOOR_TABLE
    from bench.scenarios import Bench
    from bot.storage import upgrade_head

    tmp = tempfile.TemporaryDirectory(prefix="umbral-techo-")
    url = f"sqlite+aiosqlite:///{Path(tmp.name) / 'techo.db'}"
    await upgrade_head(url)
    bench = await Bench.open(url, "techo", seed=12)

    @app_commands.command(name="eco", description="Responde con un embed y nada más.")
    async def eco(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Eco", description="Nada más que responder.")
        await interaction.response.send_message(embed=embed)

    bench.session.bot.tree.add_command(eco)
    engine = bench.storage.engine
    t = await bench.table(0, 2)
    await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
    await bench.remember_trackers([t])
    await bench.timed(t.player, t.channel, "eco", {})
    take_out(without)  # (after the warm-up: the channel has its tracker message)

    floor = text(f"INSERT INTO {FLOOR_TABLE} (v) VALUES (:v)")
    async with engine.begin() as conn:
        await conn.execute(
            text(f"CREATE TABLE IF NOT EXISTS {FLOOR_TABLE} (id INTEGER PRIMARY KEY, v TEXT)")
        )
        last = "SELECT * FROM {} ORDER BY id DESC LIMIT 1"  # the rows /atacar just wrote
        roll = dict((await conn.execute(text(last.format("roll_log")))).mappings().one())
        undo = dict((await conn.execute(text(last.format("undo_records")))).mappings().one())
    for row in (roll, undo):
        del row["id"]
    select = text("SELECT id, version, state, sheets FROM encounters WHERE id = :id")
    update = text(
        "UPDATE encounters SET state = :state, version = version + 1"
        " WHERE id = :id AND version = :version"
    )
    add_roll = text(
        f"INSERT INTO roll_log ({', '.join(roll)}) VALUES ({', '.join(':' + c for c in roll)})"
    )
    quoted = ", ".join(f'"{c}"' for c in undo)  # "before" is a keyword
    add_undo = text(
        f"INSERT INTO undo_records ({quoted}) VALUES ({', '.join(':' + c for c in undo)})"
    )
    enc: dict[str, Any] = {}

    async def writes(with_select: bool) -> None:
        async with engine.begin() as conn:
            if with_select:
                await conn.execute(select, {"id": enc["id"]})
            done = await conn.execute(update, enc)
            if done.rowcount != 1:
                raise RuntimeError("el UPDATE con versión no encontró el encuentro")
            enc["version"] += 1
            await conn.execute(add_roll, roll)
            await conn.execute(add_undo, undo)

    async def core(i: int) -> None:
        async with engine.begin() as conn:
            await conn.execute(floor, {"v": f"row {i}"})

    async def atacar(_: int) -> None:
        await bench.timed(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})

    steps: dict[str, Callable[[int], Awaitable[Any]]] = {
        "core": core,
        "issue_sin_select": lambda _: writes(False),
        "issue_con_select": lambda _: writes(True),
        "eco": lambda _: bench.timed(t.player, t.channel, "eco", {}),
        "atacar": atacar,
    }
    rounds: dict[str, list[float]] = {name: [] for name in PIECES}
    clock = time.perf_counter
    try:
        for _ in range(runs):
            for name in PIECES:
                if name.startswith("issue"):  # the row as the bot left it
                    async with engine.connect() as conn:
                        found = (await conn.execute(select, {"id": undo["encounter_id"]})).one()
                    enc.update(id=found.id, version=found.version, state=found.state)
                lat = []
                for i in range(n):
                    t0 = clock()
                    await steps[name](i)
                    lat.append(clock() - t0)
                rounds[name].append(1000 * statistics.median(lat))
    finally:
        await bench.close()
        tmp.cleanup()
    med = {name: statistics.median(values) for name, values in rounds.items()}
    budget = med["core"] / TARGET
    return {
        "n": n,
        "runs": runs,
        "sin": sorted(without),
        "p50_ms": med,
        "rounds_p50_ms": rounds,
        "presupuesto_ms": budget,
        "resto_ms": budget - med["issue_sin_select"] - med["eco"],
        "resto_con_select_ms": budget - med["issue_con_select"] - med["eco"],
        "ratio_atacar": med["core"] / med["atacar"],
        "ratio_solo_escrituras": med["core"] / med["issue_sin_select"],
        "ratio_escrituras_y_eco": med["core"] / (med["issue_sin_select"] + med["eco"]),
    }


def table(result: dict[str, Any]) -> str:
    p50 = result["p50_ms"]
    labels = {
        "core": "Core: BEGIN IMMEDIATE; INSERT; COMMIT (el suelo)",
        "issue_sin_select": "las escrituras del issue (UPDATE + 2 INSERT)",
        "issue_con_select": "las mismas tras leer la fila (SELECT)",
        "eco": "comando vacío: despacho y respuesta",
        "atacar": "/atacar (2 combatientes)" + "".join(f" sin {w}" for w in result.get("sin", ())),
    }
    lines = [f"{'p50 (mediana de rondas)':<52} ms", "-" * 60]
    lines += [f"{labels[name]:<52} {p50[name]:.3f}" for name in PIECES]
    lines += [
        "-" * 60,
        f"{'presupuesto de /atacar para ≥ ' + str(TARGET):<52} {result['presupuesto_ms']:.3f}",
        f"{'resto tras escrituras + comando vacío':<52} {result['resto_ms']:.3f}",
        f"{'resto, con el SELECT':<52} {result['resto_con_select_ms']:.3f}",
        f"{'/atacar ÷ Core':<52} {result['ratio_atacar']:.3f}",
        f"{'Core ÷ (escrituras + vacío): el mejor posible':<52} "
        f"{result['ratio_escrituras_y_eco']:.3f}",
        f"{'/atacar ÷ (SELECT + escrituras + vacío)':<52} "
        f"{p50['atacar'] / (p50['issue_con_select'] + p50['eco']):.3f}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from bench.script import script_main

    return script_main(
        argv,
        __doc__ or "",
        "2 rondas de 50",
        lambda quick, args: asyncio.run(
            measure(50, 2, frozenset(args.sin)) if quick else measure(without=frozenset(args.sin))
        ),
        table,
        lambda parser: parser.add_argument(
            "--sin", action="append", choices=WITHOUT, default=[], help="quitar esa parte"
        ),
    )


if __name__ == "__main__":
    raise SystemExit(main())
