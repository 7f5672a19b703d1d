"""Retos (§11): conflicts that are not combat. An Umbral, the successes needed, and what
each failure costs; [D] each player may use a given Oficio twice in the reto (one
repetition, ``tables.RETO_OFICIO_USOS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..dice import DiceSource, Ventaja
from ..errors import UmbralError
from ..plural import plural
from ..tables import RETO_GRADE_EFFECT, RETO_OFICIO_USOS
from ..text import clean_name, name_key
from ..tiradas import OficioCobertura, TiradaResult, umbral_name, validate_umbral
from .ambitos import require_ambitos, validate_ambitos
from .budget import require_active
from .combatant import Combatant
from .events import Event, RetoCreated, RetoEnded, RetoRolled
from .kinds import RetoEffect, TiradaPurpose
from .pieces import Reto, RetoTirada
from .records import TiradaRecord
from .state import EncounterState
from .tiradas import new_record, roll_tirada

_GRADE_KEYS = ("fracaso", "a_medias", "exito", "exito_pleno")


def get_reto(state: EncounterState, reto_id: str) -> Reto:
    for reto in state.retos:
        if reto.id == reto_id:
            return reto
    raise UmbralError(f"No hay ningún reto «{reto_id}».")


def put_reto(state: EncounterState, reto: Reto) -> None:
    """The reto with that id, replaced by this one."""
    state.retos = [reto if r.id == reto.id else r for r in state.retos]


def crear(state: EncounterState, nombre: str, umbral: int, exitos: int, coste: str) -> list[Event]:
    validate_umbral(umbral)
    if not nombre.strip():
        raise UmbralError("El reto necesita un nombre.")
    nombre = clean_name(nombre)
    same = [r for r in state.retos if name_key(r.nombre) == name_key(nombre)]
    if same:
        raise UmbralError(f"Ya hay un reto «{same[0].nombre}» en este canal: ponle otro nombre.")
    if not 1 <= exitos <= 20:
        raise UmbralError("Un reto pide entre 1 y 20 éxitos.")
    reto = Reto(state.new_reto_id(), nombre.strip(), umbral, exitos, coste.strip())
    state.retos.append(reto)
    text = (
        f"Reto «{reto.nombre}»: {umbral_name(umbral)}, {plural(exitos, 'éxito')}; "
        f"cada fracaso cuesta: {reto.coste or 'lo que diga el máster'}."
    )
    return [RetoCreated(text, reto.id)]


def adopt(state: EncounterState, other: EncounterState) -> None:
    """This encounter takes the open retos of ``other`` (a reto's scene it replaces) and
    goes on with its reto numbering."""
    state.retos = [r for r in other.retos if r.activo]
    state.counters = replace(state.counters, reto=other.counters.reto)


def tirar(
    state: EncounterState,
    dice: DiceSource,
    reto_id: str,
    actor_id: str,
    atributo: str,
    oficio: str | None = None,
    oficio_cobertura: OficioCobertura | str = OficioCobertura.ENTERO,
    ventaja: str | Ventaja | None = None,
    ambitos: Sequence[str] = (),
) -> list[Event]:
    reto = get_reto(state, reto_id)
    if not reto.activo:
        raise UmbralError(f"El reto «{reto.nombre}» ya ha terminado.")
    actor = state.get(actor_id)
    require_active(actor)
    if not actor.is_pc:
        raise UmbralError("En un reto tiran los personajes jugadores.")
    ambitos = validate_ambitos(ambitos)
    record = new_record(state, actor, TiradaPurpose.RETO, atributo, reto.umbral, oficio,
                        oficio_cobertura, ventaja, ambitos)  # fmt: skip
    require_ambitos(state.settings.estados_extra, actor.nombre, actor.estados, ambitos,
                    actor.genero)  # fmt: skip
    oficio_key = None
    if oficio and actor.sheet is not None:
        oficio_key = name_key(actor.sheet.oficio(oficio)[0])
        if reto.usados.count((actor.id, oficio_key)) >= RETO_OFICIO_USOS:
            raise UmbralError(
                f"{actor.nombre} ya usó el Oficio {actor.sheet.oficio(oficio)[0]} "
                f"{plural(RETO_OFICIO_USOS, 'vez', 'veces')} en este reto: cada uno solo puede "
                "repetir un mismo Oficio una vez. Propón otra forma."
            )
    record = replace(record, reto=reto.id, oficio_key=oficio_key, reto_before=reto)
    result, rolled = roll_tirada(state, dice, actor, record)
    return apply_reto(state, actor, rolled, result)


def apply_reto(
    state: EncounterState, actor: Combatant, record: TiradaRecord, result: TiradaResult
) -> list[Event]:
    """What a roll in a reto does to it (its count, the Oficio used, the end)."""
    assert record.reto is not None
    reto = get_reto(state, record.reto)
    effect = RetoEffect(RETO_GRADE_EFFECT[_GRADE_KEYS[int(result.grade)]])
    usados = (*reto.usados, (actor.id, record.oficio_key)) if record.oficio_key else reto.usados
    tirada = RetoTirada(actor.id, result.roll.total, result.grade, effect)
    reto = replace(
        reto,
        exitos=reto.exitos + (effect is RetoEffect.EXITO),
        fracasos=reto.fracasos + (effect is RetoEffect.FRACASO),
        usados=usados,
        tiradas=(*reto.tiradas, tirada),
    )
    word = {
        RetoEffect.EXITO: "un éxito",
        RetoEffect.FRACASO: "un fracaso",
        RetoEffect.NADA: "ni avanza ni cuesta",
    }[effect]
    cost = f" ({reto.coste})" if effect is RetoEffect.FRACASO and reto.coste else ""
    text = (
        f"{actor.nombre} en «{reto.nombre}»: {result.roll.total} contra {reto.umbral}, "
        f"{result.grade.label}: {word}{cost}. Éxitos {reto.exitos}/"
        f"{reto.exitos_necesarios}, {plural(reto.fracasos, 'fracaso')}."
    )
    events: list[Event] = [
        RetoRolled(text, reto.id, actor.id, result, effect, reto.exitos, reto.fracasos)
    ]
    if reto.exitos >= reto.exitos_necesarios:
        reto, ended = _end(reto, True)
        events.append(ended)
    put_reto(state, reto)
    return events


def terminar(state: EncounterState, reto_id: str) -> list[Event]:
    """The GM ends the reto (logrado only when the successes are there)."""
    reto = get_reto(state, reto_id)
    if not reto.activo:
        raise UmbralError(f"El reto «{reto.nombre}» ya ha terminado.")
    reto, ended = _end(reto, reto.exitos >= reto.exitos_necesarios)
    put_reto(state, reto)
    return [ended]


def _end(reto: Reto, logrado: bool) -> tuple[Reto, RetoEnded]:
    how = "logrado" if logrado else "terminado sin lograrse"
    text = (
        f"Reto «{reto.nombre}» {how}: {plural(reto.exitos, 'éxito')}, "
        f"{plural(reto.fracasos, 'fracaso')}."
    )
    ended = replace(reto, activo=False, logrado=logrado)
    return ended, RetoEnded(text, reto.id, logrado, reto.exitos, reto.fracasos)
