"""The scheduler's shard filter runs in the database (issue 49): a process reads the armed
encounters of the guilds on its shards, and another shard's only once its reminder is a
lease overdue; its next wake-up is its own guilds' next reminder, or another's a lease
after it is due. Discord's rule ``(guild_id >> 22) % count`` gives the same shard in SQL
(SQLite and PostgreSQL) as in Python, up to the largest snowflake."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import combinations

from sqlalchemy import insert, select

from bot.storage import GuildSettings, Storage
from bot.storage.reminders import ReminderSettings, Wanted, armed, next_due
from bot.storage.shards import ShardScope

from .helpers import USER, sample_state

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
GRACE = timedelta(seconds=90)
#: A snowflake's timestamp part (a multiple of 4 and of 3): guild ``guild(s)`` is on shard
#: ``s`` of 2, 3 or 4.
BASE = 300_000_000_012


def guild(shard: int) -> int:
    return ((BASE + shard) << 22) | 77


SNOWFLAKES = [
    0,
    1,
    (1 << 22) - 1,
    1 << 22,
    (1 << 22) * 3 + 5,
    81_384_788_765_712_384,  # the Discord API's own server
    1_234_567_890_123_456_789,
    (1 << 63) - 1,  # the largest BIGINT
    *(guild(s) for s in range(4)),
]


async def test_the_sql_rule_is_discords(storage: Storage) -> None:
    async with storage.guild(0) as uow:
        await uow.session.execute(insert(GuildSettings), [{"guild_id": g} for g in SNOWFLAKES])
    for count in (1, 2, 3, 4, 7):
        for size in (1, 2):
            for ids in combinations(range(count), size):
                scope = ShardScope.of(count, ids, GRACE)
                stmt = select(GuildSettings.guild_id).where(scope.mine(GuildSettings.guild_id))
                async with storage.across_guilds() as session:
                    found = set((await session.execute(stmt)).scalars())
                expected = {g for g in SNOWFLAKES if (g >> 22) % count in ids}
                assert found == expected, (count, ids)
                assert {g for g in SNOWFLAKES if scope.owns(g)} == expected


async def _arm(storage: Storage, guild_id: int, channel: int, due: datetime | None) -> int:
    """An active encounter in ``guild_id`` with reminders on, waiting for one player whose
    reminder is due at ``due`` (None: waiting for nobody)."""
    async with storage.channel(guild_id, channel) as uow:
        info = await uow.encounter.create(sample_state(), creator_id=USER)
        await uow.reminders.configure(info.id, ReminderSettings(1, None), lambda b: b)
        if due is not None:
            wanted = [Wanted(USER, "turno", "c1", due)]
            await uow.reminders.sync(info.id, wanted, lambda base: base)
    return info.id


async def test_a_process_reads_its_own_guilds_and_anothers_overdue(storage: Storage) -> None:
    mine_due = NOW + timedelta(minutes=30)
    theirs_due = NOW + timedelta(minutes=10)
    mine = await _arm(storage, guild(0), 10, mine_due)
    idle = await _arm(storage, guild(2), 11, None)  # shard 0 of 2 too; nobody waited for
    theirs = await _arm(storage, guild(1), 12, theirs_due)
    quiet = await _arm(storage, guild(3), 13, None)  # shard 1 of 2, nobody waited for
    zero = ShardScope.of(2, [0], GRACE)
    one = ShardScope.of(2, [1], GRACE)

    async def ids(scope: ShardScope | None, now: datetime) -> list[int]:
        async with storage.across_guilds() as session:
            return [a.encounter_id for a in await armed(session, scope, now)]

    async def wake(scope: ShardScope | None) -> datetime | None:
        async with storage.across_guilds() as session:
            return await next_due(session, scope)

    assert len(await ids(None, NOW)) == 4  # one process: every guild
    assert await ids(zero, NOW) == [mine, idle]
    assert await ids(one, NOW) == [theirs, quiet]
    # shard 0's process wakes for its own reminder, or when shard 1's is a lease overdue
    assert await wake(None) == theirs_due
    assert await wake(one) == theirs_due
    assert await wake(zero) == theirs_due + GRACE
    # due, but not yet a lease overdue: still shard 1's alone
    assert await ids(zero, theirs_due) == [mine, idle]
    assert await ids(zero, theirs_due + GRACE - timedelta(seconds=1)) == [mine, idle]
    # a lease overdue: shard 1's process must be down, shard 0's takes that one over (not
    # the one where nobody is waited for: nothing of it can fall due)
    assert await ids(zero, theirs_due + GRACE) == [mine, idle, theirs]
    assert await ids(one, theirs_due + GRACE) == [theirs, quiet]
    # shard 1's own reminder later than shard 0's wake-up: shard 0 wakes for its own
    assert await wake(ShardScope.of(2, [0], timedelta(hours=1))) == mine_due
    # a process with every shard reads every guild
    assert len(await ids(ShardScope.of(2, [0, 1], GRACE), NOW)) == 4
