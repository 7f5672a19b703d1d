"""Encounter events (what an operation reports) as embeds and a message's content."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.render.rolls import Vitals, attack_embed, check_embed
from bot.render.safe import ping, shown
from umbral_rules.encounter.events import (
    AttackResolved,
    CheckMade,
    DefensePending,
    DefenseResolved,
    RetoRolled,
    Stabilised,
)

EVENT_COLOUR = discord.Colour(0x2C3E50)
MAX_EMBEDS = 10


def events_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    """A title and one line per event message (plain texts with names in them: escaped)."""
    text = "\n".join(f"• {shown(line)}" for line in lines if line)
    return discord.Embed(title=shown(title), description=text[:4000] or None, colour=EVENT_COLOUR)


@dataclass
class Rendered:
    """A message: content (pings), embeds, and the players who must defend (the only users
    its content pings: send it with ``allowed_mentions(rendered.must_defend)``)."""

    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    must_defend: list[int] = field(default_factory=list)  # user ids
    lines: list[str] = field(default_factory=list)  # the summary's lines, plain


def _name(enc: Any, combatant_id: str) -> str:
    """The combatant's name, escaped for markdown."""
    try:
        return shown(enc.get(combatant_id).nombre)
    except Exception:
        return shown(combatant_id)


def _vitals(enc: Any, combatant_id: str, before: int, after: int) -> Vitals:
    try:
        maximo = int(enc.get(combatant_id).aguante_max)
    except Exception:
        maximo = before
    return Vitals(_name(enc, combatant_id), before, after, maximo)


def render_events(
    enc: Any, events: Sequence[Any], title: str, pending_names: Mapping[str, str] | None = None
) -> Rendered:
    """Rolls get their own embed; every other event is a line of a summary embed."""
    out = Rendered()
    lines: list[str] = []
    mentions: list[str] = []
    for event in events:
        if isinstance(event, AttackResolved):
            extra = []
            if event.interposed_by:
                extra.append(f"Se interpone {_name(enc, event.interposed_by)}.")
            if event.respuesta:
                extra.append(f"Respuesta: {shown(event.respuesta)}.")
            out.embeds.append(
                attack_embed(
                    event.result,
                    attacker=_name(enc, event.attacker_id),
                    defender=_name(enc, event.target_id),
                    vitals=_vitals(enc, event.target_id, event.aguante_before, event.aguante_after),
                    extra=extra,
                )
            )
        elif isinstance(event, DefenseResolved):
            attacker = event.result.source or ", ".join(
                sorted({(pending_names or {}).get(p, p) for p in event.pending_ids})
            )
            attacker = shown(attacker)
            defender = _name(enc, event.defender_id)
            out.embeds.append(
                attack_embed(
                    event.result,
                    attacker=attacker,
                    defender=defender,
                    vitals=_vitals(
                        enc, event.defender_id, event.aguante_before, event.aguante_after
                    ),
                    title=f"{defender} se defiende de {attacker}",
                )
            )
        elif isinstance(event, CheckMade | Stabilised | RetoRolled):
            actor = str(getattr(event, "combatant_id", None) or getattr(event, "healer_id", ""))
            what = {"reto": "tirada del reto", "tirada": "tirada"}.get(
                str(getattr(event, "purpose", "reto")), str(getattr(event, "purpose", "tirada"))
            )
            if isinstance(event, Stabilised):
                what = "estabilizar"
            out.embeds.append(
                check_embed(
                    event.result, actor=_name(enc, actor), what=what, note=shown(event.message)
                )
            )
        else:
            lines.append(event.message)
            if isinstance(event, DefensePending):
                owner = _owner(enc, event.defender_id)
                if owner is not None and owner not in out.must_defend:
                    out.must_defend.append(owner)
                    mentions.append(
                        ping(
                            owner,
                            f"{_name(enc, event.defender_id)} debe defenderse: "
                            "pulsa **Defender** o escribe /defender.",
                        )
                    )
    if lines or not out.embeds:
        out.embeds.insert(0, events_embed(title, lines))
    out.embeds = out.embeds[:MAX_EMBEDS]
    out.lines = [line for line in lines if line]
    out.content = "\n".join(mentions)
    return out


def _owner(enc: Any, combatant_id: str) -> int | None:
    try:
        owner = enc.get(combatant_id).owner_id
    except Exception:
        return None
    return int(owner) if owner is not None else None
