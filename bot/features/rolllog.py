"""What an operation's events put in the roll log: every roll, with who rolled (the
combatant as shown, and its character for a player character) and against whom."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.features.common import log_roll, result_summary
from bot.records.rolls import SecuelasResult
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.events import (
    AttackResolved,
    CheckMade,
    DefenseResolved,
    DespegarseResolved,
    Event,
    RetoRolled,
    SecuelasRolled,
    Stabilised,
)

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


def _name(enc: Encounter, combatant_id: str) -> str | None:
    c = enc.state.lookup(combatant_id)
    return None if c is None else c.nombre


def _reto_name(enc: Encounter, reto_id: str) -> str | None:
    return next((r.nombre for r in enc.retos if r.id == reto_id), None)


def who_and_whom(
    enc: Encounter, event: Event, pending_names: Mapping[str, str]
) -> tuple[str | None, str | None]:
    """(the id of the combatant who rolled, against whom as shown) for a rolling event."""
    if isinstance(event, AttackResolved):
        return event.attacker_id, _name(enc, event.target_id)
    if isinstance(event, DefenseResolved):
        attackers = [pending_names.get(p, "") for p in event.pending_ids]
        return event.defender_id, ", ".join(dict.fromkeys(a for a in attackers if a)) or None
    if isinstance(event, Stabilised):
        return event.healer_id, _name(enc, event.target_id)
    if isinstance(event, RetoRolled):
        return event.combatant_id, _reto_name(enc, event.reto_id)
    if isinstance(event, DespegarseResolved):
        return event.combatant_id, _name(enc, event.engaged_id)
    if isinstance(event, CheckMade | SecuelasRolled):
        return event.combatant_id, None
    return None, None


async def log_events(
    uow: UnitOfWork,
    user_id: int,
    command: str,
    enc: Encounter,
    events: Sequence[Event],
    pending_names: Mapping[str, str] | None = None,
    motivo: str | None = None,
) -> None:
    """Every roll of the operation goes to the roll log, in the same transaction.
    ``pending_names``: the attackers of the attacks that were pending before it (by id)."""
    for event in events:
        actor_id, target = who_and_whom(enc, event, pending_names or {})
        if actor_id is None:
            continue
        actor = enc.state.lookup(actor_id)
        who: dict[str, Any] = {
            "actor": None if actor is None else actor.nombre,
            "character_id": None if actor is None else actor.character_id,
            "target": target,
            "motivo": motivo,
        }
        if isinstance(event, SecuelasRolled):
            await uow.rolls.append(
                user_id=user_id,
                command=command,
                dice=[event.die],
                result=SecuelasResult(
                    total=event.total,
                    bonus=event.bonus,
                    muerte=event.death,
                    resultado=event.resultado,
                ),
                physical=event.die.physical,
                **who,
            )
        elif isinstance(event, DespegarseResolved):
            if event.result is not None and event.engaged_roll is not None:
                # Narrativo / Táctico: the engaged's die is logged beside the leaver's
                rolls = (event.result.roll, event.engaged_roll)
                await uow.rolls.append(
                    user_id=user_id,
                    command=command,
                    dice=[r.die for r in rolls],
                    modifiers=[m for r in rolls for m in r.modifiers],
                    result=result_summary(
                        event.result,
                        totales=[r.total for r in rolls],
                        contra=event.engaged_total,
                    ),
                    physical=any(r.die.physical for r in rolls),
                    **who,
                )
            elif event.result is not None:
                await log_roll(
                    uow, user_id, command, event.result, contra=event.engaged_total, **who
                )
        elif isinstance(
            event, AttackResolved | DefenseResolved | CheckMade | RetoRolled | Stabilised
        ):
            await log_roll(uow, user_id, command, event.result, **who)
