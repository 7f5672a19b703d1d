"""Intrigues, as the seed's structure (with its house rule): type, setting, objective,
attitude, initiative, technique, actions and rolls, repetition from step 2, resolution.

Every operation takes the state and a typed choice (and dice) and returns the new state and
its events; a refusal raises :class:`UmbralError` and the state given is unchanged."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..errors import UmbralError
from . import checks
from .checks import DestinoTirada, Prueba, Tirada
from .common import Termino, check_name, key
from .constants import ACTITUD_NEUTRA, ACTITUDES, ESTATUS, REPUTACION
from .destiny import TEXTO, UsoDestino, check_points, needs_detail, refuse_roll_use
from .events import (
    AttitudeChanged,
    CheckRolled,
    DestinySpent,
    Ended,
    Event,
    ExchangeStarted,
    ObjectiveChanged,
    TurnStarted,
)
from .intrigue_state import (
    MENTIRA,
    Escenario,
    Intrigante,
    Intrigue,
    Tecnica,
    TipoIntriga,
)
from .sheet import Sheet
from .tables import FactorActitud, TablaActitudes, check_categoria


@dataclass(frozen=True)
class EntradaIntriga:
    """A participant entering: its side, its objective and its initial attitude (1 best,
    7 worst, 4 «indiferencia»); ``factor``: what that attitude does, when no table is
    loaded."""

    id: str
    sheet: Sheet
    bando: str
    objetivo: str
    actitud: int = ACTITUD_NEUTRA
    factor: FactorActitud | None = None
    escenario: Escenario = Escenario.NEUTRO


def refuse_complex(tipo: TipoIntriga) -> None:
    if tipo is TipoIntriga.COMPLEJA:
        raise UmbralError(
            "Las intrigas complejas no se juegan: «por la duración de nuestra partida, este "
            "tipo de intrigas no se llevarán a cabo»."
        )


def start(
    entradas: Sequence[EntradaIntriga],
    tabla: TablaActitudes | None = None,
    tipo: TipoIntriga = TipoIntriga.NORMAL,
) -> Intrigue:
    """Steps 1–4 of a normal intrigue (a simple one is ``simple.py``'s one roll)."""
    refuse_complex(tipo)
    if tipo is TipoIntriga.SIMPLE:
        raise UmbralError("Una intriga simple es una sola tirada: no lleva intercambios.")
    ids = [check_name(e.id, "un participante") for e in entradas]
    if len(set(ids)) != len(ids):
        raise UmbralError("Dos participantes tienen el mismo identificador.")
    if len({e.bando for e in entradas}) < 2:
        raise UmbralError("Una intriga necesita dos bandos que quieran algo el uno del otro.")
    people = []
    for e in entradas:
        check_categoria(e.actitud)
        people.append(
            Intrigante(
                id=e.id,
                sheet=e.sheet,
                bando=check_name(e.bando, "un bando"),
                objetivo=check_name(e.objetivo, "el objetivo de la intriga"),
                compostura=e.sheet.compostura_max,
                destino=e.sheet.destino,
                actitud=e.actitud,
                factor=e.factor,
                escenario=e.escenario,
            )
        )
    return Intrigue(tuple(people), tabla)


@dataclass(frozen=True)
class Cambio:
    """What one participant says at the start of an exchange (steps 2–6): the setting, a
    move of its attitude by one category (+1 better, −1 worse), the factor of its new
    attitude (without a table), a new objective, its technique."""

    quien: str
    tecnica: Tecnica | None = None
    escenario: Escenario | None = None
    actitud: int = 0
    factor: FactorActitud | None = None
    objetivo: str | None = None


def begin_exchange(
    state: Intrigue, cambios: Sequence[Cambio], dice: DiceSource
) -> tuple[Intrigue, list[Event]]:
    """A new exchange: the changes, then «Tirada de Estatus (especialidad Reputación)» for
    everyone still in; highest first, [D] a tie to more dice in Reputación, then the order
    they entered."""
    require_open(state)
    if state.current is not None:
        raise UmbralError("El intercambio sigue: aún no han actuado todos.")
    if len({c.quien for c in cambios}) != len(cambios):
        raise UmbralError("Cada participante dice sus cambios una sola vez por intercambio.")
    events: list[Event] = []
    by_id = {c.quien: c for c in cambios}
    for c in cambios:
        state.participante(c.quien)
    for p in state.participantes:
        change = by_id.get(p.id, Cambio(p.id))
        state, said = _apply_change(state, state.participante(p.id), change)
        events += said
    state = replace(
        state,
        participantes=tuple(replace(p, influido=False) for p in state.participantes),
        intercambio=state.intercambio + 1,
    )
    rolled: list[tuple[int, int, int, str]] = []
    for index, p in enumerate(state.participantes):
        if p.vencido:
            continue
        tirada, p, event = participant_test(
            p, habilidad=ESTATUS, especialidad=REPUTACION, dificultad=None, dice=dice,
            proposito="iniciativa",
        )  # fmt: skip
        state = state.put(p)
        events.append(event)
        rolled.append((tirada.total, p.sheet.dados_bonificacion(ESTATUS, REPUTACION), index, p.id))
    rolled.sort(key=lambda r: (-r[0], -r[1], r[2]))
    orden = tuple(r[3] for r in rolled)
    names = ", ".join(f"{state.participante(i).sheet.nombre} ({t})" for t, _, _, i in rolled)
    ties = "".join(
        f" Empate a {a[0]}: va antes {state.participante(a[3]).sheet.nombre}."
        for a, b in itertools.pairwise(rolled)
        if a[0] == b[0]
    )
    state = replace(state, orden=orden, turno=0)
    n = state.intercambio
    events.append(ExchangeStarted(f"Intercambio {n}: {names}.{ties}", n, orden))
    first = state.participante(orden[0]).sheet.nombre
    events.append(TurnStarted(f"Turno de {first}.", orden[0]))
    return state, events


def _apply_change(state: Intrigue, p: Intrigante, c: Cambio) -> tuple[Intrigue, list[Event]]:
    events: list[Event] = []
    if c.escenario is not None:
        p = replace(p, escenario=c.escenario)
    if c.actitud not in (-1, 0, 1):
        raise UmbralError("La actitud cambia como mucho una categoría por intercambio.")
    if c.actitud == -1 and p.influido:
        raise UmbralError(
            f"{p.sheet.nombre} fue influido con éxito en el intercambio recién pasado: no puede "
            f"empeorar la actitud en este."
        )
    if c.actitud:
        p, moved = move_attitude(state, p, c.actitud)
        events.append(moved)
    if c.factor is not None:
        if state.tabla is not None:
            raise UmbralError("Con la tabla de actitudes cargada, el factor sale de la tabla.")
        p = replace(p, factor=c.factor)
    elif c.actitud and state.tabla is None:
        p = replace(p, factor=None)  # the old attitude's factor no longer holds
    if c.tecnica is not None:
        p = replace(p, tecnica=c.tecnica)
    state = state.put(p)
    if c.objetivo is not None and key(c.objetivo) != key(p.objetivo):
        p = replace(p, objetivo=check_name(c.objetivo, "el objetivo"))
        state = state.put(p)
        for q in state.participantes:
            if q.bando == p.bando or q.vencido:
                continue
            back = min(q.voluntad, q.sheet.compostura_max - q.compostura)
            state = state.put(replace(q, compostura=q.compostura + back))
            said = (
                f"{p.sheet.nombre} cambia de objetivo ({p.objetivo}): {q.sheet.nombre} recupera "
                f"{back} de Compostura."
            )
            events.append(ObjectiveChanged(said, p.id, p.objetivo, q.id, back))
    return state, events


def move_attitude(
    state: Intrigue, p: Intrigante, mejora: int
) -> tuple[Intrigante, AttitudeChanged]:
    after = p.actitud - mejora
    if not 1 <= after <= ACTITUDES:
        edge = "la mejor" if after < 1 else "la peor"
        raise UmbralError(f"La actitud de {p.sheet.nombre} ya es {edge}.")
    moved = replace(p, actitud=after)
    name = state.tabla.row(after).nombre if state.tabla else f"categoría {after} de {ACTITUDES}"
    verb = "mejora" if mejora > 0 else "empeora"
    said = f"La actitud de {p.sheet.nombre} {verb} a {name}."
    return moved, AttitudeChanged(said, p.id, p.actitud, after)


def require_open(state: Intrigue) -> None:
    if state.terminada:
        raise UmbralError("La intriga ha terminado.")
    if state.pendiente is not None:
        who = state.participante(state.pendiente.objetivo).sheet.nombre
        raise UmbralError(f"Primero {who} decide si sufre Frustración.")


def participant_test(
    p: Intrigante,
    *,
    habilidad: str,
    especialidad: str | None,
    dificultad: int | None,
    dice: DiceSource,
    proposito: str,
    bonus: int | None = None,
    puntos: tuple[Termino, ...] = (),
    dados: tuple[Termino, ...] = (),
    destino: tuple[DestinoTirada, ...] = (),
) -> tuple[Tirada, Intrigante, CheckRolled]:
    """A participant's test; ``bonus`` overrides the specialty's bonus dice (Engaño takes
    the higher of two). The −1D an adversary imposed is used up."""
    check_points(p.sheet.nombre, p.destino, len(destino))
    b = p.sheet.dados_bonificacion(habilidad, especialidad) if bonus is None else bonus
    imposed = (Termino("Destino de un adversario", -p.menos_d),) if p.menos_d else ()
    prueba = Prueba(
        habilidad=habilidad,
        rango=p.sheet.rango(habilidad),
        especialidad=especialidad,
        bonificacion=(Termino(especialidad or "", b),) if b else (),
        dados=dados + imposed,
        modificadores=puntos,
        destino=destino,
        dificultad=dificultad,
    )
    tirada = checks.roll(dice, prueba)
    after = replace(p, destino=p.destino - len(destino), menos_d=0)
    return (
        tirada,
        after,
        CheckRolled(f"{p.sheet.nombre} — {tirada.resumen()}", p.id, proposito, tirada),
    )


@dataclass(frozen=True)
class GastoDestinoIntriga:
    """A destiny point spent in an intrigue outside a roll; ``mejora``: +1 or −1 for the
    attitude use."""

    quien: str
    uso: UsoDestino
    objetivo: str | None = None
    mejora: int = 0
    detalle: str | None = None


def spend_destiny(state: Intrigue, choice: GastoDestinoIntriga) -> tuple[Intrigue, list[Event]]:
    """Applied: «Mejorar o empeorar la actitud de otro personaje en una categoría» (beyond
    the exchange's move: a destiny point is «por encima de las reglas habituales») and −1D on
    an adversary's next roll. Recorded: cancelling, a detail, the environment's qualities."""
    require_open(state)
    refuse_roll_use(choice.uso)
    p = state.participante(choice.quien)
    check_points(p.sheet.nombre, p.destino, 1)
    events: list[Event] = []
    uso, applied = choice.uso, True
    if uso in (UsoDestino.ACCION_MENOR, UsoDestino.IGNORAR_ARMADURA):
        raise UmbralError(
            f"«{TEXTO[uso]}» es de combate: en una intriga no hay acciones menores ni armadura."
        )
    if uso in (UsoDestino.ACTITUD, UsoDestino.IMPONER_MENOS_D):
        if choice.objetivo is None or choice.objetivo == p.id:
            raise UmbralError("Di a qué otro personaje va el punto de destino.")
        target = state.participante(choice.objetivo)
        if uso is UsoDestino.ACTITUD:
            if choice.mejora not in (-1, 1):
                raise UmbralError("La actitud mejora (+1) o empeora (−1) una categoría.")
            target, moved = move_attitude(state, target, choice.mejora)
            if state.tabla is None:
                target = replace(target, factor=None)
            events.append(moved)
        else:
            if target.bando == p.bando:
                raise UmbralError("El −1D se impone a un adversario.")
            target = replace(target, menos_d=target.menos_d + 1)
        state = state.put(target)
    else:
        needs_detail(uso, choice.detalle)
        applied = False
    p = replace(state.participante(p.id), destino=p.destino - 1)
    state = state.put(p)
    said = f"{p.sheet.nombre} gasta un punto de destino: {TEXTO[uso]}"
    if choice.detalle:
        said += f" — {choice.detalle}"
    said += "." if applied else ". El máster lo aplica en la mesa."
    spent = DestinySpent(said, p.id, uso.value, p.destino, applied, choice.objetivo, choice.detalle)
    return state, [spent, *events]


def deceiving(p: Intrigante, engano: bool | None) -> bool:
    """«Mentira … se usan tiradas de Engaño, no de Persuasión»; a player may say so too."""
    return engano if engano is not None else key(p.objetivo) == MENTIRA


def end(state: Intrigue, events: list[Event]) -> tuple[Intrigue, list[Event]]:
    """«Compostura del rival a 0 para vencer la intriga»: when one side alone has someone
    with Compostura left, it wins."""
    sides = {p.bando for p in state.participantes if not p.vencido}
    if len(sides) == 1:
        winner = next(iter(sides))
        state = replace(state, terminada=True, vencedor=winner)
        events = [*events, Ended(f"La intriga termina: vence el bando {winner}.", winner)]
    return state, events
