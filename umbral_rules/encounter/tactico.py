"""Táctico operations on the board (issue 7): the GM's hand, moves, sweeps and areas.

Each is a function of the state; :class:`~.Encounter` runs it inside its transaction, which
also leaves the board in line with the combatants afterwards (fallen figures ``down``,
removed ones gone: :func:`.tablero.after_operation`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..dice import DiceSource, ForcedDice, Ventaja, combine_ventaja
from ..errors import UmbralError
from ..plural import plural
from ..tablero import Square, Tablero, area, labels, plan_move
from ..tablero import sweep as tablero_sweep
from ..tablero.movement import OPORTUNIDAD
from ..tables import MOVE_SQUARES, TAMANO_LABELS
from . import tablero as _t
from .attacks import execute, plan_attack
from .budget import check_accion, require_active, spend_accion, spend_movimiento
from .events import (
    AreaListed,
    AttackResolved,
    DefensePending,
    Event,
    FigureMoved,
    ReachOffered,
    SweepDeclared,
    TableroChanged,
    WarningEvent,
)
from .kinds import Accion, Respuesta
from .phases import check_phase
from .plans import AttackChoice, AttackPlan, OpposedAttack
from .state import EncounterState, Offer

Squares = str | Iterable[Square]


# --- the GM's hand --------------------------------------------------------------------------


def setup(state: EncounterState, width: int, height: int) -> list[Event]:
    """Create the board, or resize it keeping what still fits (walls and cover outside are
    dropped; a figure outside refuses)."""
    _t.require_tactico(state)
    old = _t.tablero_of(state)
    if old is None:
        tablero = Tablero(width, height)
        text = f"Tablero de {width}×{height} casillas (1,5 m cada una)."
    else:
        inside = Tablero(width, height)
        tablero = Tablero(
            width,
            height,
            frozenset(s for s in old.walls if inside.inside(s)),
            frozenset(s for s in old.cover if inside.inside(s)),
            old.figures,
        )
        text = f"El tablero pasa de {old.width}×{old.height} a {width}×{height} casillas."
    _t.save_tablero(state, tablero)
    return [TableroChanged(text, "crear")]


def draw(state: EncounterState, kind: str, squares: Squares, present: bool) -> list[Event]:
    """Walls ("muro") or cover ("cobertura"), drawn or erased."""
    tablero = _t.require_tablero(state)
    chosen = _t.as_squares(squares)
    if kind == "muro":
        tablero = tablero.with_walls(chosen, present)
        noun = "Muro" if len(chosen) == 1 else "Muros"
    else:
        tablero = tablero.with_cover(chosen, present)
        noun = "Cobertura"
    _t.save_tablero(state, tablero)
    verb = "en" if present else "quitado de"
    return [
        TableroChanged(f"{noun} {verb} {labels(chosen)}.", kind, tuple(s.label for s in chosen))
    ]


def place(state: EncounterState, combatant_id: str, square: str | Square) -> list[Event]:
    """Put a combatant's figure on a square (or move it there by hand: no budget, no rules)."""
    tablero = _t.require_tablero(state)
    c = state.get(combatant_id)
    to = tablero.require_inside(_t.as_square(square))
    before = tablero.figure(c.id).position.label if tablero.has(c.id) else None
    try:
        tablero = tablero.place(_t.figure_for(c, to))
    except UmbralError as exc:
        raise UmbralError(f"{c.nombre} no puede ir a {to.label}: {exc}") from None
    _t.save_tablero(state, tablero)
    text = (
        f"{c.nombre} pasa de {before} a {to.label} (a mano)."
        if before
        else f"{c.nombre} entra en el tablero en {to.label}."
    )
    return [TableroChanged(text, "colocar", (to.label,), c.id)]


def unplace(state: EncounterState, combatant_id: str) -> list[Event]:
    tablero = _t.require_tablero(state)
    c = state.get(combatant_id)
    _t.require_figure(tablero, c)
    _t.save_tablero(state, tablero.remove(c.id))
    return [TableroChanged(f"{c.nombre} sale del tablero.", "quitar", (), c.id)]


# --- moving ---------------------------------------------------------------------------------


def move_to(state: EncounterState, actor_id: str, square: str | Square) -> list[Event]:
    """Walk to ``square`` (the new top-left square): six squares with the movimiento, twelve
    in all giving up the acción. Leaving an enemy's reach offers it the oportunidad (not
    the enemies this one already tried to Despegarse from this asalto); entering a Larga's
    reach offers its free roll. Offers are taken with :meth:`Encounter.respuesta`."""
    tablero = _t.require_tablero(state)
    c = state.get(actor_id)
    require_active(c)
    figure = _t.require_figure(tablero, c)
    left = _t.squares_left(state, c)
    if left <= 0:
        raise UmbralError(f"A {c.nombre} no le quedan casillas de movimiento en este asalto.")
    spent = [x.id for x in state.combatants if x.respuesta is not None]
    move = plan_move(tablero, c.id, _t.as_square(square), allowance=left, spent_respuestas=spent)
    walked = _t.squares_spent(state, c) + move.squares
    events: list[Event] = check_phase(state, c)
    if not c.movimiento:
        events.append(spend_movimiento(c, state.asalto))
    if walked > MOVE_SQUARES and c.accion is Accion.LIBRE:
        events.append(spend_movimiento(c, state.asalto))  # the second movimiento takes the acción
    _t.record_walk(state, c, walked)
    _t.save_tablero(state, move.tablero)
    path = tuple(s.label for s in move.path)
    left_now = _t.squares_left(state, c)
    cover = f" (pasa por cobertura en {labels(move.through_cover)})" if move.through_cover else ""
    events.insert(
        0,
        FigureMoved(
            f"{c.nombre} va de {figure.position.label} a {move.end.label}: "
            f"{plural(move.squares, 'casilla')}{cover}; le quedan {left_now} este asalto.",
            c.id, figure.position.label, move.end.label, path, walked, left_now,
            tuple(s.label for s in move.through_cover),
        ),
    )  # fmt: skip
    skip = set(_t.turn_view(state).despegado.get(c.id, ()))
    offers: list[Offer] = []
    for reach in move.events:
        if reach.kind == OPORTUNIDAD and reach.figure_id in skip:
            continue
        tipo = Respuesta(reach.kind)  # the grid's words for them are the respuestas'
        if reach.available:
            offers.append(Offer(reach.figure_id, c.id, tipo, reach.square.label))
        events.append(
            ReachOffered(
                f"{c.nombre}: {reach.message}",
                reach.figure_id, c.id, tipo, reach.square.label, reach.available,
            )
        )  # fmt: skip
    _t.record_offers(state, offers)
    return events


# --- sweeps and areas -------------------------------------------------------------------------


def _attack_faces(state: EncounterState, events: list[Event]) -> list[int]:
    for event in events:
        if isinstance(event, AttackResolved) and event.result.attacker_roll is not None:
            return list(event.result.attacker_roll.die.faces)
        if isinstance(event, DefensePending):
            attack = state.pending[-1].attack
            assert isinstance(attack, OpposedAttack)  # a sweep is never Mesa
            return list(attack.die.faces)
    return []


def _same_die(faces: list[int], plan: AttackPlan, dice: DiceSource) -> DiceSource:
    """The sweep's one attack die again (one face, or two with ventaja/desventaja)."""
    mode = combine_ventaja(plan.ventajas, plan.desventajas)
    needed = 1 if mode is Ventaja.NORMAL else 2
    return ForcedDice(faces[:needed], then=dice, physical=dice.physical)


def sweep(
    state: EncounterState,
    dice: DiceSource,
    attacker_id: str,
    squares: Squares,
    *,
    arma: str | None = None,
    ventaja: str | Ventaja | None = None,
    defender_dice: DiceSource | None = None,
) -> list[Event]:
    """A Grande/Descomunal/Inabarcable blow over the 2/3/4 contiguous squares picked within
    its reach: one attack die, and each figure standing there defends once (allies too)."""
    tablero = _t.require_tablero(state)
    attacker = state.get(attacker_id)
    require_active(attacker)
    _t.require_figure(tablero, attacker)
    swept = tablero_sweep(tablero, attacker.id, _t.as_squares(squares))
    where = labels(swept.squares)
    if not swept.targets:
        raise UmbralError(f"No hay nadie en pie en {where}: el barrido no alcanza a nadie.")
    plans: list[AttackPlan] = []
    warnings: list[Event] = []
    taken: set[str] = set()
    for target_id in swept.targets:
        choice = AttackChoice(arma=arma, ventaja=ventaja)
        plan = plan_attack(state, attacker, state.get(target_id), choice)
        if plan.target in taken:
            name = state.get(plan.target).nombre
            warnings.append(WarningEvent(f"{name} ya recibe este barrido: no lo encaja dos veces."))
            continue
        taken.add(plan.target)
        plans.append(plan)
    events = check_phase(state, attacker) + check_accion(state, attacker)
    events.append(spend_accion(attacker))
    names = ", ".join(state.get(i).nombre for i in swept.targets)
    events.append(
        SweepDeclared(
            f"{attacker.nombre} ({TAMANO_LABELS[attacker.tamano]}) barre {where}: se defienden "
            f"{names}.",
            attacker.id, tuple(s.label for s in swept.squares), swept.targets,
        )
    )  # fmt: skip
    events += warnings
    faces: list[int] = []
    for plan in plans:
        roll = dice if not faces else _same_die(faces, plan, dice)
        done = execute(state, roll, plan, defender_dice)
        faces = faces or _attack_faces(state, done)
        events += done
    return events


def area_of(state: EncounterState, size: int, center: str | Square) -> list[Event]:
    """An Ámbito (1, 3×3, 6×6) around ``center``: who is inside. Changes nothing."""
    tablero = _t.require_tablero(state)
    found = area(tablero, size, _t.as_square(center))
    names = ", ".join(state.get(i).nombre for i in found.figures)
    first, last = found.squares[0].label, found.squares[-1].label
    span = first if first == last else f"{first}–{last}"
    inside = f"dentro: {names}." if names else "no hay nadie dentro."
    return [
        AreaListed(
            f"Ámbito {size}×{size} en {found.center.label} ({span}): {inside}",
            size, found.center.label, tuple(s.label for s in found.squares), found.figures,
        )
    ]  # fmt: skip
