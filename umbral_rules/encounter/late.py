"""Mesa: an attack that arrives after the defender has rolled this asalto (digest §5).

[D] The Defensa is rolled once per asalto. A late attack gets no roll of its own: the roll
already made (the same die, the same modifiers and ventaja as rolled) is read again against
the new most dangerous Ataque plus the new acoso (cap +3), and the character takes the
difference between the new reading's damage and the damage already taken — never healing.
A natural 1 rolled earlier stays a critical.
"""

from __future__ import annotations

from ..combat import AttackResult, mesa_defense, regrade
from ..dice import DiceSource
from ..plural import plural
from .attacks import defense_mods, replay_dice
from .defense import READINGS_KEY, mesa_incoming
from .events import DefenseReread, Event
from .state import Combatant, EncounterState, JsonDict
from .wounds import apply_damage


def reading_for(state: EncounterState, d: Combatant) -> JsonDict | None:
    """The roll ``d`` made against this asalto's attacks, if they have rolled it."""
    reading = state.extra.get(READINGS_KEY, {}).get(d.id)
    if isinstance(reading, dict) and reading.get("asalto") == state.asalto:
        return reading
    return None


def read(d: Combatant, mine: list[JsonDict], reading: JsonDict) -> tuple[AttackResult, JsonDict]:
    """The kept roll read against these attacks: the result and the most dangerous one."""
    incoming, chosen = mesa_incoming(mine)
    args = reading["args"]
    mods = defense_mods(d, bool(chosen["perforante"]), args["oficio"], args["cobertura"])
    result = mesa_defense(
        replay_dice(list(reading["faces"])),
        mods,
        incoming,
        list(reading["ventajas"]),
        list(reading["desventajas"]),
    )
    shift = int(reading.get("shift", 0))
    if shift:
        result = regrade(result, shift, f"Aliento: sube {plural(shift, 'grado')}")
    return result, chosen


def difference_text(new: int, taken: int) -> str:
    """«4 − 1 = 3 de daño»; never below 0: «1 − 4: 0 de daño (no cura)»."""
    if new >= taken:
        return f"{new} − {taken} = {new - taken} de daño"
    return f"{new} − {taken}: 0 de daño (no cura)"


def reread(
    state: EncounterState, dice: DiceSource, d: Combatant, pending: JsonDict, reading: JsonDict
) -> list[Event]:
    """Read the late ``pending`` attack against ``reading`` and apply the difference."""
    earlier: list[JsonDict] = list(reading["resolved"])
    first, _ = read(d, earlier, reading)
    mine = [*earlier, pending]
    result, chosen = read(d, mine, reading)
    taken = int(reading["damage"])
    damage = max(0, result.damage - taken)
    hit = {"attacker": chosen["attacker"], "grade": int(result.hit), "potencia": result.potencia}
    before, after, fell = apply_damage(state, d, damage, hit=hit, dice=dice)
    if damage and d.last_hit is not None and "aguante" in reading:
        # Aliento «encajar» acts on the asalto's whole blow, as read now
        d.last_hit.update(damage=result.damage, aguante=int(reading["aguante"]))
    reading["resolved"] = mine
    reading["damage"] = max(taken, result.damage)
    record = d.last_roll
    if record and record.get("op") == "defend" and record.get("answers") == state.asalto:
        record["resolved"] = [*record["resolved"], pending]  # Aliento replays it too
    assert result.defender_roll is not None and result.target is not None
    text = (
        f"{pending['nombre']} ataca a {d.nombre} después de su Defensa de este asalto: "
        f"se lee la misma tirada ({result.defender_roll.total}) contra {result.target.value}: "
        f"{first.grade.label} → {result.grade.label}; {difference_text(result.damage, taken)}; "
        f"Aguante {before} → {after}."
    )
    event = DefenseReread(
        text, d.id, str(pending["id"]), str(pending["attacker"]), first, result, damage,
        before, after, state.asalto,
    )  # fmt: skip
    return [event, *fell]
