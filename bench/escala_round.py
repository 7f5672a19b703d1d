"""One round of the reminders' scheduler over many channels (issue 49): what it costs when
every armed encounter has a reminder due, and when none has (the round the task runs every
minute). One process, its own PostgreSQL on loopback, statements counted and timed.

    python -m bench.escala_round [--canales 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from typing import Any

from bench.databases import local_postgres, pg_admin, with_database
from bench.escala_bot import BotProcess, channel_name, master_name
from bench.escala_seed import seed, tracker_id


async def rounds(channels: int) -> dict[str, Any]:
    from bot.storage import upgrade_head

    with local_postgres() as (admin, _pid):
        await pg_admin(admin, "CREATE DATABASE ronda")
        url = with_database(admin, "ronda")
        await upgrade_head(url)
        await seed(url, channels)
        names = [channel_name(i) for i in range(channels)]
        me = await BotProcess.open(url, 1, "0", [master_name(i) for i in range(channels)], names)
        me.fake.trackers({channel_name(i): tracker_id(i) for i in range(channels)})
        await me.bot.reminders.stop()  # the rounds are run by hand, one at a time
        found: dict[str, Any] = {"channels": channels}
        try:
            for label, jump in (("first", 0.0), ("due", 3600.0), ("idle", 60.0), ("idle2", 60.0)):
                me.fake.clock.advance(jump)
                before, t0 = me.statements[0], time.perf_counter()
                posted = await me.bot.reminders.run_due()
                found[label] = {
                    "statements": me.statements[0] - before,
                    "seconds": time.perf_counter() - t0,
                    "posted": posted,
                }
        finally:
            await me.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--canales", type=int, default=10_000)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(rounds(args.canales)), indent=2))


if __name__ == "__main__":
    main()
