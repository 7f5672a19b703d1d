"""A combat asalto by asalto, as the seed's steps: start (battlefield and equipment),
detection, initiative every asalto, turns of one major or two minor actions, held actions,
fatigue, destiny points and surrender. Attacks and damage are in ``attacks.py``.

Every operation takes the state and a typed choice (and dice) and returns the new state and
its events; a refusal raises :class:`UmbralError` and the state given is unchanged."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..errors import UmbralError
from .combat_state import Combat, Fase, Fighter, Status, TipoAccion, UsoFatiga
from .common import check_name
from .constants import (
    AGILIDAD,
    COSTE_MAYOR,
    COSTE_MENOR,
    DISCRECION,
    OBSERVACION,
    PERCEPCION,
    RAPIDEZ,
    SIGILO,
)
from .destiny import TEXTO, UsoDestino, check_points, needs_detail, refuse_roll_use
from .events import (
    ActionSpent,
    BackIn,
    DestinySpent,
    Ended,
    Event,
    FatigueUsed,
    InitiativeOrder,
    Out,
    SurpriseResolved,
    TurnHeld,
    TurnStarted,
)
from .fighting import fighter_test, require_active, require_open, require_turn
from .sheet import Sheet


@dataclass(frozen=True)
class Entrada:
    """A combatant entering the combat: its id, its sheet and its side."""

    id: str
    sheet: Sheet
    bando: str


def start(entradas: Sequence[Entrada]) -> Combat:
    """Step 1: the combatants with their equipment; Salud full, destiny from the sheet."""
    ids = [check_name(e.id, "un combatiente") for e in entradas]
    if len(set(ids)) != len(ids):
        raise UmbralError("Dos combatientes tienen el mismo identificador.")
    if len({e.bando for e in entradas}) < 2:
        raise UmbralError("Un combate necesita al menos dos bandos.")
    fighters = tuple(
        Fighter(e.id, e.sheet, check_name(e.bando, "un bando"), e.sheet.salud_max, e.sheet.destino)
        for e in entradas
    )
    return Combat(fighters)


@dataclass(frozen=True)
class Deteccion:
    """Step 2: «una tirada de Discreción (Sigilo) contra el valor pasivo de Percepción»."""

    acechante: str
    atacado: str


def detect(state: Combat, choice: Deteccion, dice: DiceSource) -> tuple[Combat, list[Event]]:
    """On success the lurker has «+1D en tiradas de Combate cuerpo a cuerpo y Puntería
    durante el primer asalto». [D] the passive Percepción counts Observación's bonus dice,
    as in the seed's example of the tendera."""
    require_open(state)
    if state.fase is not Fase.PREPARACION:
        raise UmbralError("La detección va antes del primer asalto.")
    lurker, target = state.fighter(choice.acechante), state.fighter(choice.atacado)
    if lurker.bando == target.bando:
        raise UmbralError("Un ataque por sorpresa es contra alguien del otro bando.")
    pasivo = target.sheet.pasivo(PERCEPCION, OBSERVACION)
    tirada, lurker, rolled = fighter_test(
        state, lurker, habilidad=DISCRECION, especialidad=SIGILO, dificultad=pasivo,
        dice=dice, proposito="deteccion",
    )  # fmt: skip
    lurker = replace(lurker, sorpresa=lurker.sorpresa or tirada.exito)
    outcome = "ataque por sorpresa: +1D en el primer asalto" if tirada.exito else "le han visto"
    said = f"{lurker.sheet.nombre} contra la Percepción pasiva {pasivo} de {target.sheet.nombre}"
    event = SurpriseResolved(f"{said}: {outcome}.", lurker.id, target.id, tirada.exito)
    return state.put(lurker), [rolled, event]


def new_asalto(state: Combat, dice: DiceSource) -> tuple[Combat, list[Event]]:
    """Steps 3 and 6: everyone still in rolls Agilidad (Rapidez) minus the armour's
    Penalización; the highest goes first, a tie to more bonus dice in Rapidez, [D] then to
    the order they entered the combat. Held actions not taken are lost."""
    require_open(state)
    if state.current is not None:
        name = state.fighter(state.current).sheet.nombre
        raise UmbralError(f"El asalto sigue: es el turno de {name}.")
    state = replace(state, asalto=state.asalto + 1, fase=Fase.ASALTO)
    events: list[Event] = []
    rolled: list[tuple[int, int, int, str]] = []
    for index, f in enumerate(state.fighters):
        if not f.active:
            continue
        tirada, f, event = fighter_test(
            state, f, habilidad=AGILIDAD, especialidad=RAPIDEZ, dificultad=None, dice=dice,
            proposito="iniciativa", armadura=True,
        )  # fmt: skip
        state = state.put(f)
        events.append(event)
        rapidez = f.sheet.dados_bonificacion(AGILIDAD, RAPIDEZ)
        rolled.append((tirada.total, rapidez, index, f.id))
    rolled.sort(key=lambda r: (-r[0], -r[1], r[2]))
    orden = tuple(r[3] for r in rolled)
    notes = _ties(state, rolled)
    state = replace(state, orden=orden, turno=0, reservados=(), actuado=False)
    names = ", ".join(f"{state.fighter(i).sheet.nombre} ({t})" for t, _, _, i in rolled)
    events.append(InitiativeOrder(f"Asalto {state.asalto}: {names}.{notes}", state.asalto, orden))
    state, started = _begin_turn(state)
    return state, events + started


def _ties(state: Combat, rolled: list[tuple[int, int, int, str]]) -> str:
    notes = ""
    for a, b in itertools.pairwise(rolled):
        if a[0] != b[0]:
            continue
        first = state.fighter(a[3]).sheet.nombre
        if a[1] != b[1]:
            notes += f" Empate a {a[0]}: {first} va antes por tener más dados en Rapidez."
        else:
            notes += f" Empate a {a[0]} con los mismos dados en Rapidez: {first} entró antes."
    return notes


def _begin_turn(state: Combat) -> tuple[Combat, list[Event]]:
    """Skip whoever is out; the next one's turn starts (its fatigue's effects end)."""
    while state.turno < len(state.orden) and not state.fighter(state.orden[state.turno]).active:
        state = replace(state, turno=state.turno + 1)
    who = state.current
    if who is None:
        return replace(state, actuado=False), []
    f = state.starting_turn(state.fighter(who))
    state = replace(state.put(f), actuado=False)
    return state, [TurnStarted(f"Turno de {f.sheet.nombre}.", f.id)]


def end_turn(state: Combat) -> tuple[Combat, list[Event]]:
    require_open(state)
    who = state.current
    if who is None:
        raise UmbralError("No hay ningún turno en curso: tira la iniciativa del nuevo asalto.")
    state = replace(state.put(replace(state.fighter(who), menores=0)), turno=state.turno + 1)
    return _begin_turn(state)


def hold(state: Combat) -> tuple[Combat, list[Event]]:
    """«puede reservar la acción de su turno para efectuarla después del turno de otro
    personaje (nunca interrumpirlo, solo detrás de un turno completo)»."""
    require_open(state)
    who = state.current
    if who is None:
        raise UmbralError("No hay ningún turno en curso.")
    if state.actuado:
        raise UmbralError("Solo se reserva la acción antes de hacer nada en el turno.")
    orden = state.orden[: state.turno] + state.orden[state.turno + 1 :]
    state = replace(state, orden=orden, reservados=(*state.reservados, who))
    name = state.fighter(who).sheet.nombre
    state, started = _begin_turn(state)
    return state, [TurnHeld(f"{name} reserva su acción.", who), *started]


def act_held(state: Combat, fighter_id: str) -> tuple[Combat, list[Event]]:
    """A held action, taken right after a complete turn: before the next one acts."""
    require_open(state)
    if fighter_id not in state.reservados:
        raise UmbralError(f"{state.fighter(fighter_id).sheet.nombre} no tiene la acción reservada.")
    if state.actuado:
        raise UmbralError(
            "No se interrumpe un turno: la acción reservada va tras un turno completo."
        )
    orden = (*state.orden[: state.turno], fighter_id, *state.orden[state.turno :])
    held = tuple(i for i in state.reservados if i != fighter_id)
    state = replace(state, orden=orden, reservados=held)
    return _begin_turn(state)


def spend_action(state: Combat, fighter_id: str, tamano: TipoAccion) -> Combat:
    """Take one action's cost off the turn: a major costs both minors."""
    f = require_turn(state, fighter_id)
    cost = COSTE_MAYOR if tamano is TipoAccion.MAYOR else COSTE_MENOR
    if f.menores < cost:
        left = "ninguna acción" if not f.menores else "solo una acción menor"
        raise UmbralError(f"A {f.sheet.nombre} le queda {left} en este turno.")
    return replace(state.put(replace(f, menores=f.menores - cost)), actuado=True)


@dataclass(frozen=True)
class Accion:
    """Any action but an attack (the seed's action table is not printed): recorded."""

    quien: str
    tamano: TipoAccion
    descripcion: str


def act(state: Combat, choice: Accion) -> tuple[Combat, list[Event]]:
    require_open(state)
    text = check_name(choice.descripcion, "la acción")
    state = spend_action(state, choice.quien, choice.tamano)
    f = state.fighter(choice.quien)
    message = f"{f.sheet.nombre}: acción {choice.tamano.value} — {text}."
    return state, [ActionSpent(message, f.id, choice.tamano.value, f.menores)]


def use_fatigue(state: Combat, fighter_id: str, uso: UsoFatiga) -> tuple[Combat, list[Event]]:
    """A fatigue point: «-1 a todas las tiradas», at most Constitución of them."""
    require_open(state)
    f = state.fighter(fighter_id)
    require_active(f)
    if f.fatiga >= f.constitucion:
        raise UmbralError(
            f"{f.sheet.nombre} ya tiene {f.fatiga} puntos de fatiga, tantos como su Constitución."
        )
    if uso is UsoFatiga.ARMADURA:
        if not f.sheet.penalizacion_armadura or f.sin_armadura(state.asalto):
            raise UmbralError(f"{f.sheet.nombre} no tiene penalización por armadura que ignorar.")
        f = replace(f, ignora_armadura=True)
    elif uso is UsoFatiga.HERIDA_GRAVE:
        if f.heridas_graves - f.graves_ignoradas <= 0:
            raise UmbralError(f"{f.sheet.nombre} no tiene ninguna herida grave que ignorar.")
        f = replace(f, graves_ignoradas=f.graves_ignoradas + 1)
    elif uso is UsoFatiga.HERIDAS_LEVES:
        if not f.heridas_leves or f.ignora_leves:
            raise UmbralError(f"{f.sheet.nombre} no tiene heridas leves que ignorar.")
        f = replace(f, ignora_leves=True)
    else:
        require_turn(state, fighter_id)
        f = replace(f, menores=f.menores + 1)
    f = replace(f, fatiga=f.fatiga + 1)
    what = {
        UsoFatiga.ARMADURA: "ignora la penalización por armadura",
        UsoFatiga.HERIDA_GRAVE: "ignora los efectos de una herida grave",
        UsoFatiga.HERIDAS_LEVES: "ignora los efectos de sus heridas leves",
        UsoFatiga.ACCION_MENOR: "hace una acción menor adicional en este turno",
    }[uso]
    until = "" if uso is UsoFatiga.ACCION_MENOR else " hasta el comienzo de su próximo turno"
    message = f"{f.sheet.nombre} gasta un punto de fatiga ({f.fatiga}): {what}{until}."
    return state.put(f), [FatigueUsed(message, f.id, uso.value, f.fatiga)]


@dataclass(frozen=True)
class GastoDestino:
    """A destiny point spent outside a roll. ``objetivo``: the adversary (−1D);
    ``detalle``: what a recorded use is about."""

    quien: str
    uso: UsoDestino
    objetivo: str | None = None
    detalle: str | None = None


def spend_destiny(state: Combat, choice: GastoDestino) -> tuple[Combat, list[Event]]:
    """Applied: −1D on an adversary's next test, an extra minor action, the armour ignored
    for this asalto (the next one, spent between asaltos). Recorded: the rest."""
    require_open(state)
    refuse_roll_use(choice.uso)
    f = state.fighter(choice.quien)
    require_active(f)
    check_points(f.sheet.nombre, f.destino, 1)
    uso, applied = choice.uso, True
    if uso is UsoDestino.IMPONER_MENOS_D:
        if choice.objetivo is None:
            raise UmbralError("Di a qué adversario se impone el −1D.")
        target = state.fighter(choice.objetivo)
        if target.bando == f.bando:
            raise UmbralError("El −1D se impone a un adversario, no a alguien del propio bando.")
        state = state.put(replace(target, menos_d=target.menos_d + 1))
    elif uso is UsoDestino.ACCION_MENOR:
        require_turn(state, f.id)
        f = replace(f, menores=f.menores + 1)
    elif uso is UsoDestino.IGNORAR_ARMADURA:
        if not f.sheet.penalizacion_armadura:
            raise UmbralError(f"{f.sheet.nombre} no lleva armadura con penalización.")
        asalto = state.asalto if state.current is not None else state.asalto + 1
        if f.armadura_asalto == asalto:
            raise UmbralError(f"{f.sheet.nombre} ya ignora la armadura en el asalto {asalto}.")
        f = replace(f, armadura_asalto=asalto)
    elif uso is UsoDestino.ACTITUD:
        raise UmbralError("La actitud se mejora o empeora en una intriga, no en un combate.")
    else:
        needs_detail(uso, choice.detalle)
        applied = False
    f = replace(f, destino=f.destino - 1)
    state = state.put(f)
    said = f"{f.sheet.nombre} gasta un punto de destino: {TEXTO[uso]}"
    if choice.objetivo:
        said += f" ({state.fighter(choice.objetivo).sheet.nombre})"
    if choice.detalle:
        said += f" — {choice.detalle}"
    said += "." if applied else ". El máster lo aplica en la mesa."
    event = DestinySpent(said, f.id, uso.value, f.destino, applied, choice.objetivo, choice.detalle)
    return state, [event]


def surrender(state: Combat, fighter_id: str) -> tuple[Combat, list[Event]]:
    """«podría existir la opción de una rendición antes de llegar al final»."""
    require_open(state)
    f = state.fighter(fighter_id)
    require_active(f)
    state = state.put(replace(f, status=Status.RENDIDO))
    events: list[Event] = [Out(f"{f.sheet.nombre} se rinde.", f.id, "rendicion")]
    return settle(state, events)


def with_salud(f: Fighter, salud: int) -> tuple[Fighter, list[Event]]:
    """``f`` with its Salud at ``salud``: «Una vez que la salud de un personaje llega a 0,
    este personaje ha sido vencido». [D] One vencido at Salud 0 whose Salud is raised (only
    a GM's correction raises it) is back in the fight; one who surrendered stays out."""
    f = replace(f, salud=salud)
    if salud == 0 and f.status is Status.ACTIVO:
        f = replace(f, status=Status.VENCIDO)
        return f, [Out(f"{f.sheet.nombre} llega a Salud 0: vencido.", f.id, "salud")]
    if salud > 0 and f.status is Status.VENCIDO:
        f = replace(f, status=Status.ACTIVO)
        return f, [BackIn(f"{f.sheet.nombre} vuelve al combate con Salud {salud}.", f.id)]
    return f, []


def settle(state: Combat, events: list[Event]) -> tuple[Combat, list[Event]]:
    """Step 7: when only one side is left, the combat is over and that side won; if the
    one whose turn it is fell, the next turn starts."""
    sides = {f.bando for f in state.fighters if f.active}
    if len(sides) <= 1:
        winner = next(iter(sides), None)
        state = replace(state, fase=Fase.TERMINADO, vencedor=winner)
        said = f"El combate termina: vence el bando {winner}." if winner else "Nadie queda en pie."
        return state, [*events, Ended(said, winner)]
    who = state.current
    if who is not None and not state.fighter(who).active:
        state = replace(state, turno=state.turno + 1)
        state, started = _begin_turn(state)
        events = events + started
    return state, events
