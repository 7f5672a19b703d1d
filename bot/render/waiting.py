"""The tracker's «Se espera a» section, ``/encuentro pendientes`` and the play-by-post
reminders (:func:`waited_for`, their one answer): who has not acted in
this phase and who has a defense pending, each since when (``<t:UNIX:R>``, which every
client keeps current in its own time zone)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.render.safe import GONE, shown
from bot.render.tracker import PHASE_LABELS
from umbral_rules.encounter import Combatant, Encounter

TITLE = "Se espera a"
WAITING_COLOUR = discord.Colour(0x2980B9)


def since(moment: datetime | None) -> str:
    return "" if moment is None else f" desde <t:{int(moment.timestamp())}:R>"


@dataclass(frozen=True)
class Waited:
    """Someone the encounter waits for: to act in the phase (``kind`` "turno") or to roll a
    pending defense (``kind`` "defensa", ``ref`` its id, ``attacker`` the attacker's name)."""

    kind: str
    combatant: Combatant
    ref: str
    since: datetime | None
    attacker: str = ""


def waited_for(
    enc: Encounter, phase_since: datetime | None, pending_since: Mapping[str, datetime]
) -> list[Waited]:
    """Who the encounter waits for now, each since when: the one answer of «Se espera a»,
    ``/encuentro pendientes`` and the reminders."""
    turn = f"{enc.asalto}:{enc.phase}"
    waited = [Waited("turno", c, turn, phase_since) for c in enc.not_acted()]
    for p in enc.pending:
        defender, attacker = enc.state.lookup(p.defender), enc.state.lookup(p.attacker)
        if defender is None:  # removed meanwhile: no one owes that defense
            continue
        ref = p.id
        name = attacker.nombre if attacker is not None else GONE
        waited.append(Waited("defensa", defender, ref, pending_since.get(ref), name))
    return waited


def waiting_lines(
    enc: Encounter, phase_since: datetime | None, pending_since: Mapping[str, datetime]
) -> list[str]:
    lines = []
    waited = waited_for(enc, phase_since, pending_since)
    names = ", ".join(shown(w.combatant.nombre) for w in waited if w.kind == "turno")
    phase = PHASE_LABELS.get(enc.phase, enc.phase)
    if names:
        lines.append(f"{names} (sin actuar en la {phase}{since(phase_since)})")
    for w in waited:
        if w.kind == "defensa":
            who, attacker = shown(w.combatant.nombre), shown(w.attacker)
            lines.append(f"{who} debe defenderse de {attacker}{since(w.since)}")
    return lines


def pendientes_embed(enc: Encounter, lines: list[str]) -> discord.Embed:
    text = "\n".join(f"• {line}" for line in lines) or "Nadie tiene nada pendiente ahora."
    return discord.Embed(
        title=f"Pendiente — asalto {enc.asalto}, {PHASE_LABELS.get(enc.phase, enc.phase)}",
        description=text[:4000],
        colour=WAITING_COLOUR,
    )
