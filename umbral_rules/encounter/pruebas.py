"""Checks inside an encounter: a plain check, shaking off an estado, stabilising a fallen PC,
and the GM's own ``set_estado``. Each PC check is recorded for Aliento (repetir / subir).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..checks import CheckResult, check, regrade_check, validate_umbral
from ..dice import DiceSource
from ..errors import UmbralError
from ..genero import agree
from ..plural import plural
from ..tables import (
    ESTABILIZAR_ATRIBUTO,
    ESTABILIZAR_UMBRAL,
    ESTADO_QUITAR_ACCION,
    ESTADO_QUITAR_CHECK,
)
from .ambitos import require_ambitos, validate_ambitos
from .budget import check_accion, require_active, spend_accion
from .common import check_mods, indicated
from .estados import desventajas, estado_label, normalize_estado
from .events import CheckMade, EstadoChanged, Event, Stabilised
from .phases import check_phase
from .state import Combatant, EncounterState, JsonDict
from .wounds import snapshot_fields


def roll_check(
    state: EncounterState,
    dice: DiceSource,
    actor: Combatant,
    record: JsonDict,
    *,
    shift: int = 0,
) -> CheckResult:
    """Roll a recorded check (``mods``, ``umbral``, ``ventajas``, ``desventajas``)."""
    from .attacks import mods_from_list

    result = check(
        dice, mods_from_list(record["mods"]), record["umbral"], record["ventajas"],
        record["desventajas"],
    )  # fmt: skip
    if shift:
        result = regrade_check(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
    record["faces"] = list(result.roll.die.faces)
    record["shift"] = shift
    record["grade"] = int(result.grade)
    record["asalto"] = state.asalto
    actor.last_roll = record
    return result


def new_record(
    state: EncounterState,
    actor: Combatant,
    purpose: str,
    atributo: str,
    umbral: int,
    oficio: str | None,
    cobertura: str,
    ventaja: str | None,
    ambitos: Sequence[str] = (),
    touched: dict[str, Any] | None = None,
) -> JsonDict:
    """Validate and fix a check: the modifiers and every ventaja source, named."""
    from .attacks import mods_to_list

    if actor.sheet is None:
        raise UmbralError(f"{actor.nombre} no tira pruebas: es un enemigo del bestiario.")
    validate_umbral(umbral)
    mods = check_mods(actor, atributo, oficio, cobertura)
    vent, desv = indicated(ventaja)
    desv += desventajas(state, actor, "", ambitos)
    return {
        "op": "check",
        "purpose": purpose,
        "mods": mods_to_list(mods),
        "umbral": umbral,
        "ventajas": vent,
        "desventajas": desv,
        "touched": touched or {},
    }


def apply_effect(
    state: EncounterState, actor: Combatant, record: JsonDict, result: CheckResult
) -> list[Event]:
    """What a check does besides being rolled, by its purpose."""
    purpose = record["purpose"]
    if purpose == "quebrantado":
        if result.success:
            actor.estados.remove("quebrantado")
        text = "se sobrepone y deja de estar" if result.success else "sigue"
        return [
            CheckMade(
                f"{actor.nombre} {text} {agree(actor.genero, 'Quebrantado', 'Quebrantada')}.",
                actor.id,
                result,
                purpose,
            ),
            *(
                [
                    EstadoChanged(
                        f"{actor.nombre} deja de estar "
                        f"{agree(actor.genero, 'Quebrantado', 'Quebrantada')}.",
                        actor.id,
                        "quebrantado",
                        False,
                    )
                ]
                if result.success
                else []
            ),
        ]
    if purpose == "estabilizar":
        target = state.get(record["target"])
        if result.success:
            target.status = "estabilizado"
        verb = "estabiliza a" if result.success else "no consigue estabilizar a"
        text = f"{actor.nombre} {verb} {target.nombre} ({result.roll.total} contra 12)."
        return [Stabilised(text, actor.id, target.id, result, result.success)]
    if purpose == "reto":
        from .retos import apply_reto

        return apply_reto(state, actor, record, result)
    text = f"{actor.nombre}: {result.roll.total} contra {record['umbral']}, {result.grade.label}."
    return [CheckMade(text, actor.id, result, purpose)]


def do_check(
    state: EncounterState,
    dice: DiceSource,
    actor_id: str,
    atributo: str,
    umbral: int,
    oficio: str | None = None,
    cobertura: str = "entero",
    ventaja: str | None = None,
    ambitos: Sequence[str] = (),
    accion: bool = False,
) -> list[Event]:
    """A check against an Umbral; ``ambitos`` say what it is, so each estado gives
    desventaja where it says (required when an estado limits some ámbitos)."""
    actor = state.get(actor_id)
    require_active(actor)
    ambitos = validate_ambitos(ambitos)
    record = new_record(state, actor, "tirada", atributo, umbral, oficio, cobertura, ventaja,
                        ambitos)  # fmt: skip
    require_ambitos(state.settings, actor.nombre, actor.estados, ambitos, actor.genero)
    events = check_phase(state, actor) + check_accion(state, actor) if accion else []
    if accion:
        events.append(spend_accion(actor))
    return events + apply_effect(state, actor, record, roll_check(state, dice, actor, record))


def recover(state: EncounterState, dice: DiceSource, actor_id: str, estado: str) -> list[Event]:
    """Aturdido goes by spending an acción; Quebrantado by a Voluntad check vs Corriente."""
    actor = state.get(actor_id)
    require_active(actor)
    key = normalize_estado(state, estado)
    label = estado_label(state, key, actor.genero)
    if key not in actor.estados:
        raise UmbralError(f"{actor.nombre} no está {label}.")
    if key not in ESTADO_QUITAR_ACCION and key not in ESTADO_QUITAR_CHECK:
        raise UmbralError(f"{label} no se quita así: lo quita el máster cuando toca.")
    record = None
    if key in ESTADO_QUITAR_CHECK:
        atributo, umbral = ESTADO_QUITAR_CHECK[key]
        touched = {actor.id: snapshot_fields(actor, ("estados",))}
        record = new_record(state, actor, key, atributo, umbral, None, "nada", None,
                            touched=touched)  # fmt: skip
    events = check_phase(state, actor) + check_accion(state, actor)
    events.append(spend_accion(actor))
    if record is None:
        actor.estados.remove(key)
        text = f"{actor.nombre} gasta su acción y deja de estar {label}."
        return [*events, EstadoChanged(text, actor.id, key, False)]
    return events + apply_effect(state, actor, record, roll_check(state, dice, actor, record))


def estabilizar(
    state: EncounterState,
    dice: DiceSource,
    healer_id: str,
    target_id: str,
    atributo: str = ESTABILIZAR_ATRIBUTO,
    oficio: str | None = None,
    cobertura: str = "entero",
    ventaja: str | None = None,
) -> list[Event]:
    """A healing check Peliaguda (12) by someone else stabilises a Malherido PC."""
    healer = state.get(healer_id)
    target = state.get(target_id)
    require_active(healer)
    if healer.id == target.id:
        raise UmbralError("Nadie se estabiliza a sí mismo: tiene que hacerlo otro.")
    if target.status != "malherido":
        malherido = agree(target.genero, "Malherido", "Malherida")
        raise UmbralError(f"{target.nombre} no está {malherido} sin estabilizar.")
    touched = {target.id: snapshot_fields(target, ("status",))}
    record = new_record(state, healer, "estabilizar", atributo, ESTABILIZAR_UMBRAL, oficio,
                        cobertura, ventaja, touched=touched)  # fmt: skip
    record["target"] = target.id
    events = check_phase(state, healer) + check_accion(state, healer)
    events.append(spend_accion(healer))
    return events + apply_effect(state, healer, record, roll_check(state, dice, healer, record))


def set_estado(state: EncounterState, target_id: str, estado: str, on: bool) -> list[Event]:
    """The GM puts or takes an estado. They don't stack: one has it or not."""
    target = state.get(target_id)
    key = normalize_estado(state, estado)
    label = estado_label(state, key, target.genero)
    if on and key in target.estados:
        raise UmbralError(f"{target.nombre} ya está {label}: los estados no se acumulan.")
    if not on and key not in target.estados:
        raise UmbralError(f"{target.nombre} no está {label}.")
    if on:
        target.estados.append(key)
    else:
        target.estados.remove(key)
    text = f"{target.nombre} {'queda' if on else 'deja de estar'} {label}."
    return [EstadoChanged(text, target.id, key, on)]
