"""``/deshacer``: what an undo would change (the private preview) and what it changed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.records.undo import SheetChange
from bot.render.limits import cut
from bot.render.safe import shown
from umbral_rules.encounter import Combatant, Encounter

UNDO_COLOUR = discord.Colour(0xE67E22)
#: The labels of a combatant's numbers the preview reports (:func:`_budgets`).
BUDGETS = ("acción", "movimiento", "respuesta", "Aliento", "Esencia", "estado")
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
        return ", ".join(shown(v) for v in value) or "ninguno"
    return shown(value)


def _estados(name: str, now: Sequence[object], then: Sequence[object]) -> list[str]:
    lines = []
    gone = [shown(e) for e in now if e not in then]
    back = [shown(e) for e in then if e not in now]
    if gone:
        lines.append(f"{name}: pierde {', '.join(gone)}")
    if back:
        lines.append(f"{name}: vuelve a tener {', '.join(back)}")
    return lines


def combatant_changes(now: Encounter, then: Encounter) -> list[str]:
    """What going back from ``now`` to ``then`` (the encounter after the operation and
    before it) changes, line by line."""
    lines: list[str] = []
    before = {c.id: c for c in then.combatants}
    current = {c.id: c for c in now.combatants}
    for cid, gone in current.items():
        if cid not in before:
            lines.append(f"{shown(gone.nombre)} sale del combate")
    for cid, old in before.items():
        c = current.get(cid)
        name = shown(old.nombre)
        if c is None:
            lines.append(f"{name} vuelve al combate (Aguante {old.aguante})")
            continue
        if c.aguante != old.aguante:
            lines.append(f"{name}: Aguante {c.aguante} → {old.aguante}")
        lines.extend(_estados(name, c.estados, old.estados))
        if c.owner_id != old.owner_id and old.owner_id is not None:
            lines.append(f"{name}: vuelve a ser de <@{old.owner_id}>")
        for label, value, was in zip(BUDGETS, _budgets(c), _budgets(old), strict=True):
            if value != was:
                lines.append(f"{name}: {label} {_value(value)} → {_value(was)}")
    if (now.asalto, now.phase) != (then.asalto, then.phase):
        lines.append(f"Vuelve al asalto {then.asalto}, fase de los {then.phase.value}")
    if len(now.pending) != len(then.pending):
        lines.append(f"Defensas pendientes: {len(now.pending)} → {len(then.pending)}")
    if _tablero(now) != _tablero(then):  # (only Táctico has a board: Mesa never says it)
        lines.append("El tablero vuelve a como estaba")
    return lines


def _budgets(c: Combatant) -> tuple[object, ...]:
    """A combatant's numbers the preview reports, in the order of :data:`BUDGETS` (an
    enum as its value, as the document keeps it)."""
    respuesta = None if c.respuesta is None else c.respuesta.value
    return (c.accion.value, c.movimiento, respuesta, c.aliento, c.esencia, c.status.value)


def _tablero(enc: Encounter) -> object:
    """The board and its figures' turn, what a player sees as the board."""
    tablero, turn = enc.state.tablero, enc.state.turn
    return (
        None if tablero is None else tablero.to_dict(),
        None if turn is None else turn.to_dict(),
    )


def sheet_changes(sheets: Sequence[SheetChange]) -> list[str]:
    """Lines of the sheets an undo puts back (after → before)."""
    lines = []
    for sheet in sheets:
        before, after = sheet.before, sheet.after
        pairs = (
            ("Aguante", before.aguante, after.aguante),
            ("Aliento", before.aliento, after.aliento),
            ("Esencia", before.esencia, after.esencia),
            ("estados", before.estados, after.estados),
        )
        for label, was, value in pairs:
            if was != value:
                lines.append(
                    f"Ficha de {shown(sheet.nombre)}: {label} {_value(value)} → {_value(was)}"
                )
        if before.owner_id is not None and before.owner_id != after.owner_id:
            lines.append(f"{shown(sheet.nombre)} vuelve a ser de <@{before.owner_id}>")
    return lines


def _cut(lines: Sequence[str]) -> str:
    kept = list(lines[:LINES_MAX])
    if len(lines) > LINES_MAX:
        kept.append(f"… y {len(lines) - LINES_MAX} cambios más")
    return cut("\n".join(kept), 4000) or "Nada visible cambia (solo el orden interno)."


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
