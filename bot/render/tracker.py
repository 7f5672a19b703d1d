"""The encounter's tracker: asalto, phase, and each combatant's Aguante, estados and budget."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.render.config import MODE_LABELS

TRACKER_COLOUR = discord.Colour(0x34495E)
ENDED_COLOUR = discord.Colour(0x95A5A6)
PHASE_LABELS = {"jugadores": "fase de los jugadores", "enemigos": "fase de los enemigos"}
STATUS_LABELS = {
    "malherido": "MALHERIDO",
    "estabilizado": "estabilizado",
    "muerto": "MUERTO",
    "fuera": "fuera de combate",
}
ACCION_LABELS = {"libre": "libre", "gastada": "gastada", "movimiento": "hecha movimiento"}


def combatant_line(c: Any) -> str:
    """``Kaeda — Aguante 15/16 · acción libre · movimiento libre · respuesta libre``."""
    parts = [f"Aguante {c.aguante}/{c.aguante_max}"]
    if c.status != "activo":
        parts.append(STATUS_LABELS.get(c.status, c.status))
    if c.estados:
        parts.append("estados: " + ", ".join(c.estados))
    parts.append(f"acción {ACCION_LABELS.get(c.accion, c.accion)}")
    parts.append("movimiento gastado" if c.movimiento else "movimiento libre")
    parts.append(f"respuesta: {c.respuesta}" if c.respuesta else "respuesta libre")
    if c.is_pc and c.aliento_max:
        parts.append(f"Aliento {c.aliento}/{c.aliento_max}")
    side = "⚔" if c.side == "enemigo" else "★"
    return f"{side} **{c.nombre}** — " + " · ".join(parts)


def pending_lines(enc: Any) -> list[str]:
    lines = []
    for p in enc.pending:
        try:
            defender = enc.get(p["defender"]).nombre
            attacker = enc.get(p["attacker"]).nombre
        except Exception:  # a combatant removed meanwhile
            continue
        lines.append(f"{defender} debe defenderse de {attacker}")
    return lines


def tracker_embed(enc: Any, *, ended: bool = False) -> discord.Embed:
    mode = MODE_LABELS.get(enc.mode, enc.mode)
    if ended:
        title = f"Encuentro terminado ({mode}) tras {enc.asalto} asaltos"
    else:
        title = (
            f"Encuentro en {mode} — asalto {enc.asalto}, {PHASE_LABELS.get(enc.phase, enc.phase)}"
        )
    players = [c for c in enc.combatants if c.side == "pj"]
    enemies = [c for c in enc.combatants if c.side != "pj"]
    blocks = []
    if players:
        blocks.append("**Jugadores**\n" + "\n".join(combatant_line(c) for c in players))
    if enemies:
        blocks.append("**Enemigos**\n" + "\n".join(combatant_line(c) for c in enemies))
    description = (
        "\n\n".join(blocks) or "Nadie en combate todavía: /encuentro unirse, /encuentro enemigos."
    )
    embed = discord.Embed(
        title=title,
        description=description[:4000],
        colour=ENDED_COLOUR if ended else TRACKER_COLOUR,
    )
    pending = pending_lines(enc)
    if pending and not ended:
        embed.add_field(name="Defensas pendientes", value="\n".join(pending)[:1024], inline=False)
    footer = "Encuentro cerrado." if ended else "Este mensaje se actualiza solo tras cada cambio."
    embed.set_footer(text=footer)
    return embed


def summary_embed(enc: Any, rolls: int, events: Sequence[str] = ()) -> discord.Embed:
    """``/encuentro terminar``: how everyone ended up."""
    embed = tracker_embed(enc, ended=True)
    embed.set_footer(text=f"{rolls} tiradas registradas en este canal.")
    if events:
        embed.add_field(name="Último", value="\n".join(events)[:1024], inline=False)
    return embed
