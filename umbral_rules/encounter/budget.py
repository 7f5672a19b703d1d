"""The asalto's budget (§7): one acción, one movimiento, one respuesta; defending is free.

Each check here only validates; ``spend_*`` mutate and must run after every validation of
the operation. In Mesa (the GM arbitrates by post) spending what is already spent is only
a warning; in Narrativo and Táctico it is refused.
"""

from __future__ import annotations

from ..errors import UmbralError
from ..genero import agree
from ..tables import RESPUESTA_LABELS
from .combatant import Combatant
from .events import BudgetSpent, Event, WarningEvent
from .kinds import Accion, Mode, Respuesta, Status
from .state import EncounterState

STATUS_REFUSALS = {
    Status.MALHERIDO: "{n} está {malherido}: inconsciente, no puede actuar.",
    Status.ESTABILIZADO: "{n} está {malherido} ({estabilizado}): inconsciente, no puede actuar.",
    Status.MUERTO: "{n} ha muerto.",
    Status.FUERA: "{n} ha caído y está fuera del combate.",
}


def require_active(c: Combatant) -> None:
    """Nobody acts after falling."""
    if not c.active:
        raise UmbralError(
            STATUS_REFUSALS[c.status].format(
                n=c.nombre,
                malherido=agree(c.genero, "Malherido", "Malherida"),
                estabilizado=agree(c.genero, "estabilizado", "estabilizada"),
            )
        )


def require_target(c: Combatant) -> None:
    """Nobody is attacked normally after falling: that is the GM's call, not an attack."""
    if not c.active:
        raise UmbralError(
            f"{c.nombre} ya ha caído: rematar a quien está en el suelo lo decide el máster, "
            "no es un ataque normal."
        )


def _warn_or_refuse(state: EncounterState, c: Combatant, message: str) -> list[Event]:
    if state.mode is Mode.MESA:
        return [WarningEvent(f"Aviso: {message} (en Mesa lo arbitra el máster).", c.id)]
    raise UmbralError(message)


def extra_left(c: Combatant, what: str) -> int:
    """The extra acciones / respuestas (``what``) its sheet still gives it this asalto."""
    if c.enemy is None:
        return 0
    if what == "acciones":
        return c.enemy.acciones_extra - c.acciones_extra_usadas
    return c.enemy.respuestas_extra - c.respuestas_extra_usadas


def check_accion(state: EncounterState, c: Combatant) -> list[Event]:
    """Refusal (Narrativo/Táctico) or warnings (Mesa) for spending the acción."""
    if c.accion is Accion.LIBRE or extra_left(c, "acciones") > 0:
        return []
    what = "ya ha gastado su acción" if c.accion is Accion.GASTADA else "ya cambió su acción"
    return _warn_or_refuse(state, c, f"{c.nombre} {what} en este asalto")


def check_movimiento(state: EncounterState, c: Combatant) -> list[Event]:
    """A movimiento is free while unspent, else it takes the acción (never the reverse)."""
    if not c.movimiento or c.accion is Accion.LIBRE:
        return []
    return _warn_or_refuse(
        state, c, f"{c.nombre} ya se ha movido y no le queda acción que cambiar por movimiento"
    )


def check_both(state: EncounterState, c: Combatant, what: str) -> list[Event]:
    """For what costs the acción and the movimiento (Cargar)."""
    warnings = check_accion(state, c)
    if c.movimiento:
        warnings += _warn_or_refuse(
            state, c, f"{c.nombre} ya se ha movido en este asalto y {what} pide el movimiento"
        )
    return warnings


def spend_accion(c: Combatant) -> Event:
    if c.accion is not Accion.LIBRE and extra_left(c, "acciones") > 0:
        c.acciones_extra_usadas += 1
        c.acted = True
        c.apuntando = False
        assert c.enemy is not None
        n, total = c.acciones_extra_usadas, c.enemy.acciones_extra
        return BudgetSpent(f"{c.nombre} gasta una acción extra ({n} de {total}).", c.id, "accion")
    c.accion = Accion.GASTADA
    c.acted = True
    c.apuntando = False
    return BudgetSpent(f"{c.nombre} gasta su acción.", c.id, "accion")


def spend_movimiento(c: Combatant, asalto: int) -> Event:
    c.acted = True
    c.movido_asalto = asalto
    if not c.movimiento:
        c.movimiento = True
        return BudgetSpent(f"{c.nombre} se mueve.", c.id, "movimiento")
    c.accion = Accion.MOVIMIENTO
    return BudgetSpent(f"{c.nombre} cambia su acción por un segundo movimiento.", c.id, "accion")


def check_respuesta(c: Combatant) -> None:
    """One respuesta per asalto, in every mode."""
    if c.respuesta is not None and extra_left(c, "respuestas") <= 0:
        used = RESPUESTA_LABELS.get(c.respuesta, c.respuesta)
        raise UmbralError(
            f"{c.nombre} ya ha usado su respuesta de este asalto ({used}): solo cabe una."
        )


def spend_respuesta(c: Combatant, tipo: Respuesta) -> None:
    if c.respuesta is not None:  # check_respuesta let it through: an extra one
        c.respuestas_extra_usadas += 1
    c.respuesta = tipo
