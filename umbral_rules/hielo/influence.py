"""Actions in an intrigue: influir (Persuasión, or Engaño when deceiving) against Defensa
en intrigas, Influencia against Compostura less FA, Frustración, manoeuvres; any other
action recorded with its roll; the simple intrigue's one roll."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..errors import UmbralError
from .checks import DestinoTirada, Tirada, sumar_d6
from .common import Termino, check_name, key
from .constants import ENGANO, PERSUASION
from .events import (
    ActionSpent,
    CheckRolled,
    Ended,
    Event,
    InfluenceResolved,
    InfluenceTaken,
    Out,
    TableRolled,
    TurnStarted,
)
from .intrigue import deceiving, end, participant_test, require_open
from .intrigue_state import (
    Escenario,
    Intrigante,
    Intrigue,
    PendingInfluence,
    Tecnica,
)
from .sheet import Sheet
from .tables import FactorActitud, TablaNumerada, TipoTabla, read


@dataclass(frozen=True)
class Influir:
    """«La acción más común es influir». ``engano``: None reads it off the objective
    (Mentira); ``especialidad_engano``: Engaño's specialty, when deceiving."""

    actor: str
    objetivo: str
    engano: bool | None = None
    especialidad_engano: str | None = None
    modificadores: tuple[Termino, ...] = ()
    destino: tuple[DestinoTirada, ...] = ()


def _require_turn(state: Intrigue, pid: str) -> Intrigante:
    p = state.participante(pid)
    if state.current != pid:
        now = state.current
        whose = (
            f"es el turno de {state.participante(now).sheet.nombre}"
            if now
            else "el intercambio ha terminado: empieza otro"
        )
        raise UmbralError(f"No es el turno de {p.sheet.nombre}: {whose}.")
    return p


def skill_and_bonus(
    p: Intrigante, engano: bool, especialidad_engano: str | None
) -> tuple[str, str | None, int]:
    """«Las técnicas coinciden con las especialidades de Persuasión, pero si se está
    engañando, se usa la habilidad Engaño con la especialidad afín de Engaño o bien con la
    de Persuasión, la que sea más alta»."""
    tecnica = p.tecnica.nombre if p.tecnica else None
    by_persuasion = p.sheet.dados_bonificacion(PERSUASION, tecnica)
    if not engano:
        return PERSUASION, tecnica, by_persuasion
    by_engano = p.sheet.dados_bonificacion(ENGANO, especialidad_engano)
    if by_engano >= by_persuasion and especialidad_engano:
        return ENGANO, especialidad_engano, by_engano
    return ENGANO, tecnica, by_persuasion


def attitude_term(factor: FactorActitud | None, engano: bool) -> tuple[Termino, ...]:
    if factor is None:
        return ()
    value = factor.engano if engano else factor.persuasion
    return (Termino(f"Actitud ({factor.nombre})", value),) if value else ()


def _missing_factor(target: Intrigante) -> UmbralError:
    return UmbralError(
        f"Falta el factor de actitud de {target.sheet.nombre}: busca la categoría "
        f"{target.actitud} de 7 (1 la mejor) en vuestra tabla de actitudes y dilo, o carga "
        f"la tabla."
    )


def influence(state: Intrigue, choice: Influir, dice: DiceSource) -> tuple[Intrigue, list[Event]]:
    require_open(state)
    actor = _require_turn(state, choice.actor)
    target = state.participante(choice.objetivo)
    if target.bando == actor.bando or target.vencido:
        raise UmbralError(
            f"{target.sheet.nombre} no es un adversario en pie de {actor.sheet.nombre}."
        )
    tecnica = actor.tecnica
    if tecnica is None:
        raise UmbralError(f"{actor.sheet.nombre} no ha dicho su técnica en este intercambio.")
    factor = state.factor(target)
    if factor is None:
        raise _missing_factor(target)
    engano = deceiving(actor, choice.engano)
    habilidad, especialidad, bonus = skill_and_bonus(actor, engano, choice.especialidad_engano)
    tirada, actor, rolled = participant_test(
        actor, habilidad=habilidad, especialidad=especialidad, dificultad=target.defensa,
        dice=dice, proposito="influir", bonus=bonus,
        puntos=choice.modificadores + attitude_term(factor, engano),
        dados=actor.dados(), destino=choice.destino,
    )  # fmt: skip
    state = state.put(actor)
    events: list[Event] = [rolled]
    a, t = actor.sheet.nombre, target.sheet.nombre
    if tirada.exito:
        state = state.put(replace(target, influido=True))
        raw = tecnica.influencia * tirada.grados
        neta = max(0, raw - factor.fa)
        said = (
            f"{a} influye en {t} con {tecnica.nombre}: {tecnica.influencia} × "
            f"{tirada.grados} = {raw} − FA {factor.fa} = {neta} de Influencia."
        )
        events.append(
            InfluenceResolved(said, actor.id, target.id, tirada.grados, raw, factor.fa, neta)
        )
        if neta > 0:
            pending = PendingInfluence(actor.id, target.id, neta, tirada.seises)
            return replace(state, pendiente=pending), events
    else:
        said = f"{a} no influye en {t} (Defensa en intrigas {target.defensa})."
        events.append(InfluenceResolved(said, actor.id, target.id, 0, 0, factor.fa, 0))
    return _next_turn(state, events)


@dataclass(frozen=True)
class RecibirInfluencia:
    """The target's choice: take it all, or «sufrir un punto de Frustración para anular
    tanta Influencia como el rango de Voluntad»."""

    objetivo: str
    frustracion: bool = False


def take_influence(
    state: Intrigue,
    choice: RecibirInfluencia,
    dice: DiceSource,
    maniobras: TablaNumerada | None = None,
) -> tuple[Intrigue, list[Event]]:
    pending = state.pendiente
    if pending is None:
        raise UmbralError("No hay ninguna Influencia pendiente.")
    target = state.participante(pending.objetivo)
    if choice.objetivo != target.id:
        raise UmbralError(f"La Influencia pendiente es sobre {target.sheet.nombre}.")
    if choice.frustracion and target.frustracion >= target.voluntad:
        raise UmbralError(
            f"{target.sheet.nombre} ya tiene {target.frustracion} de Frustración, tanta como "
            f"su Voluntad."
        )
    cancelled = min(pending.influencia, target.voluntad) if choice.frustracion else 0
    landed = pending.influencia - cancelled
    before = target.compostura
    after = max(0, before - landed)
    target = replace(
        target, compostura=after, frustracion=target.frustracion + (1 if choice.frustracion else 0)
    )
    said = f"{target.sheet.nombre}: Compostura {before} → {after}"
    if choice.frustracion:
        said += f" (Frustración {target.frustracion}: anula {cancelled}, −1D a Engaño y Persuasión)"
    events: list[Event] = [
        InfluenceTaken(said + ".", target.id, landed, choice.frustracion, cancelled, before, after)
    ]
    state = replace(state, pendiente=None)
    actor = state.participante(pending.actor)
    if landed > 0 and pending.seises:
        faces = sumar_d6(dice, 1)
        number = faces[0] + pending.seises
        lectura = read(TipoTabla.MANIOBRAS, number, maniobras)
        said = (
            f"¡Maniobra de {actor.sheet.nombre}! 1d6 ({faces[0]}) + {pending.seises} seis"
            f"{'es' if pending.seises != 1 else ''} = {number}: {lectura.texto()}."
        )
        events.append(TableRolled(said, actor.id, faces, pending.seises, lectura))
    if after == 0:
        target = replace(target, vencido=True)
        events.append(Out(f"{target.sheet.nombre} llega a Compostura 0.", target.id, "compostura"))
    state = state.put(target)
    state, events = end(state, events)
    return _next_turn(state, events)


@dataclass(frozen=True)
class OtraAccion:
    """Any other action (the seed's action table is not printed): its roll, recorded.
    ``contra``: a participant whose Defensa en intrigas is the difficulty."""

    actor: str
    descripcion: str
    habilidad: str
    especialidad: str | None = None
    dificultad: int | None = None
    contra: str | None = None
    modificadores: tuple[Termino, ...] = ()
    destino: tuple[DestinoTirada, ...] = ()


def other_action(
    state: Intrigue, choice: OtraAccion, dice: DiceSource
) -> tuple[Intrigue, list[Event]]:
    require_open(state)
    actor = _require_turn(state, choice.actor)
    text = check_name(choice.descripcion, "la acción")
    if choice.contra is not None and choice.dificultad is not None:
        raise UmbralError("Di una dificultad o contra quién, no las dos.")
    dificultad = state.participante(choice.contra).defensa if choice.contra else choice.dificultad
    dados = actor.dados() if key(choice.habilidad) in (ENGANO, PERSUASION) else ()
    _, actor, rolled = participant_test(
        actor, habilidad=choice.habilidad, especialidad=choice.especialidad,
        dificultad=dificultad, dice=dice, proposito="accion", puntos=choice.modificadores,
        dados=dados, destino=choice.destino,
    )  # fmt: skip
    state = state.put(actor)
    said = f"{actor.sheet.nombre}: {text}."
    return _next_turn(state, [rolled, ActionSpent(said, actor.id, "intriga", 0)])


def wait(state: Intrigue, pid: str) -> tuple[Intrigue, list[Event]]:
    """«El mayor resultado empieza primero, si así lo desea, aunque puede esperar a que
    actúen otros primero»: whose turn it is goes after the others still to act."""
    require_open(state)
    p = _require_turn(state, pid)
    if state.turno == len(state.orden) - 1:
        raise UmbralError(f"{p.sheet.nombre} ya es el último en actuar en este intercambio.")
    rest = state.orden[state.turno + 1 :]
    state = replace(state, orden=(*state.orden[: state.turno], *rest, pid))
    who = state.orden[state.turno]
    name = state.participante(who).sheet.nombre
    said = f"{p.sheet.nombre} espera a que actúen los demás. Turno de {name}."
    return state, [TurnStarted(said, who)]


def _next_turn(state: Intrigue, events: list[Event]) -> tuple[Intrigue, list[Event]]:
    """«Solo puede elegirse una acción por turno»: the action ends the turn."""
    if state.terminada or state.pendiente is not None:
        return state, events
    turno = state.turno + 1
    while turno < len(state.orden) and state.participante(state.orden[turno]).vencido:
        turno += 1
    state = replace(state, turno=turno)
    who = state.current
    if who is not None:
        events = [*events, TurnStarted(f"Turno de {state.participante(who).sheet.nombre}.", who)]
    return state, events


@dataclass(frozen=True)
class IntrigaSimple:
    """«Un único intercambio. Una sola tirada.» [D] the one roll is influir's (Persuasión
    with the technique, or Engaño) against the target's Defensa en intrigas with its
    setting, with the target's attitude's modifier if known; success wins the intrigue."""

    actor: Sheet
    objetivo: Sheet
    tecnica: str
    engano: bool = False
    especialidad_engano: str | None = None
    escenario: Escenario = Escenario.NEUTRO
    actitud: FactorActitud | None = None
    modificadores: tuple[Termino, ...] = ()
    destino: tuple[DestinoTirada, ...] = ()


def simple(choice: IntrigaSimple, dice: DiceSource) -> tuple[Tirada, list[Event]]:
    p = Intrigante("actor", choice.actor, "actor", "", 0, choice.actor.destino)
    p = replace(p, tecnica=Tecnica(choice.tecnica, 1))
    habilidad, especialidad, bonus = skill_and_bonus(p, choice.engano, choice.especialidad_engano)
    dificultad = choice.objetivo.defensa_intrigas(choice.escenario.bonus)
    tirada, _, rolled = participant_test(
        p, habilidad=habilidad, especialidad=especialidad, dificultad=dificultad, dice=dice,
        proposito="intriga simple", bonus=bonus,
        puntos=choice.modificadores + attitude_term(choice.actitud, choice.engano),
        destino=choice.destino,
    )  # fmt: skip
    a, t = choice.actor.nombre, choice.objetivo.nombre
    verdict = f"{a} gana la intriga simple" if tirada.exito else f"{t} resiste: {a} pierde"
    rolled = CheckRolled(rolled.message, a, rolled.proposito, tirada)
    return tirada, [rolled, Ended(f"{verdict}.", a if tirada.exito else t)]
