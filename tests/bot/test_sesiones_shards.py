"""Session steps per shard (issue 49): with ``SHARD_IDS`` a process takes the steps of the
sessions of the guilds on its shards; another shard's it leaves alone until a step is a
lease overdue (that shard's process must be down), and then takes it, once — as the
encounters' reminders do (``test_recordatorios_ronda.py``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.console import open_session
from bot.console.payloads import GUILD_ID
from bot.features.delivery import LEASE_S
from bot.features.sesiones.steps import SessionSteps
from bot.process.config import Settings
from tests.bot.conftest import Script
from tests.bot.test_sesiones import ANA, BEA, FRIDAY, START, pinged, reminders, wait_until
from umbral_rules import ForcedDice

MINE = (GUILD_ID >> 22) % 2


def shard(ids: int) -> Settings:
    return Settings(discord_token=None, shard_count=2, shard_ids=str(ids))


def count_acts(steps: SessionSteps) -> list[int]:
    """How many times a round took up a session's due steps, kept in a list."""
    calls = [0]
    act = steps._act

    async def counted(*args: Any) -> Any:
        calls[0] += 1
        return await act(*args)

    steps._act = counted  # type: ignore[method-assign]
    return calls


async def test_a_process_leaves_another_shards_session_steps_unless_that_one_is_down(
    database_url: str,
) -> None:
    day_before = START - timedelta(hours=24)
    owner = await open_session(database_url, dice=ForcedDice([]), settings=shard(MINE))
    try:
        fake, script = owner.discord, Script(owner.discord)
        await wait_until(script, fake, FRIDAY)
        await script.run(
            "@master",
            "/config zona_horaria:Europe/Madrid",
            '/sesion programar titulo:"Sesión 5" fecha:29/03/2026 hora:20:00',
        )
        for user in ("ana", "bea"):
            await script.run(f"@{user}", "!interes Sesión 5")
        assert await owner.bot.reminders.sessions.next_due() == day_before  # its own guild
    finally:
        await owner.close()  # ... and its process goes down
    other = await open_session(database_url, dice=ForcedDice([]), settings=shard(1 - MINE))
    try:
        fake, script = other.discord, Script(other.discord)
        fake.carry_over(owner.discord)  # the same Discord: the event, who is interested
        steps = other.bot.reminders.sessions
        acts = count_acts(steps)
        # its next wake-up for that session is when the step becomes its own
        assert await steps.next_due() == day_before + timedelta(seconds=LEASE_S)
        await wait_until(script, fake, day_before)  # due, but not this process's guild
        assert reminders(fake) == [] and acts == [0]
        await wait_until(script, fake, day_before + timedelta(seconds=LEASE_S - 1))
        assert reminders(fake) == [] and acts == [0]
        await script.run("!esperar 2")  # a lease overdue: its process must be down
        [day] = reminders(fake)
        assert pinged(day) == {ANA, BEA} and "mañana" in day.content
        assert acts == [1]
        await script.run("!esperar 600")  # done: not again
        assert len(reminders(fake)) == 1 and acts == [1]
        assert not fake.gate.failed
    finally:
        await other.close()
