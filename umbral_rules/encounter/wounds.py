"""Wounds and death (§8): damage to Aguante, falling, the secuelas roll, stabilising."""

from __future__ import annotations

from typing import Any

from ..checks import check
from ..dice import DiceSource, roll_d12
from ..errors import UmbralError
from ..grades import Grade
from ..tables import (
    ALIENTO_COST,
    ESTABILIZAR_UMBRAL,
    SECUELAS_ALIENTO_BONUS,
    SECUELAS_DEATH,
)
from .budget import check_accion, require_active, spend_accion
from .common import check_mods, indicated
from .estados import desventajas
from .events import AlientoSpent, Event, Fell, SecuelasRolled, Stabilised
from .state import Combatant, EncounterState

#: The fields an attack or a defense may change on whoever takes the blow.
WOUND_FIELDS = ("aguante", "status", "secuelas", "secuelas_pendiente", "last_hit", "defended")


def wound_snapshot(c: Combatant) -> dict[str, Any]:
    data = c.to_dict()
    return {key: data[key] for key in WOUND_FIELDS}


def restore_wounds(c: Combatant, snapshot: dict[str, Any]) -> None:
    restored = Combatant.from_dict({**c.to_dict(), **snapshot})
    for key in WOUND_FIELDS:
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
    if not c.is_pc:
        c.status = "fuera"
        return [Fell(f"{c.nombre} cae y queda fuera del combate.", c.id, "fuera")]
    c.status = "malherido"
    c.secuelas_pendiente = True
    events: list[Event] = [
        Fell(
            f"{c.nombre} cae Malherido: inconsciente y muriéndose si nadie hace nada. "
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


def estabilizar(
    state: EncounterState,
    dice: DiceSource,
    healer: Combatant,
    target: Combatant,
    atributo: str,
    oficio: str | None,
    cobertura: str,
    ventaja: str | None,
) -> list[Event]:
    """A healing check Peliaguda (12) by someone else stabilises a Malherido PC."""
    require_active(healer)
    if healer.sheet is None:
        raise UmbralError("Solo un personaje jugador tira para estabilizar.")
    if healer.id == target.id:
        raise UmbralError("Nadie se estabiliza a sí mismo: tiene que hacerlo otro.")
    if target.status != "malherido":
        raise UmbralError(f"{target.nombre} no está Malherido: no hay que estabilizarlo.")
    mods = check_mods(healer, atributo, oficio, cobertura)
    events = check_accion(state, healer)
    vent, desv = indicated(ventaja)
    desv += desventajas(state, healer)
    result = check(dice, mods, ESTABILIZAR_UMBRAL, vent, desv)
    events.append(spend_accion(healer))
    ok = result.grade >= Grade.EXITO
    if ok:
        target.status = "estabilizado"
    verb = "estabiliza a" if ok else "no consigue estabilizar a"
    events.append(
        Stabilised(
            f"{healer.nombre} {verb} {target.nombre} ({result.roll.total} contra 12).",
            healer.id,
            target.id,
            result,
            ok,
        )
    )
    return events
