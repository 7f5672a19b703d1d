"""``/estadisticas``' figures, counted from the roll log's entries (pure: entries in, figures
out; run on a worker thread).

What counts ([D], issue 36): every die the bot drew — both dice of a ventaja or desventaja,
the roll an Aliento «repetir» made again (its own entry), every die of a ``/tirar``
expression (dropped, rerolled and exploded ones too) — and nothing a player typed with
``dado:`` (physical dice), nothing a ``/deshacer`` took back, and another player's private
roll only for the GM. Each entry's dice are counted as the entry's: in an opposed roll both
dice are in the entry of whoever made it, as ``/historial`` shows it.

The log keeps three shapes of die: an Umbral d12 roll (``faces``, ``kept_index``, ``mode``,
``sides``), a ``/tirar`` expression's dice (``dados``: ``[sides, face, kind]`` each) and the
other systems' (``faces`` with their ``sides``). ``/tirar`` rolls logged before the dice
kept their size (``faces`` alone) are counted as rolls, their dice as of unknown size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from bot.records.figures import D12, Damage, Figures
from bot.records.rolls import UmbralRoll
from bot.storage import RollLogEntry
from bot.storage.rolllog import NOT_ROLLS

#: The attacks in the log: who rolled dealt the damage to whom they rolled against.
ATTACKS = frozenset({"mesa_ataque", "enfrentado", "disparo", "indefenso"})
#: A Mesa defense: who rolled took the damage from whom they defended against.
DEFENSE = "mesa_defensa"
#: The chance that the kept die of a d12 roll shows 12, and 1, by how it was rolled.
P_TWELVE = {"normal": Fraction(1, 12), "ventaja": Fraction(23, 144), "desventaja": Fraction(1, 144)}
P_ONE = {"normal": Fraction(1, 12), "ventaja": Fraction(1, 144), "desventaja": Fraction(23, 144)}


def visible(entry: RollLogEntry, viewer_id: int, gm: bool) -> bool:
    """``/historial``'s rule: another player's private roll is the GM's to see."""
    return gm or entry.user_id == viewer_id or not entry.result.privada


def count(
    entries: Iterable[RollLogEntry], undone: frozenset[int], viewer_id: int, gm: bool
) -> Figures:
    """The figures of the entries the viewer may see (not undone ones, not other rows)."""
    out = Figures()
    for entry in entries:
        if entry.command in NOT_ROLLS or entry.id in undone or not visible(entry, viewer_id, gm):
            continue
        _damage(out, entry)
        if not entry.dice:
            continue
        drawn = [_count_die(out, entry, die) for die in entry.dice if isinstance(die, dict)]
        if any(drawn):
            out.rolls += 1
        elif entry.physical or any(isinstance(d, dict) and d.get("physical") for d in entry.dice):
            out.physical += 1
    return out


def _count_die(out: Figures, entry: RollLogEntry, die: Mapping[str, Any]) -> bool:
    """Count one logged die (or group of dice); whether the bot drew it (not physical)."""
    if die.get("physical", entry.physical if "kept_index" in die else False):
        return False
    if "dados" in die:  # a /tirar expression: every die drawn, with its size
        for sides, face, _kind in die["dados"]:
            _face(out, int(sides), int(face))
        return bool(die["dados"])
    faces = [int(f) for f in die.get("faces", [])]
    if "kept_index" in die:  # an Umbral roll of one die (two with ventaja / desventaja)
        sides = int(die.get("sides", D12))
        for face in faces:
            _face(out, sides, face)
        if sides == D12 and faces:
            _natural(out, entry, faces[int(die["kept_index"])], str(die.get("mode", "normal")))
        return bool(faces)
    if "sides" in die:  # /tirar reserva, porcentaje, habilidad, agilidad
        for face in faces:
            _face(out, int(die["sides"]), face)
    else:
        out.unknown_dice += len(faces)
    return bool(faces)


def _face(out: Figures, sides: int, face: int) -> None:
    if sides == D12 and 1 <= face <= D12:
        out.faces[face - 1] += 1
    else:
        out.other_dice += 1


def _natural(out: Figures, entry: RollLogEntry, natural: int, mode: str) -> None:
    mode = mode if mode in P_TWELVE else "normal"
    out.d12_rolls += 1
    out.twelves += natural == D12
    out.expected_twelves += P_TWELVE[mode]
    if isinstance(entry.result, UmbralRoll) and entry.result.tipo == DEFENSE:
        out.defenses += 1
        out.defense_ones += natural == 1
        out.expected_defense_ones += P_ONE[mode]


def _damage(out: Figures, entry: RollLogEntry) -> None:
    result = entry.result
    if not isinstance(result, UmbralRoll) or entry.encounter_id is None:
        return
    kind, amount = result.tipo, result.damage
    if amount is None or kind not in (*ATTACKS, DEFENSE):
        return
    fight = out.damage.get(entry.encounter_id)
    if fight is None:
        fight = Damage(entry.encounter_id, entry.channel_id, entry.created_at)
        out.damage[entry.encounter_id] = fight
    if entry.actor and entry.character_id is not None:
        fight.players.add(entry.actor)
    if kind == DEFENSE:
        fight.add(entry.target, entry.actor, amount)
    else:
        fight.add(entry.actor, entry.target, amount)
