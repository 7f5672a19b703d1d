"""A stand-in bot process for the durability test.

``python -m tests.storage.durability_worker URL FIRST_ID SEED`` applies attacks with ids
``FIRST_ID, FIRST_ID + 1, …`` to the channel's encounter forever, printing each id on its own
line right after its transaction committed (the acknowledgement). The test kills it with
SIGKILL at a random moment.
"""

from __future__ import annotations

import asyncio
import sys

from bot.storage import Storage
from tests.storage.attack import attack
from tests.storage.helpers import CHANNEL, GUILD
from umbral_rules import RandomDice


async def main(url: str, first: int, seed: int) -> None:
    storage = Storage.from_url(url)
    dice = RandomDice(seed)
    command_id = first
    while True:
        await storage.run_in_channel(GUILD, CHANNEL, attack(dice, command_id))
        sys.stdout.write(f"{command_id}\n")
        sys.stdout.flush()
        command_id += 1


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
