"""Checks inside an encounter: a plain check, shaking off an estado, stabilising a fallen PC,
and the GM's own ``set_estado``. Each PC check is recorded for Aliento (repetir / subir).

A check is first fixed (:func:`new_record`: modifiers, Umbral, every ventaja source named),
then rolled (:func:`roll_tirada`), then does what its purpose says (:func:`apply_effect`;
a reto's is in :mod:`.retos`, which builds on this module).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..dice import DiceSource, Ventaja
from ..errors import UmbralError
from ..genero import agree
from ..plural import plural
from ..rolls import Static
from ..tables import (
    CABEZA_REPLACES,
    ESTABILIZAR_ATRIBUTO,
    ESTABILIZAR_UMBRAL,
    ESTADO_QUITAR_ACCION,
    ESTADO_QUITAR_TIRADA,
    ESTADO_VENDAR,
    VENDAR_SELF,
)
from ..tiradas import (
    OficioCobertura,
    TiradaResult,
    regrade_tirada,
    tirada,
    tirada_against,
    validate_tirada_umbral,
)
from .ambitos import require_ambitos, validate_ambitos
from .budget import check_accion, require_active, spend_accion
from .combatant import Combatant
from .common import indicated, tirada_mods
from .estados import cabeza_keys, desventajas, estado_label, normalize_estado
from .events import EstadoChanged, Event, Stabilised, TiradaMade
from .kinds import Status, TiradaPurpose
from .phases import check_phase
from .pieces import Snapshot
from .records import TiradaRecord
from .state import EncounterState
from .wounds import estados_snapshot, status_snapshot


def roll_tirada(
    state: EncounterState,
    dice: DiceSource,
    actor: Combatant,
    record: TiradaRecord,
    *,
    shift: int = 0,
) -> tuple[TiradaResult, TiradaRecord]:
    """Roll a fixed check; the record as rolled is the actor's last roll (for Aliento)."""
    if record.contra is not None:  # a check against a person: «8 + Atributo + Oficio»
        result = tirada_against(
            dice, record.mods, record.contra, record.ventajas, record.desventajas
        )
    else:
        result = tirada(dice, record.mods, record.umbral, record.ventajas, record.desventajas)
    if shift:
        result = regrade_tirada(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
    rolled = replace(
        record,
        faces=result.roll.die.faces,
        shift=shift,
        grade=int(result.grade),
        asalto=state.asalto,
    )
    actor.last_roll = rolled
    return result, rolled


def new_record(
    state: EncounterState,
    actor: Combatant,
    purpose: TiradaPurpose,
    atributo: str,
    umbral: int | Static,
    oficio: str | None,
    oficio_cobertura: OficioCobertura | str,
    ventaja: str | Ventaja | None,
    ambitos: Sequence[str] = (),
    touched: Mapping[str, Snapshot] | None = None,
) -> TiradaRecord:
    """Validate and fix a check: the modifiers and every ventaja source, named. ``umbral``
    is an Umbral, or the static number of a person the check is against."""
    if actor.sheet is None:
        raise UmbralError(f"{actor.nombre} no tira pruebas: es un enemigo del bestiario.")
    contra = umbral if isinstance(umbral, Static) else None
    value = umbral.value if isinstance(umbral, Static) else validate_tirada_umbral(umbral)
    mods = tirada_mods(actor, atributo, oficio, oficio_cobertura)
    vent, desv = indicated(ventaja)
    desv += desventajas(state, actor, "", ambitos)
    return TiradaRecord(
        purpose, tuple(mods), value, tuple(vent), tuple(desv), touched or {}, contra=contra
    )


def apply_effect(
    state: EncounterState, actor: Combatant, record: TiradaRecord, result: TiradaResult
) -> list[Event]:
    """What a check (not a reto's: see :func:`.retos.apply_reto`) does besides being
    rolled, by its purpose."""
    purpose = record.purpose
    if purpose is TiradaPurpose.QUEBRANTADO:
        label = agree(actor.genero, "Quebrantado", "Quebrantada")
        if result.success:
            actor.estados.remove("quebrantado")
        text = "se sobrepone y deja de estar" if result.success else "sigue"
        events: list[Event] = [TiradaMade(f"{actor.nombre} {text} {label}.", actor.id, result,
                                         purpose)]  # fmt: skip
        if result.success:
            text = f"{actor.nombre} deja de estar {label}."
            events.append(EstadoChanged(text, actor.id, "quebrantado", False))
        return events
    if purpose is TiradaPurpose.ESTABILIZAR:
        assert record.target is not None
        target = state.get(record.target)
        if result.success:
            target.status = Status.ESTABILIZADO
        verb = "estabiliza a" if result.success else "no consigue estabilizar a"
        text = f"{actor.nombre} {verb} {target.nombre} ({result.roll.total} contra 12)."
        return [Stabilised(text, actor.id, target.id, result, result.success)]
    text = f"{actor.nombre}: {result.roll.total} contra {record.umbral}, {result.grade.label}."
    return [TiradaMade(text, actor.id, result, purpose)]


def do_tirada(
    state: EncounterState,
    dice: DiceSource,
    actor_id: str,
    atributo: str,
    umbral: int | Static,
    oficio: str | None = None,
    oficio_cobertura: OficioCobertura | str = OficioCobertura.ENTERO,
    ventaja: str | Ventaja | None = None,
    ambitos: Sequence[str] = (),
    accion: bool = False,
) -> list[Event]:
    """A check against an Umbral (or, a :class:`Static`, against a person's «8 + Atributo +
    Oficio»: ``tiradas.pusher_static``); ``ambitos`` say what it is, so each estado gives
    desventaja where it says (required when an estado limits some ámbitos)."""
    actor = state.get(actor_id)
    require_active(actor)
    ambitos = validate_ambitos(ambitos)
    record = new_record(state, actor, TiradaPurpose.TIRADA, atributo, umbral, oficio,
                        oficio_cobertura, ventaja, ambitos)  # fmt: skip
    require_ambitos(state.settings.estados_extra, actor.nombre, actor.estados, ambitos,
                    actor.genero)  # fmt: skip
    events = check_phase(state, actor) + check_accion(state, actor) if accion else []
    if accion:
        events.append(spend_accion(actor))
    result, rolled = roll_tirada(state, dice, actor, record)
    return events + apply_effect(state, actor, rolled, result)


def recover(state: EncounterState, dice: DiceSource, actor_id: str, estado: str) -> list[Event]:
    """Aturdido goes by spending an acción; Quebrantado by a Voluntad check vs Corriente."""
    actor = state.get(actor_id)
    require_active(actor)
    key = normalize_estado(state, estado)
    label = estado_label(state, key, actor.genero)
    if key not in actor.estados:
        raise UmbralError(f"{actor.nombre} no está {label}.")
    if key == ESTADO_VENDAR:
        raise UmbralError(f"{label} se quita vendando: alguien (o uno mismo) con /vendar.")
    if key not in ESTADO_QUITAR_ACCION and key not in ESTADO_QUITAR_TIRADA:
        raise UmbralError(f"{label} no se quita así: lo quita el máster cuando toca.")
    record = None
    if key in ESTADO_QUITAR_TIRADA:
        atributo, umbral = ESTADO_QUITAR_TIRADA[key]
        touched = {actor.id: estados_snapshot(actor)}
        record = new_record(state, actor, TiradaPurpose(key), atributo, umbral, None,
                            OficioCobertura.NADA, None, touched=touched)  # fmt: skip
    events = check_phase(state, actor) + check_accion(state, actor)
    events.append(spend_accion(actor))
    if record is None:
        actor.estados.remove(key)
        text = f"{actor.nombre} gasta su acción y deja de estar {label}."
        return [*events, EstadoChanged(text, actor.id, key, False)]
    result, rolled = roll_tirada(state, dice, actor, record)
    return events + apply_effect(state, actor, rolled, result)


def estabilizar(
    state: EncounterState,
    dice: DiceSource,
    healer_id: str,
    target_id: str,
    atributo: str = ESTABILIZAR_ATRIBUTO,
    oficio: str | None = None,
    oficio_cobertura: OficioCobertura | str = OficioCobertura.ENTERO,
    ventaja: str | Ventaja | None = None,
) -> list[Event]:
    """A healing check Peliaguda (12) by someone else stabilises a Malherido PC."""
    healer = state.get(healer_id)
    target = state.get(target_id)
    require_active(healer)
    if healer.id == target.id:
        raise UmbralError("Nadie se estabiliza a sí mismo: tiene que hacerlo otro.")
    if target.status is not Status.MALHERIDO:
        malherido = agree(target.genero, "Malherido", "Malherida")
        raise UmbralError(f"{target.nombre} no está {malherido} sin estabilizar.")
    touched = {target.id: status_snapshot(target)}
    record = new_record(state, healer, TiradaPurpose.ESTABILIZAR, atributo, ESTABILIZAR_UMBRAL,
                        oficio, oficio_cobertura, ventaja, touched=touched)  # fmt: skip
    record = replace(record, target=target.id)
    events = check_phase(state, healer) + check_accion(state, healer)
    events.append(spend_accion(healer))
    result, rolled = roll_tirada(state, dice, healer, record)
    return events + apply_effect(state, healer, rolled, result)


def set_estado(state: EncounterState, target_id: str, estado: str, on: bool) -> list[Event]:
    """The GM puts or takes an estado. They don't stack: one has it or not. Of the guild's
    estados «de la cabeza» one is carried at a time: [D] a second replaces the first
    (``tables.CABEZA_REPLACES``)."""
    target = state.get(target_id)
    key = normalize_estado(state, estado)
    label = estado_label(state, key, target.genero)
    if on and key in target.estados:
        raise UmbralError(f"{target.nombre} ya está {label}: los estados no se acumulan.")
    if not on and key not in target.estados:
        raise UmbralError(f"{target.nombre} no está {label}.")
    events: list[Event] = []
    cabeza = cabeza_keys(state.settings.estados_extra)
    if on and key in cabeza:
        for old in [e for e in target.estados if e in cabeza]:
            old_label = estado_label(state, old, target.genero)
            if not CABEZA_REPLACES:
                raise UmbralError(
                    f"{target.nombre} ya lleva un estado de la cabeza ({old_label}): solo se "
                    "lleva uno a la vez."
                )
            target.estados.remove(old)
            text = (
                f"{target.nombre} deja de estar {old_label}: de la cabeza solo se lleva un "
                "estado a la vez."
            )
            events.append(EstadoChanged(text, target.id, old, False))
    if on:
        target.estados.append(key)
    else:
        target.estados.remove(key)
    text = f"{target.nombre} {'queda' if on else 'deja de estar'} {label}."
    return [*events, EstadoChanged(text, target.id, key, on)]


def vendar(state: EncounterState, actor_id: str, target_id: str) -> list[Event]:
    """Bandaging stops Sangrando («hasta que alguien te vende», Libro III §17). [D] No roll,
    the acción, and one may bandage oneself (``tables.VENDAR_SELF``)."""
    actor = state.get(actor_id)
    target = state.get(target_id)
    require_active(actor)
    if actor.id == target.id and not VENDAR_SELF:
        raise UmbralError("Nadie se venda a sí mismo: tiene que hacerlo otro.")
    label = estado_label(state, ESTADO_VENDAR, target.genero)
    if ESTADO_VENDAR not in target.estados:
        raise UmbralError(f"{target.nombre} no está {label}: no hay nada que vendar.")
    events = check_phase(state, actor) + check_accion(state, actor)
    events.append(spend_accion(actor))
    target.estados.remove(ESTADO_VENDAR)
    who = "se venda" if actor.id == target.id else f"venda a {target.nombre}"
    text = f"{actor.nombre} {who}: deja de estar {label}."
    return [*events, EstadoChanged(text, target.id, ESTADO_VENDAR, False)]
