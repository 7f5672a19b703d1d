"""A PC's own defense roll against the attacks waiting for it (pending defenses).

Mesa (§5): one roll per asalto resolves every pending attack of that asalto on the defender,
against the most dangerous Ataque plus acoso. [D] Each asalto is its own roll: attacks left
from an earlier asalto are never pooled with a later one's; ``defend`` answers the oldest
asalto first, one roll each. The roll that answers the current asalto is kept
(``EncounterState.defensas``) so that an attack arriving after it is read against it
(:mod:`.late`). Narrativo/Táctico with ``defensa_inmediata`` off: each pending opposed hit is
resolved with its own defense die, in the order they came ([D]).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..combat import AttackResult, mesa_defense, opposed_attack, regrade
from ..dice import DiceSource, Ventaja
from ..errors import UmbralError
from ..plural import plural
from ..tiradas import OficioCobertura, parse_oficio_cobertura
from .budget import require_active
from .combatant import Combatant
from .common import indicated, oficio_mods, parse_ventaja
from .events import DefenseResolved, Event
from .fighters import defense_desventajas, defense_mods, replay_dice
from .late import mesa_incoming
from .pieces import Snapshot
from .plans import DefendArgs, MesaAttack, OpposedAttack, Pending, mesa_attack_of
from .records import DefendRecord
from .state import DefenseReading, EncounterState
from .wounds import apply_damage, wound_snapshot


def by_asalto(pending: Sequence[Pending]) -> dict[int, list[Pending]]:
    """Pending attacks grouped by the asalto they came in, oldest first."""
    groups: dict[int, list[Pending]] = {}
    for p in sorted(pending, key=lambda p: p.asalto):
        groups.setdefault(p.asalto, []).append(p)
    return groups


def owed(state: EncounterState) -> list[tuple[str, int, list[Pending]]]:
    """The defense rolls still owed: (defender id, asalto, its pending attacks), by asalto
    and then in the order the defenders were first attacked. In Mesa one roll answers an
    asalto's attacks; an opposed hit waits for a die of its own."""
    rolls: list[tuple[str, int, list[Pending]]] = []
    groups: dict[tuple[str, int], list[Pending]] = {}
    for p in sorted(state.pending, key=lambda p: p.asalto):
        key = (p.defender, p.asalto)
        if not isinstance(p.attack, MesaAttack):
            rolls.append((*key, [p]))
        elif key in groups:
            groups[key].append(p)
        else:
            groups[key] = [p]
            rolls.append((*key, groups[key]))
    return rolls


def defend(
    state: EncounterState,
    dice: DiceSource,
    defender_id: str,
    oficio: str | None = None,
    oficio_cobertura: OficioCobertura | str | None = None,
    ventaja: str | Ventaja | None = None,
    asaltos: int | None = None,
) -> list[Event]:
    """The defender's rolls: one per asalto with attacks pending, oldest first (``asaltos``
    answers only that many of them)."""
    d = state.get(defender_id)
    require_active(d)
    mine = [p for p in state.pending if p.defender == d.id]
    if not mine:
        raise UmbralError(f"{d.nombre} no tiene ningún ataque pendiente del que defenderse.")
    if asaltos is not None and asaltos < 1:
        raise UmbralError("Di cuántos asaltos contestas: uno o más.")
    oficio_mods(d, oficio, oficio_cobertura or d.oficio_defensa_cobertura)  # validates both
    cobertura = None if oficio_cobertura is None else parse_oficio_cobertura(oficio_cobertura)
    args = DefendArgs(oficio, cobertura, parse_ventaja(ventaja))
    events: list[Event] = []
    for group in list(by_asalto(mine).values())[:asaltos]:
        if not d.active:
            break
        events += resolve(state, dice, d, group, args, shift=0, record=True)
    return events


def resolve(
    state: EncounterState,
    dice: DiceSource,
    d: Combatant,
    mine: Sequence[Pending],
    args: DefendArgs,
    *,
    shift: int,
    record: bool,
) -> list[Event]:
    """One asalto's pending attacks on ``d`` (all from the same asalto): one roll in Mesa."""
    ids = {p.id for p in mine}
    answers = mine[0].asalto
    mesa = all(isinstance(p.attack, MesaAttack) for p in mine)
    if mesa:
        state.pending = [p for p in state.pending if p.id not in ids]
    wounds = wound_snapshot(d)
    touched: Mapping[str, Snapshot] = {d.id: wounds}
    vent, desv = indicated(args.ventaja)
    desv += defense_desventajas(state, d)
    events: list[Event] = []
    faces: list[tuple[int, ...]] = []
    grade = 0
    if mesa:
        result, chosen, vent, desv = _mesa(dice, d, mine, args, vent, desv)
        if shift:
            result = regrade(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
        assert result.defender_roll is not None
        faces.append(result.defender_roll.die.faces)
        grade = int(result.grade)
        events += _apply(state, dice, d, [p.id for p in mine], chosen.attacker, result, answers)
        if answers == state.asalto:
            state.defensas[d.id] = DefenseReading(
                asalto=answers,
                faces=faces[0],
                ventajas=tuple(vent),
                desventajas=tuple(desv),
                args=args,
                shift=shift,
                resolved=tuple(mine),
                damage=result.damage,
                aguante=wounds.aguante,  # before this asalto's blows
            )
    else:
        for p in mine:
            if not d.active:  # the rest were read against the Defensa quieta ([D], .fallen)
                break
            state.pending = [q for q in state.pending if q.id != p.id]
            result = _opposed(dice, d, p, args, vent, desv)
            if shift:
                result = regrade(
                    result, -shift, f"Aliento: el defensor sube {plural(shift, 'grado')}"
                )
            assert result.defender_roll is not None
            faces.append(result.defender_roll.die.faces)
            grade = 3 - int(result.hit)
            events += _apply(state, dice, d, [p.id], p.attacker, result, answers)
    d.defended = True
    if record:
        d.last_roll = DefendRecord(
            state.asalto, answers, tuple(mine), args, tuple(faces), shift, grade, touched
        )
    return events


def _mesa(
    dice: DiceSource,
    d: Combatant,
    mine: Sequence[Pending],
    args: DefendArgs,
    vent: list[str],
    desv: list[str],
) -> tuple[AttackResult, Pending, list[str], list[str]]:
    incoming, chosen = mesa_incoming(mine)
    mods = defense_mods(d, chosen.perforante, args.oficio, args.oficio_cobertura)
    vent, desv = list(vent), list(desv)
    ventaja = mesa_attack_of(chosen).ventaja
    if ventaja is Ventaja.VENTAJA:
        desv.append(f"Ventaja de {chosen.nombre}")
    elif ventaja is Ventaja.DESVENTAJA:
        vent.append(f"Desventaja de {chosen.nombre}")
    return mesa_defense(dice, mods, incoming, vent, desv), chosen, vent, desv


def _opposed(
    dice: DiceSource,
    d: Combatant,
    p: Pending,
    args: DefendArgs,
    vent: list[str],
    desv: list[str],
) -> AttackResult:
    attack = p.attack
    assert isinstance(attack, OpposedAttack), p.id  # each opposed attack waits for its die
    result = opposed_attack(
        replay_dice(attack.die.faces, attack.die.physical),
        attack.mods,
        defense_mods(d, p.perforante, args.oficio, args.oficio_cobertura),
        p.potencia,
        companions=attack.companions,
        tamano=d.tamano,
        attack_ventajas=attack.die.ventaja_sources,
        attack_desventajas=attack.die.desventaja_sources,
        defense_ventajas=vent,
        defense_desventajas=desv,
        defender_dice=dice,
    )
    if p.shift:
        result = regrade(result, p.shift, "Aliento del atacante: sube el golpe")
    return result


def _apply(
    state: EncounterState,
    dice: DiceSource,
    d: Combatant,
    ids: list[str],
    attacker: str,
    result: AttackResult,
    answers: int,
) -> list[Event]:
    before, after, fell = apply_damage(
        state, d, result.damage, attacker=attacker, grade=result.hit, potencia=result.potencia,
        dice=dice,
    )  # fmt: skip
    text = (
        f"{d.nombre} se defiende de los ataques del asalto {answers}: {result.grade.label}; "
        f"golpe {result.hit.label}, "
        f"{result.damage} de daño; Aguante {before} → {after}."
    )
    resolved = DefenseResolved(text, d.id, tuple(ids), result, before, after, answers, attacker)
    return [resolved, *fell]
