"""The phase message: its title, who did not act, and its pings (the players whose turn it
is, each once)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.render.limits import CONTENT_MAX
from bot.render.safe import ping, shown

if TYPE_CHECKING:
    from umbral_rules.encounter import Encounter
    from umbral_rules.encounter.events import AsaltoAdvanced


@dataclass
class TurnPings:
    """Content that pings ``users`` on purpose (send it with ``allowed_mentions(users)``)."""

    content: str = ""
    users: list[int] = field(default_factory=list)


def turn_pings(enc: Encounter) -> TurnPings:
    """In the players' phase: one line per player with a character still able to act
    (active, not acted), naming their characters; nobody in the enemies' phase (the GM's)."""
    if enc.phase != "jugadores":
        return TurnPings()
    names: dict[int, list[str]] = {}
    for c in enc.not_acted():
        if c.is_pc and c.owner_id is not None:
            names.setdefault(int(c.owner_id), []).append(shown(c.nombre))
    out = TurnPings()
    lines: list[str] = []
    size = 0
    for user_id, own in names.items():
        line = ping(user_id, f"te toca con {', '.join(own)}.")
        if size + len(line) + 1 > CONTENT_MAX:  # the rest are named in the embed
            break
        lines.append(line)
        out.users.append(user_id)
        size += len(line) + 1
    out.content = "\n".join(lines)
    return out


def phase_line(enc: Encounter, event: AsaltoAdvanced) -> str:
    """The phase change is the embed's title; its line only says who did not act."""
    names = ", ".join(enc.get(i).nombre for i in event.not_acted)
    return f"Sin actuar en la fase anterior: {names}." if names else ""


def phase_label(phase: str) -> str:
    return "actúan los jugadores" if phase == "jugadores" else "actúan los enemigos"
