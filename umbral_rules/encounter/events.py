"""What an operation reports: immutable events holding everything a renderer needs.

Every event has ``message``: one Spanish line a renderer may show as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..combat import AttackResult
from ..dice import DieRoll
from ..grades import Grade
from ..rolls import Roll
from ..tiradas import TiradaResult
from .kinds import Phase, Respuesta, RetoEffect, Status, TiradaPurpose


@dataclass(frozen=True)
class Event:
    message: str


@dataclass(frozen=True)
class WarningEvent(Event):
    """Something the GM may let through (Mesa budgets) but should know."""

    combatant_id: str | None = None


@dataclass(frozen=True)
class CombatantAdded(Event):
    combatant_id: str


@dataclass(frozen=True)
class CombatantRemoved(Event):
    combatant_id: str


@dataclass(frozen=True)
class BudgetSpent(Event):
    """``what``: "accion", "movimiento" (a second one out of the acción is "accion")."""

    combatant_id: str
    what: str


@dataclass(frozen=True)
class AttackResolved(Event):
    """One blow landed or missed. ``target_id`` took it; ``aimed_at_id`` was aimed at."""

    attacker_id: str
    target_id: str
    aimed_at_id: str
    result: AttackResult
    aguante_before: int
    aguante_after: int
    respuesta: str | None = None
    interposed_by: str | None = None


@dataclass(frozen=True)
class DefensePending(Event):
    """An attack waits for the defender's own roll (``pending_id``)."""

    pending_id: str
    attacker_id: str
    defender_id: str
    aimed_at_id: str


@dataclass(frozen=True)
class DefenseResolved(Event):
    """A PC's defense roll resolved these pending attacks (Mesa: one roll for all)."""

    defender_id: str
    pending_ids: tuple[str, ...]
    result: AttackResult
    aguante_before: int
    aguante_after: int
    asalto: int | None = None  # the asalto whose attacks this roll answers
    attacker_id: str | None = None  # the attacker whose blow counted (Mesa: the most dangerous)


@dataclass(frozen=True)
class DefenseReread(Event):
    """Mesa: an attack that came after the defender rolled this asalto is read against the
    roll already made ([D] digest §5). ``first`` is the reading before it, ``result`` the new
    one (same die, the new most dangerous Ataque and acoso); ``damage`` is what the character
    takes now: the difference between the two readings' damage, never below 0."""

    defender_id: str
    pending_id: str
    attacker_id: str
    first: AttackResult
    result: AttackResult
    damage: int
    aguante_before: int
    aguante_after: int
    asalto: int


@dataclass(frozen=True)
class Fell(Event):
    """``status``: malherido (a PC) or fuera (an enemy)."""

    combatant_id: str
    status: Status
    secuelas_pendiente: bool = False


@dataclass(frozen=True)
class MalheridoClock(Event):
    """A PC has lain Malherido ``asaltos`` asaltos with nobody stabilising them: the GM is
    told once (:func:`.wounds.malherido_clock`)."""

    combatant_id: str
    asaltos: int


@dataclass(frozen=True)
class SecuelasRolled(Event):
    combatant_id: str
    die: DieRoll
    bonus: int
    total: int
    death: bool
    resultado: str
    aliento_spent: bool


@dataclass(frozen=True)
class Stabilised(Event):
    healer_id: str
    target_id: str
    result: TiradaResult
    success: bool


@dataclass(frozen=True)
class TiradaMade(Event):
    combatant_id: str
    result: TiradaResult
    purpose: TiradaPurpose = TiradaPurpose.TIRADA


@dataclass(frozen=True)
class EstadoChanged(Event):
    combatant_id: str
    estado: str
    on: bool


@dataclass(frozen=True)
class SangradoTick(Event):
    combatant_id: str
    aguante_before: int
    aguante_after: int


@dataclass(frozen=True)
class Expired(Event):
    """A maniobra that ended: "sostener" (lost), "cargar", "interponerse", "apuntar"."""

    combatant_id: str
    what: str


@dataclass(frozen=True)
class AsaltoAdvanced(Event):
    asalto: int
    phase: Phase
    not_acted: tuple[str, ...] = ()
    pending_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class ManiobraDeclared(Event):
    combatant_id: str
    tipo: str
    objetivo_id: str | None = None
    condicion: str | None = None


@dataclass(frozen=True)
class DespegarseResolved(Event):
    """The leaver's roll (``result``) against the engaged's attack: its static Ataque in Mesa,
    its own roll (``engaged_roll``, every die of it shown) in Narrativo and Táctico."""

    combatant_id: str
    engaged_id: str
    won: bool
    margen: int
    actor_total: int
    engaged_total: int
    result: TiradaResult | None = None
    notes: tuple[str, ...] = field(default=())
    engaged_roll: Roll | None = None


@dataclass(frozen=True)
class RespuestaUsed(Event):
    combatant_id: str
    tipo: Respuesta
    objetivo_id: str | None = None


@dataclass(frozen=True)
class AlientoSpent(Event):
    combatant_id: str
    uso: str
    aliento_before: int
    aliento_after: int


@dataclass(frozen=True)
class EsenciaSpent(Event):
    combatant_id: str
    puntos: int
    esencia_before: int
    esencia_after: int
    motivo: str


@dataclass(frozen=True)
class RetoCreated(Event):
    reto_id: str


@dataclass(frozen=True)
class RetoRolled(Event):
    reto_id: str
    combatant_id: str
    result: TiradaResult
    effect: RetoEffect
    exitos: int
    fracasos: int


@dataclass(frozen=True)
class RetoEnded(Event):
    reto_id: str
    logrado: bool
    exitos: int
    fracasos: int


@dataclass(frozen=True)
class HitEncajado(Event):
    """Aliento «encajar»: the last hit taken drops one grade; damage recomputed."""

    combatant_id: str
    grade_before: Grade
    grade_after: Grade
    damage_before: int
    damage_after: int
    aguante_before: int
    aguante_after: int


# --- Táctico: the board (issue 7) -------------------------------------------------------------


@dataclass(frozen=True)
class TableroChanged(Event):
    """The GM's hand on the board: ``what`` is "crear", "muro", "cobertura", "colocar" or
    "quitar"; ``squares`` the labels touched."""

    what: str
    squares: tuple[str, ...] = ()
    combatant_id: str | None = None


@dataclass(frozen=True)
class FigureMoved(Event):
    """A move on the board. ``moved``: squares moved this asalto in all; ``left``: what is
    still there this asalto (giving up the acción if it is still free)."""

    combatant_id: str
    start: str
    end: str
    path: tuple[str, ...]
    moved: int
    left: int
    through_cover: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReachOffered(Event):
    """A move offers ``combatant_id`` a respuesta ("oportunidad" or "larga") against
    ``objetivo_id``; ``available`` is false when its respuesta is already spent."""

    combatant_id: str
    objetivo_id: str
    tipo: Respuesta
    square: str
    available: bool


@dataclass(frozen=True)
class SweepDeclared(Event):
    """A big creature's blow over ``squares``: every one of ``targets`` defends once."""

    combatant_id: str
    squares: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class AreaListed(Event):
    """An Ámbito on the board and who is inside (fallen figures included)."""

    size: int
    center: str
    squares: tuple[str, ...]
    combatant_ids: tuple[str, ...]
