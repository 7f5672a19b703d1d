"""Wounds and death (§8): damage to Aguante, falling, the secuelas roll, stabilising."""

from __future__ import annotations

from ..dice import DiceSource, roll_d12
from ..errors import UmbralError
from ..genero import agree
from ..grades import Grade
from ..plural import plural
from ..tables import (
    ALIENTO_COST,
    SECUELAS_ALIENTO_BONUS,
    SECUELAS_DEATH,
)
from .combatant import Combatant
from .events import AlientoSpent, BudgetSpent, Event, Fell, MalheridoClock, SecuelasRolled
from .fallen import blows_on_fallen
from .kinds import Status
from .pieces import EstadosSnapshot, Hit, SecuelasRoll, Snapshot, StatusSnapshot, WoundSnapshot
from .state import EncounterState


def wound_snapshot(c: Combatant) -> WoundSnapshot:
    """The fields an attack or a defense may change on whoever takes the blow."""
    return WoundSnapshot(
        c.aguante, c.status, tuple(c.secuelas), c.secuelas_pendiente, c.last_hit, c.defended
    )


def restore(c: Combatant, snapshot: Snapshot) -> None:
    """Put back the fields a snapshot holds."""
    if isinstance(snapshot, WoundSnapshot):
        c.aguante, c.status = snapshot.aguante, snapshot.status
        c.secuelas = list(snapshot.secuelas)
        c.secuelas_pendiente, c.last_hit = snapshot.secuelas_pendiente, snapshot.last_hit
        c.defended = snapshot.defended
    elif isinstance(snapshot, EstadosSnapshot):
        c.estados = list(snapshot.estados)
    else:
        c.status = snapshot.status


def estados_snapshot(c: Combatant) -> EstadosSnapshot:
    return EstadosSnapshot(tuple(c.estados))


def status_snapshot(c: Combatant) -> StatusSnapshot:
    return StatusSnapshot(c.status)


def apply_damage(
    state: EncounterState,
    target: Combatant,
    damage: int,
    *,
    attacker: str | None = None,
    grade: Grade = Grade.FRACASO,
    potencia: int = 0,
    dice: DiceSource | None = None,
) -> tuple[int, int, list[Event]]:
    """Subtract damage from Aguante; at 0 a PC is Malherido, an enemy is out. A blow by
    ``attacker`` (of that grade and Potencia) that does damage becomes its ``last_hit``."""
    before = target.aguante
    target.aguante = max(0, before - damage)
    if attacker is not None and damage > 0:
        target.last_hit = Hit(attacker, grade, potencia, state.asalto, damage, before)
    events: list[Event] = []
    if before > 0 and target.aguante == 0:
        events += fall(state, target, dice)
    return before, target.aguante, events


def fall(state: EncounterState, c: Combatant, dice: DiceSource | None) -> list[Event]:
    c.sosteniendo = None
    c.apuntando = False
    c.cargando = None
    state.interponerse = [g for g in state.interponerse if g.protector != c.id]
    # Nobody is attacked normally after falling: what waited for their defense resolves
    # against their Defensa quieta ([D], .fallen) once the fall is told.
    waiting = [p for p in state.pending if p.defender == c.id]
    state.pending = [p for p in state.pending if p.defender != c.id]
    if not c.is_pc:
        c.status = Status.FUERA
        return [Fell(f"{c.nombre} cae y queda fuera del combate.", c.id, Status.FUERA)]
    c.status = Status.MALHERIDO
    c.secuelas_pendiente = True
    c.malherido_asalto, c.malherido_avisado = state.asalto, False
    events: list[Event] = [
        Fell(
            f"{c.nombre} cae {agree(c.genero, 'Malherido', 'Malherida')}: inconsciente y "
            "muriéndose si nadie hace nada. "
            "Toca tirar en la tabla de secuelas.",
            c.id,
            Status.MALHERIDO,
            secuelas_pendiente=True,
        ),
        *blows_on_fallen(state, c, waiting),
    ]
    if dice is not None and state.settings.secuelas_auto:
        events += roll_secuelas(state, dice, c, aliento=c.reserva_aliento and c.aliento > 0)
    return events


def malherido_clock(state: EncounterState, asaltos: int) -> list[Event]:
    """[D] The Malherido clock («muerto en pocos minutos si nadie hace nada», Libro III §16):
    every PC who has lain Malherido ``asaltos`` asaltos or more with nobody stabilising them
    is reported once (the GM decides what happens). Stabilised, dead or risen PCs are not."""
    if asaltos < 1:
        raise UmbralError("El aviso de Malherido cuenta al menos un asalto.")
    events: list[Event] = []
    for c in state.combatants:
        since = c.malherido_asalto
        if c.status is not Status.MALHERIDO or since is None or c.malherido_avisado:
            continue
        down = state.asalto - since
        if down >= asaltos:
            c.malherido_avisado = True
            who = agree(c.genero, "Malherido", "Malherida")
            pron = agree(c.genero, "lo", "la")
            text = (
                f"{c.nombre} lleva {plural(down, 'asalto')} {who} y nadie {pron} ha "
                "estabilizado: «muerto en pocos minutos si nadie hace nada». Lo que pase "
                "ahora lo decide el máster."
            )
            events.append(MalheridoClock(text, c.id, down))
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
    table = state.settings.secuelas_tabla
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
    c.secuelas.append(SecuelasRoll(state.asalto, die.faces, bonus, total, death, resultado))
    if death:
        c.status = Status.MUERTO
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


def adjust(
    state: EncounterState,
    combatant_id: str,
    aguante: int | None,
    aliento: int | None,
    esencia: int | None,
) -> list[Event]:
    """The GM sets a bar by hand (within 0..max). It does not make anyone fall or rise."""
    c = state.get(combatant_id)
    for name, value, top in (
        ("Aguante", aguante, c.aguante_max),
        ("Aliento", aliento, c.aliento_max),
        ("Esencia", esencia, c.esencia_max),
    ):
        if value is not None and not 0 <= value <= top:
            raise UmbralError(f"{name} de {c.nombre} va de 0 a {top}.")
    c.aguante = c.aguante if aguante is None else aguante
    c.aliento = c.aliento if aliento is None else aliento
    c.esencia = c.esencia if esencia is None else esencia
    text = (
        f"{c.nombre}: Aguante {c.aguante}/{c.aguante_max}, Aliento {c.aliento}/"
        f"{c.aliento_max}, Esencia {c.esencia}/{c.esencia_max}."
    )
    return [BudgetSpent(text, c.id, "barras")]
