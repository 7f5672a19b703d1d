"""The reminders' round opens a unit of work only where something changed or is due (issue
49): an armed encounter whose reminders this process already synced, unchanged since and
with none due, is passed by; a change made by another process (the encounter's version
moved) is synced in the next round, so the reminder that follows is the right one."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.console import FakeDiscord, Session, open_session
from bot.features.recordatorios.scheduler import ReminderScheduler
from tests.bot.conftest import Script
from tests.bot.test_recordatorios import BRAN, IRIA, SETUP, pinged, reminders
from tests.bot.test_recordatorios_entrega import upcoming, wait_until
from umbral_rules import ForcedDice


def count_claims(scheduler: ReminderScheduler) -> list[int]:
    """How many times the round opened the encounter's unit (its claim), kept in a list."""
    calls = [0]
    claim = scheduler.claim

    async def counted(target: Any) -> Any:
        calls[0] += 1
        return await claim(target)

    scheduler.claim = counted  # type: ignore[method-assign]
    return calls


async def test_an_unchanged_encounter_with_nothing_due_is_passed_by(
    script: Script, fake: FakeDiscord, session: Session, database_url: str
) -> None:
    scheduler = session.bot.reminders
    await script.run(*SETUP, "@master", "/encuentro recordatorios horas:1")
    claims = count_claims(scheduler)
    assert await scheduler.run_due() == 0
    assert claims == [1]  # the first round syncs who is waited for
    for _ in range(3):
        await script.run("!esperar 600")  # within the hour: nothing due, nothing changed
    before = claims[0]
    assert await scheduler.run_due() == 0
    assert claims[0] == before

    # another process on the same database: Iria acts there
    other = await open_session(database_url, dice=ForcedDice([6]), migrate=False)
    try:
        other.discord.clock.now = fake.clock.now
        acted = await Script(other.discord).run("@iria", '/atacar objetivo:"Bandido 1"')
        assert "Iria ataca a Bandido 1" in acted
    finally:
        await other.close()
    assert await scheduler.run_due() == 0
    assert claims[0] == before + 1  # the version moved: synced again, once
    assert await scheduler.run_due() == 0
    assert claims[0] == before + 1

    # when the hour is up, the one reminder goes to Bran only (Iria acted elsewhere)
    await script.run("!esperar 1800")
    [sent] = reminders(fake)
    assert pinged(sent) == {BRAN} and IRIA not in pinged(sent)
    assert claims[0] == before + 2  # due: claimed and posted
    assert await scheduler.run_due() == 0  # marked sent: nothing due, nothing changed
    assert claims[0] == before + 2


async def test_a_process_leaves_another_shards_reminders_unless_that_one_is_down(
    database_url: str,
) -> None:
    """With ``SHARD_IDS`` a process sees to the guilds of its own shards; a reminder of
    another shard's guild it sends only once it is a lease overdue (the owner synced who is
    waited for, then went down)."""
    from bot.console.payloads import GUILD_ID
    from bot.features.delivery import LEASE_S
    from bot.process.config import Settings

    mine = (GUILD_ID >> 22) % 2

    def shard(ids: int) -> Settings:
        return Settings(discord_token=None, shard_count=2, shard_ids=str(ids))

    owner = await open_session(database_url, dice=ForcedDice([]), settings=shard(mine))
    try:
        assert owner.bot.reminders.ours(GUILD_ID)
        script = Script(owner.discord)
        await script.run(*SETUP, "@master", "/encuentro recordatorios horas:1", "!esperar 0")
        due = await upcoming(owner.bot.reminders)
    finally:
        await owner.close()  # ... and its process goes down
    other = await open_session(database_url, dice=ForcedDice([]), settings=shard(1 - mine))
    try:
        scheduler, fake = other.bot.reminders, other.discord
        fake.carry_over(owner.discord)  # the same Discord
        assert not scheduler.ours(GUILD_ID)
        claims = count_claims(scheduler)
        script = Script(fake)
        # its next wake-up is when the reminder becomes its own: a lease overdue
        assert await upcoming(scheduler) == due + timedelta(seconds=LEASE_S)
        await wait_until(script, fake, due)  # due now, but not this process's guild
        assert reminders(fake) == [] and claims == [0]
        await wait_until(script, fake, due + timedelta(seconds=LEASE_S - 1))
        assert reminders(fake) == [] and claims == [0]
        await script.run("!esperar 2")  # a lease overdue: its process must be down
        [sent] = reminders(fake)
        assert pinged(sent) == {IRIA, BRAN}
        assert claims == [1]
    finally:
        await other.close()
