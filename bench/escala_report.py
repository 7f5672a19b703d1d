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
