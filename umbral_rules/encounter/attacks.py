"""Attacks inside an encounter (§5, §6): planning, rolling, pending defenses, damage.

An attack is first *planned* (validated, every choice fixed in a JSON-able dict) and then
*executed*. The plan is what a PC's Aliento replays: ``repetir`` executes it again with new
dice for the roller, ``subir`` with the same faces and one more step.
"""

from __future__ import annotations

from typing import Any

from ..combat import (
    AttackResult,
    helpless_attack,
    mesa_attack,
    opposed_attack,
    regrade,
    shot,
)
from ..dice import DiceSource, ForcedDice, combine_ventaja, roll_d12
from ..errors import UmbralError
from ..plural import plural
from ..rolls import Modifier, Static
from ..sheets import Weapon
from ..text import name_key
from .budget import check_accion, require_active, require_target, spend_accion
from .common import indicated, oficio_mods
from .estados import cannot_defend, desventajas
from .events import AttackResolved, DefensePending, Event
from .phases import check_phase
from .state import Combatant, EncounterState, JsonDict
from .tablero import attack_geometry
from .wounds import apply_damage, wound_snapshot

# --- what each kind of combatant brings -----------------------------------------------------


def weapon_of(c: Combatant, name: str | None) -> Weapon:
    """The named weapon of a PC (the first one by default); an enemy's own weapon."""
    if c.enemy is not None:
        return c.enemy.weapon
    if not c.weapons:
        raise UmbralError(f"{c.nombre} no lleva ningún arma.")
    if name is None:
        return c.weapons[0]
    for w in c.weapons:
        if name_key(w.nombre) == name_key(name):
            return w
    names = ", ".join(w.nombre for w in c.weapons)
    raise UmbralError(f"{c.nombre} no lleva «{name}»: lleva {names}.")


def attack_mods(c: Combatant, weapon: Weapon, oficio: str | None, cob: str) -> list[Modifier]:
    if c.enemy is not None:
        if oficio:
            raise UmbralError(f"{c.nombre} no tiene Oficios: es un enemigo del bestiario.")
        return list(c.enemy.attack_modifiers())
    assert c.sheet is not None
    return [c.sheet.weapon_attribute(weapon), *oficio_mods(c, oficio, cob)]


def static_ataque(c: Combatant, weapon: Weapon, oficio: str | None, cob: str) -> Static:
    if c.enemy is not None:
        return c.enemy.static_ataque()
    assert c.sheet is not None
    return c.sheet.static_ataque(weapon, oficio, cob)


def defense_mods(
    c: Combatant, perforante: bool, oficio: str | None = None, cob: str | None = None
) -> list[Modifier]:
    if c.enemy is not None:
        return list(c.enemy.defense_modifiers(perforante))
    assert c.sheet is not None
    mods = list(c.sheet.defense_modifiers(perforante=perforante))
    return mods + oficio_mods(c, oficio or c.defensa_oficio, cob or c.defensa_cobertura)


def static_defensa(c: Combatant, perforante: bool) -> Static:
    if c.enemy is not None:
        return c.enemy.static_defensa(perforante)
    assert c.sheet is not None
    return c.sheet.static_defensa(perforante)


def defense_desventajas(state: EncounterState, c: Combatant) -> list[str]:
    found = desventajas(state, c, "defensa")
    if c.cargando is not None:
        found.append("Cargar (se defiende peor hasta su siguiente turno)")
    return found


def mods_to_list(mods: list[Modifier] | tuple[Modifier, ...]) -> list[JsonDict]:
    return [m.to_dict() for m in mods]


def mods_from_list(data: list[JsonDict]) -> list[Modifier]:
    return [Modifier(str(m["name"]), int(m["value"])) for m in data]


# --- planning ---------------------------------------------------------------------------


def redirect(state: EncounterState, attacker: Combatant, aimed: Combatant) -> Combatant | None:
    """Interponerse: the protector who takes the attacks aimed at a companion this asalto."""
    for cover in state.extra.get("interponerse", []):
        if cover["protegido"] == aimed.id and cover["protector"] != attacker.id:
            protector = state.get(cover["protector"])
            if protector.active:
                return protector
    return None


def plan_attack(
    state: EncounterState,
    attacker: Combatant,
    aimed: Combatant,
    *,
    weapon: str | None = None,
    oficio: str | None = None,
    cobertura: str = "entero",
    ventaja: str | None = None,
    shot: bool = False,
    helpless: bool = False,
    cover: bool = False,
    respuesta: str | None = None,
    extra_ventajas: tuple[str, ...] = (),
) -> JsonDict:
    """Validate an attack and fix every choice of it. Changes nothing."""
    require_active(attacker)
    if attacker.id == aimed.id:
        raise UmbralError(f"{attacker.nombre} no puede atacarse a sí mismo.")
    require_target(aimed)
    w = weapon_of(attacker, weapon)
    mods = attack_mods(attacker, w, oficio, cobertura)  # validates the Oficio
    protector = redirect(state, attacker, aimed)
    target = protector or aimed
    is_shot = shot or w.is_ranged
    vent, desv = indicated(ventaja)
    vent += list(extra_ventajas)
    if is_shot and attacker.apuntando:
        vent.append("Apuntar")
    desv += desventajas(state, attacker, "ataque")
    geometry = attack_geometry(state, attacker, aimed, target, w, is_shot, respuesta)
    if geometry is not None:  # Táctico with both on the board: reach, range, line of fire
        vent += geometry.ventajas
        desv += geometry.desventajas
        cover = cover or geometry.cover
    if state.mode == "mesa":
        if attacker.is_pc and not target.is_pc:
            kind = "mesa_ataque"
        elif target.is_pc:
            kind = "pendiente_mesa"
        else:
            raise UmbralError(
                "En Mesa el máster no tira: un enemigo no ataca a otro enemigo con dados."
            )
    elif is_shot:
        kind = "disparo"
    elif helpless or cannot_defend(target):
        kind = "indefenso"
    elif target.is_pc and not state.settings.get("defensa_inmediata", True):
        kind = "pendiente_enfrentado"
    else:
        kind = "enfrentado"
    companions = 0
    if kind in ("enfrentado", "pendiente_enfrentado"):
        on_target = state.extra.get("attacked_by", {}).get(target.id, [])
        companions = len({a for a in on_target if a != attacker.id})
        if geometry is not None and geometry.companions is not None:
            companions = geometry.companions  # who is actually in reach of the target
    return {
        "attacker": attacker.id,
        "aimed_at": aimed.id,
        "target": target.id,
        "interposed_by": protector.id if protector else None,
        "weapon": w.to_dict(),
        "mods": mods_to_list(mods),
        "ataque": static_ataque(attacker, w, oficio, cobertura).to_dict(),
        "kind": kind,
        "shot": is_shot,
        "cover": cover,
        "ventajas": vent,
        "desventajas": desv,
        "companions": companions,
        "respuesta": respuesta,
    }


def attack(
    state: EncounterState,
    dice: DiceSource,
    attacker_id: str,
    target_id: str,
    *,
    defender_dice: DiceSource | None = None,
    **options: Any,
) -> list[Event]:
    """An attack that spends the acción (in Mesa a spent acción is only a warning)."""
    attacker = state.get(attacker_id)
    aimed = state.get(target_id)
    plan = plan_attack(state, attacker, aimed, **options)
    events = check_phase(state, attacker)
    events += check_accion(state, attacker)
    events.append(spend_accion(attacker))
    return events + execute(state, dice, plan, defender_dice)


# --- execution ----------------------------------------------------------------------------


def _static_label(data: JsonDict) -> Static:
    return Static(str(data["label"]), tuple(mods_from_list(data["parts"])))


def execute(
    state: EncounterState,
    dice: DiceSource,
    plan: JsonDict,
    defender_dice: DiceSource | None = None,
    *,
    shift: int = 0,
    record: bool = True,
) -> list[Event]:
    """Roll a planned attack and apply it. ``shift`` moves the roller's grade (Aliento)."""
    attacker = state.get(plan["attacker"])
    target = state.get(plan["target"])
    if plan["shot"]:
        attacker.apuntando = False
    if plan["kind"] in ("enfrentado", "pendiente_enfrentado"):
        on_target: list[str] = state.extra.setdefault("attacked_by", {}).setdefault(target.id, [])
        if record and attacker.id not in on_target:
            on_target.append(attacker.id)
    if plan["kind"].startswith("pendiente"):
        return _make_pending(state, dice, plan, shift=shift, record=record)
    w = Weapon.from_dict(plan["weapon"])
    mods = mods_from_list(plan["mods"])
    perforante = w.perforante
    snapshot = {target.id: wound_snapshot(target)}
    defense_faces: list[int] | None = None
    result: AttackResult
    defensa = static_defensa(target, perforante)
    vent, desv = plan["ventajas"], plan["desventajas"]
    if plan["kind"] in ("mesa_ataque", "disparo") and plan["shot"]:
        result = shot(dice, mods, defensa, w.potencia, vent, desv, target.size, plan["cover"])
    elif plan["kind"] == "mesa_ataque":
        result = mesa_attack(dice, mods, defensa, w.potencia, vent, desv)
    elif plan["kind"] == "indefenso":
        result = helpless_attack(dice, mods, defensa, w.potencia, vent, desv)
    else:
        result = opposed_attack(
            dice,
            mods,
            defense_mods(target, perforante),
            w.potencia,
            companions=plan["companions"],
            size=target.size,
            attack_ventajas=plan["ventajas"],
            attack_desventajas=plan["desventajas"],
            defense_desventajas=defense_desventajas(state, target),
            defender_dice=defender_dice,
        )
        assert result.defender_roll is not None
        defense_faces = list(result.defender_roll.die.faces)
    if shift:
        result = regrade(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
    assert result.attacker_roll is not None
    if record and attacker.is_pc:
        attacker.last_roll = {
            "op": "attack",
            "asalto": state.asalto,
            "plan": plan,
            "faces": list(result.attacker_roll.die.faces),
            "other_faces": defense_faces,
            "shift": shift,
            "grade": int(result.grade),
            "touched": snapshot,
        }
    if record and defense_faces is not None and target.is_pc:
        target.last_roll = {
            "op": "attack_defense",
            "asalto": state.asalto,
            "plan": plan,
            "faces": defense_faces,
            "other_faces": list(result.attacker_roll.die.faces),
            "shift": shift,
            "grade": 3 - int(result.hit),
            "touched": snapshot,
        }
    return resolve_damage(state, dice, plan, result)


def resolve_damage(
    state: EncounterState, dice: DiceSource, plan: JsonDict, result: AttackResult
) -> list[Event]:
    attacker = state.get(plan["attacker"])
    target = state.get(plan["target"])
    hit = {"attacker": attacker.id, "grade": int(result.hit), "potencia": result.potencia}
    before, after, fell = apply_damage(state, target, result.damage, hit=hit, dice=dice)
    aimed = state.get(plan["aimed_at"])
    cover = f" (se interpone {target.nombre})" if plan["interposed_by"] else ""
    text = (
        f"{attacker.nombre} → {aimed.nombre}{cover}: {result.hit.label}, "
        f"{result.damage} de daño; Aguante de {target.nombre} {before} → {after}."
    )
    event = AttackResolved(
        text, attacker.id, target.id, aimed.id, result, before, after,
        plan["respuesta"], plan["interposed_by"],
    )  # fmt: skip
    return [event, *fell]


def _make_pending(
    state: EncounterState, dice: DiceSource, plan: JsonDict, *, shift: int, record: bool
) -> list[Event]:
    """The attack waits for the defender's roll: Mesa, or an opposed hit on a PC."""
    attacker = state.get(plan["attacker"])
    target = state.get(plan["target"])
    pending: JsonDict = {
        "id": f"p{state.counter('pending')}",
        "defender": target.id,
        "attacker": attacker.id,
        "aimed_at": plan["aimed_at"],
        "asalto": state.asalto,
        "kind": "mesa" if plan["kind"] == "pendiente_mesa" else "enfrentado",
        "nombre": attacker.nombre,
        "potencia": int(plan["weapon"]["potencia"]),
        "perforante": "perforante" in plan["weapon"]["cualidades"],
        "interposed_by": plan["interposed_by"],
        "respuesta": plan["respuesta"],
        "shift": shift,
    }
    mode = combine_ventaja(plan["ventajas"], plan["desventajas"])
    if pending["kind"] == "mesa":
        pending["ataque"] = plan["ataque"]
        pending["ventaja"] = mode.value
        from .late import reading_for, reread

        reading = reading_for(state, target)
        if reading is not None:  # the defender already rolled this asalto: read it again
            return reread(state, dice, target, pending, reading)
    else:
        die = roll_d12(dice, plan["ventajas"], plan["desventajas"])
        pending["die"] = die.to_dict()
        pending["mods"] = plan["mods"]
        pending["companions"] = plan["companions"]
        if record and attacker.is_pc:
            attacker.last_roll = {
                "op": "attack_pending",
                "asalto": state.asalto,
                "pending": pending["id"],
                "grade": -1,
            }
    state.pending.append(pending)
    aimed = state.get(plan["aimed_at"])
    cover = f" (se interpone {target.nombre})" if plan["interposed_by"] else ""
    return [
        DefensePending(
            f"{attacker.nombre} ataca a {aimed.nombre}{cover}: {target.nombre} tira su Defensa.",
            pending["id"],
            attacker.id,
            target.id,
            aimed.id,
        )
    ]


def replay_dice(faces: list[int], physical: bool = False) -> ForcedDice:
    return ForcedDice(faces, strict=True, physical=physical)
