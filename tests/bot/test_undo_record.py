"""The undo record keeps only what an operation changed: one /atacar in a fight of 200
combatants writes a few KB, and /deshacer still puts back exactly the state before it, from
a record of changes or from an older record of the whole encounter."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Text, cast, select, update

from bot.console import FakeDiscord, Session
from bot.storage.models import UndoRow, table
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

UNDO = table(UndoRow)
BIG = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    *['/encuentro enemigos nombre:"Ñu del puerto" cantidad:50'] * 4,
    "@kaeda",
    "/encuentro unirse",
]


async def state(session: Session, fake: FakeDiscord) -> Any:
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        return await uow.encounter.get_state()


async def last_record(session: Session) -> tuple[int, int]:
    """The newest undo record's id and the size of its stored ``before`` (bytes of JSON)."""
    stmt = select(UNDO.c.id, cast(UNDO.c.before, Text)).order_by(UNDO.c.id.desc()).limit(1)
    async with session.storage.engine.connect() as conn:
        row = (await conn.execute(stmt)).one()
    return int(row[0]), len(str(row[1]).encode())


async def attack(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push([11, 2])
    done = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 7"})
    assert not done.first.ephemeral, done.first.text()


async def undo(fake: FakeDiscord) -> None:
    preview = await fake.command("master", "mesa", "deshacer")
    assert "¿Deshacer /atacar?" in preview.last.text()
    assert "Ñu del puerto 7: Aguante" in preview.last.text()
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert any("deshizo /atacar" in m.text() for m in pressed.messages if not m.ephemeral)


async def test_one_attack_among_200_records_a_few_kb_and_undoes_exactly(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*BIG)
    before = await state(session, fake)
    assert len(before["combatants"]) == 201
    await attack(fake, dice)
    assert await state(session, fake) != before
    _, size = await last_record(session)
    assert size < 4096, size  # the whole encounter was ~190 KB
    await undo(fake)
    assert await state(session, fake) == before


async def test_a_record_of_the_whole_encounter_still_undoes(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """Records written before this change hold the encounter's whole ``to_dict()``."""
    await script.run(*BIG)
    before = await state(session, fake)
    await attack(fake, dice)
    record_id, _ = await last_record(session)
    async with session.storage.engine.begin() as conn:
        await conn.execute(update(UNDO).where(UNDO.c.id == record_id).values(before=before))
    _, size = await last_record(session)
    assert size > 50_000, size
    await undo(fake)
    assert await state(session, fake) == before
