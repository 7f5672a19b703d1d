"""A PC's own defense roll against the attacks waiting for it (pending defenses).

Mesa (§5): one roll resolves every pending attack on the defender, against the most
dangerous Ataque plus acoso. Narrativo/Táctico with ``defensa_inmediata`` off: each pending
opposed hit is resolved with its own defense die, in the order they came ([D]).
"""

from __future__ import annotations

from ..combat import AttackResult, Incoming, mesa_defense, most_dangerous, opposed_attack, regrade
from ..dice import DiceSource
from ..errors import UmbralError
from .attacks import defense_desventajas, defense_mods, mods_from_list, replay_dice
from .budget import require_active
from .common import indicated, oficio_mods
from .events import DefenseResolved, Event, WarningEvent
from .state import Combatant, EncounterState, JsonDict
from .wounds import apply_damage, wound_snapshot


def _incoming(p: JsonDict) -> Incoming:
    from .attacks import _static_label

    return Incoming(str(p["nombre"]), _static_label(p["ataque"]), int(p["potencia"]),
                    bool(p["perforante"]))  # fmt: skip


def _danger(p: JsonDict) -> tuple[int, int]:
    incoming = _incoming(p)
    return incoming.ataque.value, incoming.potencia


def defend(
    state: EncounterState,
    dice: DiceSource,
    defender_id: str,
    oficio: str | None = None,
    cobertura: str | None = None,
    ventaja: str | None = None,
) -> list[Event]:
    """The defender's roll against everything pending on them."""
    d = state.get(defender_id)
    require_active(d)
    mine = [p for p in state.pending if p["defender"] == d.id]
    if not mine:
        raise UmbralError(f"{d.nombre} no tiene ningún ataque pendiente del que defenderse.")
    oficio_mods(d, oficio, cobertura or d.defensa_cobertura)
    indicated(ventaja)
    events: list[Event] = []
    if state.mode == "mesa" and d.defended:
        events.append(
            WarningEvent(
                f"Aviso: {d.nombre} ya tiró su Defensa en este asalto; "
                "esta tirada resuelve los ataques que llegaron después.",
                d.id,
            )
        )
    args = {"oficio": oficio, "cobertura": cobertura, "ventaja": ventaja}
    return events + resolve(state, dice, d, mine, args, shift=0, record=True)


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
    ids = {p["id"] for p in mine}
    state.pending = [p for p in state.pending if p["id"] not in ids]
    snapshot = {d.id: wound_snapshot(d)}
    vent, desv = indicated(args["ventaja"])
    desv += defense_desventajas(state, d)
    events: list[Event] = []
    faces: list[list[int]] = []
    grade = 0
    if all(p["kind"] == "mesa" for p in mine):
        result, chosen = _mesa(dice, d, mine, args, vent, desv)
        if shift:
            result = regrade(result, shift, f"Aliento: sube {shift} grado(s)")
        assert result.defender_roll is not None
        faces.append(list(result.defender_roll.die.faces))
        grade = int(result.grade)
        events += _apply(state, dice, d, [p["id"] for p in mine], chosen, result)
    else:
        for p in mine:
            if not d.active:
                break
            result = _opposed(dice, d, p, args, vent, desv)
            if shift:
                result = regrade(result, -shift, f"Aliento: el defensor sube {shift} grado(s)")
            assert result.defender_roll is not None
            faces.append(list(result.defender_roll.die.faces))
            grade = 3 - int(result.hit)
            events += _apply(state, dice, d, [p["id"]], p, result)
    d.defended = True
    if record:
        d.last_roll = {
            "op": "defend",
            "asalto": state.asalto,
            "resolved": mine,
            "args": args,
            "faces": faces,
            "shift": shift,
            "grade": grade,
            "touched": snapshot,
        }
    return events


def _mesa(
    dice: DiceSource,
    d: Combatant,
    mine: list[JsonDict],
    args: JsonDict,
    vent: list[str],
    desv: list[str],
) -> tuple[AttackResult, JsonDict]:
    # Acoso counts attackers, not attacks: each attacker brings their most dangerous one.
    best: dict[str, JsonDict] = {}
    for p in mine:
        prev = best.get(p["attacker"])
        if prev is None or _danger(p) > _danger(prev):
            best[p["attacker"]] = p
    chosen_pending = list(best.values())
    incoming = [_incoming(p) for p in chosen_pending]
    top = most_dangerous(incoming)
    chosen = chosen_pending[incoming.index(top)]
    mods = defense_mods(d, top.perforante, args["oficio"], args["cobertura"])
    vent, desv = list(vent), list(desv)
    if chosen.get("ventaja") == "ventaja":
        desv.append(f"Ventaja de {chosen['nombre']}")
    elif chosen.get("ventaja") == "desventaja":
        vent.append(f"Desventaja de {chosen['nombre']}")
    return mesa_defense(dice, mods, incoming, vent, desv), chosen


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
) -> list[Event]:
    hit = {"attacker": source["attacker"], "grade": int(result.hit), "potencia": result.potencia}
    before, after, fell = apply_damage(state, d, result.damage, hit=hit, dice=dice)
    text = (
        f"{d.nombre} se defiende: {result.grade.label}; golpe {result.hit.label}, "
        f"{result.damage} de daño; Aguante {before} → {after}."
    )
    return [DefenseResolved(text, d.id, tuple(ids), result, before, after), *fell]
