"""``/ficha ajustar`` and ``/descanso``: the GM sets a character's current numbers by hand.

A character in this channel's active encounter changes through its combatant (the save
writes the sheet in the same transaction: one sheet of truth); one in another channel's
active encounter is refused (adjust it there); any other changes on the sheet alone. The
unit of work records the undo (the encounter's state and/or the sheets before → after), and
the roll log gets one entry with the changes, so ``/historial`` shows them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypedDict

import discord

from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.features.system import UMBRAL, UmbralTurn, guild_estados_extra
from bot.records.rolls import Adjustment, Adjustments, Numbers
from bot.records.undo import SheetChange
from bot.render.correction import CORRECTION_FOOTER
from bot.render.encounter import events_embed
from bot.render.safe import shown
from umbral_rules import UmbralError
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.estados import cabeza_keys, estado_key, estado_table
from umbral_rules.encounter.settings import EstadosExtra
from umbral_rules.text import name_not_found, word_key

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.storage import UnitOfWork
    from bot.storage.models import Character

Field = Literal["aguante", "aliento", "esencia", "estados"]
#: The numbers a hand adjustment may set, as the sheet (and the combatant) names them.
FIELDS: tuple[Field, ...] = ("aguante", "aliento", "esencia", "estados")
NONE_WORDS = frozenset({"", "ninguno", "ninguna", "nada", "-"})
ELSEWHERE = (
    "{nombre} está en el encuentro activo de <#{canal}>: ajústalo desde ese canal "
    "(el combate y la ficha cambian juntos)."
)


class Values(TypedDict):
    """A character's adjustable numbers (``None``: leave it as it is)."""

    aguante: int | None
    aliento: int | None
    esencia: int | None
    estados: list[str] | None


#: What a command adjusts: each character row with the values it gets.
Changes = list[tuple["Character", Values]]


@dataclass
class Adjusted:
    """What the command changed: the reply's lines and the roll log's entry (``changes``:
    the characters adjusted; ``log``: each one's values before and after)."""

    changes: Changes
    motivo: str | None
    lines: list[str] = field(default_factory=list)
    log: list[Adjustment] = field(default_factory=list)


def values_of(row: Character) -> Values:
    return Values(aguante=row.aguante, aliento=row.aliento, esencia=row.esencia,
                  estados=list(row.estados))  # fmt: skip


def parse_estados(text: str, estados_extra: EstadosExtra | None = None) -> list[str]:
    """``"Aturdido, sangrando"`` → ``["aturdido", "sangrando"]``; «ninguno» → ``[]``
    (``estados_extra``: the guild's own estados, if any are to be known)."""
    if word_key(text) in NONE_WORDS:
        return []
    table = estado_table(estados_extra or {})
    keys: list[str] = []
    for part in text.split(","):
        key = estado_key(part)
        if key not in table:
            known = ", ".join(label for label, _ in table.values())
            raise UmbralError(f"Estado desconocido «{part.strip()}»: los estados son {known}.")
        if key not in keys:
            keys.append(key)
    heads = [table[k][0] for k in keys if k in cabeza_keys(estados_extra or {})]
    if len(heads) > 1:
        raise UmbralError(
            f"De la cabeza solo se lleva un estado a la vez: {', '.join(heads)}. Elige uno."
        )
    return keys


def _check_range(nombre: str, wanted: Values, row: Character) -> None:
    for value, top, label in (
        (wanted["aguante"], row.aguante_max, "Aguante"),
        (wanted["aliento"], row.aliento_max, "Aliento"),
        (wanted["esencia"], row.esencia_max, "Esencia"),
    ):
        if value is not None and not 0 <= value <= top:
            raise UmbralError(f"{label} de {nombre} va de 0 a {top}.")


def change_line(nombre: str, before: Values, after: Values) -> str:
    parts = []
    for name in FIELDS:
        if before[name] != after[name]:
            if name == "estados":
                old, new = before["estados"] or [], after["estados"] or []
                parts.append(
                    f"estados {', '.join(old) or 'ninguno'} → {', '.join(new) or 'ninguno'}"
                )
            else:
                parts.append(f"{name.capitalize()} {before[name]} → {after[name]}")
    return f"{nombre}: " + ("; ".join(parts) if parts else "sin cambios")


def _apply_to_combatant(enc: Encounter, c: Combatant, wanted: Values) -> None:
    enc.adjust(c.id, aguante=wanted["aguante"], aliento=wanted["aliento"],
               esencia=wanted["esencia"])  # fmt: skip
    estados = wanted["estados"]
    if estados is not None:
        for estado in [e for e in c.estados if e not in estados]:
            enc.set_estado(c.id, estado, False)
        for estado in [e for e in estados if e not in c.estados]:
            enc.set_estado(c.id, estado, True)


async def adjust(turn: UmbralTurn, changes: Changes, motivo: str | None) -> Adjusted:
    """The rules of the step: set each ``(character row, wanted values)`` (the path has
    checked the GM and made the guild's tables current). The channel's tracker follows when
    the channel has an encounter with one."""
    uow, enc = turn.uow, turn.doc
    info = uow.encounter.info
    out = Adjusted(changes, motivo)
    if enc is None or info is None or info.tracker_message_id is None:
        turn.tracker = None
    touched_encounter = False
    for row, wanted in changes:
        _check_range(row.nombre, wanted, row)
        c = None if enc is None else next(
            (c for c in enc.combatants if c.character_id == row.id), None
        )  # fmt: skip
        if c is None:
            channel = await uow.characters.fighting_in(row.id)
            if channel is not None:
                raise UmbralError(
                    ELSEWHERE.format(nombre=shown(row.nombre), canal=channel), formatted=True
                )
        before = values_of(row) if c is None else _combatant_values(c)
        if enc is not None and c is not None:
            _apply_to_combatant(enc, c, wanted)
            after = _combatant_values(c)
            touched_encounter = True
        else:
            for name, value in wanted.items():
                if value is not None:
                    setattr(row, name, value)
            after = values_of(row)
            uow.undo.sheets.append(SheetChange.of(row.id, row.nombre, before, after))
        out.lines.append(change_line(row.nombre, before, after))
        then, now = Numbers.from_json(before), Numbers.from_json(after)
        out.log.append(Adjustment(nombre=row.nombre, antes=then, despues=now))
    turn.saves = touched_encounter
    return out


def log_adjusted(command: str) -> Callable[[UmbralTurn, Adjusted], Awaitable[None]]:
    """The step's own log: one entry with every change (``/historial`` shows them)."""

    async def log(turn: UmbralTurn, done: Adjusted) -> None:
        result = Adjustments(ajustes=done.log, motivo=done.motivo or None)
        changes = done.changes
        single = changes[0][0] if len(changes) == 1 else None
        await turn.uow.rolls.append(
            user_id=turn.ctx.user_id,
            command=command,
            dice=[],
            result=result,
            actor=", ".join(row.nombre for row, _ in changes) if single is None else single.nombre,
            character_id=None if single is None else single.id,
            motivo=done.motivo,
        )

    return log


def _combatant_values(c: Combatant) -> Values:
    return Values(aguante=c.aguante, aliento=c.aliento, esencia=c.esencia,
                  estados=list(c.estados))  # fmt: skip


async def find_character(uow: UnitOfWork, nombre: str, owner_id: int | None) -> Character:
    """A character of this server by name (and owner, when several share the name)."""
    found = [
        row for row in await uow.characters.all_by_name(nombre)
        if owner_id is None or row.owner_id == owner_id
    ]  # fmt: skip
    if not found:
        raise name_not_found(
            f"No hay ningún personaje «{nombre}» en este servidor: /ficha lista dice cuáles hay.",
            nombre,
            [r.nombre for r in await uow.characters.list_all()],
        )
    if len(found) > 1:
        raise UmbralError(f"Hay {len(found)} personajes «{nombre}»: di de quién con «dueño».")
    return found[0]


def rest_values(row: Character) -> Values:
    """[D] A rest: full Aguante, Aliento and Esencia, no estados (the texts give no rules)."""
    return Values(aguante=row.aguante_max, aliento=row.aliento_max,
                  esencia=row.esencia_max, estados=[])  # fmt: skip


async def run(
    ctx: Context,
    command: str,
    title: str,
    pick: Callable[[UnitOfWork], Awaitable[Changes]],
    motivo: str | None,
) -> None:
    """Defer → on the one path: ``pick(uow)`` the (row, values) pairs, adjust, log → post
    (the tracker follows the commit)."""
    ctx.ids()  # (refused in direct messages, before anything is deferred)
    await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: UmbralTurn) -> Adjusted:
        return await adjust(turn, await pick(turn.uow), motivo)

    step = Step(None, rules, need="get", own_log=log_adjusted(command))
    done = await run_step(ctx, UMBRAL, step)
    lines = [*done.lines, *([f"Motivo: {motivo}"] if motivo else [])]
    embed = events_embed(title, lines)
    embed.set_footer(text=CORRECTION_FOOTER)
    await send(ctx.interaction, embed=embed)


async def run_ajustar(
    ctx: Context,
    personaje: str,
    dueno: discord.abc.User | None,
    given: Mapping[str, int | str | None],
    motivo: str | None,
) -> None:
    """``/ficha ajustar``: ``given`` the options (``estados`` as typed)."""
    if all(value is None for value in given.values()):
        raise UmbralError("Di qué ajustar: aguante, aliento, esencia o estados.")
    estados = given.get("estados")

    async def pick(uow: UnitOfWork) -> Changes:
        row = await find_character(uow, personaje, dueno.id if dueno else None)
        guild = guild_estados_extra((await uow.guild.get()).extra_estados)
        wanted = Values(
            aguante=_number(given.get("aguante")),
            aliento=_number(given.get("aliento")),
            esencia=_number(given.get("esencia")),
            estados=None if estados is None else parse_estados(str(estados), guild),
        )
        return [(row, wanted)]

    await run(ctx, "ficha ajustar", "Ficha ajustada", pick, motivo)


def _number(value: int | str | None) -> int | None:
    return None if value is None else int(value)
