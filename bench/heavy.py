"""The heavy commands: a whole bestiary in and out, a big map, the history of one person.

Each is timed end to end through the command tree, like ``/atacar``, with the loop's stall
measured by the same ticker (:class:`~bench.measure.StallMeter`)."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.measure import StallMeter, memory_mb, stall_stats, summarise
from bench.scenarios import Bench

#: Rows per executemany when seeding the roll log.
SEED_BATCH = 5000


def bestiary_file(entries: int, seed: int) -> bytes:
    """A YAML bestiary of ``entries`` plausible enemies, as the bot itself exports one."""
    from bot.sheetfiles import BESTIARY, EnemyEntry, dump

    rng = random.Random(seed)
    cualidades = ["perforante", "certera", "larga", "arrojadiza"]
    estados = ["aturdido", "sangrando", "quebrantado", "enmaranado", "cegado"]
    made = [
        EnemyEntry.model_validate(
            {
                "nombre": f"Guardia de la puerta {i:04d}",
                "ataque": rng.randint(8, 16),
                "defensa": rng.randint(8, 16),
                "aguante": rng.randint(6, 60),
                "potencia": rng.randint(2, 8),
                "arma": rng.choice(["Lanza", "Espada corta", "Hacha de mano", "Ballesta"]),
                "tamaño": rng.choice(["pequeño", "normal", "grande"]),
                "proteccion": rng.randint(0, 3),
                "cualidades": rng.sample(cualidades, rng.randint(0, 2)),
                "estados": rng.sample(estados, rng.randint(0, 2)),
                "notas": "Vigila la puerta norte del castillo; huye si cae su capitán. "
                * rng.randint(1, 4),
            }
        )
        for i in range(entries)
    ]
    return dump(made, "yaml", BESTIARY)


async def _clear_bestiary(bench: Bench) -> None:
    from sqlalchemy import delete

    from bot.storage.models import BestiaryEntry, table

    bestiary = table(BestiaryEntry)
    async with bench.storage.engine.begin() as conn:
        await conn.execute(delete(bestiary).where(bestiary.c.guild_id == bench.guild_id))


async def worker_importar(
    url: str, tag: str, entries: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/bestiario importar`` of a YAML file of ``entries`` into an empty bestiary."""
    bench = await Bench.open(url, tag, seed)
    folder = tempfile.TemporaryDirectory(prefix="umbral-bench-")
    try:
        data = bestiary_file(entries, seed)
        path = Path(folder.name) / "bestiario.yaml"
        path.write_bytes(data)
        channel = f"{tag}-0"
        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                lat = []
                stall.reset()
                for _ in range(commands):
                    await _clear_bestiary(bench)
                    t0 = time.perf_counter()
                    reply = await bench.fake.command(
                        "master", channel, "bestiario importar", {"archivo": f"@{path}"}
                    )
                    lat.append(time.perf_counter() - t0)
                    if f"Enemigos nuevos: {entries}." not in reply.last.text():
                        raise RuntimeError(f"la importación no salió: {reply.last.text()!r}")
                    bench.forget_messages()
                rounds.append(stall_stats(lat, stall))
    finally:
        folder.cleanup()
        await bench.close()
    return summarise(rounds, entries=entries, file_bytes=len(data), **memory_mb())


async def worker_exportar(
    url: str, tag: str, entries: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/bestiario exportar`` (YAML) of a bestiary of ``entries``."""
    from bot.features.bestiario.files import row_fields
    from bot.sheetfiles import load_bestiary

    bench = await Bench.open(url, tag, seed)
    try:
        await _clear_bestiary(bench)
        loaded = load_bestiary(bestiary_file(entries, seed), "b.yaml")
        async with bench.storage.guild(bench.guild_id) as uow:
            await uow.bestiary.add_many([row_fields(e) for e in loaded])
        channel = f"{tag}-0"
        rounds = []
        size = 0
        async with StallMeter() as stall:
            for _ in range(runs):
                lat = []
                stall.reset()
                for _ in range(commands):
                    t0 = time.perf_counter()
                    reply = await bench.fake.command(
                        "master", channel, "bestiario exportar", {"formato": "yaml"}
                    )
                    lat.append(time.perf_counter() - t0)
                    size = len(reply.last.files.get("bestiario.yaml", b""))
                    if not size:
                        raise RuntimeError(f"la exportación no salió: {reply.last.text()!r}")
                    bench.forget_messages()
                rounds.append(stall_stats(lat, stall))
    finally:
        await bench.close()
    return summarise(rounds, entries=entries, file_bytes=size, **memory_mb())


async def worker_mapa(
    url: str, tag: str, side: int, figures: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/mapa ver`` of a ``side``×``side`` Táctico board with ``figures`` figures on it."""
    bench = await Bench.open(url, tag, seed)
    try:
        t = await bench.table(0, figures, tablero=side)
        await bench.fake.command(t.player, t.channel, "mapa ver", {})  # warm-up
        bench.forget_messages()
        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                lat = []
                stall.reset()
                for _ in range(commands):
                    t0 = time.perf_counter()
                    reply = await bench.fake.command(t.player, t.channel, "mapa ver", {})
                    lat.append(time.perf_counter() - t0)
                    if "tablero.png" not in reply.last.files:
                        raise RuntimeError(f"/mapa ver no salió: {reply.last.text()!r}")
                    bench.forget_messages()
                rounds.append(stall_stats(lat, stall))
    finally:
        await bench.close()
    return summarise(rounds, side=side, figures=figures, **memory_mb())


async def _seed_rolls(bench: Bench, channel_id: int, user_id: int, rolls: int, seed: int) -> int:
    """``rolls`` rows in one channel by 200 people; one row in 200 is ``user_id``'s. Bulk
    inserts (executemany) straight on the engine. How many are ``user_id``'s."""
    from sqlalchemy import insert

    from bot.storage.models import RollLogRow, table

    rng = random.Random(seed)
    stmt = insert(table(RollLogRow))
    start = datetime.now(UTC) - timedelta(days=60)
    others = [user_id + 1 + i for i in range(199)]
    mine = 0
    for first in range(0, rolls, SEED_BATCH):
        batch = []
        for i in range(first, min(rolls, first + SEED_BATCH)):
            own = i % 200 == 7
            mine += own
            batch.append(
                {
                    "guild_id": bench.guild_id,
                    "channel_id": channel_id,
                    "user_id": user_id if own else rng.choice(others),
                    "command": "tirar",
                    "dice": [{"sides": 12, "value": rng.randint(1, 12)}],
                    "modifiers": [],
                    "result": {"total": rng.randint(1, 24), "expresion": "1d12"},
                    "physical": False,
                    "created_at": start + timedelta(seconds=15 * i),
                }
            )
        async with bench.storage.engine.begin() as conn:
            await conn.execute(stmt, batch)
    return mine


async def worker_historial(
    url: str, tag: str, rolls: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/historial usuario:`` (10 rolls, the default) over a log of ``rolls`` rows."""
    bench = await Bench.open(url, tag, seed)
    try:
        channel, player = f"{tag}-0", f"{tag}-p0"
        t0 = time.perf_counter()
        mine = await _seed_rolls(
            bench, bench.fake.channel_id(channel), bench.fake.user_id(player), rolls, seed
        )
        seed_s = time.perf_counter() - t0
        options = {"usuario": player}
        await bench.fake.command("master", channel, "historial", options)  # warm-up
        bench.forget_messages()
        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                stall.reset()
                lat = [
                    await bench.timed("master", channel, "historial", options)
                    for _ in range(commands)
                ]
                rounds.append(stall_stats(lat, stall))
    finally:
        await bench.close()
    return summarise(rounds, rolls=rolls, user_rolls=mine, seed_s=seed_s, **memory_mb())


HEAVY: dict[str, Callable[..., Coroutine[Any, Any, dict[str, Any]]]] = {
    "importar": worker_importar,
    "exportar": worker_exportar,
    "mapa": worker_mapa,
    "historial": worker_historial,
}
