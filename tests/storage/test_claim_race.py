"""Two processes claiming the same reminder at the same moment (issue 49: the retries the
scale benchmark counted). The claim is a conditional UPDATE: under PostgreSQL's REPEATABLE
READ the process that loses the race fails on its older snapshot and runs its whole unit
again; a unit run ``claiming`` (as the scheduler's are) reads the encounter FOR UPDATE at
READ COMMITTED, so the loser waits for the winner's commit and then sees its claim."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage import Storage, UnitOfWork
from bot.storage.claims import Claim
from bot.storage.reminders import ReminderSettings, Wanted

from .helpers import CHANNEL, GUILD, USER, sample_state

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
LEASE = NOW + timedelta(seconds=90)

Claimed = tuple[set[int], Claim] | None


async def _armed(storage: Storage) -> int:
    """An encounter whose one player's reminder is due."""
    async with storage.channel(GUILD, CHANNEL) as uow:
        info = await uow.encounter.create(sample_state(), creator_id=USER)
        await uow.reminders.configure(info.id, ReminderSettings(1, None), lambda b: b)
        wanted = [Wanted(USER, "turno", "c1", NOW - timedelta(minutes=1))]
        await uow.reminders.sync(info.id, wanted, lambda base: base)
    return info.id


def claimer(
    eid: int, nonce: str, meanwhile: Callable[[], Awaitable[None]] | None = None
) -> Callable[[UnitOfWork], Awaitable[Claimed]]:
    """What the scheduler's claim does: read the encounter, claim its due reminder; with
    ``meanwhile`` run between the two."""

    async def work(uow: UnitOfWork) -> Claimed:
        await uow.encounter.get_state()
        if meanwhile is not None:
            await meanwhile()
        return await uow.reminders.claim_due(eid, NOW, LEASE, nonce)

    return work


async def test_the_loser_of_a_claiming_race_sees_the_claim_without_a_retry(
    database_url: str,
) -> None:
    first, second = Storage.from_url(database_url), Storage.from_url(database_url)
    try:
        eid = await _armed(first)
        other: list[asyncio.Task[Claimed]] = []

        async def let_the_other_in() -> None:  # it starts while this unit holds the row
            if not other:
                work = claimer(eid, "second")
                other.append(
                    asyncio.create_task(second.run_in_channel(GUILD, CHANNEL, work, claiming=True))
                )
                await asyncio.sleep(0.2)  # (whether it got to its wait or not, it loses)

        won = await first.run_in_channel(
            GUILD, CHANNEL, claimer(eid, "first", let_the_other_in), claiming=True
        )
        lost = await other[0]
        assert won is not None and won[0] == {USER} and won[1].nonce == "first"
        assert lost is None  # the first one's claim holds it
        assert first.conflicts == second.conflicts == 0
    finally:
        await first.close()
        await second.close()


@pytest.mark.backends("postgresql")  # the snapshot's failure is PostgreSQL's
async def test_without_claiming_the_loser_runs_its_unit_again(database_url: str) -> None:
    """The cause, made certain: the second process reads before the first commits its
    claim and claims after it."""
    first, second = Storage.from_url(database_url), Storage.from_url(database_url)
    try:
        eid = await _armed(first)
        read, claimed = asyncio.Event(), asyncio.Event()

        async def after_reading() -> None:
            read.set()
            await claimed.wait()

        async def run_first() -> Claimed:
            async def work(uow: UnitOfWork) -> Claimed:
                await uow.encounter.get_state()
                await read.wait()
                found = await uow.reminders.claim_due(eid, NOW, LEASE, "first")
                claimed.set()
                return found

            return await first.run_in_channel(GUILD, CHANNEL, work)

        won, lost = await asyncio.gather(
            run_first(),
            second.run_in_channel(GUILD, CHANNEL, claimer(eid, "second", after_reading)),
        )
        assert won is not None and lost is None
        assert second.conflict_kinds == {"encounter_reminders: UPDATE serialization": 1}
    finally:
        await first.close()
        await second.close()
