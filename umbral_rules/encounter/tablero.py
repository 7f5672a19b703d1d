"""Táctico: the board inside the encounter (Libro VI §41–43; issue 7). Pure.

The board is ``EncounterState.tablero`` (a frozen :class:`~umbral_rules.tablero.Tablero`) — each
figure keyed by the combatant's id, its size from the sheet, Larga from the combatant's
default weapon, ``down`` once it has fallen. What a side did on the board this asalto is
``EncounterState.turn`` (a :class:`~.state.TableroTurn`: squares walked, Despegarse attempts,
the respuestas walks offered), forgotten when the asalto changes. Everything here only
reads and writes those two; the operations that use them are in :mod:`.tactico` and in the
attack planner.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..errors import UmbralError
from ..plural import plural
from ..sheets import Weapon
from ..tablero import (
    Figure,
    Square,
    Tablero,
    acoso_on,
    figure_distance,
    parse_square,
    parse_squares,
    require_melee,
    require_shot,
)
from ..tables import (
    INTERPONERSE_REACH,
    MOVE_SQUARES,
    MOVE_SQUARES_NO_ACCION,
    WEAPON_RANGE_SQUARES,
)
from ..text import word_key
from .combatant import Combatant
from .events import DespegarseResolved, Event
from .kinds import Accion, Mode, Respuesta
from .state import EncounterState, Offer, TableroTurn

#: [D] An enemy of the bestiary carries one weapon of class "mano"; when its name says it
#: shoots, it shoots with that class's range (``tables.WEAPON_RANGE_SQUARES``).
RANGED_WORDS = (
    ("ballesta", "ballesta"),
    ("arco", "arco"),
    ("arcabuz", "polvora"),
    ("mosquete", "polvora"),
    ("pistola", "polvora"),
    ("polvora", "polvora"),
)


# --- the board in the state -----------------------------------------------------------------


def require_tactico(state: EncounterState) -> None:
    if state.mode is not Mode.TACTICO:
        raise UmbralError(
            f"El tablero solo se usa en modo Táctico; este encuentro es {state.mode}."
        )


def tablero_of(state: EncounterState) -> Tablero | None:
    """The board of a Táctico encounter, or None (no board yet, or another mode)."""
    return state.tablero if state.mode is Mode.TACTICO else None


def require_tablero(state: EncounterState) -> Tablero:
    require_tactico(state)
    tablero = tablero_of(state)
    if tablero is None:
        raise UmbralError("Este encuentro aún no tiene tablero: el máster lo crea con /mapa crear.")
    return tablero


def save_tablero(state: EncounterState, tablero: Tablero) -> None:
    state.tablero = tablero


def as_square(square: str | Square) -> Square:
    return parse_square(square) if isinstance(square, str) else Square(*square)


def as_squares(squares: str | Iterable[Square]) -> tuple[Square, ...]:
    if isinstance(squares, str):
        return parse_squares(squares)
    found = tuple(dict.fromkeys(Square(*s) for s in squares))
    if not found:
        raise UmbralError("No se ha indicado ninguna casilla (por ejemplo «C4» o «A1:A6»).")
    return found


def default_larga(c: Combatant) -> bool:
    """[D] The figure threatens two squares when its default weapon (an enemy's own, a PC's
    first) is Larga."""
    if c.enemy is not None:
        return c.enemy.weapon.has("larga")
    return bool(c.weapons) and c.weapons[0].has("larga")


def figure_for(c: Combatant, position: Square) -> Figure:
    return Figure(
        id=c.id,
        name=c.nombre,
        side=c.side,
        position=position,
        tamano=c.tamano,
        larga=default_larga(c),
        down=not c.active,
    )


def require_figure(tablero: Tablero, c: Combatant) -> Figure:
    if not tablero.has(c.id):
        raise UmbralError(f"{c.nombre} no está en el tablero: se coloca con /mapa colocar.")
    return tablero.figure(c.id)


def sync(state: EncounterState) -> None:
    """Bring the figures in line with the combatants: names, sizes, Larga, fallen ones
    ``down``, and the figures of whoever left the encounter gone."""
    tablero = tablero_of(state)
    if tablero is None:
        return
    ids = {c.id: c for c in state.combatants}
    figures = tuple(figure_for(ids[f.id], f.position) for f in tablero.figures if f.id in ids)
    try:
        fresh = replace(tablero, figures=figures)
    except UmbralError:  # a size that no longer fits: keep the old footprint
        kept = tuple(
            replace(f, name=ids[f.id].nombre, down=not ids[f.id].active)
            for f in tablero.figures
            if f.id in ids
        )
        fresh = replace(tablero, figures=kept)
    if fresh != tablero:
        save_tablero(state, fresh)


# --- what happened on the board this asalto -------------------------------------------------


def turn_view(state: EncounterState) -> TableroTurn:
    """This asalto's record (an empty one when the one kept is of another asalto)."""
    kept = state.turn
    return kept if kept is not None and kept.asalto == state.asalto else TableroTurn(state.asalto)


def record_walk(state: EncounterState, c: Combatant, walked: int) -> None:
    """This asalto's record: ``c`` has walked ``walked`` squares in all."""
    now = turn_view(state)
    state.turn = replace(now, movido={**now.movido, c.id: walked})


def record_offers(state: EncounterState, offers: Iterable[Offer]) -> None:
    """This asalto's record: a walk offered these respuestas."""
    now = turn_view(state)
    state.turn = replace(now, ofertas=(*now.ofertas, *offers))


def moved(state: EncounterState, c: Combatant) -> int:
    return turn_view(state).movido.get(c.id, 0)


def after_operation(state: EncounterState, events: list[Event]) -> None:
    """Run after every operation of a Táctico encounter with a board: the figures follow
    the combatants, and a Despegarse attempt is remembered for this asalto."""
    if state.mode is not Mode.TACTICO or state.tablero is None:
        return
    sync(state)
    for event in events:
        if isinstance(event, DespegarseResolved):
            now = turn_view(state)
            engaged = now.despegado.get(event.combatant_id, ())
            if event.engaged_id not in engaged:
                despegado = {**now.despegado, event.combatant_id: (*engaged, event.engaged_id)}
                state.turn = replace(now, despegado=despegado)


# --- the movement budget ----------------------------------------------------------------------


def squares_spent(state: EncounterState, c: Combatant) -> int:
    """Squares this asalto's budget already counts as walked: those moved on the board, or
    a whole movimiento (two when the acción went too) spent without moving on it."""
    walked = moved(state, c)
    if walked:
        return walked
    if c.accion is Accion.MOVIMIENTO:
        return MOVE_SQUARES_NO_ACCION
    return MOVE_SQUARES if c.movimiento else 0


def squares_left(state: EncounterState, c: Combatant) -> int:
    """Six squares with the movimiento; twelve in all giving up the acción while it is free."""
    top = MOVE_SQUARES_NO_ACCION if c.accion is not Accion.GASTADA else MOVE_SQUARES
    return max(0, top - squares_spent(state, c))


def require_ward_in_reach(state: EncounterState, protector: Combatant, ward: Combatant) -> None:
    """Interponerse on the board: the ward within the protector's melee reach (adjacent, or
    two squares with a Larga weapon). Off the board, or no board: the GM's word stands."""
    tablero = tablero_of(state)
    if tablero is None or not tablero.has(protector.id) or not tablero.has(ward.id):
        return
    figure = tablero.figure(protector.id)
    reach = INTERPONERSE_REACH[figure.larga]
    distance = figure_distance(figure, tablero.figure(ward.id))
    if distance > reach:
        larga = " con su arma Larga" if figure.larga else ""
        raise UmbralError(
            f"{ward.nombre} está a {plural(distance, 'casilla')} de {protector.nombre}: para "
            f"interponerse ha de tenerlo a su alcance cuerpo a cuerpo ({plural(reach, 'casilla')}"
            f"{larga})."
        )


def charge_moved(state: EncounterState, c: Combatant) -> bool:
    """Cargar after walking up to six squares on the board: that walk was its movimiento."""
    walked = moved(state, c)
    return 0 < walked <= MOVE_SQUARES and c.accion is Accion.LIBRE


# --- attacks on the board -------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """What the board adds to an attack: ventajas, desventajas, cover (the target
    ``a_cubierto``) and acoso."""

    ventajas: tuple[str, ...] = ()
    desventajas: tuple[str, ...] = ()
    a_cubierto: bool = False
    companions: int | None = None  # None: the target is not on the board


def shot_range(c: Combatant, weapon: Weapon) -> int | None:
    """The range an enemy's weapon gets from its name (see ``RANGED_WORDS``)."""
    if c.enemy is None or weapon.is_ranged or weapon.has("arrojadiza"):
        return None
    name = word_key(weapon.nombre)
    for word, clase in RANGED_WORDS:
        if word in name:
            return WEAPON_RANGE_SQUARES[clase]
    return None


def find_offer(
    state: EncounterState, actor_id: str, target_id: str, tipo: Respuesta | None
) -> Offer | None:
    """The respuesta a walk offered ``actor_id`` against ``target_id`` this asalto, if any."""
    for offer in turn_view(state).ofertas:
        if offer.de == actor_id and offer.contra == target_id and offer.tipo == tipo:
            return offer
    return None


def attack_geometry(
    state: EncounterState,
    attacker: Combatant,
    aimed: Combatant,
    target: Combatant,
    weapon: Weapon,
    is_shot: bool,
    respuesta: Respuesta | None = None,
) -> Geometry | None:
    """Reach, range, line of fire, cover and acoso when both figures are on the board.

    Refuses (``UmbralError``) what the board makes impossible. A respuesta a walk offered
    (leaving reach, entering a Larga's reach) is taken where it happened: the target counts
    as standing on the offer's square, and no reach is checked. None when there is no board
    or either figure is off it.
    """
    tablero = tablero_of(state)
    if tablero is None or not tablero.has(attacker.id) or not tablero.has(aimed.id):
        return None
    offer = find_offer(state, attacker.id, aimed.id, respuesta)
    if offer is not None:  # the blow lands where the walk gave it away
        with contextlib.suppress(UmbralError):
            tablero = tablero.place(tablero.figure(aimed.id).at(parse_square(offer.casilla)))
    ventajas: list[str] = []
    desventajas: list[str] = []
    a_cubierto = False
    if is_shot:
        vigor = attacker.sheet.atributo("vigor") if attacker.sheet is not None else 0
        shot = require_shot(
            tablero,
            attacker.id,
            aimed.id,
            weapon,
            vigor=vigor,
            range_squares=shot_range(attacker, weapon),
        )
        ventajas += shot.ventajas
        desventajas += shot.desventajas
        a_cubierto = shot.cover
    elif offer is None:
        melee = require_melee(tablero, attacker.id, aimed.id, larga=weapon.has("larga"))
        desventajas += melee.desventajas
    companions = None
    if tablero.has(target.id) and target.id != attacker.id:
        companions = len(acoso_on(tablero, attacker.id, target.id).companions)
    return Geometry(tuple(ventajas), tuple(desventajas), a_cubierto, companions)
