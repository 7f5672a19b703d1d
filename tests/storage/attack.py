"""The attack used by the concurrency and durability tests, and the ledger check.

Until ``Encounter`` has its attack operation this is a placeholder on the encounter's dict:
roll a d12 with :class:`~umbral_rules.RandomDice`, take that much Aguante from the target,
save, and log the roll with its damage.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.storage import Storage, UnitOfWork
from umbral_rules import DiceSource

from .helpers import CHANNEL, GUILD, USER, combatant, sample_state

START_AGUANTE = 100_000
TARGET = "c9"


def attack_state() -> dict[str, Any]:
    state = sample_state()
    state["combatants"].insert(
        0, combatant(TARGET, "Gólem", aguante=START_AGUANTE, aguante_max=START_AGUANTE)
    )
    return state


def attack(dice: DiceSource, command_id: int) -> Callable[[UnitOfWork], Awaitable[int]]:
    async def run(uow: UnitOfWork) -> int:
        state = await uow.encounter.get_state()
        assert state is not None
        target = next(c for c in state["combatants"] if c["id"] == TARGET)
        face = dice.roll(12)
        damage = max(0, face - 3)
        target["aguante"] -= damage
        await uow.encounter.save(state)
        await uow.rolls.append(
            user_id=USER,
            command="atacar",
            dice=[face],
            modifiers=[{"name": "Potencia", "value": -3}],
            result={"command_id": command_id, "damage": damage},
        )
        return damage

    return run


async def check_ledger(storage: Storage) -> tuple[int, dict[int, int]]:
    """The target's Aguante and {command id: damage} from the roll log (no id twice)."""
    async with storage.channel(GUILD, CHANNEL) as uow:
        state = await uow.encounter.get_state()
        assert state is not None
        aguante = next(c["aguante"] for c in state["combatants"] if c["id"] == TARGET)
        entries = await uow.rolls.entries(channel_id=CHANNEL, limit=None, newest_first=False)
    damages: dict[int, int] = {}
    for e in entries:
        cid = int(e.result["command_id"])
        assert cid not in damages, f"command {cid} logged twice"
        damages[cid] = int(e.result["damage"])
    return aguante, damages
