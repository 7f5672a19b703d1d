"""The encounter's tracker: asalto, phase, and each combatant's Aguante, estados and budget;
its «Se espera a» section, which ``/encuentro pendientes`` and the play-by-post reminders
share (:func:`waited_for`, their one answer): who has not acted in this phase and who has a
defense pending, each since when (``<t:UNIX:R>``, which every client keeps current in its own
time zone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.render.config import MODE_LABELS
from bot.render.safe import GONE, shown
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.plural import plural

TRACKER_COLOUR = discord.Colour(0x34495E)
ENDED_COLOUR = discord.Colour(0x95A5A6)
PHASE_LABELS = {"jugadores": "fase de los jugadores", "enemigos": "fase de los enemigos"}
STATUS_LABELS = {
    "malherido": "MALHERIDO",
    "estabilizado": "estabilizado",
    "muerto": "MUERTO",
    "fuera": "fuera de combate",
}
#: The standings whose label is an adjective of the combatant (the last letter agrees).
AGREEING = frozenset({"malherido", "estabilizado", "muerto"})
ACCION_LABELS = {"libre": "libre", "gastada": "gastada", "movimiento": "hecha movimiento"}


def status_label(c: Combatant) -> str:
    """«MALHERIDO» / «MALHERIDA»…: the combatant's standing, agreeing with its gender."""
    label = str(STATUS_LABELS.get(c.status, c.status))
    if getattr(c, "genero", None) == "femenino" and c.status in AGREEING:
        return label[:-1] + ("A" if label.isupper() else "a")
    return label


def combatant_line(c: Combatant) -> str:
    """``Kaeda — Aguante 15/16 · acción libre · movimiento libre · respuesta libre``."""
    side = "⚔" if c.side == "enemigo" else "★"
    if c.status == "muerto":  # nothing left to offer it
        return f"{side} **{shown(c.nombre)}** — {status_label(c)}"
    parts = [f"Aguante {c.aguante}/{c.aguante_max}"]
    if c.status != "activo":
        parts.append(status_label(c))
    if c.estados:
        parts.append("estados: " + ", ".join(shown(e) for e in c.estados))
    parts.append(f"acción {ACCION_LABELS.get(c.accion, c.accion)}")
    parts.append("movimiento gastado" if c.movimiento else "movimiento libre")
    parts.append(f"respuesta: {shown(c.respuesta)}" if c.respuesta else "respuesta libre")
    if c.is_pc and c.aliento_max:
        parts.append(f"Aliento {c.aliento}/{c.aliento_max}")
    if c.is_pc and c.esencia_max:
        parts.append(f"Esencia {c.esencia}/{c.esencia_max}")
    return f"{side} **{shown(c.nombre)}** — " + " · ".join(parts)


def _attacker(enc: Encounter, combatant_id: str) -> str:
    c = enc.state.lookup(combatant_id)
    return shown(c.nombre) if c is not None else GONE


def pending_lines(enc: Encounter) -> list[str]:
    """The defenses owed, by asalto: in Mesa one roll answers an asalto's attacks."""
    lines = []
    for defender_id, asalto, attacks in enc.owed():
        defender = enc.state.lookup(defender_id)
        if defender is None:  # removed meanwhile: no one owes that defense
            continue
        attackers = ", ".join(_attacker(enc, p.attacker) for p in attacks)
        lines.append(f"Asalto {asalto} — {shown(defender.nombre)} debe defenderse de {attackers}")
    return lines


#: Room for the roster in the embed's description (Discord allows 4096 characters).
DESCRIPTION_MAX = 4000


def roster_text(combatants: Sequence[Combatant], limit: int = DESCRIPTION_MAX) -> str:
    """Players first, then enemies, one line each, as many whole lines as fit in ``limit``
    characters and then «… y N más»; only the lines shown are built (a fight of 200 builds
    about forty)."""
    total = len(combatants)
    if not total:
        return "Nadie en combate todavía: /encuentro unirse, /encuentro enemigos."
    # each side's heading (when it has anyone) and then its combatants, in one walk
    walk: list[str | Combatant] = []
    for heading, side in (("**Jugadores**", True), ("**Enemigos**", False)):
        members = [c for c in combatants if (c.side == "pj") is side]
        if members:
            walk += [heading, *members]
    # what a «… y 200 más» line can take, kept free until the last combatant is shown
    reserve = len("\n… y  más") + len(str(total))
    out: list[str] = []
    used = shown = 0
    for item in walk:
        if isinstance(item, str):  # a heading, a blank line after the side before it
            piece, is_line = ("\n\n" if out else "") + item, False
        else:  # a combatant's line, built only now that it may be shown
            piece, is_line = "\n" + combatant_line(item), True
        room = limit if is_line and shown + 1 == total else limit - reserve
        if used + len(piece) > room:
            break
        out.append(piece)
        used += len(piece)
        shown += is_line
    if shown < total:
        out.append(f"\n… y {total - shown} más")
    return "".join(out)


def tracker_embed(
    enc: Encounter, *, ended: bool = False, waiting: Sequence[str] | None = None
) -> discord.Embed:
    """``waiting``: the «Se espera a» lines (:func:`waiting_lines`), which name every pending
    defense; without them (``None``) the tracker lists its «Defensas pendientes» itself."""
    mode = MODE_LABELS.get(enc.mode, enc.mode)
    if ended:
        title = f"Encuentro terminado ({mode}) tras {plural(enc.asalto, 'asalto')}"
    else:
        title = (
            f"Encuentro en {mode} — asalto {enc.asalto}, {PHASE_LABELS.get(enc.phase, enc.phase)}"
        )
    description = roster_text(enc.combatants)
    embed = discord.Embed(
        title=title,
        description=description,
        colour=ENDED_COLOUR if ended else TRACKER_COLOUR,
    )
    first = ambush_text(enc) if not ended else None
    if first:
        embed.add_field(name="Emboscada", value=first, inline=False)
    if waiting and not ended:
        embed.add_field(name=TITLE, value="\n".join(waiting)[:1024], inline=False)
    elif not ended and waiting is None and (pending := pending_lines(enc)):
        embed.add_field(name="Defensas pendientes", value="\n".join(pending)[:1024], inline=False)
    footer = "Encuentro cerrado." if ended else "Este mensaje se actualiza solo tras cada cambio."
    embed.set_footer(text=footer)
    return embed


def ambush_text(enc: Encounter) -> str | None:
    """In the players' ambush (asalto 1, their phase): who may act before anyone (Libro III
    §15: the character with most Percepción of the side; all of them when they tie)."""
    first = enc.first_actors()
    if not first:
        return None
    names = [f"{shown(c.nombre)} (Percepción {c.sheet.atributo('percepcion') if c.sheet else 0})"
             for c in first]  # fmt: skip
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} o {names[-1]}"
    return f"Los jugadores emboscan: {who} puede actuar antes que nadie."


def summary_embed(enc: Encounter, rolls: int, events: Sequence[str] = ()) -> discord.Embed:
    """``/encuentro terminar``: how everyone ended up."""
    embed = tracker_embed(enc, ended=True)
    embed.set_footer(text=f"{plural(rolls, 'tirada registrada')} en este encuentro.")
    if events:
        embed.add_field(
            name="Último", value="\n".join(shown(e) for e in events)[:1024], inline=False
        )
    return embed


#: [D] The ambush (Libro III §15): the players' names who may act first as they join.
AMBUSH_START = {
    "jugadores": (
        "Emboscan los jugadores: en el asalto 1, el personaje con más Percepción puede actuar "
        "antes que nadie (se nombra al unirse y en el mensaje del encuentro)."
    ),
    "enemigos": "Emboscan los enemigos: el asalto 1 empieza por su fase.",
}

REPOSTED = (
    "El mensaje del encuentro se publica de nuevo al final del canal: a partir de ahora se "
    "actualiza ese."
)


# --- «Se espera a» -----------------------------------------------------------------------
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
