"""Embeds for ``/tirar`` (generic dice and the seeds' other systems) and ``/historial``.

Pure: results in, ``discord.Embed`` out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.records.dice import ExpressionRoll, GradedRoll, PoolRoll
from bot.records.rolls import Adjustment, Adjustments, Correction, Undone
from bot.render.limits import AUTHOR_MAX, FIELD_NAME_MAX, PAGE_CHARS, PAGE_LINES, cut, split_text
from bot.render.rolls import GRADE_COLOURS, signed
from bot.render.safe import in_backticks, plain, shown
from bot.storage import RollLogEntry
from bot.storage.rolllog import SAID_COMMAND as SAID
from umbral_rules import Grade
from umbral_rules.porcentual.tiradas import InitiativeRoll, PercentileRoll
from umbral_rules.roller.saved import Use

NEUTRAL = discord.Colour(0x5865F2)
SUCCESS = discord.Colour(0x27AE60)
FAILURE = discord.Colour(0xC0392B)
MAX_FIELD = 1024
#: ``/historial``: someone whose name the guild no longer gives (left, or Discord didn't say).
NOT_A_MEMBER = "alguien que ya no está en el servidor"


def _clip(text: str, limit: int = MAX_FIELD) -> str:
    return cut(text, limit)


def _roll_field(roll: ExpressionRoll, room: int) -> tuple[str, str]:
    """One roll as one line split in a field: «`4d6k3` (los 3 mayores) = 14» over «6, 5,
    3, ~~1~~»; how it was read moves below when the name would be too long."""
    which = f" · {roll.set_number} de {roll.sets}" if roll.sets > 1 else ""
    total = f"{which} = {roll.total}{roll.unit}"
    reading = f" ({roll.reading})" if roll.reading else ""
    value = roll.breakdown + "".join(f" · {label}" for label in roll.labels)
    if len(roll.expression) + len(reading) + len(total) + 2 > FIELD_NAME_MAX:
        value, reading = f"{reading.strip()} {value}".strip(), ""
    room_name = FIELD_NAME_MAX - len(total) - len(reading) - 2
    return f"{in_backticks(cut(roll.expression, room_name))}{reading}{total}", _clip(value, room)


def _embed(title: str, who: str, motivo: str | None, colour: discord.Colour) -> discord.Embed:
    embed = discord.Embed(title=title, colour=colour)
    embed.set_author(name=plain(who, AUTHOR_MAX))
    if motivo:
        embed.description = _clip(shown(motivo), 300)
    return embed


def expression_embed(
    rolls: Sequence[ExpressionRoll],
    *,
    who: str,
    motivo: str | None = None,
    umbral: int | None = None,
    grade: Grade | None = None,
    successes: Sequence[int] | None = None,
    private: bool = False,
    saved: Sequence[Use] = (),
) -> discord.Embed:
    colour = GRADE_COLOURS[grade] if grade is not None else NEUTRAL
    title = "Tirada privada" if private else "Tirada"
    embed = _embed(title, who, motivo, colour)
    listed = saved_lines(saved) if saved else ""
    # all the rolls (and the saved rolls they used) within 6,000 characters
    room = min(900, (4500 - len(listed)) // max(1, len(rolls)))
    for i, roll in enumerate(rolls):
        name, value = _roll_field(roll, room)
        lines = [value]
        if successes is not None:
            lines.append(f"Éxitos: **{successes[i]}**")
        embed.add_field(name=name, value="\n".join(lines), inline=False)
    in_sets = [roll for roll in rolls if roll.sets > 1]
    if in_sets:
        embed.add_field(
            name="Totales",
            value=_clip(", ".join(str(roll.total) for roll in in_sets)),
            inline=False,
        )
    if umbral is not None and grade is not None:
        margen = rolls[0].total - umbral
        embed.add_field(
            name="Contra Umbral",
            value=f"{rolls[0].total} contra {umbral}: margen {signed(margen)} (bandas de 4) "
            f"→ **{grade.label}**",
            inline=False,
        )
    if listed:
        embed.add_field(name="Tiradas guardadas", value=listed, inline=False)
    return embed


def saved_lines(used: Sequence[Use]) -> str:
    """Which saved rolls an expression used, and whose: the player's own hides the
    server's of the same name (saved names are one word and saved expressions hold no
    backtick: both sit in code spans as they are)."""
    lines = []
    for use in used:
        whose = "tuya" if use.own else "del servidor"
        if use.shadows:
            whose += ", en lugar de la del servidor"
        lines.append(f"`{use.nombre}` ({whose}) = `{use.expresion}`")
    return _clip("\n".join(lines))


def pool_embed(roll: PoolRoll, *, who: str, motivo: str | None = None) -> discord.Embed:
    colour = SUCCESS if roll.success else FAILURE
    embed = _embed("Reserva de d6", who, motivo, colour)
    faces = ", ".join(
        f"**{face}**" if i in roll.kept else f"~~{face}~~" for i, face in enumerate(roll.faces)
    )
    kept = " + ".join(str(roll.faces[i]) for i in roll.kept)
    mod = f" {signed(roll.modifier)}" if roll.modifier else ""
    embed.add_field(
        name=f"{roll.rank + roll.bonus}d6, se guardan los {roll.rank} mayores",
        value=f"{faces}\n{kept}{mod} = **{roll.total}**",
        inline=False,
    )
    verdict = f"supera por {roll.total - roll.difficulty}" if roll.success else "no la supera"
    grados = f" · {roll.degrees} grado(s) de éxito" if roll.success else ""
    embed.add_field(name="Dificultad", value=f"{roll.difficulty}: {verdict}{grados}", inline=False)
    embed.set_footer(text=f"Valor pasivo: {roll.rank} × 4 + {roll.bonus} = {roll.passive}")
    return embed


def graded_embed(roll: GradedRoll, *, who: str, motivo: str | None = None) -> discord.Embed:
    colour = SUCCESS if roll.margen >= 0 else FAILURE
    embed = _embed("d100 graduado", who, motivo, colour)
    mod = f" {signed(roll.modifier)} % = {roll.chance} %" if roll.modifier else ""
    embed.add_field(
        name=f"d100: {roll.roll} contra {roll.percentage} %{mod}",
        value=f"Margen {signed(roll.margen)} → **{roll.grade}** (daño ×{roll.multiplier:g})",
        inline=False,
    )
    return embed


def percentile_embed(roll: PercentileRoll, *, who: str, motivo: str | None = None) -> discord.Embed:
    colour = SUCCESS if roll.success else FAILURE
    embed = _embed("Tirada porcentual", who, motivo, colour)
    mod = f" {signed(roll.modifier)} %" if roll.modifier else ""
    embed.add_field(
        name=f"d100: {roll.roll} bajo {roll.skill} %{mod} = {roll.target} %",
        value=f"**{roll.label}**",
        inline=False,
    )
    return embed


def initiative_embed(roll: InitiativeRoll, *, who: str, motivo: str | None = None) -> discord.Embed:
    embed = _embed("Iniciativa", who, motivo, NEUTRAL)
    mod = f" {signed(roll.modifier)}" if roll.modifier else ""
    embed.add_field(
        name="1D10 + AGI",
        value=f"{roll.face} + {roll.agilidad}{mod} = **{roll.total}**",
        inline=False,
    )
    return embed


def _entry_line(entry: RollLogEntry, names: Mapping[int, str], hidden: bool) -> str:
    when = entry.created_at.strftime("%d/%m %H:%M:%S") if entry.created_at else "?"
    who = shown(names.get(entry.user_id, NOT_A_MEMBER))
    parts = [f"`#{entry.id}` {when}", who, f"/{entry.command}"]
    if entry.actor or entry.target:  # who rolled (a character, an enemy) and against whom
        parts.append(
            shown(entry.actor or "?") + (f" → {shown(entry.target)}" if entry.target else "")
        )
    if entry.command == SAID:  # a line said as a character (/decir): its text, if kept
        parts.append("(línea borrada)" if entry.said_deleted else f"«{shown(entry.said)}»")
        return " · ".join(parts)
    result = entry.result
    motivo = None if hidden else entry.motivo or result.motivo
    if isinstance(result, Undone):  # an undo's entry: which rolls it took back
        undone = ", ".join(f"#{i}" for i in result.deshace)
        parts.append(f"deshace {undone} (/{result.operacion or '?'})")
    elif isinstance(result, Adjustments | Correction):  # set by hand: before → after
        if isinstance(result, Adjustments):  # /ficha ajustar, /descanso, /encuentro ajustar
            parts.extend(_adjustment(a) for a in result.ajustes)
        else:  # another game's /… ajustar
            moved = [f"{c.campo} {shown(c.antes)} → {shown(c.despues)}" for c in result.cambios]
            parts.append(f"{shown(result.nombre)}: " + (", ".join(moved) or "sin cambios"))
        if motivo:
            parts.append(f"motivo: {shown(motivo)}")
        return " · ".join(parts)
    elif hidden:
        parts.append("(tirada privada)")
    else:
        expression = result.expression()
        if expression:
            parts.append(in_backticks(expression))
        parts.append(f"dados {_faces(entry.dice)}")
        totals = result.totals()
        if totals:
            parts.append("= " + " / ".join(str(t) for t in totals))
        verdict = result.verdict()
        if verdict:
            parts.append(str(verdict))
        if motivo:
            parts.append(f"motivo: {shown(motivo)}")
    if entry.physical:
        parts.append("dado físico")
    return " · ".join(parts)


def _adjustment(change: Adjustment) -> str:
    before, after = change.antes, change.despues
    pairs = (
        ("aguante", before.aguante, after.aguante),
        ("aliento", before.aliento, after.aliento),
        ("esencia", before.esencia, after.esencia),
        ("estados", before.estados, after.estados),
    )
    moved = [f"{label} {_shown(a)} → {_shown(b)}" for label, a, b in pairs if a != b]
    return f"{shown(change.nombre)}: " + (", ".join(moved) or "sin cambios")


def _shown(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value) or "ninguno"
    return shown(value)


def _faces(dice: Sequence[object]) -> str:
    """Every face of a logged roll: dice are stored as dicts with ``faces`` or as numbers."""
    faces: list[str] = []
    for die in dice:
        got = die.get("faces", []) if isinstance(die, Mapping) else [die]
        faces.extend(str(face) for face in got)
    return "[" + ", ".join(faces) + "]"


def history_embed(
    entries: Sequence[RollLogEntry],
    *,
    names: Mapping[int, str],
    viewer_id: int,
    viewer_is_gm: bool,
    undone: frozenset[int] = frozenset(),
) -> discord.Embed:
    """The first page of :func:`history_pages`."""
    return history_pages(
        entries, names=names, viewer_id=viewer_id, viewer_is_gm=viewer_is_gm, undone=undone
    )[0]


def history_pages(
    entries: Sequence[RollLogEntry],
    *,
    names: Mapping[int, str],
    viewer_id: int,
    viewer_is_gm: bool,
    undone: frozenset[int] = frozenset(),
) -> list[discord.Embed]:
    """The log's lines, a page of at most 20 lines (and 3,500 characters) per embed;
    ``undone``: ids of rolls a /deshacer took back (shown, marked «deshecha»)."""
    if not entries:
        return [history_page([])]
    lines = history_lines(
        entries, names=names, viewer_id=viewer_id, viewer_is_gm=viewer_is_gm, undone=undone
    )
    return [history_page([chunk]) for chunk in split_text(lines, PAGE_CHARS, PAGE_LINES)]


HISTORY_EMPTY = "No hay tiradas registradas con esos filtros."
HISTORY_FOOTER = "El registro no se puede editar ni borrar."


def history_lines(
    entries: Sequence[RollLogEntry],
    *,
    names: Mapping[int, str],
    viewer_id: int,
    viewer_is_gm: bool,
    undone: frozenset[int] = frozenset(),
) -> list[str]:
    """One line per entry (another's private roll only as «tirada privada»; an undone one
    struck through and marked «deshecha»), each cut to fit a page."""
    lines = []
    for entry in entries:
        hidden = bool(entry.result.privada) and not (viewer_is_gm or entry.user_id == viewer_id)
        line = _entry_line(entry, names, hidden)
        lines.append(cut(f"~~{line}~~ «deshecha»" if entry.id in undone else line, PAGE_CHARS))
    return lines


def fitting(lines: Sequence[str]) -> int:
    """How many of ``lines`` (at least one) fit one page: 20 lines, 3,500 characters."""
    size, count = 0, 0
    for line in lines[:PAGE_LINES]:
        size += len(line) + (1 if count else 0)
        if count and size > PAGE_CHARS:
            break
        count += 1
    return max(1, min(count, len(lines)))


def history_page(lines: Sequence[str], footer: str = "") -> discord.Embed:
    """A page of the log: ``lines`` as they come (none: «no hay tiradas…»)."""
    text = "\n".join(lines) if lines else HISTORY_EMPTY
    embed = discord.Embed(title="Historial de tiradas", description=text, colour=NEUTRAL)
    if lines:
        embed.set_footer(text=" · ".join(x for x in (HISTORY_FOOTER, footer) if x))
    return embed
