"""The tracker's «Se espera a» section and ``/encuentro pendientes``: who has not acted in
this phase and who has a defense pending, each since when (``<t:UNIX:R>``, which every
client keeps current in its own time zone)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import discord

from bot.render.safe import shown
from bot.render.tracker import PHASE_LABELS

TITLE = "Se espera a"
WAITING_COLOUR = discord.Colour(0x2980B9)


def since(moment: datetime | None) -> str:
    return "" if moment is None else f" desde <t:{int(moment.timestamp())}:R>"


def waiting_lines(
    enc: Any, phase_since: datetime | None, pending_since: Mapping[str, datetime]
) -> list[str]:
    lines = []
    names = ", ".join(shown(c.nombre) for c in enc.not_acted())
    phase = PHASE_LABELS.get(enc.phase, enc.phase)
    if names:
        lines.append(f"Sin actuar en la {phase}{since(phase_since)}: {names}")
    for p in enc.pending:
        try:
            defender = shown(enc.get(p["defender"]).nombre)
            attacker = shown(enc.get(p["attacker"]).nombre)
        except Exception:  # a combatant removed meanwhile
            continue
        lines.append(
            f"{defender} debe defenderse de {attacker}{since(pending_since.get(str(p['id'])))}"
        )
    return lines


def pendientes_embed(enc: Any, lines: list[str]) -> discord.Embed:
    text = "\n".join(f"• {line}" for line in lines) or "Nadie tiene nada pendiente ahora."
    return discord.Embed(
        title=f"Pendiente — asalto {enc.asalto}, {PHASE_LABELS.get(enc.phase, enc.phase)}",
        description=text[:4000],
        colour=WAITING_COLOUR,
    )
