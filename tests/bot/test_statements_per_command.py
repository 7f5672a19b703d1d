"""How many statements one ``/atacar`` costs through the tree, the tracker's refresh
included (the console's Discord awaits it): the encounter comes from the storage's cache,
so after the first attack no command reads a combatant row again. Not timed: counted."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event

from bot.console import FakeDiscord, Session
from bot.storage.reminders import armed
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

START = [
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto" cantidad:3',
    "@kaeda",
    "/encuentro unirse",
]
#: BEGIN, the encounter's row, its save (one UPDATE of the document, version-checked), the
#: roll log and the undo record (its table prunes itself). The tracker reads nothing: it draws
#: what the attack committed (issue 33; it was 7 with the encounter's child rows).
MAX_STATEMENTS = 5


async def test_an_attack_reads_no_child_row_and_stays_within_its_statements(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*KAEDA, *GUARDIA, *START)
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    engine = session.storage.engine.sync_engine
    dice.push([9])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 1"})  # warm-up
    event.listen(engine, "before_cursor_execute", record)
    try:
        for target in ("Ñu del puerto 2", "Ñu del puerto 3", "Ñu del puerto 1"):
            seen.clear()
            dice.push([9])
            reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": target})
            assert reply.first.embeds, reply.first.text()
            assert len(seen) <= MAX_STATEMENTS, seen
            assert not [s for s in seen if "FROM combatants" in s], seen  # no children read
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert session.storage.encounter_cache.hits >= 3


async def test_looking_at_the_tablero_keeps_the_encounter_cached(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """``/mapa ver`` only looks: it takes the cached encounter and gives it back, so neither
    it nor the command after it reads a combatant row; and its picture is still right."""
    await script.run(
        *GUARDIA,
        "@master",
        "/encuentro empezar modo:tactico",
        '/encuentro enemigos nombre:"Ñu del puerto" cantidad:2',
        "/mapa crear ancho:12 alto:12",
        '/mapa colocar combatiente:"Ñu del puerto 1" casilla:D3',
    )
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(statement)

    engine = session.storage.engine.sync_engine
    hits = session.storage.encounter_cache.hits
    event.listen(engine, "before_cursor_execute", record)
    try:
        for _ in range(2):
            reply = await fake.command("master", "mesa", "mapa ver")
            assert "Ñu del puerto 1 D3" in reply.first.embeds[0]["footer"]["text"]
            assert list(reply.first.files) == ["tablero.png"]
        moved = await fake.command(
            "master", "mesa", "mapa colocar", {"combatiente": "Ñu del puerto 2", "casilla": "E5"}
        )
        assert "Ñu del puerto 2 E5" in moved.first.embeds[0]["footer"]["text"]
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert not [s for s in seen if "FROM combatants" in s], seen
    assert session.storage.encounter_cache.hits >= hits + 3
    again = await fake.command("master", "mesa", "mapa ver")
    assert "Ñu del puerto 2 E5" in again.first.embeds[0]["footer"]["text"]


#: BEGIN, the encounter's row (its game and its waiting times come with it), its reminders,
#: what changed of them, who is due now (issue 49: it read the game twice and the waiting
#: times once more, 8 in all, in every changed encounter of every round; and it took the
#: encounter out of the cache, so the channel's next command built it again).
MAX_SYNC_STATEMENTS = 5


async def test_a_round_brings_a_changed_encounter_up_to_date_within_its_statements(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*KAEDA, *GUARDIA, *START, "@master", "/encuentro recordatorios horas:1")
    scheduler = session.bot.reminders
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(" ".join(statement.split()))

    engine = session.storage.engine.sync_engine
    cache = session.storage.encounter_cache
    for attack, target in enumerate(("Ñu del puerto 1", "Ñu del puerto 2", "Ñu del puerto 3")):
        dice.push([9])
        hits = cache.hits
        await fake.command("kaeda", "mesa", "atacar", {"objetivo": target})  # it changed
        if attack:  # the round before only read it: it stayed cached
            assert cache.hits == hits + 1
        async with session.storage.across_guilds() as db:
            [armed_now] = await armed(db)
        event.listen(engine, "before_cursor_execute", record)
        try:
            seen.clear()
            await scheduler.claim(armed_now)
        finally:
            event.remove(engine, "before_cursor_execute", record)
        assert len(seen) <= MAX_SYNC_STATEMENTS, seen
        assert not [s for s in seen if s.startswith("SELECT encounters.system")], seen
        assert not [s for s in seen if s.startswith("SELECT encounters.pending_since")], seen
