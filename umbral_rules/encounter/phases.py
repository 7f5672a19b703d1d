"""The asalto's phases (§7): the players act first, then the enemies.

[D] An enemy acting in the players' phase, or a player character in the enemies' phase, is
refused in Narrativo and Táctico (``tables.PHASE_ORDER_REFUSED``) and only a warning in Mesa.
Respuestas (trabar, Larga, Sostener) and defending are not acting on one's turn: they happen
in any phase, so nothing here is asked of them.
"""

from __future__ import annotations

from ..errors import UmbralError
from ..tables import PHASE_ORDER_REFUSED
from .combatant import Combatant
from .events import Event, WarningEvent
from .kinds import Phase, Side
from .state import EncounterState

PHASE_SIDE = {Phase.JUGADORES: Side.PJ, Phase.ENEMIGOS: Side.ENEMIGO}
SIDE_PHASE = {side: phase for phase, side in PHASE_SIDE.items()}
PHASE_LABELS = {Phase.JUGADORES: "los jugadores", Phase.ENEMIGOS: "los enemigos"}


def check_phase(state: EncounterState, c: Combatant) -> list[Event]:
    """Refusal (Narrativo/Táctico) or a warning (Mesa) when ``c`` acts out of its phase."""
    if PHASE_SIDE[state.phase] == c.side:
        return []
    own = SIDE_PHASE[c.side]
    when = "cuando acaben los jugadores" if own is Phase.ENEMIGOS else "en el asalto siguiente"
    message = (
        f"Es la fase de {PHASE_LABELS[state.phase]}: {c.nombre} actúa en la de "
        f"{PHASE_LABELS[own]}, {when} (el máster pasa de fase con /asalto). Respuestas y "
        "defensas valen en cualquier fase"
    )
    if PHASE_ORDER_REFUSED[state.mode.value]:
        raise UmbralError(message + ".")
    return [WarningEvent(f"Aviso: {message} (en Mesa lo arbitra el máster).", c.id)]
