"""Game sessions in storage (issue 37): their steps planned from the start, claimed once
across processes, planned again when the session moves; who acted between start and end;
and migration 0013 on a database the previous release wrote."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from bot.storage import Storage, UnitOfWork, create_engine, downgrade
from bot.storage.session_models import SESSION_CANCELLED
from bot.storage.sessions import due_steps, next_step

from .helpers import CHANNEL, GUILD, USER, seed_at
from .test_migration_0010 import ROWS as ROWS_0010

SETTINGS_ROW = ROWS_0010[0]

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
START = datetime(2026, 3, 29, 18, 0, tzinfo=UTC)  # Sunday 20:00 in Madrid, summer time
END = START + timedelta(hours=3)


async def _schedule(storage: Storage, starts: datetime = START, now: datetime = NOW) -> int:
    async with storage.guild(GUILD) as uow:
        made = await uow.sessions.add(
            channel_id=CHANNEL,
            event_id=77,
            title="Sesión 5",
            starts_at=starts,
            ends_at=starts + timedelta(hours=3),
            creator_id=USER,
            now=now,
        )
    return made.id


async def _claim(
    storage: Storage, session_id: int, now: datetime, claiming: bool = False
) -> list[str]:
    """As the scheduler claims, each reminder claimed then marked done at once (its post
    went well): retried when another process took the rows meanwhile."""

    async def claim(uow: UnitOfWork) -> list[str]:
        done, claims = await uow.sessions.claim(
            session_id, now, now + timedelta(seconds=90), lambda: "nonce"
        )
        for kind, taken in claims.items():
            assert await uow.sessions.finish(session_id, kind, taken, now)
        return sorted([*done, *claims])

    return await storage.run_in_guild(GUILD, claim, claiming=claiming)


async def test_steps_fall_due_at_their_times_once_each(storage: Storage) -> None:
    sid = await _schedule(storage)
    async with storage.across_guilds() as session:
        assert await next_step(session) == START - timedelta(hours=24)
        assert await due_steps(session, NOW) == []
    assert await _claim(storage, sid, START - timedelta(hours=25)) == []
    assert await _claim(storage, sid, START - timedelta(hours=24)) == ["24h"]
    assert await _claim(storage, sid, START - timedelta(hours=2)) == []  # once
    async with storage.across_guilds() as session:
        assert await next_step(session) == START - timedelta(hours=1)
    assert await _claim(storage, sid, END) == ["1h", "fin", "inicio"]
    async with storage.across_guilds() as session:
        assert await next_step(session) is None


async def test_two_processes_claim_each_step_once(database_url: str) -> None:
    first, second = Storage.from_url(database_url), Storage.from_url(database_url)
    try:
        sid = await _schedule(first)
        at = START - timedelta(minutes=30)
        claims = await asyncio.gather(*(_claim(s, sid, at) for s in (first, second, first, second)))
        assert sorted(k for c in claims for k in c) == ["1h", "24h"]
    finally:
        await first.close()
        await second.close()


async def test_processes_racing_for_a_step_lose_it_without_a_retry(database_url: str) -> None:
    """Claiming (as the scheduler does: READ COMMITTED), the processes that lose the race
    for a step wait for the winner's commit and see it taken: no unit runs twice (issue 49:
    under REPEATABLE READ each loser failed on its snapshot and ran its unit again)."""
    first, second = Storage.from_url(database_url), Storage.from_url(database_url)
    try:
        sid = await _schedule(first)
        at = END  # every step due at once
        racers = (first, second, first, second)
        claims = await asyncio.gather(*(_claim(s, sid, at, claiming=True) for s in racers))
        assert sorted(k for c in claims for k in c) == ["1h", "24h", "fin", "inicio"]
        assert first.conflicts == second.conflicts == 0
    finally:
        await first.close()
        await second.close()


async def test_a_session_scheduled_late_gets_no_past_reminder(storage: Storage) -> None:
    sid = await _schedule(storage, now=START - timedelta(hours=3))
    assert await _claim(storage, sid, START - timedelta(minutes=59)) == ["1h"]


async def test_moving_a_session_plans_its_reminders_again(storage: Storage) -> None:
    sid = await _schedule(storage)
    assert await _claim(storage, sid, START - timedelta(hours=23)) == ["24h"]
    later = START + timedelta(days=7)
    async with storage.guild(GUILD) as uow:
        moved = await uow.sessions.change(
            sid, START - timedelta(hours=22), starts_at=later, ends_at=later + timedelta(hours=2)
        )
    assert moved.starts_at == later and moved.title == "Sesión 5"
    assert await _claim(storage, sid, START) == []  # the old times no longer count
    assert await _claim(storage, sid, later - timedelta(hours=24)) == ["24h"]  # due again
    async with storage.guild(GUILD) as uow:
        await uow.sessions.change(sid, later - timedelta(hours=2), status=SESSION_CANCELLED)
        assert (await uow.sessions.get(sid)).open is False  # type: ignore[union-attr]
    assert await _claim(storage, sid, later + timedelta(hours=5)) == []


async def test_who_acted_between_start_and_end(storage: Storage) -> None:
    sid = await _schedule(storage)
    rolled, joined, early, late = USER + 1, USER + 2, USER + 3, USER + 4
    storage.clock = lambda: START + timedelta(hours=1)  # a roll's time is the storage's clock
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.rolls.append(user_id=rolled, command="tirar", dice=[])
        await uow.activity.note(joined, "encuentro", START + timedelta(minutes=5))
        await uow.activity.note(early, "encuentro", START - timedelta(minutes=5))
    storage.clock = lambda: END + timedelta(minutes=1)
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.rolls.append(user_id=late, command="tirar", dice=[])
    async with storage.guild(GUILD) as uow:
        assert await uow.sessions.acted(START, END) == {rolled, joined}
        await uow.sessions.keep_interested(sid, [joined, early, joined])
        await uow.sessions.keep_attended(sid, [joined])
        found = await uow.sessions.find("sesion 5", NOW)
        assert (found.interested, found.attended) == ((joined, early), (joined,))
        assert found.status == "terminada"
        assert (await uow.sessions.find(str(sid), NOW)).id == sid


ROWS = [
    SETTINGS_ROW,  # a guild's settings, as an earlier migration's test writes them
    "INSERT INTO roll_log (guild_id, channel_id, user_id, command, dice, modifiers, result,"
    " physical, created_at) VALUES (:g, :c, :u, 'tirar', '[]', '[]', '{\"total\": 7}', false,"
    " '2026-03-29 18:30:00+00')",
]


async def test_0013_keeps_what_0011_wrote_and_downgrades(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0011", ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.guild(GUILD) as uow:
            assert (await uow.guild.get()).timezone == "Europe/Madrid"
            assert await uow.sessions.all() == []
            assert await uow.sessions.acted(START, END) == {USER}  # the old roll counts
        sid = await _schedule(storage)
        assert await _claim(storage, sid, START) == ["1h", "24h", "inicio"]
    finally:
        await storage.close()
    await downgrade(url, "0011")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            rolls = (await conn.execute(text("SELECT count(*) FROM roll_log"))).scalar()
            assert rolls == 1
    finally:
        await engine.dispose()
