"""A PC's own defense roll against the attacks waiting for it (pending defenses).

Mesa (§5): one roll per asalto resolves every pending attack of that asalto on the defender,
against the most dangerous Ataque plus acoso. [D] Each asalto is its own roll: attacks left
from an earlier asalto are never pooled with a later one's; ``defend`` answers the oldest
asalto first, one roll each. The roll that answers the current asalto is kept
(``extra["defensas"]``) so that an attack arriving after it is read against it (:mod:`.late`).
Narrativo/Táctico with ``defensa_inmediata`` off: each pending opposed hit is resolved with its
own defense die, in the order they came ([D]).
"""

from __future__ import annotations

from ..combat import AttackResult, Incoming, mesa_defense, most_dangerous, opposed_attack, regrade
from ..dice import DiceSource
from ..errors import UmbralError
from ..plural import plural
from .attacks import defense_desventajas, defense_mods, mods_from_list, replay_dice
from .budget import require_active
from .common import indicated, oficio_mods
from .events import DefenseResolved, Event
from .state import Combatant, EncounterState, JsonDict
from .wounds import apply_damage, wound_snapshot

#: Where the roll answering this asalto's attacks is kept, by defender id (cleared when the
#: asalto ends): ``{"asalto", "faces", "ventajas", "desventajas", "args", "shift",
#: "resolved" (the pending attacks read so far), "damage" (taken from them), "aguante" (before
#: them)}``.
READINGS_KEY = "defensas"


def _incoming(p: JsonDict) -> Incoming:
    from .attacks import _static_label

    return Incoming(str(p["nombre"]), _static_label(p["ataque"]), int(p["potencia"]),
                    bool(p["perforante"]))  # fmt: skip


def _danger(p: JsonDict) -> tuple[int, int]:
    incoming = _incoming(p)
    return incoming.ataque.value, incoming.potencia


def pending_asalto(state: EncounterState, p: JsonDict) -> int:
    return int(p.get("asalto", state.asalto))


def by_asalto(state: EncounterState, pending: list[JsonDict]) -> dict[int, list[JsonDict]]:
    """Pending attacks grouped by the asalto they came in, oldest first."""
    groups: dict[int, list[JsonDict]] = {}
    for p in sorted(pending, key=lambda p: pending_asalto(state, p)):
        groups.setdefault(pending_asalto(state, p), []).append(p)
    return groups


def owed(state: EncounterState) -> list[tuple[str, int, list[JsonDict]]]:
    """The defense rolls still owed: (defender id, asalto, its pending attacks), by asalto
    and then in the order the defenders were first attacked. In Mesa one roll answers an
    asalto's attacks; an opposed hit waits for a die of its own."""
    rolls: list[tuple[str, int, list[JsonDict]]] = []
    groups: dict[tuple[str, int], list[JsonDict]] = {}
    for p in sorted(state.pending, key=lambda p: pending_asalto(state, p)):
        key = (str(p["defender"]), pending_asalto(state, p))
        if p["kind"] != "mesa":
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
    cobertura: str | None = None,
    ventaja: str | None = None,
    asaltos: int | None = None,
) -> list[Event]:
    """The defender's rolls: one per asalto with attacks pending, oldest first (``asaltos``
    answers only that many of them)."""
    d = state.get(defender_id)
    require_active(d)
    mine = [p for p in state.pending if p["defender"] == d.id]
    if not mine:
        raise UmbralError(f"{d.nombre} no tiene ningún ataque pendiente del que defenderse.")
    if asaltos is not None and asaltos < 1:
        raise UmbralError("Di cuántos asaltos contestas: uno o más.")
    oficio_mods(d, oficio, cobertura or d.defensa_cobertura)
    indicated(ventaja)
    args = {"oficio": oficio, "cobertura": cobertura, "ventaja": ventaja}
    events: list[Event] = []
    for group in list(by_asalto(state, mine).values())[:asaltos]:
        if not d.active:
            break
        events += resolve(state, dice, d, group, args, shift=0, record=True)
    return events


def resolve(
    state: EncounterState,
    dice: DiceSource,
    d: Combatant,
    mine: list[JsonDict],
    args: JsonDict,
    *,
    shift: int,
    record: bool,
) -> list[Event]:
    """One asalto's pending attacks on ``d`` (all from the same asalto): one roll in Mesa."""
    ids = {p["id"] for p in mine}
    answers = pending_asalto(state, mine[0])
    state.pending = [p for p in state.pending if p["id"] not in ids]
    snapshot = {d.id: wound_snapshot(d)}
    vent, desv = indicated(args["ventaja"])
    desv += defense_desventajas(state, d)
    events: list[Event] = []
    faces: list[list[int]] = []
    grade = 0
    if all(p["kind"] == "mesa" for p in mine):
        result, chosen, vent, desv = _mesa(dice, d, mine, args, vent, desv)
        if shift:
            result = regrade(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
        assert result.defender_roll is not None
        faces.append(list(result.defender_roll.die.faces))
        grade = int(result.grade)
        events += _apply(state, dice, d, [p["id"] for p in mine], chosen, result, answers)
        if answers == state.asalto:
            state.extra.setdefault(READINGS_KEY, {})[d.id] = {
                "asalto": answers,
                "faces": faces[0],
                "ventajas": vent,
                "desventajas": desv,
                "args": dict(args),
                "shift": shift,
                "resolved": list(mine),
                "damage": result.damage,
                "aguante": snapshot[d.id]["aguante"],  # before this asalto's blows
            }
    else:
        for p in mine:
            if not d.active:
                break
            result = _opposed(dice, d, p, args, vent, desv)
            if shift:
                result = regrade(
                    result, -shift, f"Aliento: el defensor sube {plural(shift, 'grado')}"
                )
            assert result.defender_roll is not None
            faces.append(list(result.defender_roll.die.faces))
            grade = 3 - int(result.hit)
            events += _apply(state, dice, d, [p["id"]], p, result, answers)
    d.defended = True
    if record:
        d.last_roll = {
            "op": "defend",
            "asalto": state.asalto,
            "answers": answers,
            "resolved": mine,
            "args": args,
            "faces": faces,
            "shift": shift,
            "grade": grade,
            "touched": snapshot,
        }
    return events


def mesa_incoming(mine: list[JsonDict]) -> tuple[list[Incoming], JsonDict]:
    """Acoso counts attackers, not attacks: each attacker brings their most dangerous one.
    Returns them and the pending attack of the most dangerous ([D] highest Ataque, then
    Potencia, then the first to come)."""
    best: dict[str, JsonDict] = {}
    for p in mine:
        prev = best.get(p["attacker"])
        if prev is None or _danger(p) > _danger(prev):
            best[p["attacker"]] = p
    chosen_pending = list(best.values())
    incoming = [_incoming(p) for p in chosen_pending]
    top = most_dangerous(incoming)
    return incoming, chosen_pending[incoming.index(top)]


def _mesa(
    dice: DiceSource,
    d: Combatant,
    mine: list[JsonDict],
    args: JsonDict,
    vent: list[str],
    desv: list[str],
) -> tuple[AttackResult, JsonDict, list[str], list[str]]:
    incoming, chosen = mesa_incoming(mine)
    mods = defense_mods(d, bool(chosen["perforante"]), args["oficio"], args["cobertura"])
    vent, desv = list(vent), list(desv)
    if chosen.get("ventaja") == "ventaja":
        desv.append(f"Ventaja de {chosen['nombre']}")
    elif chosen.get("ventaja") == "desventaja":
        vent.append(f"Desventaja de {chosen['nombre']}")
    return mesa_defense(dice, mods, incoming, vent, desv), chosen, vent, desv


def _opposed(
    dice: DiceSource,
    d: Combatant,
    p: JsonDict,
    args: JsonDict,
    vent: list[str],
    desv: list[str],
) -> AttackResult:
    die = p["die"]
    result = opposed_attack(
        replay_dice(list(die["faces"]), bool(die["physical"])),
        mods_from_list(p["mods"]),
        defense_mods(d, bool(p["perforante"]), args["oficio"], args["cobertura"]),
        int(p["potencia"]),
        companions=int(p["companions"]),
        size=d.size,
        attack_ventajas=list(die["ventaja_sources"]),
        attack_desventajas=list(die["desventaja_sources"]),
        defense_ventajas=vent,
        defense_desventajas=desv,
        defender_dice=dice,
    )
    if p.get("shift"):
        result = regrade(result, int(p["shift"]), "Aliento del atacante: sube el golpe")
    return result


def _apply(
    state: EncounterState,
    dice: DiceSource,
    d: Combatant,
    ids: list[str],
    source: JsonDict,
    result: AttackResult,
    answers: int,
) -> list[Event]:
    hit = {"attacker": source["attacker"], "grade": int(result.hit), "potencia": result.potencia}
    before, after, fell = apply_damage(state, d, result.damage, hit=hit, dice=dice)
    text = (
        f"{d.nombre} se defiende de los ataques del asalto {answers}: {result.grade.label}; "
        f"golpe {result.hit.label}, "
        f"{result.damage} de daño; Aguante {before} → {after}."
    )
    return [DefenseResolved(text, d.id, tuple(ids), result, before, after, answers), *fell]
