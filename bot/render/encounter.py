"""Encounter events (what an operation reports) as embeds and a message's content."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.render.limits import DESCRIPTION_MAX, EMBEDS_MAX, EMBEDS_TOTAL_MAX, cut, split_text
from bot.render.rolls import Vitals, attack_embed, despegarse_embed, reread_embed, tirada_embed
from bot.render.safe import GONE, ping, shown
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.events import (
    AttackResolved,
    DefensePending,
    DefenseReread,
    DefenseResolved,
    DespegarseResolved,
    Event,
    RetoRolled,
    Stabilised,
    TiradaMade,
)

EVENT_COLOUR = discord.Colour(0x2C3E50)
MAX_EMBEDS = EMBEDS_MAX
#: The fields of a roll's embed its line in a summary repeats.
SUMMARY_FIELDS = ("Grado", "Golpe", "Daño", "Aguante")


def events_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    """A title and one line per event message (plain texts with names in them: escaped)."""
    text = "\n".join(f"• {shown(line)}" for line in lines if line)
    return discord.Embed(
        title=cut(shown(title), 256),
        description=cut(text, DESCRIPTION_MAX) or None,
        colour=EVENT_COLOUR,
    )


def summary_line(embed: discord.Embed) -> str:
    """One roll's embed as a line: its title and its grade, damage and Aguante."""
    parts = [
        f"{f.name}: {f.value}"
        for f in embed.fields
        if f.name and f.value and f.name.startswith(SUMMARY_FIELDS)
    ]
    return f"**{embed.title}**" + (" — " + " · ".join(parts) if parts else "")


def with_summary(
    title: str, lines: Sequence[str], rolls: list[discord.Embed]
) -> list[discord.Embed]:
    """When the rolls don't fit one message (10 embeds, 6,000 characters), a summary of all of
    them first (the event lines and a line per roll, in as many embeds as it takes), then
    every roll's own embed: the caller sends them in as many messages as needed."""
    size = sum(len(e) for e in rolls) + len(title) + sum(len(line) + 3 for line in lines)
    bullets = [f"• {shown(line)}" for line in lines if line]
    if len(rolls) + 1 <= MAX_EMBEDS and size <= EMBEDS_TOTAL_MAX:
        if not rolls:
            return [events_embed(title, lines)]
        # the event lines (who spends what, who must defend…) under the first roll's kind, in
        # that roll's own embed: an attack is one embed, not a summary and then the roll
        first = rolls[0]
        if bullets:
            parts = [first.description or "", *bullets]
            first.description = cut("\n".join(p for p in parts if p), DESCRIPTION_MAX)
        return rolls
    summary = bullets + [summary_line(e) for e in rolls]
    chunks = split_text(summary, 3900)
    heads = [
        discord.Embed(
            title=cut(shown(title) if i == 0 else f"{shown(title)} (sigue)", 256),
            description=chunk,
            colour=EVENT_COLOUR,
        )
        for i, chunk in enumerate(chunks)
    ]
    heads[-1].set_footer(text=f"{len(rolls)} tiradas: el detalle de cada una va a continuación.")
    return heads + rolls


@dataclass
class Rendered:
    """A message: content (pings), embeds, and the players who must defend (the only users
    its content pings: send it with ``allowed_mentions(rendered.must_defend)``)."""

    content: str = ""
    embeds: list[discord.Embed] = field(default_factory=list)
    must_defend: list[int] = field(default_factory=list)  # user ids
    lines: list[str] = field(default_factory=list)  # the summary's lines, plain


def _name(enc: Encounter, combatant_id: str) -> str:
    """The combatant's name, escaped for markdown (:data:`GONE` if no longer there)."""
    c = enc.state.lookup(combatant_id)
    return shown(c.nombre) if c is not None else GONE


def _vitals(enc: Encounter, combatant_id: str, before: int, after: int) -> Vitals:
    c = enc.state.lookup(combatant_id)
    maximo = int(c.aguante_max) if c is not None else None
    return Vitals(_name(enc, combatant_id), before, after, maximo)


def render_events(
    enc: Encounter,
    events: Sequence[Event],
    title: str,
    pending_names: Mapping[str, str] | None = None,
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
            if event.result.source:  # Mesa: the most dangerous attacker, by name
                attacker = shown(event.result.source)
            elif event.attacker_id is not None:  # an opposed blow (also replayed by Aliento)
                attacker = _name(enc, event.attacker_id)
            else:
                attacker = shown(
                    ", ".join(sorted({(pending_names or {}).get(p, p) for p in event.pending_ids}))
                )
            defender = _name(enc, event.defender_id)
            asalto = f" (asalto {event.asalto})" if event.asalto is not None else ""
            out.embeds.append(
                attack_embed(
                    event.result,
                    attacker=attacker,
                    defender=defender,
                    vitals=_vitals(
                        enc, event.defender_id, event.aguante_before, event.aguante_after
                    ),
                    title=f"{defender} se defiende de {attacker}" + asalto,
                )
            )
        elif isinstance(event, DefenseReread):
            out.embeds.append(
                reread_embed(
                    event.first,
                    event.result,
                    attacker=_name(enc, event.attacker_id),
                    defender=_name(enc, event.defender_id),
                    damage=event.damage,
                    asalto=event.asalto,
                    vitals=_vitals(
                        enc, event.defender_id, event.aguante_before, event.aguante_after
                    ),
                )
            )
        elif isinstance(event, DespegarseResolved) and event.result is not None:
            out.embeds.append(
                despegarse_embed(
                    event.result,
                    event.engaged_roll,
                    actor=_name(enc, event.combatant_id),
                    engaged=_name(enc, event.engaged_id),
                    message=shown(event.message),
                )
            )
        elif isinstance(event, TiradaMade | Stabilised | RetoRolled):
            if isinstance(event, Stabilised):
                actor, what = event.healer_id, "estabilizar"
            elif isinstance(event, RetoRolled):
                actor, what = event.combatant_id, "tirada del reto"
            else:
                purpose = str(event.purpose)
                actor = event.combatant_id
                what = {"reto": "tirada del reto", "tirada": "tirada"}.get(purpose, purpose)
            out.embeds.append(
                tirada_embed(
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
    out.embeds = with_summary(title, lines, out.embeds)
    out.lines = [line for line in lines if line]
    out.content = "\n".join(mentions)
    return out


def _owner(enc: Encounter, combatant_id: str) -> int | None:
    c = enc.state.lookup(combatant_id)
    return int(c.owner_id) if c is not None and c.owner_id is not None else None
