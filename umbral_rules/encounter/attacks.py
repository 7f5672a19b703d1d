"""Attacks inside an encounter (§5, §6): planning, rolling, pending defenses, damage.

An attack is first *planned* (validated, every choice fixed in an :class:`AttackPlan`) and
then *executed*. The plan is what a PC's Aliento replays: ``repetir`` executes it again with
new dice for the roller, ``subir`` with the same faces and one more step.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..combat import (
    AttackResult,
    helpless_attack,
    mesa_attack,
    mesa_shot_ataque,
    opposed_attack,
    regrade,
    shot,
)
from ..dice import DiceSource, combine_ventaja, roll_d12
from ..errors import UmbralError
from ..plural import plural
from ..tables import CERTERA_SOURCE, MOVED_SHOT_SOURCE
from .budget import check_accion, require_active, require_target, spend_accion
from .combatant import Combatant
from .common import indicated
from .estados import cannot_defend, desventajas, mirrored_ventajas
from .events import AttackResolved, DefensePending, Event
from .fighters import (
    attack_mods,
    defense_desventajas,
    defense_mods,
    static_ataque,
    static_defensa,
    weapon_of,
)
from .kinds import Accion, Mode, Phase, PlanKind, Respuesta, Side
from .late import reading_for, reread
from .phases import check_phase
from .pieces import Snapshot
from .plans import (
    NOTHING_CHOSEN,
    AttackChoice,
    AttackPlan,
    MesaAttack,
    OpposedAttack,
    PendingDefense,
)
from .records import AttackRecord, PendingAttackRecord
from .state import EncounterState
from .tablero import attack_geometry, moved, tablero_of
from .wounds import apply_damage, wound_snapshot

# --- planning ---------------------------------------------------------------------------


def redirect(state: EncounterState, attacker: Combatant, aimed: Combatant) -> Combatant | None:
    """Interponerse: the protector who takes the attacks aimed at a companion this asalto."""
    for guard in state.interponerse:
        if guard.protegido == aimed.id and guard.protector != attacker.id:
            protector = state.get(guard.protector)
            if protector.active:
                return protector
    return None


def has_moved(state: EncounterState, c: Combatant) -> bool:
    """Whether ``c`` has moved in this asalto: a movimiento spent (``/mover``, a walk on the
    board, Cargar) or its acción turned into a second one."""
    return c.movimiento or c.accion is Accion.MOVIMIENTO or moved(state, c) > 0


def moving(state: EncounterState, c: Combatant) -> bool:
    """[D] Whether ``c`` is moving: it moved in its side's last turn — this asalto's for the
    players and for the enemies in their own phase; for the enemies in the players' phase,
    the previous asalto's (their phase comes after the players')."""
    if c.movido_asalto is None:
        return False
    last = state.asalto
    if c.side is Side.ENEMIGO and state.phase is Phase.JUGADORES:
        last -= 1
    return c.movido_asalto >= last


def target_still(
    state: EncounterState, attacker: Combatant, target: Combatant, quieto: bool | None
) -> bool:
    """[D] Certera's «objetivos que no se mueven» (``tables.CERTERA_SOURCE``): with both
    figures on a Táctico board, the board's walks say it (:func:`moving`); elsewhere the
    attack's ``quieto`` says it, and when not said, the moves made with ``/mover`` do."""
    tablero = tablero_of(state)
    if tablero is not None and tablero.has(attacker.id) and tablero.has(target.id):
        if quieto is not None:
            raise UmbralError(
                "En Táctico el tablero dice quién se ha movido en este asalto: no hace falta "
                "«quieto»."
            )
        return not moving(state, target)
    return (not moving(state, target)) if quieto is None else quieto


def plan_attack(
    state: EncounterState,
    attacker: Combatant,
    aimed: Combatant,
    choice: AttackChoice = NOTHING_CHOSEN,
    *,
    respuesta: Respuesta | None = None,
    extra_ventajas: tuple[str, ...] = (),
) -> AttackPlan:
    """Validate an attack and fix every choice of it. Changes nothing."""
    require_active(attacker)
    if attacker.id == aimed.id:
        raise UmbralError(f"{attacker.nombre} no puede atacarse a sí mismo.")
    require_target(aimed)
    w = weapon_of(attacker, choice.arma)
    oficio, cobertura = choice.oficio, choice.oficio_cobertura
    mods = attack_mods(attacker, w, oficio, cobertura)  # validates the Oficio
    protector = redirect(state, attacker, aimed)
    target = protector or aimed
    is_shot = choice.shot or w.is_ranged
    a_cubierto = choice.a_cubierto
    vent, desv = indicated(choice.ventaja)
    vent += list(extra_ventajas)
    if is_shot and attacker.apuntando:
        vent.append("Apuntar")
    desv += desventajas(state, attacker, "ataque")
    if w.has("certera") and target_still(state, attacker, target, choice.quieto):
        vent.append(CERTERA_SOURCE)
    if is_shot and has_moved(state, attacker):
        desv.append(MOVED_SHOT_SOURCE)
    geometry = attack_geometry(state, attacker, aimed, target, w, is_shot, respuesta)
    if geometry is not None:  # Táctico with both on the board: reach, range, line of fire
        vent += geometry.ventajas
        desv += geometry.desventajas
        a_cubierto = a_cubierto or geometry.a_cubierto
    if state.mode is Mode.MESA:
        if attacker.is_pc and not target.is_pc:
            kind = PlanKind.MESA_ATAQUE
            vent += mirrored_ventajas(state, target, "defensa")  # [D] its estados, mirrored
        elif target.is_pc:
            kind = PlanKind.PENDIENTE_MESA
        else:
            raise UmbralError(
                "En Mesa el máster no tira: un enemigo no ataca a otro enemigo con dados."
            )
    elif is_shot:
        kind = PlanKind.DISPARO
    elif choice.indefenso or cannot_defend(target):
        kind = PlanKind.INDEFENSO
    elif target.is_pc and not state.settings.defensa_inmediata:
        kind = PlanKind.PENDIENTE_ENFRENTADO
    else:
        kind = PlanKind.ENFRENTADO
    ataque = static_ataque(attacker, w, oficio, cobertura)
    if kind is PlanKind.PENDIENTE_MESA and is_shot:  # the PC's size and cover ([D])
        ataque = mesa_shot_ataque(ataque, target.tamano, a_cubierto)
    companions = 0
    if kind.opposed:
        on_target = state.attacked_by.get(target.id, ())
        companions = len({a for a in on_target if a != attacker.id})
        if geometry is not None and geometry.companions is not None:
            companions = geometry.companions  # who is actually in reach of the target
    return AttackPlan(
        attacker=attacker.id,
        aimed_at=aimed.id,
        target=target.id,
        interposed_by=protector.id if protector else None,
        weapon=w,
        mods=tuple(mods),
        ataque=ataque,
        kind=kind,
        shot=is_shot,
        a_cubierto=a_cubierto,
        ventajas=tuple(vent),
        desventajas=tuple(desv),
        companions=companions,
        respuesta=respuesta,
    )


def attack(
    state: EncounterState,
    dice: DiceSource,
    attacker_id: str,
    target_id: str,
    choice: AttackChoice,
    defender_dice: DiceSource | None = None,
) -> list[Event]:
    """An attack that spends the acción (in Mesa a spent acción is only a warning)."""
    attacker = state.get(attacker_id)
    aimed = state.get(target_id)
    plan = plan_attack(state, attacker, aimed, choice)
    events = check_phase(state, attacker)
    events += check_accion(state, attacker)
    events.append(spend_accion(attacker))
    return events + execute(state, dice, plan, defender_dice)


# --- execution ----------------------------------------------------------------------------


def execute(
    state: EncounterState,
    dice: DiceSource,
    plan: AttackPlan,
    defender_dice: DiceSource | None = None,
    *,
    shift: int = 0,
    record: bool = True,
) -> list[Event]:
    """Roll a planned attack and apply it. ``shift`` moves the roller's grade (Aliento)."""
    attacker = state.get(plan.attacker)
    target = state.get(plan.target)
    if plan.shot:
        attacker.apuntando = False
    if plan.kind.opposed and record:
        on_target = state.attacked_by.get(target.id, ())
        if attacker.id not in on_target:
            state.attacked_by[target.id] = (*on_target, attacker.id)
    if plan.kind.waits:
        return _make_pending(state, dice, plan, shift=shift, record=record)
    w = plan.weapon
    touched: Mapping[str, Snapshot] = {target.id: wound_snapshot(target)}
    defense_faces: tuple[int, ...] | None = None
    result: AttackResult
    defensa = static_defensa(target, w.perforante)
    vent, desv = plan.ventajas, plan.desventajas
    if plan.kind in (PlanKind.MESA_ATAQUE, PlanKind.DISPARO) and plan.shot:
        result = shot(dice, plan.mods, defensa, w.potencia, vent, desv, target.tamano,
                      plan.a_cubierto)  # fmt: skip
    elif plan.kind is PlanKind.MESA_ATAQUE:
        result = mesa_attack(dice, plan.mods, defensa, w.potencia, vent, desv)
    elif plan.kind is PlanKind.INDEFENSO:
        result = helpless_attack(dice, plan.mods, defensa, w.potencia, vent, desv)
    else:
        result = opposed_attack(
            dice,
            plan.mods,
            defense_mods(target, w.perforante),
            w.potencia,
            companions=plan.companions,
            tamano=target.tamano,
            attack_ventajas=vent,
            attack_desventajas=desv,
            defense_desventajas=defense_desventajas(state, target),
            defender_dice=defender_dice,
        )
        assert result.defender_roll is not None
        defense_faces = result.defender_roll.die.faces
    if shift:
        result = regrade(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
    assert result.attacker_roll is not None
    attack_faces = result.attacker_roll.die.faces
    if record and attacker.is_pc:
        attacker.last_roll = AttackRecord(
            state.asalto, plan, attack_faces, defense_faces, shift, int(result.grade), touched
        )
    if record and defense_faces is not None and target.is_pc:
        target.last_roll = AttackRecord(
            state.asalto, plan, defense_faces, attack_faces, shift, 3 - int(result.hit),
            touched, defending=True,
        )  # fmt: skip
    return resolve_damage(state, dice, plan, result)


def resolve_damage(
    state: EncounterState, dice: DiceSource, plan: AttackPlan, result: AttackResult
) -> list[Event]:
    attacker = state.get(plan.attacker)
    target = state.get(plan.target)
    before, after, fell = apply_damage(
        state, target, result.damage, attacker=attacker.id, grade=result.hit,
        potencia=result.potencia, dice=dice,
    )  # fmt: skip
    aimed = state.get(plan.aimed_at)
    cover = f" (se interpone {target.nombre})" if plan.interposed_by else ""
    text = (
        f"{attacker.nombre} → {aimed.nombre}{cover}: {result.hit.label}, "
        f"{result.damage} de daño; Aguante de {target.nombre} {before} → {after}."
    )
    event = AttackResolved(
        text, attacker.id, target.id, aimed.id, result, before, after,
        plan.respuesta, plan.interposed_by,
    )  # fmt: skip
    return [event, *fell]


def _make_pending(
    state: EncounterState, dice: DiceSource, plan: AttackPlan, *, shift: int, record: bool
) -> list[Event]:
    """The attack waits for the defender's roll: Mesa, or an opposed hit on a PC."""
    attacker = state.get(plan.attacker)
    target = state.get(plan.target)
    pending_id = state.new_pending_id()
    attack: MesaAttack | OpposedAttack
    if plan.kind is PlanKind.PENDIENTE_MESA:
        attack = MesaAttack(plan.ataque, combine_ventaja(plan.ventajas, plan.desventajas))
    else:
        die = roll_d12(dice, plan.ventajas, plan.desventajas)
        attack = OpposedAttack(die, plan.mods, plan.companions)
    pending = PendingDefense(
        id=pending_id,
        defender=target.id,
        attacker=attacker.id,
        aimed_at=plan.aimed_at,
        asalto=state.asalto,
        nombre=attacker.nombre,
        potencia=plan.weapon.potencia,
        perforante=plan.weapon.perforante,
        attack=attack,
        interposed_by=plan.interposed_by,
        respuesta=plan.respuesta,
        shift=shift,
    )
    if isinstance(attack, MesaAttack):
        reading = reading_for(state, target)
        if reading is not None:  # the defender already rolled this asalto: read it again
            return reread(state, dice, target, pending, reading)
    elif record and attacker.is_pc:
        attacker.last_roll = PendingAttackRecord(state.asalto, pending.id)
    state.pending.append(pending)
    aimed = state.get(plan.aimed_at)
    cover = f" (se interpone {target.nombre})" if plan.interposed_by else ""
    return [
        DefensePending(
            f"{attacker.nombre} ataca a {aimed.nombre}{cover}: {target.nombre} tira su Defensa.",
            pending.id,
            attacker.id,
            target.id,
            aimed.id,
        )
    ]
