"""Migration 0019 (issue 43, reminders not lost): an encounter's reminders and a session's
steps, as the release before it wrote them, come through with no claim, no nonce and no
try yet; they are claimed, posted and marked as the new code does; the downgrade keeps
them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from bot.storage import Storage, create_engine, downgrade
from bot.storage.reminders import armed

from .helpers import CHANNEL, GUILD, USER, seed_at
from .test_migration_0010 import ROWS as ROWS_0010

DUE = datetime(2026, 3, 28, 17, 0, tzinfo=UTC)
START = datetime(2026, 3, 29, 18, 0, tzinfo=UTC)
ROWS = [
    ROWS_0010[0],  # a guild's settings, as an earlier migration's test writes them
    "INSERT INTO encounters (id, guild_id, channel_id, status, creator_id, version, state)"
    " VALUES (3, :g, :c, 'active', :u, 5, '{}')",
    "INSERT INTO encounter_reminders (encounter_id, hours, quiet_start, quiet_end)"
    " VALUES (3, 2, 23, 9)",
    "INSERT INTO reminders (encounter_id, user_id, kind, ref, since_at, due_at, last_sent_at)"
    " VALUES (3, :u, 'turno', '2:jugadores', '2026-03-28 15:00:00+00',"
    " '2026-03-28 17:00:00+00', NULL)",
    "INSERT INTO game_sessions (id, guild_id, channel_id, event_id, title, starts_at,"
    " ends_at, status, creator_id, interested, attended, created_at) VALUES (5, :g, :c, 77,"
    " 'Sesión 5', '2026-03-29 18:00:00+00', '2026-03-29 21:00:00+00', 'programada', :u,"
    " '[]', NULL, '2026-03-20 12:00:00+00')",
    "INSERT INTO session_steps (session_id, kind, due_at, done_at) VALUES"
    " (5, '24h', '2026-03-28 18:00:00+00', '2026-03-28 18:00:05+00'),"
    " (5, '1h', '2026-03-29 17:00:00+00', NULL),"
    " (5, 'inicio', '2026-03-29 18:00:00+00', NULL),"
    " (5, 'fin', '2026-03-29 21:00:00+00', NULL)",
]


def _due_of(base: datetime) -> datetime:
    return base + timedelta(hours=2)


async def test_0019_keeps_reminders_and_steps_and_claims_them(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(url, "0018", ROWS, {"g": GUILD, "c": CHANNEL, "u": USER})
    storage = Storage.from_url(url)
    try:
        async with storage.across_guilds() as session:
            [target] = await armed(session)
            assert (target.encounter_id, target.settings.hours) == (3, 2)
            assert target.settings.quiet == (23, 9)
        now = DUE + timedelta(minutes=1)
        async with storage.guild(GUILD) as uow:
            claimed = await uow.reminders.claim_due(3, now, now + timedelta(seconds=90), "n-1")
            assert claimed is not None
            users, claim = claimed
            assert users == {USER} and (claim.attempt, claim.nonce) == (1, "n-1")
            assert await uow.reminders.claim_due(3, now, now, "n-2") is None  # held
            assert await uow.reminders.sent(3, users, claim, now, _due_of)
        at = START - timedelta(minutes=30)
        async with storage.guild(GUILD) as uow:
            done, claims = await uow.sessions.claim(5, at, at + timedelta(seconds=90), lambda: "s")
            assert done == [] and list(claims) == ["1h"]  # the 24 h one was done already
            assert claims["1h"].attempt == 1
            assert await uow.sessions.retry(5, "1h", claims["1h"], at + timedelta(seconds=60))
    finally:
        await storage.close()
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            kept = await conn.execute(
                text("SELECT attempts, nonce, claimed_until FROM encounter_reminders")
            )
            assert kept.all() == [(0, None, None)]  # sent: nothing under way
            steps = await conn.execute(
                text("SELECT kind, attempts, nonce FROM session_steps ORDER BY kind")
            )
            assert steps.all() == [
                ("1h", 1, "s"),
                ("24h", 0, None),
                ("fin", 0, None),
                ("inicio", 0, None),
            ]
    finally:
        await engine.dispose()
    await downgrade(url, "0018")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            rows = (await conn.execute(text("SELECT count(*) FROM session_steps"))).scalar()
            reminders = (await conn.execute(text("SELECT count(*) FROM reminders"))).scalar()
            assert (rows, reminders) == (4, 1)
            columns = (await conn.execute(text("SELECT * FROM session_steps"))).keys()
            assert "nonce" not in list(columns)
    finally:
        await engine.dispose()
