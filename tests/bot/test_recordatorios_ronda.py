"""The reminders' round opens a unit of work only where something changed or is due (issue
49): an armed encounter whose reminders this process already synced, unchanged since and
with none due, is passed by; a change made by another process (the encounter's version
moved) is synced in the next round, so the reminder that follows is the right one."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session, open_session
from bot.features.recordatorios.scheduler import ReminderScheduler
from tests.bot.conftest import Script
from tests.bot.test_recordatorios import BRAN, IRIA, SETUP, pinged, reminders
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
