"""Canción de hielo y fuego on Discord, pure: the tracker of an encounter (:func:`draw`,
registered in :mod:`bot.render.trackers`), a sheet with its derived numbers and the replies
made of the rules' events (their Spanish lines, escaped: they carry typed names)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import discord

from bot.jsontypes import JsonObject
from bot.render.limits import DESCRIPTION_MAX, EMBEDS_TOTAL_MAX, FIELD_VALUE_MAX, cut
from bot.render.safe import shown
from bot.render.tracker import ENDED_COLOUR, TRACKER_COLOUR
from umbral_rules.hielo.combat_state import Combat, Fase, Fighter, Status
from umbral_rules.hielo.constants import (
    AGILIDAD,
    CONSTITUCION,
    OBSERVACION,
    PERCEPCION,
    VOLUNTAD,
)
from umbral_rules.hielo.events import Event
from umbral_rules.hielo.intrigue_state import Intrigante, Intrigue
from umbral_rules.hielo.sheet import Sheet, display

EVENT_COLOUR = discord.Colour(0x5D8AA8)
SHEET_COLOUR = discord.Colour(0x7F8C8D)
STATUS = {Status.VENCIDO: "vencido", Status.RENDIDO: "rendido"}
#: The sides as the bot names them (others are shown as stored).
SIDE_LABELS = {"jugadores": "Jugadores", "enemigos": "Enemigos"}


def within_total(embed: discord.Embed) -> discord.Embed:
    """``embed`` cut, its longest part first, to Discord's total of 6,000 characters."""
    while len(embed) > EMBEDS_TOTAL_MAX:
        over = len(embed) - EMBEDS_TOTAL_MAX
        values = [len(f.value or "") for f in embed.fields]
        described = len(embed.description or "")
        if described >= max(values, default=0):
            embed.description = cut(embed.description or "", max(1, described - over - 1))
            continue
        index = values.index(max(values))
        field = embed.fields[index]
        embed.set_field_at(
            index,
            name=field.name or "—",
            value=cut(field.value or "—", max(1, values[index] - over - 1)),
            inline=bool(field.inline),
        )
    return embed


def event_lines(events: Iterable[Event]) -> list[str]:
    return [e.message for e in events if e.message]


def reply_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    """A title and one line per event (typed names in them: escaped)."""
    text = "\n".join(f"• {shown(line)}" for line in lines if line)
    return discord.Embed(
        title=cut(shown(title), 256),
        description=cut(text, DESCRIPTION_MAX) or None,
        colour=EVENT_COLOUR,
    )


# --- the tracker -----------------------------------------------------------------------------


def fighter_line(combat: Combat, f: Fighter) -> str:
    """``▶ **Yorgen** — Salud 6/9 · Defensa 9 · leves 1/3 · graves 0/3 · fatiga 0 · destino 1``."""
    mark = "▶ " if combat.current == f.id else ""
    name = f"{mark}**{shown(f.sheet.nombre)}**"
    if not f.active:
        return f"{name} — {STATUS[f.status]}"
    con = f.constitucion
    defensa = f.sheet.defensa_combate(ignorar_armadura=f.sin_armadura(combat.asalto))
    parts = [
        f"Salud {f.salud}/{f.sheet.salud_max}",
        f"Defensa {defensa}",
        f"Protección {f.sheet.proteccion}",
        f"leves {f.heridas_leves}/{con}",
        f"graves {f.heridas_graves}/{con}",
        f"fatiga {f.fatiga}/{con}",
        f"destino {f.destino}",
    ]
    notes = []
    if f.sorpresa and combat.asalto <= 1:
        notes.append("sorpresa +1D")
    if f.id in combat.reservados:
        notes.append("acción reservada")
    if f.ignora_armadura or f.armadura_asalto == combat.asalto:
        notes.append("sin penalización de armadura")
    if f.ignora_leves:
        notes.append("ignora sus heridas leves")
    if f.graves_ignoradas:
        notes.append(f"ignora {f.graves_ignoradas} herida(s) grave(s)")
    if f.menos_d:
        notes.append(f"−{f.menos_d}D en su próxima tirada")
    if combat.current == f.id:
        notes.append(f"le quedan {f.menores} acciones menores")
    return f"{name} — " + " · ".join(parts + notes)


def participant_line(state: Intrigue, p: Intrigante) -> str:
    """``▶ **Yorgen** — Compostura 4/6 · Defensa en intrigas 9 · actitud 4 (FA 1) · …``."""
    mark = "▶ " if state.current == p.id else ""
    name = f"{mark}**{shown(p.sheet.nombre)}**"
    if p.vencido:
        return f"{name} — Compostura 0: vencido"
    factor = state.factor(p)
    actitud = f"actitud {p.actitud}" + (
        f" ({shown(factor.nombre)}, FA {factor.fa})" if factor else " (sin FA: la da el máster)"
    )
    parts = [
        f"Compostura {p.compostura}/{p.sheet.compostura_max}",
        f"Defensa en intrigas {p.defensa}",
        actitud,
        f"objetivo {shown(p.objetivo)}",
        f"destino {p.destino}",
    ]
    if p.tecnica:
        parts.append(f"técnica {shown(p.tecnica.nombre)} ({p.tecnica.influencia}/grado)")
    if p.frustracion:
        parts.append(f"Frustración {p.frustracion} (−{p.frustracion}D a Engaño y Persuasión)")
    return f"{name} — " + " · ".join(parts)


def intrigue_field(embed: discord.Embed, doc: JsonObject) -> None:
    """The intrigue of the encounter, if one is played: its exchange, whose turn, people."""
    data = doc.get("intriga")
    entradas = doc.get("intriga_entradas") or []
    if data is None:
        if entradas:
            names = ", ".join(shown(e["sheet"]["nombre"]) for e in entradas)
            embed.add_field(
                name="Intriga (antes del primer intercambio)",
                value=cut(names, FIELD_VALUE_MAX),
                inline=False,
            )
        return
    state = Intrigue.from_dict(data)
    lines: list[str] = []
    if state.pendiente is not None:
        who = shown(state.participante(state.pendiente.objetivo).sheet.nombre)
        influencia = state.pendiente.influencia
        lines.append(
            f"Se espera a **{who}**: {influencia} de Influencia (/hielo intriga frustración)."
        )
    elif state.current is not None:
        lines.append(f"Turno de **{shown(state.participante(state.current).sheet.nombre)}**.")
    if state.vencedor:
        lines.append(f"Vence el bando {shown(state.vencedor)}.")
    lines += [participant_line(state, p) for p in state.participantes]
    title = f"Intriga — intercambio {state.intercambio}" + (
        " (terminada)" if state.terminada else ""
    )
    embed.add_field(name=title, value=cut("\n".join(lines), FIELD_VALUE_MAX), inline=False)


def waiting_embed(doc: JsonObject, since: datetime | None) -> discord.Embed:
    """``/encuentro pendientes``: whom the encounter waits for, and since when."""
    combat = Combat.from_dict(doc)
    when = "" if since is None else f" desde <t:{int(since.timestamp())}:R>"
    lines: list[str] = []
    if combat.pendiente is not None:
        who = shown(combat.fighter(combat.pendiente.defensor).sheet.nombre)
        lines.append(f"{who} debe decidir cómo recibe {combat.pendiente.dano} de daño{when}")
    elif combat.current is not None:
        lines.append(f"{shown(combat.fighter(combat.current).sheet.nombre)}: su turno{when}")
    data = doc.get("intriga")
    if data is not None:
        state = Intrigue.from_dict(data)
        if state.pendiente is not None:
            who = shown(state.participante(state.pendiente.objetivo).sheet.nombre)
            lines.append(f"{who} debe decidir si sufre Frustración{when}")
        elif state.current is not None:
            who = shown(state.participante(state.current).sheet.nombre)
            lines.append(f"{who}: su turno en la intriga{when}")
    text = "\n".join(f"• {line}" for line in lines) or "Nadie tiene nada pendiente ahora."
    title = "Pendiente — Canción de hielo y fuego"
    if combat.asalto:
        title += f", asalto {combat.asalto}"
    return discord.Embed(title=title, description=cut(text, DESCRIPTION_MAX), colour=EVENT_COLOUR)


def draw(doc: JsonObject, ended: bool) -> discord.Embed:
    """The tracker of a stored encounter: the asalto, whose turn, each side's combatants,
    and the intrigue played in it."""
    embed = draw_combat(doc, ended)
    intrigue_field(embed, doc)
    return within_total(embed)


def draw_combat(doc: JsonObject, ended: bool) -> discord.Embed:
    combat = Combat.from_dict(doc)
    over = ended or combat.fase is Fase.TERMINADO
    intrigue_only = not combat.fighters and (doc.get("intriga") or doc.get("intriga_entradas"))
    if intrigue_only:
        title = "Canción de hielo y fuego — intriga"
    elif combat.fase is Fase.PREPARACION:
        title = "Canción de hielo y fuego — preparación"
    else:
        title = f"Canción de hielo y fuego — asalto {combat.asalto}"
    if over:
        title += " (terminado)"
    lines: list[str] = []
    if combat.pendiente is not None:
        p = combat.pendiente
        who = shown(combat.fighter(p.defensor).sheet.nombre)
        lines.append(f"Se espera a **{who}**: recibe {p.dano} de daño (/hielo daño).")
    elif combat.current is not None:
        lines.append(f"Turno de **{shown(combat.fighter(combat.current).sheet.nombre)}**.")
    elif combat.fase is Fase.ASALTO:
        lines.append("Todos han actuado: /asalto tira la iniciativa del siguiente.")
    if combat.vencedor:
        lines.append(f"Vence el bando {shown(SIDE_LABELS.get(combat.vencedor, combat.vencedor))}.")
    if combat.orden and combat.fase is Fase.ASALTO:
        order = ", ".join(shown(combat.fighter(i).sheet.nombre) for i in combat.orden)
        lines.append(f"Iniciativa: {order}.")
    embed = discord.Embed(
        title=title,
        description=cut("\n".join(lines), DESCRIPTION_MAX) or None,
        colour=ENDED_COLOUR if over else TRACKER_COLOUR,
    )
    sides: dict[str, list[Fighter]] = {}
    for f in combat.fighters:
        sides.setdefault(f.bando, []).append(f)
    for side, fighters in sides.items():
        value = "\n".join(fighter_line(combat, f) for f in fighters)
        embed.add_field(
            name=cut(shown(SIDE_LABELS.get(side, side)), 256),
            value=cut(value, FIELD_VALUE_MAX),
            inline=False,
        )
    if not combat.fighters and not doc.get("intriga") and not doc.get("intriga_entradas"):
        embed.add_field(
            name="Nadie aún",
            value="Jugadores: /encuentro unirse. Máster: /encuentro enemigos.",
            inline=False,
        )
    return embed


# --- a sheet -------------------------------------------------------------------------------


def sheet_embed(sheet: Sheet, title: str) -> discord.Embed:
    """A sheet: abilities, specialties, weapons, armour, destiny and the numbers derived."""
    habilidades = ", ".join(
        f"{shown(display(name))} {rango}" for name, rango in sorted(sheet.habilidades.items())
    )
    especialidades = ", ".join(
        f"{shown(s.nombre)} {s.dados_bonificacion}B ({shown(display(s.habilidad))})"
        for s in sheet.especialidades
    )
    armas = ", ".join(
        f"{shown(w.nombre)} (daño {w.dano}, {display(w.habilidad)}"
        + (f" · {shown(w.especialidad)}" if w.especialidad else "")
        + ")"
        for w in sheet.armas
    )
    armour = sheet.armadura
    armadura = (
        f"{shown(armour.nombre)}: Protección {armour.proteccion}, Penalización "
        f"{armour.penalizacion}"
        if armour
        else "ninguna"
    )
    defensa = " + ".join(
        f"{t.nombre} {t.valor}" if t.valor >= 0 else f"{t.nombre} −{-t.valor}"
        for t in sheet.defensa_combate_terminos()
    )
    derived = [
        f"Defensa en combate: **{sheet.defensa_combate()}** ({defensa})",
        f"Salud: **{sheet.salud_max}** (Constitución {sheet.rango(CONSTITUCION)} × 3)",
        f"Compostura: **{sheet.compostura_max}** (Voluntad {sheet.rango(VOLUNTAD)} × 3)",
        f"Defensa en intrigas: **{sheet.defensa_intrigas()}** (Estatus + Ingenio + Percepción)",
        f"Percepción pasiva: **{sheet.pasivo(PERCEPCION, OBSERVACION)}** (con Observación)",
        f"Iniciativa: Agilidad {sheet.rango(AGILIDAD)} con Rapidez, "
        f"− Penalización {sheet.penalizacion_armadura}",
    ]
    embed = discord.Embed(title=cut(shown(title), 256), colour=SHEET_COLOUR)
    embed.add_field(
        name="Habilidades",
        value=cut((habilidades or "ninguna escrita") + " · las demás, rango 2", FIELD_VALUE_MAX),
        inline=False,
    )
    embed.add_field(
        name="Especialidades", value=cut(especialidades or "ninguna", FIELD_VALUE_MAX), inline=False
    )
    embed.add_field(name="Armas", value=cut(armas or "ninguna", FIELD_VALUE_MAX), inline=False)
    embed.add_field(name="Armadura", value=cut(armadura, FIELD_VALUE_MAX), inline=False)
    embed.add_field(
        name="Escudo y destino",
        value=f"Escudo +{sheet.escudo} · Puntos de destino {sheet.destino}",
        inline=False,
    )
    embed.add_field(name="Números", value=cut("\n".join(derived), FIELD_VALUE_MAX), inline=False)
    return within_total(embed)


def sheet_list_embed(
    title: str, rows: Sequence[tuple[str, int | None]], empty: str
) -> discord.Embed:
    """Names, each with its owner mentioned (an embed's mention never pings)."""
    text = (
        "\n".join(
            f"• {shown(n)}" + (f" (de <@{owner}>)" if owner is not None else "")
            for n, owner in rows
        )
        or empty
    )
    return discord.Embed(title=title, description=cut(text, DESCRIPTION_MAX), colour=SHEET_COLOUR)
