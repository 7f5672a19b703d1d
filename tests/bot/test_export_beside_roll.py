"""Issue 43, «database is locked»: a read takes no write lock and no long transaction.

100,000 entries are written straight into the roll log (one bulk insert), then
``/historial exportar:csv alcance:servidor`` starts; halfway through, while the read
transaction of one of its batches is still open, another player's ``/tirar`` runs to its
end: answered on the console's clock within Discord's 3 s, saved, with the export still
waiting. The export then finishes with the 100,000 entries it started with. Nothing here
depends on the machine's speed: the export waits for the test, not for a clock."""

from __future__ import annotations

import asyncio
import csv
import io
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, insert, select

from bot.console import FakeDiscord
from bot.edge.errors import APOLOGY
from bot.features.historial import batches
from bot.storage.models import RollLogRow

pytestmark = pytest.mark.backends("sqlite")

ENTRIES = 100_000
#: Discord's window for the first answer to an interaction.
DISCORD_WINDOW_S = 3.0


async def seed(fake: FakeDiscord, count: int) -> None:
    """``count`` rolls of kaeda's in #mesa, in one statement per 10,000 (no command runs)."""
    storage = fake.bot.storage
    when = datetime(2026, 1, 1, 11, 0, tzinfo=UTC)
    base = {
        "guild_id": fake.guild.id,
        "channel_id": fake.channel_id("mesa"),
        "user_id": fake.user_id("kaeda"),
        "command": "tirar",
        "modifiers": [],
        "physical": False,
        "created_at": when,
    }
    async with storage.engine.begin() as conn:
        for start in range(0, count, 10_000):
            rows = [
                {**base, "dice": [{"sides": 12, "faces": [i % 12 + 1]}],
                 "result": {"total": i % 12 + 1}}
                for i in range(start, min(count, start + 10_000))
            ]  # fmt: skip
            await conn.execute(insert(RollLogRow), rows)


async def logged(fake: FakeDiscord) -> int:
    async with fake.bot.storage.reading(fake.guild.id) as uow:
        stmt = select(func.count()).select_from(RollLogRow)
        return int((await uow.session.execute(stmt)).scalar_one())


async def test_a_roll_is_answered_and_saved_while_a_big_export_reads(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seed(fake, ENTRIES)
    paused, release = asyncio.Event(), asyncio.Event()
    seen: list[int] = []

    async def halfway(batch: int) -> None:  # inside the batch's read transaction
        seen.append(batch)
        if sum(seen) >= ENTRIES // 2 and not paused.is_set():
            paused.set()
            await release.wait()

    monkeypatch.setattr(batches, "after_batch", halfway)
    exporting = asyncio.ensure_future(
        fake.command("master", "mesa", "historial", {"exportar": "csv", "alcance": "servidor"})
    )
    waiting = asyncio.ensure_future(paused.wait())
    await asyncio.wait({exporting, waiting}, return_when=asyncio.FIRST_COMPLETED)
    assert paused.is_set() and not exporting.done()  # mid-read, its transaction open

    asked = fake.clock.now
    roll = await fake.command("bran", "mesa", "tirar", {"expresion": "1d6"})
    assert not exporting.done()  # the roll did not wait for the export's end
    answer = roll.first
    assert "`1d6` =" in answer.text()
    assert APOLOGY not in roll.first.text() and not roll.notices  # answered, in time
    assert answer.created - asked < DISCORD_WINDOW_S
    assert await logged(fake) == ENTRIES + 1  # saved, committed, while the export reads

    release.set()
    exported = await exporting
    assert not exported.notices
    files = {n: d for m in exported.messages for n, d in m.files.items()}
    ids: list[int] = []
    for name in sorted(files):
        assert name.startswith("historial") and name.endswith(".csv")
        text = files[name].decode("utf-8-sig")
        ids += [int(r["id"]) for r in csv.DictReader(io.StringIO(text), delimiter=";")]
    assert len(ids) == ENTRIES  # what was logged when it started; not the roll after it
    assert ids == sorted(ids) and len(set(ids)) == ENTRIES
    assert len(seen) == ENTRIES // batches.BATCH + 1  # each batch its own short transaction
