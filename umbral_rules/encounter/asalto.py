"""The asalto (§7): players' phase, enemies' phase, next asalto; what happens in between."""

from __future__ import annotations

from ..dice import DiceSource
from ..plural import plural
from ..tables import SANGRANDO_PER_ASALTO
from .budget import check_movimiento, require_active, spend_movimiento
from .combatant import Combatant
from .defense import owed
from .events import AsaltoAdvanced, BudgetSpent, Event, Expired, SangradoTick, WarningEvent
from .kinds import Accion, Mode, Phase, Side, Status
from .phases import PHASE_LABELS, PHASE_SIDE, check_phase
from .state import EncounterState
from .wounds import apply_damage, malherido_clock


def advance(
    state: EncounterState, dice: DiceSource | None = None, malherido_asaltos: int | None = None
) -> list[Event]:
    """The GM's act: jugadores → enemigos → the next asalto's jugadores.

    Reports who of the closing phase has not acted, expires what ends when a side's turn
    comes again (Sostener not fired, Cargar) and, between asaltos, what ends with the asalto
    (Interponerse), ticks Sangrando and refreshes every budget and respuesta.
    ``dice`` rolls the secuelas of whoever Sangrando drops, when ``secuelas_auto`` is on.
    ``malherido_asaltos``: run the Malherido clock (:func:`.wounds.malherido_clock`) with
    that many asaltos.
    """
    closing = PHASE_SIDE[state.phase]
    not_acted = tuple(
        c.id for c in state.combatants if c.side == closing and c.active and not c.acted
    )
    events: list[Event] = []
    if state.phase is Phase.JUGADORES:
        state.phase = Phase.ENEMIGOS
    else:
        state.asalto += 1
        state.phase = Phase.JUGADORES
        events += _between_asaltos(state, dice)
    events += _turn_comes(state, PHASE_SIDE[state.phase])
    names = ", ".join(state.get(i).nombre for i in not_acted)
    text = f"Asalto {state.asalto}: actúan {PHASE_LABELS[state.phase]}."
    if names:
        text += f" Sin actuar en la fase anterior: {names}."
    pending = tuple(p.id for p in state.pending)
    if pending:
        events.append(WarningEvent(owed_text(state), None))
    if malherido_asaltos is not None:
        events += malherido_clock(state, malherido_asaltos)
    return [AsaltoAdvanced(text, state.asalto, state.phase, not_acted, pending), *events]


def owed_text(state: EncounterState) -> str:
    """«Quedan 2 defensas pendientes sin tirar: Iria, del asalto 1 (Bandido 1) y del asalto 2
    (Bandido 1, Sargento).» — [D] each asalto is its own roll, answered oldest first."""
    rolls = owed(state)
    by_defender: dict[str, list[str]] = {}
    for defender, asalto, attacks in rolls:
        names = ", ".join(p.nombre for p in attacks)
        by_defender.setdefault(defender, []).append(f"del asalto {asalto} ({names})")
    who = "; ".join(f"{state.get(d).nombre}, {_and(parts)}" for d, parts in by_defender.items())
    n = len(rolls)
    how = "una tirada por asalto, " if state.mode is Mode.MESA else ""
    return (
        f"{plural(n, 'Queda', 'Quedan', number=False)} {plural(n, 'defensa pendiente')} "
        f"sin tirar: {who}. /defender las contesta {how}del asalto más antiguo al más reciente."
    )


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} y {parts[-1]}"


def _turn_comes(state: EncounterState, side: Side) -> list[Event]:
    """A side's turn opens: held actions not fired are lost, charges end."""
    events: list[Event] = []
    for c in state.combatants:
        if c.side != side:
            continue
        if c.sosteniendo is not None and c.sosteniendo.asalto < state.asalto:
            events.append(
                Expired(
                    f"{c.nombre} pierde su acción sostenida: la condición no llegó a tiempo.",
                    c.id,
                    "sostener",
                )
            )
            c.sosteniendo = None
        if c.cargando is not None and c.cargando < state.asalto:
            c.cargando = None
            events.append(Expired(f"{c.nombre} ya no está cargando.", c.id, "cargar"))
    return events


def _between_asaltos(state: EncounterState, dice: DiceSource | None) -> list[Event]:
    events: list[Event] = []
    for guard in state.interponerse:
        protector = state.get(guard.protector)
        protegido = state.get(guard.protegido)
        events.append(
            Expired(
                f"{protector.nombre} deja de cubrir a {protegido.nombre}.",
                protector.id,
                "interponerse",
            )
        )
    state.interponerse = []
    state.attacked_by = {}
    state.defensas = {}  # a new asalto, a new Defensa roll
    state.despegues = {}
    for c in list(state.combatants):
        _refresh(c)
        if "sangrando" in c.estados and c.aguante > 0 and c.status is Status.ACTIVO:
            before, after, fell = apply_damage(state, c, SANGRANDO_PER_ASALTO, dice=dice)
            text = f"{c.nombre} sangra: Aguante {before} → {after}."
            events.append(SangradoTick(text, c.id, before, after))
            events += fell
    return events


def _refresh(c: Combatant) -> None:
    c.accion = Accion.LIBRE
    c.movimiento = False
    c.respuesta = None
    c.acciones_extra_usadas = 0
    c.respuestas_extra_usadas = 0
    c.acted = False
    c.defended = False


# --- who acts, and the turn itself ---------------------------------------------------------


def not_acted(state: EncounterState) -> list[Combatant]:
    """Who of the side whose phase it is has not acted yet (and can)."""
    side = PHASE_SIDE[state.phase]
    return [c for c in state.combatants if c.side is side and c.active and not c.acted]


def first_actors(state: EncounterState) -> list[Combatant]:
    """In an ambush by the players, in the players' phase of asalto 1: the PCs with most
    Percepción (more than one when they tie: [D] the players choose among them), who may
    act before anyone (Libro III §15). Empty otherwise: [D] an ambush by the enemies names
    nobody (the bestiary gives them no Percepción; their phase simply comes first)."""
    if state.settings.emboscada is not Side.PJ or (state.asalto, state.phase) != (
        1,
        Phase.JUGADORES,
    ):
        return []
    pcs = [c for c in state.side_of(Side.PJ) if c.active and c.sheet is not None]
    best = max((percepcion(c) for c in pcs), default=None)
    return [c for c in pcs if percepcion(c) == best]


def percepcion(c: Combatant) -> int:
    return c.sheet.atributo("percepcion") if c.sheet is not None else 0


def first_actor(state: EncounterState) -> Combatant | None:
    """In an ambush by the players, the PC with most Percepción may act before anyone (the
    first to join of those who tie)."""
    found = first_actors(state)
    return found[0] if found else None


def move(state: EncounterState, actor_id: str) -> list[Event]:
    """Spend a movimiento (the second one takes the acción; never the reverse)."""
    c = state.get(actor_id)
    require_active(c)
    events = check_phase(state, c) + check_movimiento(state, c)
    return [*events, spend_movimiento(c, state.asalto)]


def end_turn(state: EncounterState, actor_id: str) -> list[Event]:
    """Mark someone as done for this phase without spending anything."""
    c = state.get(actor_id)
    require_active(c)
    c.acted = True
    return [BudgetSpent(f"{c.nombre} termina su turno.", c.id, "turno")]
