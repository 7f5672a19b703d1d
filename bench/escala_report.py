"""The scale scenario's table (Spanish, as the rest of the benchmark's output)."""

from __future__ import annotations

from typing import Any


def escala_table(found: dict[str, Any]) -> str:
    lines = [f"== escala: {found['url']}, {found['seed']['channels']} canales ==", ""]
    for n, run in found["runs"].items():
        lines.append(
            f"-- {n} proceso(s): mejor ritmo con p99 ≤ 50 ms: "
            f"{run['best_rate_p99_50ms']:.0f} comandos/s --"
        )
        for s in run["steps"]:
            cpu = s["cpu"]
            pg = f"{cpu['postgresql']:.2f}" if cpu["postgresql"] is not None else "—"
            bots = "+".join(f"{c:.2f}" for c in cpu["bots"])
            rss = "/".join(f"{r:.0f}" for r in s["rss_peak_mb"])
            lines.append(
                f"  {s['offered_rate']:>5.0f}/s → {s['rate']:>5.0f}/s  p50 {s['p50_ms']:6.1f}  "
                f"p99 {s['p99_ms']:6.1f} ms  CPU bots {bots} PG {pg} driver "
                f"{cpu['driver']:.2f}  RSS {rss} MB  conex. "
                f"{s['postgresql_connections']['connections']}  sent./cmd "
                f"{s['statements_per_command']:.1f} (+{s['background_statements_per_s']:.0f}/s) "
                f"tracker ≤{s['tracker_edits_max_per_channel_5s']}"
                f"/5 s  429 {s['rate_limited']}  recordatorios {s['reminders_sent']}/"
                f"{s['reminders_due']} (dup {s['reminder_duplicates']})  rechazos "
                f"{s['refused_total']}"
            )
        last = run["steps"][-1] if run["steps"] else None
        if last:
            for name, b in last["by_command"].items():
                p50, p99 = b["p50_ms"], b["p99_ms"]
                lines.append(f"      /{name}: p50 {p50:.1f} p99 {p99:.1f} ms (n {b['n']})")
        c = run["check"]
        lines.append(
            f"  comprobación: {c['channels_checked']} canales, actualizaciones perdidas "
            f"{c['lost_updates']}, tiradas perdidas {c['lost_rolls']}, escrituras sin "
            f"respuesta {c['unacknowledged_writes']}, recordatorios vencidos sin enviar "
            f"{c['reminders_left_due']}; procesos vivos: {run['alive']}"
        )
        r = c["replay"]
        lines.append(
            f"  actualizaciones perdidas (repetición secuencial de {r['channels']} canales): "
            f"{r['lost_updates']}; {r['changes_replayed']} cambios repetidos en "
            f"{r['replayed']} canales, {r['truncated']} sin historia completa"
        )
        for e in r["examples"]:
            lines.append(f"    {e}")
        st, ss = c["session_steps"], run["sessions"]
        lines.append(
            f"  sesiones: pasos vencidos {st['due']}, hechos {st['done']} (antes de tiempo "
            f"{st['done_early']}); avisos publicados {ss['reminders_sent']} de "
            f"{ss['reminders_due']} reclamados, dos veces {ss['posted_twice']}; "
            f"trackers publicados de nuevo {c['trackers_reposted']}"
        )
        for e in c["examples"]:
            lines.append(f"    {e}")
        lines.append("")
    return "\n".join(lines)


def _at_best(run: dict[str, Any]) -> dict[str, Any] | None:
    """The step of the best rate within p99 ≤ 50 ms (no step held it: the first)."""
    held = [s for s in run["steps"] if s["p99_ms"] <= 50]
    if not held:
        return run["steps"][0] if run["steps"] else None
    return max(held, key=lambda s: s["rate"])


def markdown(found: dict[str, Any]) -> str:
    """The figures of item 2 of the issue, one column per run, for bench/README.md."""
    runs = found["runs"]
    names = list(runs)
    head = "| | " + " | ".join(
        f"{runs[n]['processes']} proc.{' + PgBouncer' if runs[n].get('pgbouncer') else ''}"
        for n in names
    )
    lines = [head + " |", "|---" * (len(names) + 1) + "|"]

    def row(label: str, cell: Any) -> None:
        lines.append(f"| {label} | " + " | ".join(str(cell(runs[n])) for n in names) + " |")

    def best(key: str, fmt: str = "{:.0f}") -> Any:
        def cell(run: dict[str, Any]) -> str:
            step = _at_best(run)
            return "—" if step is None else fmt.format(step[key])

        return cell

    def steps_sum(key: str) -> Any:
        return lambda run: sum(s[key] for s in run["steps"])

    row("**comandos/s con p99 ≤ 50 ms**", lambda r: f"**{r['best_rate_p99_50ms']:.0f}**")
    row("ritmo pedido en ese escalón", best("offered_rate"))
    row(
        "p50 / p99 ahí (ms)",
        lambda r: "—" if (s := _at_best(r)) is None else f"{s['p50_ms']:.1f} / {s['p99_ms']:.1f}",
    )
    for command in ("atacar", "defender", "asalto", "tirar", "historial"):

        def by(run: dict[str, Any], c: str = command) -> str:
            step = _at_best(run)
            if step is None or c not in step["by_command"]:
                return "—"
            b = step["by_command"][c]
            return f"{b['p50_ms']:.1f} / {b['p99_ms']:.1f}"

        row(f"`/{command}` p50 / p99 (ms)", by)
    row(
        "último escalón: pedido → hecho, p99 (ms)",
        lambda r: (
            f"{r['steps'][-1]['offered_rate']:.0f} → {r['steps'][-1]['rate']:.0f}, "
            f"{r['steps'][-1]['p99_ms']:.0f}"
        ),
    )
    row(
        "RSS por proceso al final (pico), MB",
        lambda r: " / ".join(f"{f['rss_mb']:.0f} ({f['rss_peak_mb']:.0f})" for f in r["final"]),
    )
    row(
        "CPU de cada proceso del bot (núcleos)",
        lambda r: (
            "—" if (s := _at_best(r)) is None else " + ".join(f"{c:.2f}" for c in s["cpu"]["bots"])
        ),
    )
    row(
        "CPU de PostgreSQL / del driver (núcleos)",
        lambda r: (
            "—"
            if (s := _at_best(r)) is None
            else f"{s['cpu']['postgresql'] or 0:.2f} / {s['cpu']['driver']:.2f}"
        ),
    )
    row(
        "conexiones a PostgreSQL (máx.; activas)",
        lambda r: (
            f"{max(s['postgresql_connections']['connections'] for s in r['steps'])}; "
            f"{max(s['postgresql_connections']['active'] for s in r['steps'])}"
        ),
    )
    row("sentencias por comando", best("statements_per_command", "{:.2f}"))
    row("sentencias de fondo por segundo", best("background_statements_per_s"))
    row(
        "ediciones del tracker por canal en 5 s (máx.)",
        lambda r: max(s["tracker_edits_max_per_channel_5s"] for s in r["steps"]),
    )
    row("429", steps_sum("rate_limited"))
    row(
        "recordatorios enviados / reclamados (dos veces)",
        lambda r: (
            f"{sum(s['reminders_sent'] for s in r['steps'])} / "
            f"{sum(s['reminders_due'] for s in r['steps'])} "
            f"({sum(s['reminder_duplicates'] for s in r['steps'])})"
        ),
    )
    row("recordatorios vencidos sin enviar al final", lambda r: r["check"]["reminders_left_due"])
    row(
        "pasos de sesión hechos / vencidos",
        lambda r: f"{r['check']['session_steps']['done']} / {r['check']['session_steps']['due']}",
    )
    row(
        "avisos de sesión publicados / reclamados (dos veces)",
        lambda r: (
            f"{r['sessions']['reminders_sent']} / {r['sessions']['reminders_due']} "
            f"({r['sessions']['posted_twice']})"
        ),
    )
    row(
        "actualizaciones perdidas / tiradas perdidas",
        lambda r: f"{r['check']['lost_updates']} / {r['check']['lost_rolls']}",
    )
    row(
        "actualizaciones perdidas (repetición secuencial de N canales)",
        lambda r: (
            f"{r['check']['replay']['lost_updates']} (N = {r['check']['replay']['channels']}; "
            f"{r['check']['replay']['changes_replayed']} cambios)"
        ),
    )
    row(
        "escrituras sin respuesta / trackers republicados",
        lambda r: f"{r['check']['unacknowledged_writes']} / {r['check']['trackers_reposted']}",
    )
    row("rechazos del bot (todas las rondas)", steps_sum("refused_total"))
    row("transacciones repetidas por conflicto (todas)", steps_sum("conflicts"))
    row("… por lo que chocó", conflict_kinds)
    row("procesos vivos hasta el final", lambda r: "sí" if r["alive"] else "**no**")
    return "\n".join(lines)


def conflict_kinds(run: dict[str, Any]) -> str:
    """The run's conflict retries by what collided, the most first (``tabla: qué n``)."""
    total: dict[str, int] = {}
    for step in run["steps"]:
        for kind, n in step.get("conflict_kinds", {}).items():
            total[kind] = total.get(kind, 0) + n
    ranked = sorted(total.items(), key=lambda kv: -kv[1])
    return "; ".join(f"{kind} {n}" for kind, n in ranked) or "—"


def targets(found: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, met or not (``target``, ``value``, ``limit``, ``met``)."""
    runs = found["runs"]
    out: list[dict[str, Any]] = []

    def add(target: str, value: float, limit: float, met: bool) -> None:
        out.append({"target": target, "value": value, "limit": limit, "met": met})

    rate = {n: r["best_rate_p99_50ms"] for n, r in runs.items()}
    if "1" in rate and "2" in rate:
        ratio = rate["2"] / rate["1"] if rate["1"] else 0.0
        add("2 procesos ÷ 1, comandos/s con p99 ≤ 50 ms ≥ 1,3", ratio, 1.3, ratio >= 1.3)
    if "2" in rate and "4" in rate:
        add(
            "4 procesos ≥ 2 procesos (comandos/s con p99 ≤ 50 ms)",
            rate["4"],
            rate["2"],
            rate["4"] >= rate["2"],
        )
    if "4" in runs:
        rss = max(f["rss_peak_mb"] for f in runs["4"]["final"])
        add(
            "RSS pico por proceso con 4 procesos (2 500 canales cada uno) < 175 MB",
            rss,
            175,
            rss < 175,
        )
    for n, r in runs.items():
        c, steps = r["check"], r["steps"]
        lost = c["lost_updates"] + c["lost_rolls"]
        add(f"{n}: actualizaciones y tiradas perdidas = 0", lost, 0, lost == 0)
        rep = c["replay"]
        add(
            f"{n}: actualizaciones perdidas (repetición secuencial de {rep['channels']} canales)"
            " = 0",
            rep["lost_updates"],
            0,
            rep["lost_updates"] == 0 and rep["truncated"] == 0,
        )
        sent = sum(s["reminders_sent"] for s in steps)
        due = sum(s["reminders_due"] for s in steps)
        twice = sum(s["reminder_duplicates"] for s in steps) + r["sessions"]["posted_twice"]
        ok = (
            sent == due
            and twice == 0
            and c["reminders_left_due"] == 0
            and c["session_steps"]["due"] == c["session_steps"]["done"]
            and r["sessions"]["reminders_sent"] == r["sessions"]["reminders_due"]
            and r["alive"]
        )
        add(f"{n}: recordatorios y pasos de sesión, cada uno una vez", twice, 0, ok)
        limited = sum(s["rate_limited"] for s in steps)
        edits = max((s["tracker_edits_max_per_channel_5s"] for s in steps), default=0)
        add(f"{n}: 429 = 0", limited, 0, limited == 0)
        add(f"{n}: ediciones del tracker por canal en 5 s ≤ 5", edits, 5, edits <= 5)
    return out
