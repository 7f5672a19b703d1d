"""What one command costs, how it grows, and how close it runs to the database's own floor.

One run, one machine, one database file (or one fresh PostgreSQL database):

* the floor: a bare one-row transaction (``BEGIN IMMEDIATE; INSERT; COMMIT``) through plain
  ``sqlite3``, plain ``aiosqlite`` and SQLAlchemy Core on the bot's own engine (on PostgreSQL:
  plain ``asyncpg`` and SQLAlchemy Core), in transactions per second;
* the loop: every scenario on an event loop also reports ``loop_stall_ms``, the longest the
  loop was held (a ticker that wakes every 5 ms; the median over runs of each run's worst);
* the bot: ``/atacar`` dispatched through the real ``CommandTree`` by the console's
  :class:`~bot.console.transport.FakeDiscord` (payload in → load → resolve → save with its
  roll-log row → render → reply and tracker edit captured), for encounters of several sizes
  in one channel and for many channels with an active encounter each, commands interleaved;
  ``/defender`` against six pending attacks; ``/asalto`` on the largest encounter;
* the heavy commands: ``/bestiario importar`` and ``exportar`` of 2,000 enemies in YAML,
  ``/mapa ver`` of a 60×60 board with 250 figures, ``/historial usuario:`` over 300,000 rolls.

Every scenario runs in a fresh subprocess (so its peak RSS is its own) and repeats its
measurement ``--runs`` times; the table shows the median and the min–max of the runs, and the
ratios measured in the same run. ``bench/results.json`` holds every figure.

    python bench/run.py            # the full run (SQLite; PostgreSQL too with DATABASE_URL)
    python bench/run.py --quick    # a smoke run of a few seconds
    python bench/run.py --profile atacar:200   # cProfile of one scenario, top functions
    python bench/run.py --dados    # only /tirar's roll step against d20.roll() (bench/dados.py)
    python bench/run.py --techo    # only issue 33's ceiling: what 0.35 leaves /atacar (techo.py)

``BENCH_DATABASE_URL`` (or ``DATABASE_URL``) ``postgresql+asyncpg://user@host:port/db``
adds the PostgreSQL pass: a fresh database is created on that server for the run (the
user needs CREATEDB) and dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/run.py` from anywhere
    sys.path.insert(0, str(ROOT))

from bench.busy import BUSY  # noqa: E402
from bench.databases import pg_admin, pg_fresh, redact  # noqa: E402
from bench.heavy import HEAVY  # noqa: E402
from bench.measure import DEFAULT_OUT, QUICK, Sizes  # noqa: E402
from bench.profiling import profile_spec, run_profiled  # noqa: E402
from bench.report import commit, merge_floors, ratios, table, targets, versions  # noqa: E402
from bench.scenarios import WORKERS as COMMANDS  # noqa: E402

WORKERS = {**COMMANDS, **HEAVY, **BUSY}


def run_worker(spec: dict[str, Any], profile: bool = False) -> dict[str, Any]:
    kind = spec.pop("kind")
    coro = WORKERS[kind](**spec)
    return run_profiled(coro) if profile else asyncio.run(coro)


def spawn(spec: dict[str, Any], *, profile: bool = False) -> dict[str, Any]:
    """Run one scenario in a fresh interpreter; its JSON answer (last line of stdout)."""
    args = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
    if profile:
        args.append("--profile-worker")
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if profile or done.returncode != 0:
        sys.stderr.write(done.stderr)
    if done.returncode != 0:
        raise RuntimeError(f"el escenario {spec} falló (código {done.returncode})")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


# --- one backend: every scenario, then the ratios -----------------------------------------


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run_backend(url: str, sizes: Sizes, seed: int) -> dict[str, Any]:
    runs = sizes.runs
    run_id = f"r{os.getpid()}"  # channel names of this run: an old --db file does not clash
    result: dict[str, Any] = {"url": redact(url)}
    log("  suelo (transacción de una fila)…")
    floor_before = spawn({"kind": "floor", "url": url, "n": sizes.floor_tx, "runs": runs})

    log("  un comando vacío (despacho y respuesta, sin base de datos)…")
    dispatch = spawn(
        {
            "kind": "despacho",
            "url": url,
            "tag": f"{run_id}-eco",
            "commands": sizes.commands,
            "runs": runs,
            "seed": seed,
        }
    )
    by_size: dict[str, Any] = {}
    for n in sizes.combatants:
        log(f"  /atacar, 1 canal, {n} combatientes…")
        by_size[str(n)] = spawn(
            {
                "kind": "atacar",
                "url": url,
                "tag": f"{run_id}-size{n}",
                "combatants": n,
                "channels": 1,
                "commands": sizes.commands,
                "runs": runs,
                "seed": seed,
            }
        )
    big = max(sizes.combatants)
    log(f"  /atacar, 1 canal, {big} combatientes, sin la caché de encuentros…")
    no_cache = {
        str(big): spawn(
            {
                "kind": "atacar",
                "url": url,
                "tag": f"{run_id}-nocache{big}",
                "combatants": big,
                "channels": 1,
                "commands": sizes.commands,
                "runs": runs,
                "seed": seed,
                "cache": False,
            }
        )
    }
    by_channels: dict[str, Any] = {}
    for c in sizes.channels:
        log(f"  /atacar, {c} canales de {sizes.channel_combatants} combatientes…")
        by_channels[str(c)] = spawn(
            {
                "kind": "atacar",
                "url": url,
                "tag": f"{run_id}-chan{c}",
                "combatants": sizes.channel_combatants,
                "channels": c,
                "commands": sizes.commands,
                "runs": runs,
                "seed": seed,
            }
        )
    log(f"  /defender contra {sizes.pending} ataques pendientes…")
    defender = spawn(
        {
            "kind": "defender",
            "url": url,
            "tag": f"{run_id}-defender",
            "pending": sizes.pending,
            "commands": sizes.defender_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    biggest = max(sizes.combatants)
    log(f"  /asalto con {biggest} combatientes…")
    asalto = spawn(
        {
            "kind": "asalto",
            "url": url,
            "tag": f"{run_id}-asalto",
            "combatants": biggest,
            "commands": sizes.asalto_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    log(f"  /bestiario importar, {sizes.bestiary_entries} enemigos en YAML…")
    importar = spawn(
        {
            "kind": "importar",
            "url": url,
            "tag": f"{run_id}-importar",
            "entries": sizes.bestiary_entries,
            "commands": sizes.bestiary_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    log(f"  /bestiario exportar, {sizes.bestiary_entries} enemigos en YAML…")
    exportar = spawn(
        {
            "kind": "exportar",
            "url": url,
            "tag": f"{run_id}-exportar",
            "entries": sizes.bestiary_entries,
            "commands": sizes.bestiary_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    side, figures = sizes.board_side, sizes.board_figures
    log(f"  /mapa ver, tablero de {side}×{side} con {figures} figuras…")
    mapa = spawn(
        {
            "kind": "mapa",
            "url": url,
            "tag": f"{run_id}-mapa",
            "side": side,
            "figures": figures,
            "commands": sizes.map_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    log(f"  /historial usuario: sobre {sizes.history_rolls} tiradas…")
    historial = spawn(
        {
            "kind": "historial",
            "url": url,
            "tag": f"{run_id}-historial",
            "rolls": sizes.history_rolls,
            "commands": sizes.history_commands,
            "runs": runs,
            "seed": seed,
        }
    )
    log("  canal concurrido: 19 interacciones en 10 s de Discord…")
    spec = {"kind": "canal_concurrido", "url": url, "tag": f"{run_id}-busy", "runs": runs}
    busy = spawn({**spec, "seed": seed})
    log("  suelo otra vez (deriva de la máquina)…")
    floor_after = spawn({"kind": "floor", "url": url, "n": sizes.floor_tx, "runs": runs})

    floor = merge_floors(floor_before, floor_after)
    result.update(
        floor=floor,
        dispatch=dispatch,
        atacar_combatants=by_size,
        atacar_combatants_no_cache=no_cache,
        atacar_channels=by_channels,
        defender=defender,
        asalto=asalto,
        importar_bestiario=importar,
        exportar_bestiario=exportar,
        mapa=mapa,
        historial_usuario=historial,
        canal_concurrido=busy,
    )
    result["ratios"] = ratios(result, sizes)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tamaños mínimos: unos segundos")
    parser.add_argument("--runs", type=int, help="repeticiones de cada cifra (5)")
    parser.add_argument("--db", help="fichero SQLite (por defecto, uno nuevo en /tmp)")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="dónde escribir el JSON")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--no-postgres", action="store_true", help="ignora DATABASE_URL")
    parser.add_argument(
        "--profile",
        metavar="ESCENARIO",
        help="perfil de uno (pyinstrument si está, si no cProfile): atacar:N, canales:N, "
        "defender, asalto",
    )
    parser.add_argument(
        "--dados", action="store_true", help="solo el paso de tirar contra d20.roll() (dados.py)"
    )
    parser.add_argument(
        "--techo",
        action="store_true",
        help="solo el techo del issue 33: lo que 0,35 deja a /atacar (techo.py)",
    )
    parser.add_argument(
        "--escala",
        action="store_true",
        help="solo el issue 49: 1, 2 y 4 procesos sobre un PostgreSQL, 10 000 canales (escala.py)",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--profile-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker:
        print(json.dumps(run_worker(json.loads(args.worker), args.profile_worker)))
        return 0

    # one-process measurements: dados (no database), techo (its own temporary SQLite file)
    for script in ("dados", "techo"):
        if getattr(args, script):
            return int(import_module(f"bench.{script}").main(["--quick"] if args.quick else []))

    if args.escala:
        return run_escala(args.quick, args.seed, Path(args.out))

    sizes = QUICK if args.quick else Sizes()
    if args.runs:
        sizes = Sizes(**{**asdict(sizes), "runs": args.runs})
    from bot.storage import upgrade_head

    tmp = tempfile.TemporaryDirectory(prefix="umbral-bench-")
    db = Path(args.db) if args.db else Path(tmp.name) / "bench.db"
    url = f"sqlite+aiosqlite:///{db}"
    asyncio.run(upgrade_head(url))

    if args.profile:
        return profile(args.profile, url, sizes, args.seed)

    started = time.time()
    results: dict[str, Any] = {
        "meta": {
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "quick": args.quick,
            "sizes": asdict(sizes),
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
            "versions": versions(),
            **commit(),
        },
        "backends": {},
    }
    log("SQLite:")
    sqlite = run_backend(url, sizes, args.seed)
    sqlite["targets"] = targets(sqlite)
    results["backends"]["sqlite"] = sqlite
    pg_url = (
        None
        if args.no_postgres
        else (os.environ.get("BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL"))
    )
    if pg_url and not pg_url.startswith("sqlite"):
        log("PostgreSQL:")
        fresh, name = pg_fresh(pg_url)
        try:
            pg = run_backend(fresh, sizes, args.seed)
            pg["targets"] = targets(pg, "postgresql")
            results["backends"]["postgresql"] = pg
        finally:
            asyncio.run(pg_admin(pg_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    results["meta"]["duration_s"] = time.time() - started
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    for name, backend in results["backends"].items():
        print(table(name, backend))
        print()
    print(f"{results['meta']['duration_s']:.0f} s; cifras en {out}")
    tmp.cleanup()
    return 0


def run_escala(quick: bool, seed: int, out: Path) -> int:
    """The scale scenario; its figures go into ``escala`` of the results file (the rest of
    the file, from the last full run, is kept)."""
    from bench.escala import run
    from bench.escala_report import escala_table, markdown, targets

    log("Escala (issue 49):")
    load_before = os.getloadavg()
    found = run(quick, seed)
    started = time.gmtime(time.time() - found["duration_s"])
    found["meta"] = {
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", started),
        "quick": quick,
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "load_average": {"before": load_before, "after": os.getloadavg()},
        "versions": versions(),
        **commit(),
    }
    found["targets"] = targets(found)
    results: dict[str, Any] = {}
    if out.exists():
        results = json.loads(out.read_text())
    results["escala"] = found
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(escala_table(found))
    print(markdown(found))
    for t in found["targets"]:
        mark = "CUMPLE" if t["met"] else "NO CUMPLE"
        print(f"  [{mark}] {t['target']}: {t['value']:.3g} (límite {t['limit']:.3g})")
    print(f"{found['duration_s']:.0f} s; cifras en {out} (escala)")
    return 0


def profile(which: str, url: str, sizes: Sizes, seed: int) -> int:
    spec = profile_spec(which, sizes)
    spec.update(url=url, runs=sizes.runs, seed=seed)
    print(json.dumps(spawn(spec, profile=True), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
