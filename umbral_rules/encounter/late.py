"""Mesa: an attack that arrives after the defender has rolled this asalto (digest §5).

[D] The Defensa is rolled once per asalto. A late attack gets no roll of its own: the roll
already made (the same die, the same modifiers and ventaja as rolled) is read again against
the new most dangerous Ataque plus the new acoso (cap +3), and the character takes the
difference between the new reading's damage and the damage already taken — never healing.
A natural 1 rolled earlier stays a critical.

Also home of :func:`mesa_incoming` (which attack of an asalto is the most dangerous), shared
by the Defensa roll itself (:mod:`.defense`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..combat import AttackResult, Incoming, mesa_defense, most_dangerous, regrade
from ..dice import DiceSource
from ..plural import plural
from .combatant import Combatant
from .events import DefenseReread, Event
from .fighters import defense_mods, replay_dice
from .plans import Pending, danger, incoming
from .records import DefendRecord
from .state import DefenseReading, EncounterState
from .wounds import apply_damage


def mesa_incoming(mine: Sequence[Pending]) -> tuple[list[Incoming], Pending]:
    """Acoso counts attackers, not attacks: each attacker brings their most dangerous one.
    Returns them and the pending attack of the most dangerous ([D] highest Ataque, then
    Potencia, then the first to come)."""
    best: dict[str, Pending] = {}
    for p in mine:
        prev = best.get(p.attacker)
        if prev is None or danger(p) > danger(prev):
            best[p.attacker] = p
    chosen_pending = list(best.values())
    attacks = [incoming(p) for p in chosen_pending]
    top = most_dangerous(attacks)
    return attacks, chosen_pending[attacks.index(top)]


def reading_for(state: EncounterState, d: Combatant) -> DefenseReading | None:
    """The roll ``d`` made against this asalto's attacks, if they have rolled it."""
    reading = state.defensas.get(d.id)
    return reading if reading is not None and reading.asalto == state.asalto else None


def read(
    d: Combatant, mine: Sequence[Pending], reading: DefenseReading
) -> tuple[AttackResult, Pending]:
    """The kept roll read against these attacks: the result and the most dangerous one."""
    incoming, chosen = mesa_incoming(mine)
    args = reading.args
    mods = defense_mods(d, chosen.perforante, args.oficio, args.oficio_cobertura)
    result = mesa_defense(
        replay_dice(reading.faces), mods, incoming, reading.ventajas, reading.desventajas
    )
    if reading.shift:
        result = regrade(result, reading.shift, f"Aliento: sube {plural(reading.shift, 'grado')}")
    return result, chosen


def difference_text(new: int, taken: int) -> str:
    """«4 − 1 = 3 de daño»; never below 0: «1 − 4: 0 de daño (no cura)»."""
    if new >= taken:
        return f"{new} − {taken} = {new - taken} de daño"
    return f"{new} − {taken}: 0 de daño (no cura)"


def reread(
    state: EncounterState,
    dice: DiceSource,
    d: Combatant,
    pending: Pending,
    reading: DefenseReading,
) -> list[Event]:
    """Read the late ``pending`` attack against ``reading`` and apply the difference."""
    earlier = reading.resolved
    first, _ = read(d, earlier, reading)
    mine = (*earlier, pending)
    result, chosen = read(d, mine, reading)
    taken = reading.damage
    damage = max(0, result.damage - taken)
    before, after, fell = apply_damage(
        state, d, damage, attacker=chosen.attacker, grade=result.hit, potencia=result.potencia,
        dice=dice,
    )  # fmt: skip
    if damage and d.last_hit is not None and reading.aguante is not None:
        # Aliento «encajar» acts on the asalto's whole blow, as read now
        d.last_hit = replace(d.last_hit, damage=result.damage, aguante=reading.aguante)
    state.defensas[d.id] = replace(reading, resolved=mine, damage=max(taken, result.damage))
    record = d.last_roll
    if isinstance(record, DefendRecord) and record.answers == state.asalto:
        d.last_roll = replace(record, resolved=(*record.resolved, pending))  # Aliento replays it
    assert result.defender_roll is not None and result.target is not None
    text = (
        f"{pending.nombre} ataca a {d.nombre} después de su Defensa de este asalto: "
        f"se lee la misma tirada ({result.defender_roll.total}) contra {result.target.value}: "
        f"{first.grade.label} → {result.grade.label}; {difference_text(result.damage, taken)}; "
        f"Aguante {before} → {after}."
    )
    event = DefenseReread(
        text, d.id, pending.id, pending.attacker, first, result, damage, before, after,
        state.asalto,
    )  # fmt: skip
    return [event, *fell]
