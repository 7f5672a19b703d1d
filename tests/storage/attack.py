"""The attack used by the concurrency and durability tests, and the ledger check.

It is the real one: ``Encounter.attack`` with :class:`~umbral_rules.RandomDice`, a PC hitting
a Gólem with a huge Aguante (so it never falls and every blow counts), through the unit of
work: load, attack, save, log the roll with the damage it did.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.records.rolls import result_from_json
from bot.storage import Storage, UnitOfWork
from umbral_rules import CharacterSheet, DiceSource, EnemySheet, Weapon
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.events import AttackResolved

from .helpers import ATRIBUTOS, CHANNEL, GUILD, USER

START_AGUANTE = 100_000


def attack_state() -> Encounter:
    enc = Encounter.start("mesa")
    sheet = CharacterSheet("Ayla", ATRIBUTOS, proteccion=1)
    enc.add_character(sheet, [Weapon.make("Espada", "mano")], owner_id=USER)
    enc.add_enemy(EnemySheet("Gólem", ataque=14, defensa=11, aguante=START_AGUANTE, potencia=4))
    return enc


ATTACKER, TARGET = "c1", "c2"


def attack(dice: DiceSource, command_id: int) -> Callable[[UnitOfWork], Awaitable[int]]:
    async def run(uow: UnitOfWork) -> int:
        enc = await uow.encounter.require()
        events = enc.attack(dice, ATTACKER, TARGET)
        hit = next(e for e in events if isinstance(e, AttackResolved))
        damage = hit.aguante_before - hit.aguante_after
        await uow.encounter.save(enc)
        roll = hit.result.attacker_roll
        assert roll is not None
        await uow.rolls.append(
            user_id=USER,
            command="atacar",
            dice=list(roll.die.faces),
            modifiers=list(roll.modifiers),
            result=result_from_json(
                {"command_id": command_id, "damage": damage, "grade": hit.result.hit.label}
            ),
            physical=roll.die.physical,
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
        cid = int(e.result.to_json()["command_id"])
        assert cid not in damages, f"command {cid} logged twice"
        damages[cid] = int(e.result.to_json()["damage"])
    return aguante, damages
