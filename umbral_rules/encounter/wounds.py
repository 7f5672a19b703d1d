"""Wounds and death (§8): damage to Aguante, falling, the secuelas roll, stabilising."""

from __future__ import annotations

from typing import Any

from ..dice import DiceSource, roll_d12
from ..errors import UmbralError
from ..genero import agree
from ..tables import (
    ALIENTO_COST,
    SECUELAS_ALIENTO_BONUS,
    SECUELAS_DEATH,
)
from .events import AlientoSpent, Event, Fell, SecuelasRolled
from .state import Combatant, EncounterState

#: The fields an attack or a defense may change on whoever takes the blow.
WOUND_FIELDS = ("aguante", "status", "secuelas", "secuelas_pendiente", "last_hit", "defended")


def wound_snapshot(c: Combatant) -> dict[str, Any]:
    return snapshot_fields(c, WOUND_FIELDS)


def snapshot_fields(c: Combatant, fields: tuple[str, ...]) -> dict[str, Any]:
    data = c.to_dict()
    return {key: data[key] for key in fields}


def restore_fields(c: Combatant, snapshot: dict[str, Any]) -> None:
    """Put back the fields a snapshot holds (the inverse of :func:`snapshot_fields`)."""
    restored = Combatant.from_dict({**c.to_dict(), **snapshot})
    for key in snapshot:
        setattr(c, key, getattr(restored, key))


def apply_damage(
    state: EncounterState,
    target: Combatant,
    damage: int,
    *,
    hit: dict[str, Any] | None = None,
    dice: DiceSource | None = None,
) -> tuple[int, int, list[Event]]:
    """Subtract damage from Aguante; at 0 a PC is Malherido, an enemy is out."""
    before = target.aguante
    target.aguante = max(0, before - damage)
    if hit is not None and damage > 0:
        target.last_hit = {**hit, "asalto": state.asalto, "damage": damage, "aguante": before}
    events: list[Event] = []
    if before > 0 and target.aguante == 0:
        events += fall(state, target, dice)
    return before, target.aguante, events


def fall(state: EncounterState, c: Combatant, dice: DiceSource | None) -> list[Event]:
    c.sosteniendo = None
    c.apuntando = False
    c.cargando = None
    state.extra["interponerse"] = [
        i for i in state.extra.get("interponerse", []) if i["protector"] != c.id
    ]
    # Nobody is attacked normally after falling: what waited for their defense is dropped.
    state.pending = [p for p in state.pending if p["defender"] != c.id]
    if not c.is_pc:
        c.status = "fuera"
        return [Fell(f"{c.nombre} cae y queda fuera del combate.", c.id, "fuera")]
    c.status = "malherido"
    c.secuelas_pendiente = True
    events: list[Event] = [
        Fell(
            f"{c.nombre} cae {agree(c.genero, 'Malherido', 'Malherida')}: inconsciente y "
            "muriéndose si nadie hace nada. "
            "Toca tirar en la tabla de secuelas.",
            c.id,
            "malherido",
            secuelas_pendiente=True,
        )
    ]
    if dice is not None and state.settings.get("secuelas_auto"):
        events += roll_secuelas(state, dice, c, aliento=c.reserva_aliento and c.aliento > 0)
    return events


def check_secuelas(c: Combatant, aliento: bool) -> None:
    if not c.is_pc:
        raise UmbralError("Solo los personajes jugadores tiran en la tabla de secuelas.")
    if not c.secuelas_pendiente:
        raise UmbralError(
            f"{c.nombre} no tiene tirada de secuelas pendiente: solo se tira al caer."
        )
    if aliento and c.aliento < ALIENTO_COST:
        raise UmbralError(f"{c.nombre} no tiene Aliento que gastar (le quedan {c.aliento}).")


def secuelas_text(state: EncounterState, total: int) -> str:
    if total <= SECUELAS_DEATH:
        return "Muerte."
    table = dict(state.settings.get("secuelas_tabla") or {})
    key = min(total, max((int(k) for k in table), default=total))
    text = table.get(str(key))
    return str(text) if text else f"Secuela {total} de la tabla."


def roll_secuelas(
    state: EncounterState, dice: DiceSource, c: Combatant, aliento: bool
) -> list[Event]:
    """1d12 on the secuelas table, +4 with a point of Aliento spent before; 1 is death [D]."""
    check_secuelas(c, aliento)
    events: list[Event] = []
    if aliento:
        events.append(spend_aliento(c, "secuelas"))
        c.reserva_aliento = False
    die = roll_d12(dice)
    bonus = SECUELAS_ALIENTO_BONUS if aliento else 0
    total = die.natural + bonus
    death = total <= SECUELAS_DEATH
    resultado = secuelas_text(state, total)
    c.secuelas_pendiente = False
    c.secuelas.append(
        {"asalto": state.asalto, "faces": list(die.faces), "bonus": bonus, "total": total,
         "death": death, "resultado": resultado}
    )  # fmt: skip
    if death:
        c.status = "muerto"
    extra = f" + {bonus} (Aliento)" if bonus else ""
    events.append(
        SecuelasRolled(
            f"{c.nombre} tira secuelas: {die.natural}{extra} = {total}. {resultado}",
            c.id,
            die,
            bonus,
            total,
            death,
            resultado,
            aliento,
        )
    )
    return events


def spend_aliento(c: Combatant, uso: str) -> AlientoSpent:
    before = c.aliento
    c.aliento -= ALIENTO_COST
    return AlientoSpent(
        f"{c.nombre} gasta un punto de Aliento ({uso}): {before} → {c.aliento}.",
        c.id,
        uso,
        before,
        c.aliento,
    )
