"""Issue 43: ``/historial exportar:csv alcance:servidor`` of a big roll log, and ``/tirar``
beside it, on SQLite (wall clock).

One process, a new SQLite file, the bot through the console's Discord. The roll log gets
N entries in bulk (not through commands), then:

* ``export_solo_s``: the export alone, start to last file;
* ``export_con_tiradas_s``: the export again while another player's ``/tirar`` runs one
  after another until it ends; ``tirar_ms``: those rolls' latencies (p50, max) and how many;
* ``escritura_max_ms``: the longest write transaction meanwhile (BEGIN IMMEDIATE to COMMIT:
  what another writer could have waited for);
* ``lote_max_ms``: the longest time between two batches of the export (one batch's short
  read transaction and what the loop did between them);
* ``bucle_parado_max_ms``, ``gc_max_ms``: the loop's longest stall meanwhile, and the
  longest garbage collection (the bot freezes its start-up heap: ``gc.freeze``);
* ``bestiario_2000_ms``: the biggest write a command makes, a bestiary import of the most
  entries a file may hold (2,000), as one write transaction through the storage.

    python bench/exportar.py            # 100,000 entries
    python bench/exportar.py --quick    # 4,000 entries
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `python bench/exportar.py` from anywhere
    sys.path.insert(0, str(ROOT))

FULL, QUICK = 100_000, 4_000
EXPORT = {"exportar": "csv", "alcance": "servidor"}


async def seed(fake: Any, count: int) -> None:
    """``count`` rolls of kaeda's in #mesa, 10,000 rows a statement (no command runs)."""
    from sqlalchemy import insert

    from bot.storage.models import RollLogRow

    base = {
        "guild_id": fake.guild.id,
        "channel_id": fake.channel_id("mesa"),
        "user_id": fake.user_id("kaeda"),
        "command": "tirar",
        "modifiers": [],
        "physical": False,
        "created_at": datetime(2026, 1, 1, 11, 0, tzinfo=UTC),
    }
    async with fake.bot.storage.engine.begin() as conn:
        for start in range(0, count, 10_000):
            rows = [
                {**base, "dice": [{"sides": 12, "faces": [i % 12 + 1]}],
                 "result": {"total": i % 12 + 1}}
                for i in range(start, min(count, start + 10_000))
            ]  # fmt: skip
            await conn.execute(insert(RollLogRow), rows)


class _GcPauses:
    """The length of each garbage collection (the loop stops for it), in ms."""

    def __init__(self) -> None:
        self.spans: list[float] = []
        self._start = 0.0

    def callback(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.spans.append((time.perf_counter() - self._start) * 1000)


def _watch_gc() -> _GcPauses:
    pauses = _GcPauses()
    gc.callbacks.append(pauses.callback)
    return pauses


def _watch_writes(engine: Any, spans: list[float]) -> None:
    """Each write transaction's length (BEGIN IMMEDIATE to COMMIT or ROLLBACK), into spans."""
    from sqlalchemy import event

    from bot.storage.engine import READ_ONLY

    def began(conn: Any) -> None:
        if not conn.get_execution_options().get(READ_ONLY):
            conn.info["bench_began"] = time.perf_counter()

    def ended(conn: Any) -> None:
        start = conn.info.pop("bench_began", None)
        if start is not None:
            spans.append((time.perf_counter() - start) * 1000)

    event.listen(engine.sync_engine, "begin", began)
    event.listen(engine.sync_engine, "commit", ended)
    event.listen(engine.sync_engine, "rollback", ended)


async def measure(entries: int) -> dict[str, Any]:
    from bench.measure import StallMeter
    from bot.console import open_session
    from bot.features.historial import batches
    from umbral_rules import ForcedDice

    with tempfile.TemporaryDirectory(prefix="umbral-exportar-") as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'umbral.db'}"
        session = await open_session(url, dice=ForcedDice([]), migrate=True)
        try:
            fake = session.discord
            gc.collect()
            gc.freeze()  # as the bot does after start-up (bot.__main__.freeze_startup_heap)
            await seed(fake, entries)
            t0 = time.perf_counter()
            await fake.command("master", "mesa", "historial", EXPORT)
            alone = time.perf_counter() - t0

            writes: list[float] = []
            _watch_writes(fake.bot.storage.engine, writes)
            marks: list[float] = []

            async def mark(_batch: int) -> None:
                marks.append(time.perf_counter())

            batches.after_batch = mark
            rolls: list[float] = []
            pauses = _watch_gc()
            async with StallMeter() as stall:
                t0 = time.perf_counter()
                exporting = asyncio.ensure_future(
                    fake.command("master", "mesa", "historial", EXPORT)
                )
                while not exporting.done():
                    r0 = time.perf_counter()
                    await fake.command("bran", "mesa", "tirar", {"expresion": "1d6"})
                    rolls.append((time.perf_counter() - r0) * 1000)
                await exporting
                beside = time.perf_counter() - t0
                stalled = stall.take()
            gc.callbacks.remove(pauses.callback)
            batches.after_batch = None
            bestiary = await _bestiary_import(fake)
        finally:
            await session.close()
            gc.unfreeze()
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(marks)]
    return {
        "entradas": entries,
        "export_solo_s": alone,
        "export_con_tiradas_s": beside,
        "tiradas": len(rolls),
        "tirar_ms": {"p50": statistics.median(rolls), "max": max(rolls)},
        "escritura_max_ms": max(writes),
        "lote_max_ms": max(gaps, default=0.0),
        "lotes": len(marks),
        "bucle_parado_max_ms": stalled,
        "gc_max_ms": max(pauses.spans, default=0.0),
        "bestiario_2000_ms": bestiary,
    }


async def _bestiary_import(fake: Any) -> float:
    """Milliseconds of one write unit adding MAX_ENTRIES enemies (BEGIN IMMEDIATE to COMMIT)."""
    from bot.sheetfiles.limits import MAX_ENTRIES

    entries = [
        {"nombre": f"Enemigo {i}", "ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}
        for i in range(MAX_ENTRIES)
    ]
    t0 = time.perf_counter()
    async with fake.bot.storage.guild(fake.guild.id) as uow:
        await uow.bestiary.add_many(entries)
    return (time.perf_counter() - t0) * 1000


def table(result: dict[str, Any]) -> str:
    tirar = result["tirar_ms"]
    return "\n".join(
        [
            f"{'entradas en el registro':<44} {result['entradas']}",
            f"{'exportar solo (s)':<44} {result['export_solo_s']:.2f}",
            f"{'exportar con /tirar al lado (s)':<44} {result['export_con_tiradas_s']:.2f}",
            f"{'/tirar al lado: cuántas':<44} {result['tiradas']}",
            f"{'/tirar al lado: p50 / máx (ms)':<44} {tirar['p50']:.1f} / {tirar['max']:.1f}",
            f"{'escritura más larga (ms)':<44} {result['escritura_max_ms']:.1f}",
            f"{'entre dos lotes, máx (ms)':<44} {result['lote_max_ms']:.1f}",
            f"{'bucle parado, máx (ms)':<44} {result['bucle_parado_max_ms']:.1f}",
            f"{'recolección de basura, máx (ms)':<44} {result['gc_max_ms']:.1f}",
            f"{'importar 2000 enemigos, una escritura (ms)':<44} {result['bestiario_2000_ms']:.1f}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    from bench.script import script_main

    return script_main(
        argv,
        __doc__ or "",
        f"{QUICK} entradas",
        lambda quick, _: asyncio.run(measure(QUICK if quick else FULL)),
        table,
    )


if __name__ == "__main__":
    raise SystemExit(main())
