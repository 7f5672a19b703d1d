"""Ratios, targets, the printed table and what was measured."""

from __future__ import annotations

import os
import platform
import sqlite3
import subprocess
from typing import Any

from bench.measure import ROOT, Sizes, summarise


def merge_floors(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The floor measured before and after the bot's scenarios, as one set of runs."""
    merged: dict[str, Any] = {}
    for key, value in before.items():
        if isinstance(value, dict) and "runs" in value:
            merged[key] = summarise(value["runs"] + after[key]["runs"])
            merged[key]["before"] = value["rate"]
            merged[key]["after"] = after[key]["rate"]
    return merged


def ratio(num: dict[str, float], den: dict[str, float]) -> dict[str, float]:
    """``num / den`` of two spreads: the ratio of medians and its widest range."""
    return {
        "median": num["median"] / den["median"],
        "min": num["min"] / den["max"],
        "max": num["max"] / den["min"],
    }


def ratios(result: dict[str, Any], sizes: Sizes) -> dict[str, Any]:
    floor = result["floor"]
    driver = floor.get("aiosqlite") or floor["asyncpg"]
    small, big = min(sizes.combatants), max(sizes.combatants)
    few, many = min(sizes.channels), max(sizes.channels)
    by_size = result["atacar_combatants"]
    by_chan = result["atacar_channels"]
    return {
        "floor_driver": "aiosqlite" if "aiosqlite" in floor else "asyncpg",
        "bot_over_floor": ratio(by_size[str(small)]["rate"], driver["rate"]),
        "bot_over_sqlalchemy_core": ratio(
            by_size[str(small)]["rate"], floor["sqlalchemy_core"]["rate"]
        ),
        "dispatch_over_floor": ratio(result["dispatch"]["rate"], driver["rate"]),
        "cost_big_over_small": ratio(by_size[str(big)]["mean_ms"], by_size[str(small)]["mean_ms"]),
        "cost_many_over_few_channels": ratio(
            by_chan[str(many)]["mean_ms"], by_chan[str(few)]["mean_ms"]
        ),
        "p99_many_over_few_channels": ratio(
            by_chan[str(many)]["p99_ms"], by_chan[str(few)]["p99_ms"]
        ),
        "sizes": {"small": small, "big": big, "few": few, "many": many},
        # what the encounter cache saves on the big encounter (> 1: the cache pays)
        "no_cache_over_cache": ratio(
            result["atacar_combatants_no_cache"][str(big)]["mean_ms"], by_size[str(big)]["mean_ms"]
        ),
    }


#: The scenarios of a backend other than the floor, by key (nested ones by size).
SCENARIOS = (
    "dispatch",
    "atacar_combatants",
    "atacar_combatants_no_cache",
    "atacar_channels",
    "defender",
    "asalto",
    "importar_bestiario",
    "exportar_bestiario",
    "mapa",
    "historial_usuario",
    "canal_concurrido",
)
LOOP_STALL_LIMIT_MS = 50
IMPORT_LIMIT_S = 2.0
HISTORY_P99_LIMIT_MS = 20
#: Issue 33: /atacar (2 combatants) against a one-row SQLAlchemy Core transaction, SQLite.
CORE_RATIO_MIN = 0.35
#: Issue 33: the whole document is written at every save, so a big encounter may cost more.
BIG_OVER_SMALL_MAX = 2.5
#: Issue 33: peak RSS of the 1,000-channel scenario.
MANY_RSS_MAX_MB = 175
#: canal_concurrido (issue 16): the tracker's requests per interaction, worst round.
REQUESTS_PER_COMMAND_LIMIT = 0.5


def scenarios(result: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every measured scenario of a backend as (its name in the JSON, its figures)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for key in SCENARIOS:
        value = result.get(key)
        if value is None:
            continue
        if "runs" in value:
            found.append((key, value))
        else:
            found += [(f"{key}.{n}", s) for n, s in value.items()]
    return found


def targets(result: dict[str, Any], backend: str = "sqlite") -> list[dict[str, Any]]:
    """The targets of one backend's figures (the one of SQLAlchemy Core on SQLite only)."""
    r = result["ratios"]
    z = r["sizes"]
    many = result["atacar_channels"][str(z["many"])]
    importar = result["importar_bestiario"]
    historial = result["historial_usuario"]
    found = [
        {
            "target": f"/bestiario importar, {importar['entries']} enemigos en YAML ≤ 2 s",
            "value": importar["mean_ms"]["median"] / 1000,
            "limit": IMPORT_LIMIT_S,
            "met": importar["mean_ms"]["median"] / 1000 <= IMPORT_LIMIT_S,
        },
        {
            "target": f"/historial usuario: sobre {historial['rolls']} tiradas, p99 ≤ 20 ms",
            "value": historial["p99_ms"]["median"],
            "limit": HISTORY_P99_LIMIT_MS,
            "met": historial["p99_ms"]["median"] <= HISTORY_P99_LIMIT_MS,
        },
        {
            "target": f"coste por comando {z['big']} ÷ {z['small']} combatientes "
            f"≤ {BIG_OVER_SMALL_MAX}×",
            "value": r["cost_big_over_small"]["median"],
            "limit": BIG_OVER_SMALL_MAX,
            "met": r["cost_big_over_small"]["median"] <= BIG_OVER_SMALL_MAX,
        },
        {
            "target": f"{z['many']} canales: pico de RSS < {MANY_RSS_MAX_MB} MB",
            "value": many["rss_peak_mb"],
            "limit": MANY_RSS_MAX_MB,
            "met": many["rss_peak_mb"] < MANY_RSS_MAX_MB,
        },
        {
            "target": f"{z['many']} canales: p99 < 25 ms",
            "value": many["p99_ms"]["median"],
            "limit": 25,
            "met": many["p99_ms"]["median"] < 25,
        },
    ]
    if backend == "sqlite":
        core = r["bot_over_sqlalchemy_core"]["median"]
        found.insert(
            0,
            {
                "target": f"/atacar ({z['small']} combatientes) ÷ SQLAlchemy Core "
                f"≥ {CORE_RATIO_MIN}",
                "value": core,
                "limit": CORE_RATIO_MIN,
                "met": core >= CORE_RATIO_MIN,
            },
        )
    busy = result.get("canal_concurrido")
    if busy is not None:
        found += [
            {
                "target": f"canal concurrido: peticiones del canal por comando "
                f"≤ {REQUESTS_PER_COMMAND_LIMIT}",
                "value": busy["requests_per_command"],
                "limit": REQUESTS_PER_COMMAND_LIMIT,
                "met": busy["requests_per_command"] <= REQUESTS_PER_COMMAND_LIMIT,
            },
            {
                "target": "canal concurrido: respuestas 429 = 0",
                "value": busy["rate_limited"],
                "limit": 0,
                "met": busy["rate_limited"] == 0,
            },
        ]
    for key, s in scenarios(result):
        stall = s["loop_stall_ms"]["median"]
        found.append(
            {
                "target": f"{key}: loop_stall_ms ≤ {LOOP_STALL_LIMIT_MS}",
                "value": stall,
                "limit": LOOP_STALL_LIMIT_MS,
                "met": stall <= LOOP_STALL_LIMIT_MS,
            }
        )
    return found


# --- the table ------------------------------------------------------------------------------


def fmt(s: dict[str, float], digits: int = 0) -> str:
    return f"{s['median']:.{digits}f} ({s['min']:.{digits}f}–{s['max']:.{digits}f})"


def table(name: str, result: dict[str, Any]) -> str:
    lines = [f"== {name}: {result['url']} ==", ""]
    head = (
        f"{'escenario':<40} {'op/s mediana (mín–máx)':<24} {'p50 ms':<22} {'p99 ms':<22} "
        f"{'bucle ms':<18} {'CPU':>6} {'robo':>5} {'RSS pico':>8}"
    )
    lines += [head, "-" * len(head)]

    def row(label: str, s: dict[str, Any]) -> None:
        rss = f"{s['rss_peak_mb']:.0f} MB" if "rss_peak_mb" in s else ""
        p50, p99 = fmt(s["p50_ms"], 2), fmt(s["p99_ms"], 2)
        rate = fmt(s["rate"], 0 if s["rate"]["median"] >= 10 else 2)
        stall = fmt(s["loop_stall_ms"], 1) if "loop_stall_ms" in s else "—"
        busy = f"{s['loop_busy_ms']['median']:.1f}" if "loop_busy_ms" in s else "—"
        steal = f"{s['steal_pct']['max']:.0f} %" if "steal_pct" in s else "—"
        lines.append(
            f"{label:<40} {rate:<24} {p50:<22} {p99:<22} {stall:<18} {busy:>6} {steal:>5} {rss:>8}"
        )

    for key, s in result["floor"].items():
        row(f"suelo: {key}", s)
    row("comando vacío (despacho y respuesta)", result["dispatch"])
    for n, s in result["atacar_combatants"].items():
        row(f"/atacar, 1 canal, {n} combatientes", s)
    for n, s in result.get("atacar_combatants_no_cache", {}).items():
        row(f"/atacar, 1 canal, {n} comb., sin caché", s)
    for c, s in result["atacar_channels"].items():
        row(f"/atacar, {c} canales", s)
    row(f"/defender ({result['defender']['pending']} pendientes)", result["defender"])
    row(f"/asalto ({result['asalto']['combatants']} combatientes)", result["asalto"])
    if "importar_bestiario" in result:
        n = result["importar_bestiario"]["entries"]
        row(f"/bestiario importar ({n}, YAML)", result["importar_bestiario"])
        row(f"/bestiario exportar ({n}, YAML)", result["exportar_bestiario"])
    if "canal_concurrido" in result:
        row("canal concurrido (19 en 10 s)", result["canal_concurrido"])
        m = result["mapa"]
        row(f"/mapa ver ({m['side']}×{m['side']}, {m['figures']} figuras)", m)
        h = result["historial_usuario"]
        row(f"/historial usuario: ({h['rolls']} tiradas)", h)
    r = result["ratios"]
    z = r["sizes"]
    lines += [
        "",
        "razones (mediana, rango):",
        f"  /atacar ÷ suelo {r['floor_driver']}: {fmt(r['bot_over_floor'], 3)}",
        f"  /atacar ÷ SQLAlchemy Core: {fmt(r['bot_over_sqlalchemy_core'], 3)}",
        f"  comando vacío ÷ suelo {r['floor_driver']} (el techo de cualquier comando): "
        f"{fmt(r['dispatch_over_floor'], 3)}",
        f"  coste {z['big']} ÷ {z['small']} combatientes: {fmt(r['cost_big_over_small'], 2)}",
        f"  coste {z['many']} ÷ {z['few']} canales: {fmt(r['cost_many_over_few_channels'], 2)}",
        f"  coste sin caché ÷ con caché, {z['big']} combatientes: "
        f"{fmt(r['no_cache_over_cache'], 2)}",
        f"  p99 {z['many']} ÷ {z['few']} canales: {fmt(r['p99_many_over_few_channels'], 2)}",
        "",
        "bucle ms: lo más que estuvo parado el bucle (mediana de las rondas, mín–máx); CPU: lo",
        "más que el propio hilo del bucle calculó entre dos tics (el resto de una parada es",
        "esperar una CPU en una máquina cargada, o el GIL); robo: la mayor parte del tiempo de",
        "CPU que la máquina anfitriona se llevó en una ronda (steal de /proc/stat; una máquina",
        "virtual compartida mide más lento la misma cosa cuando sube)",
        "",
        "objetivos:",
    ]
    for t in result["targets"]:
        mark = "CUMPLE" if t["met"] else "NO CUMPLE"
        lines.append(f"  [{mark}] {t['target']}: {t['value']:.3g} (límite {t['limit']})")
    return "\n".join(lines)


# --- main ---------------------------------------------------------------------------------


def commit() -> dict[str, Any]:
    """What was measured: the commit and whether the tree had uncommitted changes."""
    if os.environ.get("BENCH_COMMIT"):
        return {"commit": os.environ["BENCH_COMMIT"], "dirty": None}
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
        )
        status = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "bot", "umbral_rules"],
            capture_output=True,
            text=True,
        )
    except OSError:
        return {"commit": None, "dirty": None}
    if head.returncode != 0:
        return {"commit": None, "dirty": None}
    return {"commit": head.stdout.strip(), "dirty": bool(status.stdout.strip())}


def versions() -> dict[str, str]:
    from importlib.metadata import version

    found = {"python": platform.python_version()}
    for dist in ("discord.py", "SQLAlchemy", "aiosqlite", "asyncpg"):
        found[dist] = version(dist)
    found["sqlite"] = sqlite3.sqlite_version
    return found
