"""The reminder of play by post: one message per channel, each player pinged once with
what is expected of them (pure: text in, text out)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.render.limits import cut
from bot.render.safe import ping, shown
from bot.render.tracker import PHASE_LABELS, Waited, since

CONTENT_LIMIT = 2000


@dataclass(frozen=True)
class Reminder:
    """One player to remind and everything the encounter waits from them."""

    user_id: int
    waited: Sequence[Waited]


def expected(w: Waited, phase: str) -> str:
    name = shown(w.combatant.nombre)
    if w.kind == "defensa":
        return (
            f"{name} debe defenderse de {shown(w.attacker)}{since(w.since)}: "
            "pulsa **Defender** o escribe /defender"
        )
    return f"{name} aún no ha actuado en la {PHASE_LABELS.get(phase, phase)}{since(w.since)}"


def reminder_text(asalto: int, phase: str, reminders: Sequence[Reminder]) -> str:
    """``⏰ Recordatorio`` and one line per player (pinged once), in the order given."""
    lines = [f"⏰ **Recordatorio** — asalto {asalto}:"]
    for r in reminders:
        lines.append(ping(r.user_id, "; ".join(expected(w, phase) for w in r.waited) + "."))
    return cut("\n".join(lines), CONTENT_LIMIT)


def lines_text(word: str, number: int, lines: Mapping[int, Sequence[str]]) -> str:
    """The reminder of another game's encounter (``word`` ``number``: «asalto 2», «ronda
    3»): each player pinged once, with the lines its game said of them."""
    out = [f"⏰ **Recordatorio** — {word} {number}:"]
    for user_id, said in lines.items():
        out.append(ping(user_id, "; ".join(shown(line) for line in said) + "."))
    return cut("\n".join(out), CONTENT_LIMIT)


def settings_text(hours: int, quiet: tuple[int, int] | None, zone: str) -> str:
    """What ``/encuentro recordatorios`` answers."""
    if hours <= 0:
        return "⏰ Recordatorios desactivados en este encuentro."
    every = "cada hora" if hours == 1 else f"cada {hours} horas"
    text = (
        f"⏰ Recordatorios activados: quien tenga que actuar o defenderse lo recordaré aquí "
        f"{every} sin respuesta"
    )
    if quiet is not None:
        text += f", nunca entre las {quiet[0]}:00 y las {quiet[1]}:00 ({zone})"
    return text + "."


def undelivered_text(what: str, channel_id: int, attempts: int, reason: str) -> str:
    """The GM's notice of a reminder given up (issue 43): ``what`` is already escaped."""
    return (
        f"⚠️ No he podido publicar {what} en <#{int(channel_id)}> tras {attempts} intentos "
        f"({reason}). Revisa los permisos del bot en ese canal: el siguiente recordatorio "
        "se intentará a su hora."
    )
