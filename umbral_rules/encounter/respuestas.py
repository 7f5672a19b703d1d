"""Respuestas (§7): what you do when it is not your turn. One per asalto, of three kinds.

- ``oportunidad``: the free roll against someone who leaves your reach (trabar). [D] With
  ventaja in Narrativo/Táctico, without it in Mesa (``tables.OPORTUNIDAD_VENTAJA``).
- ``larga``: the free roll of a Larga weapon against someone entering its reach.
- ``sostener``: the held action fires (an attack on ``objetivo``, or what the GM narrates).
"""

from __future__ import annotations

from dataclasses import replace

from ..dice import DiceSource
from ..errors import UmbralError
from ..tables import OPORTUNIDAD_VENTAJA, RESPUESTA_LABELS, RESPUESTAS
from ..text import name_key
from .attacks import execute, plan_attack
from .budget import check_respuesta, require_active, spend_respuesta
from .combatant import Combatant
from .events import Event, RespuestaUsed
from .kinds import Respuesta
from .plans import NOTHING_CHOSEN, AttackChoice, AttackPlan
from .state import EncounterState


def respuesta(
    state: EncounterState,
    dice: DiceSource,
    actor_id: str,
    tipo: str,
    objetivo: str | None = None,
    choice: AttackChoice = NOTHING_CHOSEN,
    defender_dice: DiceSource | None = None,
) -> list[Event]:
    word = tipo.strip().lower()
    if word not in RESPUESTAS:
        raise UmbralError(f"Respuesta desconocida «{tipo}»: usa {', '.join(RESPUESTAS)}.")
    key = Respuesta(word)
    actor = state.get(actor_id)
    require_active(actor)
    check_respuesta(actor)
    target = state.get(objetivo) if objetivo else None
    plan: AttackPlan | None = None
    extra: tuple[str, ...] = ()
    if key is Respuesta.OPORTUNIDAD and OPORTUNIDAD_VENTAJA[state.mode.value]:
        extra = ("Oportunidad: tirada gratis con ventaja",)
    if key is Respuesta.LARGA:
        choice = replace(choice, arma=_larga_weapon(actor, choice.arma))
    if key is Respuesta.SOSTENER:
        held = actor.sosteniendo
        if held is None:
            raise UmbralError(f"{actor.nombre} no tiene ninguna acción sostenida.")
        if choice.arma is None:
            choice = replace(choice, arma=held.arma)
    if target is None and key is not Respuesta.SOSTENER:
        raise UmbralError(f"La {RESPUESTA_LABELS[key]} necesita un objetivo.")
    if key is Respuesta.OPORTUNIDAD and target is not None:
        refuse_clean_leave(state, actor, target)
    if target is not None:
        plan = plan_attack(state, actor, target, choice, respuesta=key, extra_ventajas=extra)
    spend_respuesta(actor, key)
    if key is Respuesta.SOSTENER:
        actor.sosteniendo = None
    label = RESPUESTA_LABELS[key]
    against = f" contra {target.nombre}" if target else ""
    events: list[Event] = [
        RespuestaUsed(
            f"{actor.nombre} usa su respuesta: {label}{against}.",
            actor.id,
            key,
            target.id if target else None,
        )
    ]
    if plan is not None:
        events += execute(state, dice, plan, defender_dice)
    return events


def refuse_clean_leave(state: EncounterState, actor: Combatant, target: Combatant) -> None:
    """«Si ganas, te despegas y él no tira» (Libro VI §39): whoever was left cleanly this
    asalto has no opportunity roll against the one who left."""
    if actor.id in state.despegues.get(target.id, ()):
        raise UmbralError(
            f"{target.nombre} se despegó limpio de {actor.nombre} en este asalto: "
            f"{actor.nombre} no tira."
        )


def _larga_weapon(actor: Combatant, name: str | None) -> str | None:
    if actor.enemy is not None:
        if not actor.enemy.weapon.has("larga"):
            raise UmbralError(f"El arma de {actor.nombre} no es Larga.")
        return None
    for w in actor.weapons:
        if w.has("larga") and (name is None or name_key(w.nombre) == name_key(name)):
            return w.nombre
    raise UmbralError(f"{actor.nombre} no lleva un arma Larga.")
