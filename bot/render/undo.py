"""``/deshacer``: what an undo would change (the private preview) and what it changed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.jsontypes import JsonObject

UNDO_COLOUR = discord.Colour(0xE67E22)
#: The numbers of a combatant the preview reports, with their Spanish label.
BUDGETS = (
    ("accion", "acción"),
    ("movimiento", "movimiento"),
    ("respuesta", "respuesta"),
    ("aliento", "Aliento"),
    ("esencia", "Esencia"),
    ("status", "estado"),
)
SHEET_LABELS = {"aguante": "Aguante", "aliento": "Aliento", "esencia": "Esencia",
                "estados": "estados"}  # fmt: skip
LINES_MAX = 20


def when(moment: datetime) -> str:
    """A Discord timestamp every client shows as «hace 5 minutos» in its own time zone."""
    return f"<t:{int(moment.timestamp())}:R>"


def _value(value: object) -> str:
    if value is None or value is False:
        return "libre" if value is False else "—"
    if value is True:
        return "gastado"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "ninguno"
    return str(value)


def _estados(name: str, now: Sequence[object], then: Sequence[object]) -> list[str]:
    lines = []
    gone = [str(e) for e in now if e not in then]
    back = [str(e) for e in then if e not in now]
    if gone:
        lines.append(f"{name}: pierde {', '.join(gone)}")
    if back:
        lines.append(f"{name}: vuelve a tener {', '.join(back)}")
    return lines


def combatant_changes(now: JsonObject, then: JsonObject) -> list[str]:
    """What going back from ``now`` to ``then`` (two state dicts) changes, line by line."""
    lines: list[str] = []
    before = {str(c["id"]): c for c in then.get("combatants", [])}
    current = {str(c["id"]): c for c in now.get("combatants", [])}
    for cid, c in current.items():
        if cid not in before:
            lines.append(f"{c['nombre']} sale del combate")
    for cid, old in before.items():
        c = current.get(cid)
        name = str(old["nombre"])
        if c is None:
            lines.append(f"{name} vuelve al combate (Aguante {old['aguante']})")
            continue
        if c["aguante"] != old["aguante"]:
            lines.append(f"{name}: Aguante {c['aguante']} → {old['aguante']}")
        lines.extend(_estados(name, c.get("estados") or [], old.get("estados") or []))
        if c.get("owner_id") != old.get("owner_id") and old.get("owner_id") is not None:
            lines.append(f"{name}: vuelve a ser de <@{int(old['owner_id'])}>")
        for key, label in BUDGETS:
            if c.get(key) != old.get(key):
                lines.append(f"{name}: {label} {_value(c.get(key))} → {_value(old.get(key))}")
    if (now.get("asalto"), now.get("phase")) != (then.get("asalto"), then.get("phase")):
        lines.append(f"Vuelve al asalto {then.get('asalto')}, fase de los {then.get('phase')}")
    if len(now.get("pending", [])) != len(then.get("pending", [])):
        lines.append(
            f"Defensas pendientes: {len(now.get('pending', []))} → {len(then.get('pending', []))}"
        )
    if _board(now) != _board(then):  # (only Táctico has a board: Mesa never says it)
        lines.append("El tablero vuelve a como estaba")
    return lines


def _board(state: JsonObject) -> object:
    """The board and its figures' turn, the part of ``extra`` a player sees as the board."""
    extra = state.get("extra") or {}
    return (extra.get("tablero"), extra.get("tactico")) if isinstance(extra, dict) else None


def sheet_changes(sheets: Sequence[JsonObject]) -> list[str]:
    """Lines of the sheets an undo puts back (after → before)."""
    lines = []
    for sheet in sheets:
        before, after = sheet.get("before") or {}, sheet.get("after") or {}
        for key, label in SHEET_LABELS.items():
            if before.get(key) != after.get(key):
                lines.append(
                    f"Ficha de {sheet.get('nombre')}: {label} "
                    f"{_value(after.get(key))} → {_value(before.get(key))}"
                )
        if before.get("owner_id") is not None and before.get("owner_id") != after.get("owner_id"):
            lines.append(f"{sheet.get('nombre')} vuelve a ser de <@{int(before['owner_id'])}>")
    return lines


def _cut(lines: Sequence[str]) -> str:
    shown = list(lines[:LINES_MAX])
    if len(lines) > LINES_MAX:
        shown.append(f"… y {len(lines) - LINES_MAX} cambios más")
    return "\n".join(shown)[:4000] or "Nada visible cambia (solo el orden interno)."


def preview_embed(
    command: str, user_id: int, created_at: datetime, lines: Sequence[str], *, rolled: bool,
    reopens: bool,
) -> discord.Embed:  # fmt: skip
    embed = discord.Embed(
        title=f"¿Deshacer /{command}?",
        description=_cut([*(["Reabre el encuentro"] if reopens else []), *lines]),
        colour=UNDO_COLOUR,
    )
    embed.add_field(name="Quién", value=f"<@{user_id}>", inline=True)
    embed.add_field(name="Cuándo", value=when(created_at), inline=True)
    if rolled:
        embed.add_field(name="Tiradas", value="Sus tiradas quedarán marcadas «deshecha».")
    embed.set_footer(text="Solo tú ves esto. Deshacer restaura el encuentro tal como estaba.")
    return embed


def done_text(command: str, undone_by: int, author: int, created_at: datetime) -> str:
    """The channel's notice: ``↩️ <@gm> deshizo /atacar de <@kaeda> (hace 2 minutos).``"""
    whose = "" if author == undone_by else f" de <@{author}>"
    return f"↩️ <@{undone_by}> deshizo /{command}{whose} ({when(created_at)})."
