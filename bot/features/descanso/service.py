"""``/ficha ajustar`` and ``/descanso``: the GM sets a character's current numbers by hand.

A character in this channel's active encounter changes through its combatant (the save
writes the sheet in the same transaction: one sheet of truth); one in another channel's
active encounter is refused (adjust it there); any other changes on the sheet alone. The
unit of work records the undo (the encounter's state and/or the sheets before → after), and
the roll log gets one entry with the changes, so ``/historial`` shows them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.features.common import ids, send, storage_of
from bot.features.encuentro.tracker import refresh_tracker
from bot.permissions import require_gm
from bot.render.encounter import events_embed
from bot.storage.undo import SheetChange
from umbral_rules import UmbralError
from umbral_rules.encounter.estados import estado_key, estado_table
from umbral_rules.text import word_key

#: The numbers a hand adjustment may set, as the sheet (and the combatant) names them.
FIELDS = ("aguante", "aliento", "esencia", "estados")
NONE_WORDS = frozenset({"", "ninguno", "ninguna", "nada", "-"})
ELSEWHERE = (
    "{nombre} está en el encuentro activo de <#{canal}>: ajústalo desde ese canal "
    "(el combate y la ficha cambian juntos)."
)


@dataclass
class Adjusted:
    """What the command changed, for its reply."""

    lines: list[str] = field(default_factory=list)
    enc: Any = None
    tracker_id: int | None = None


def values_of(row: Any) -> dict[str, Any]:
    return {name: list(getattr(row, name)) if name == "estados" else getattr(row, name)
            for name in FIELDS}  # fmt: skip


def parse_estados(text: str, settings: dict[str, Any] | None = None) -> list[str]:
    """``"Aturdido, sangrando"`` → ``["aturdido", "sangrando"]``; «ninguno» → ``[]``."""
    if word_key(text) in NONE_WORDS:
        return []
    table = estado_table(settings or {})
    keys: list[str] = []
    for part in text.split(","):
        key = estado_key(part)
        if key not in table:
            known = ", ".join(label for label, _ in table.values())
            raise UmbralError(f"Estado desconocido «{part.strip()}»: los estados son {known}.")
        if key not in keys:
            keys.append(key)
    return keys


def _check_range(nombre: str, wanted: dict[str, Any], row: Any) -> None:
    for name, label in (("aguante", "Aguante"), ("aliento", "Aliento"), ("esencia", "Esencia")):
        value = wanted.get(name)
        top = getattr(row, f"{name}_max")
        if value is not None and not 0 <= value <= top:
            raise UmbralError(f"{label} de {nombre} va de 0 a {top}.")


def change_line(nombre: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    parts = []
    for name in FIELDS:
        if before.get(name) != after.get(name):
            old: Any = before.get(name)
            new: Any = after.get(name)
            if name == "estados":
                parts.append(
                    f"estados {', '.join(old) or 'ninguno'} → {', '.join(new) or 'ninguno'}"
                )
            else:
                parts.append(f"{name.capitalize()} {old} → {new}")
    return f"{nombre}: " + ("; ".join(parts) if parts else "sin cambios")


def _apply_to_combatant(enc: Any, c: Any, wanted: dict[str, Any]) -> None:
    enc.adjust(c.id, aguante=wanted.get("aguante"), aliento=wanted.get("aliento"),
               esencia=wanted.get("esencia"))  # fmt: skip
    if wanted.get("estados") is not None:
        for estado in [e for e in c.estados if e not in wanted["estados"]]:
            enc.set_estado(c.id, estado, False)
        for estado in [e for e in wanted["estados"] if e not in c.estados]:
            enc.set_estado(c.id, estado, True)


async def adjust(
    interaction: discord.Interaction,
    uow: Any,
    command: str,
    changes: list[tuple[Any, dict[str, Any]]],
    motivo: str | None,
) -> Adjusted:
    """Set each ``(character row, wanted values)``; GM only. Returns the reply's lines."""
    enc = await uow.encounter.get()
    info = uow.encounter.info
    settings = await uow.guild.get()
    require_gm(interaction, settings.gm_role_id, info.creator_id if enc else None,
               "ajustar fichas o dar descanso")  # fmt: skip
    out = Adjusted(enc=enc, tracker_id=info.tracker_message_id if enc else None)
    log: list[dict[str, Any]] = []
    touched_encounter = False
    for row, wanted in changes:
        _check_range(row.nombre, wanted, row)
        c = None if enc is None else next(
            (c for c in enc.combatants if c.character_id == row.id), None
        )  # fmt: skip
        if c is None:
            channel = await uow.characters.fighting_in(row.id)
            if channel is not None:
                raise UmbralError(ELSEWHERE.format(nombre=row.nombre, canal=channel))
        before = values_of(row) if c is None else _combatant_values(c)
        if c is not None:
            _apply_to_combatant(enc, c, wanted)
            after = _combatant_values(c)
            touched_encounter = True
        else:
            for name, value in wanted.items():
                if value is not None:
                    setattr(row, name, value)
            after = values_of(row)
            uow.undo.sheets.append(SheetChange(row.id, row.nombre, before, after))
        out.lines.append(change_line(row.nombre, before, after))
        log.append({"nombre": row.nombre, "antes": before, "despues": after})
    if touched_encounter:
        await uow.encounter.save(enc)
    result: dict[str, Any] = {"ajustes": log}
    if motivo:
        result["motivo"] = motivo
    single = changes[0][0] if len(changes) == 1 else None
    await uow.rolls.append(
        user_id=interaction.user.id,
        command=command,
        dice=[],
        result=result,
        actor=", ".join(row.nombre for row, _ in changes) if single is None else single.nombre,
        character_id=None if single is None else single.id,
        motivo=motivo,
    )
    return out


def _combatant_values(c: Any) -> dict[str, Any]:
    return {"aguante": c.aguante, "aliento": c.aliento, "esencia": c.esencia,
            "estados": list(c.estados)}  # fmt: skip


async def find_character(uow: Any, nombre: str, owner_id: int | None) -> Any:
    """A character of this server by name (and owner, when several share the name)."""
    found = [
        row for row in await uow.characters.all_by_name(nombre)
        if owner_id is None or row.owner_id == owner_id
    ]  # fmt: skip
    if not found:
        raise UmbralError(f"No hay ningún personaje «{nombre}» en este servidor.")
    if len(found) > 1:
        raise UmbralError(f"Hay {len(found)} personajes «{nombre}»: di de quién con «dueño».")
    return found[0]


def rest_values(row: Any) -> dict[str, Any]:
    """[D] A rest: full Aguante, Aliento and Esencia, no estados (the texts give no rules)."""
    return {"aguante": row.aguante_max, "aliento": row.aliento_max,
            "esencia": row.esencia_max, "estados": []}  # fmt: skip


async def run(
    interaction: discord.Interaction,
    command: str,
    title: str,
    pick: Any,
    motivo: str | None,
) -> None:
    """Defer → in one unit: ``pick(uow)`` the (row, values) pairs, adjust → post → tracker."""
    guild_id, channel_id = ids(interaction)
    await interaction.response.defer(thinking=True)

    async def work(uow: Any) -> Adjusted:
        return await adjust(interaction, uow, command, await pick(uow), motivo)

    done = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
    lines = [*done.lines, *([f"Motivo: {motivo}"] if motivo else [])]
    embed = events_embed(title, lines)
    embed.set_footer(text="Lo ha hecho el máster; /deshacer lo devuelve a como estaba.")
    await send(interaction, embed=embed)
    if done.enc is not None and done.tracker_id is not None:
        await refresh_tracker(interaction, done.enc, done.tracker_id)


async def run_ajustar(
    interaction: discord.Interaction,
    personaje: str,
    dueno: discord.abc.User | None,
    given: dict[str, Any],
    motivo: str | None,
) -> None:
    """``/ficha ajustar``: ``given`` the options (``estados`` as typed)."""
    if all(value is None for value in given.values()):
        raise UmbralError("Di qué ajustar: aguante, aliento, esencia o estados.")
    estados = given.get("estados")
    wanted = {**given, "estados": None if estados is None else parse_estados(estados)}

    async def pick(uow: Any) -> list[tuple[Any, dict[str, Any]]]:
        row = await find_character(uow, personaje, dueno.id if dueno else None)
        return [(row, wanted)]

    await run(interaction, "ficha ajustar", "Ficha ajustada", pick, motivo)
