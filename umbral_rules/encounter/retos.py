"""Retos (§11): conflicts that are not combat. An Umbral, the successes needed, and what
each failure costs; [D] each player may use a given Oficio twice in the reto (one
repetition, ``tables.RETO_OFICIO_USOS``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from ..checks import CheckResult
from ..dice import DiceSource
from ..errors import UmbralError
from ..plural import plural
from ..tables import RETO_GRADE_EFFECT, RETO_OFICIO_USOS
from ..text import clean_name, name_key
from .ambitos import require_ambitos, validate_ambitos
from .budget import require_active
from .events import Event, RetoCreated, RetoEnded, RetoRolled
from .pruebas import apply_effect, new_record, roll_check
from .state import Combatant, EncounterState, JsonDict

_GRADE_KEYS = ("fracaso", "a_medias", "exito", "exito_pleno")


def get_reto(state: EncounterState, reto_id: str) -> JsonDict:
    for reto in state.retos:
        if reto["id"] == reto_id:
            return reto
    raise UmbralError(f"No hay ningún reto «{reto_id}».")


def crear(state: EncounterState, nombre: str, umbral: int, exitos: int, coste: str) -> list[Event]:
    from ..checks import umbral_name, validate_umbral

    validate_umbral(umbral)
    if not nombre.strip():
        raise UmbralError("El reto necesita un nombre.")
    nombre = clean_name(nombre)
    same = [r for r in state.retos if name_key(str(r.get("nombre", ""))) == name_key(nombre)]
    if same:
        raise UmbralError(f"Ya hay un reto «{same[0]['nombre']}» en este canal: ponle otro nombre.")
    if not 1 <= exitos <= 20:
        raise UmbralError("Un reto pide entre 1 y 20 éxitos.")
    reto = {
        "id": f"r{state.counter('reto')}",
        "nombre": nombre.strip(),
        "umbral": umbral,
        "exitos_necesarios": exitos,
        "coste": coste.strip(),
        "exitos": 0,
        "fracasos": 0,
        "usados": [],
        "tiradas": [],
        "activo": True,
        "logrado": None,
    }
    state.retos.append(reto)
    text = (
        f"Reto «{reto['nombre']}»: {umbral_name(umbral)}, {plural(exitos, 'éxito')}; "
        f"cada fracaso cuesta: {reto['coste'] or 'lo que diga el máster'}."
    )
    return [RetoCreated(text, str(reto["id"]))]


def tirar(
    state: EncounterState,
    dice: DiceSource,
    reto_id: str,
    actor_id: str,
    atributo: str,
    oficio: str | None = None,
    cobertura: str = "entero",
    ventaja: str | None = None,
    ambitos: Sequence[str] = (),
) -> list[Event]:
    reto = get_reto(state, reto_id)
    if not reto["activo"]:
        raise UmbralError(f"El reto «{reto['nombre']}» ya ha terminado.")
    actor = state.get(actor_id)
    require_active(actor)
    if not actor.is_pc:
        raise UmbralError("En un reto tiran los personajes jugadores.")
    ambitos = validate_ambitos(ambitos)
    record = new_record(state, actor, "reto", atributo, int(reto["umbral"]), oficio, cobertura,
                        ventaja, ambitos)  # fmt: skip
    require_ambitos(state.settings, actor.nombre, actor.estados, ambitos, actor.genero)
    oficio_key = None
    if oficio and actor.sheet is not None:
        oficio_key = name_key(actor.sheet.oficio(oficio)[0])
        if reto["usados"].count([actor.id, oficio_key]) >= RETO_OFICIO_USOS:
            raise UmbralError(
                f"{actor.nombre} ya usó el Oficio {actor.sheet.oficio(oficio)[0]} "
                f"{plural(RETO_OFICIO_USOS, 'vez', 'veces')} en este reto: cada uno solo puede "
                "repetir un mismo Oficio una vez. Propón otra forma."
            )
    record["reto"] = reto["id"]
    record["oficio_key"] = oficio_key
    record["reto_before"] = copy.deepcopy(reto)
    return apply_effect(state, actor, record, roll_check(state, dice, actor, record))


def apply_reto(
    state: EncounterState, actor: Combatant, record: JsonDict, result: CheckResult
) -> list[Event]:
    reto = get_reto(state, record["reto"])
    effect = RETO_GRADE_EFFECT[_GRADE_KEYS[int(result.grade)]]
    if record["oficio_key"]:
        reto["usados"].append([actor.id, record["oficio_key"]])
    if effect == "exito":
        reto["exitos"] += 1
    elif effect == "fracaso":
        reto["fracasos"] += 1
    reto["tiradas"].append(
        {"combatant": actor.id, "total": result.roll.total, "grade": int(result.grade),
         "effect": effect}
    )  # fmt: skip
    word = {"exito": "un éxito", "fracaso": "un fracaso", "nada": "ni avanza ni cuesta"}[effect]
    cost = f" ({reto['coste']})" if effect == "fracaso" and reto["coste"] else ""
    text = (
        f"{actor.nombre} en «{reto['nombre']}»: {result.roll.total} contra {reto['umbral']}, "
        f"{result.grade.label}: {word}{cost}. Éxitos {reto['exitos']}/"
        f"{reto['exitos_necesarios']}, {plural(reto['fracasos'], 'fracaso')}."
    )
    events: list[Event] = [
        RetoRolled(text, str(reto["id"]), actor.id, result, effect, reto["exitos"],
                   reto["fracasos"])
    ]  # fmt: skip
    if reto["exitos"] >= reto["exitos_necesarios"]:
        events += _end(reto, True)
    return events


def terminar(state: EncounterState, reto_id: str) -> list[Event]:
    """The GM ends the reto (logrado only when the successes are there)."""
    reto = get_reto(state, reto_id)
    if not reto["activo"]:
        raise UmbralError(f"El reto «{reto['nombre']}» ya ha terminado.")
    return _end(reto, reto["exitos"] >= reto["exitos_necesarios"])


def _end(reto: JsonDict, logrado: bool) -> list[Event]:
    reto["activo"] = False
    reto["logrado"] = logrado
    how = "logrado" if logrado else "terminado sin lograrse"
    text = (
        f"Reto «{reto['nombre']}» {how}: {plural(reto['exitos'], 'éxito')}, "
        f"{plural(reto['fracasos'], 'fracaso')}."
    )
    return [RetoEnded(text, str(reto["id"]), logrado, reto["exitos"], reto["fracasos"])]
