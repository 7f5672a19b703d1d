"""Aliento ([D] §10): one point to ``repetir`` the last roll of this asalto, ``subir`` its grade,
``encajar`` the last hit taken this asalto, or add +4 to the ``secuelas`` roll.

It buys no time: never a second acción. Only PCs have Aliento. ``repetir``/``subir`` replay
the recorded roll: the effects of the first one are undone (the Aguante and standing of who
took the blow, the pending attacks a defense resolved, a reto's count) and the roll is
resolved again, with new dice for the roller (``repetir``) or the same faces one grade higher
(``subir``). [D] Neither can undo a roll whose fall has already been rolled on the secuelas
table; a roll that only set up a pending attack can be repeated or raised while it waits.
"""

from __future__ import annotations

from dataclasses import replace

from ..dice import DiceSource, roll_d12
from ..errors import UmbralError
from ..grades import Grade, damage_for, shift_grade
from ..tables import ALIENTO_COST, ALIENTO_USOS
from .attacks import execute
from .budget import require_active
from .combatant import Combatant
from .defense import resolve
from .events import AlientoSpent, Event, HitEncajado
from .fighters import replay_dice
from .kinds import Status, TiradaPurpose
from .pieces import WoundSnapshot
from .plans import OpposedAttack
from .records import (
    AttackRecord,
    DefendRecord,
    PendingAttackRecord,
    RollRecord,
    TiradaRecord,
)
from .retos import apply_reto, put_reto
from .state import EncounterState
from .tiradas import apply_effect, roll_tirada
from .wounds import restore, roll_secuelas, spend_aliento


def aliento(state: EncounterState, dice: DiceSource | None, actor_id: str, uso: str) -> list[Event]:
    key = uso.strip().lower()
    if key not in ALIENTO_USOS:
        raise UmbralError(f"Uso de Aliento desconocido «{uso}»: usa {', '.join(ALIENTO_USOS)}.")
    actor = state.get(actor_id)
    if not actor.is_pc:
        raise UmbralError(f"{actor.nombre} no tiene Aliento: solo los personajes lo tienen.")
    if actor.aliento < ALIENTO_COST:
        raise UmbralError(f"{actor.nombre} no tiene Aliento que gastar (le quedan 0).")
    if key == "secuelas":
        return _secuelas(state, dice, actor)
    if key == "encajar":
        return _encajar(state, actor)
    require_active(actor)
    record = _current_record(state, actor)
    if key == "subir" and record.grade >= int(Grade.EXITO_PLENO):
        raise UmbralError("Esa tirada ya es un Éxito pleno: no se puede subir más.")
    if key == "repetir" and dice is None:
        raise UmbralError("Para repetir hacen falta dados.")
    _check_undoable(state, record)
    events: list[Event] = [spend_aliento(actor, key)]
    return events + _redo(state, dice, actor, record, key == "subir")


def _current_record(state: EncounterState, actor: Combatant) -> RollRecord:
    record = actor.last_roll
    if record is None or record.asalto != state.asalto:
        raise UmbralError(f"{actor.nombre} no ha tirado nada en este asalto a lo que aplicarlo.")
    if isinstance(record, PendingAttackRecord) and not any(
        p.id == record.pending for p in state.pending
    ):
        raise UmbralError("Ese ataque ya se resolvió con la defensa del otro: es tarde.")
    return record


def _check_undoable(state: EncounterState, record: RollRecord) -> None:
    if isinstance(record, PendingAttackRecord):
        return
    for cid, snap in record.touched.items():
        c = state.get(cid)
        if isinstance(snap, WoundSnapshot) and len(snap.secuelas) != len(c.secuelas):
            raise UmbralError(
                f"{c.nombre} ya tiró en la tabla de secuelas: ese golpe no se puede deshacer."
            )


def _redo(
    state: EncounterState, dice: DiceSource | None, actor: Combatant, rec: RollRecord, up: bool
) -> list[Event]:
    if isinstance(rec, PendingAttackRecord):
        _redo_pending(state, dice, rec, up)
        return []
    for cid, snap in rec.touched.items():
        restore(state.get(cid), snap)
    shift = rec.shift
    if isinstance(rec, AttackRecord):
        own = replay_dice(rec.faces) if up or dice is None else dice
        other = replay_dice(rec.other_faces) if rec.other_faces else None
        if not rec.defending:
            return execute(state, own, rec.plan, other, shift=shift + 1 if up else 0)
        assert other is not None
        return execute(state, other, rec.plan, own, shift=shift - 1 if up else 0)
    if isinstance(rec, DefendRecord):
        state.pending = [*rec.resolved, *state.pending]
        faces = [f for group in rec.faces for f in group]
        own = replay_dice(faces) if up or dice is None else dice
        return resolve(state, own, actor, rec.resolved, rec.args,
                       shift=shift + 1 if up else 0, record=True)  # fmt: skip
    return _redo_tirada(state, dice, actor, rec, up)


def _redo_pending(
    state: EncounterState, dice: DiceSource | None, rec: PendingAttackRecord, up: bool
) -> None:
    """An opposed attack still waiting: its die rolled again, or one grade more."""
    pending = next(p for p in state.pending if p.id == rec.pending)
    attack = pending.attack
    assert isinstance(attack, OpposedAttack)  # a PC's opposed attack waits with its die
    if up:
        changed = replace(pending, shift=pending.shift + 1)
    else:
        assert dice is not None
        die = roll_d12(dice, attack.die.ventaja_sources, attack.die.desventaja_sources)
        changed = replace(pending, attack=replace(attack, die=die))
    state.pending = [changed if p.id == pending.id else p for p in state.pending]


def _redo_tirada(
    state: EncounterState, dice: DiceSource | None, actor: Combatant, rec: TiradaRecord, up: bool
) -> list[Event]:
    if rec.purpose is TiradaPurpose.RETO:
        assert rec.reto_before is not None
        put_reto(state, rec.reto_before)
    own = replay_dice(rec.faces) if up or dice is None else dice
    result, rolled = roll_tirada(state, own, actor, rec, shift=rec.shift + 1 if up else 0)
    if rec.purpose is TiradaPurpose.RETO:
        return apply_reto(state, actor, rolled, result)
    return apply_effect(state, actor, rolled, result)


def _encajar(state: EncounterState, actor: Combatant) -> list[Event]:
    """The last hit taken this asalto drops one grade; its damage is recomputed."""
    hit = actor.last_hit
    if hit is None or hit.asalto != state.asalto or hit.grade <= Grade.FRACASO:
        raise UmbralError(f"{actor.nombre} no ha encajado ningún golpe en este asalto.")
    if actor.status is Status.MUERTO or (
        actor.status is not Status.ACTIVO and not actor.secuelas_pendiente
    ):
        raise UmbralError(
            f"{actor.nombre} ya tiró en la tabla de secuelas: ese golpe no se puede encajar."
        )
    before_grade = hit.grade
    after_grade = shift_grade(before_grade, -1)
    old_damage = hit.damage
    new_damage = damage_for(after_grade, hit.potencia)
    aguante_before = actor.aguante
    applied_old = min(hit.aguante, old_damage)
    applied_new = min(hit.aguante, new_damage)
    events: list[Event] = [spend_aliento(actor, "encajar")]
    actor.aguante = min(actor.aguante_max, actor.aguante + applied_old - applied_new)
    if actor.status is Status.MALHERIDO and actor.aguante > 0:
        actor.status = Status.ACTIVO
        actor.secuelas_pendiente = False
    actor.last_hit = replace(hit, grade=after_grade, damage=new_damage)
    text = (
        f"{actor.nombre} encaja el golpe: {before_grade.label} → {after_grade.label}, "
        f"{old_damage} → {new_damage} de daño; Aguante {aguante_before} → {actor.aguante}."
    )
    events.append(
        HitEncajado(text, actor.id, before_grade, after_grade, old_damage, new_damage,
                    aguante_before, actor.aguante)
    )  # fmt: skip
    return events


def _secuelas(state: EncounterState, dice: DiceSource | None, actor: Combatant) -> list[Event]:
    """+4 on the secuelas roll: rolled now if pending, else kept for the fall (auto mode)."""
    if actor.secuelas_pendiente:
        if dice is None:
            raise UmbralError("Para tirar las secuelas hacen falta dados.")
        return roll_secuelas(state, dice, actor, aliento=True)
    if actor.status is not Status.ACTIVO:
        raise UmbralError(f"{actor.nombre} no tiene tirada de secuelas pendiente.")
    if not state.settings.secuelas_auto:
        raise UmbralError(
            "El punto para las secuelas se gasta al tirarlas, cuando el personaje cae."
        )
    if actor.reserva_aliento:
        raise UmbralError(f"{actor.nombre} ya guarda un punto de Aliento para las secuelas.")
    actor.reserva_aliento = True
    text = f"{actor.nombre} guarda un punto de Aliento para la tabla de secuelas."
    return [AlientoSpent(text, actor.id, "secuelas", actor.aliento, actor.aliento)]
