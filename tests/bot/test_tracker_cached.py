"""The tracker drawn from the encounter the command just committed (handed over after its
COMMIT), without reading a row — pending defenses and their waiting times included — and
from the rows whenever that is not the latest state this process knows: a sheet changed from
another channel. Either way it shows what a fresh read would."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event

from bot.console import FakeDiscord, Session
from bot.edge.publisher import waiting_of
from bot.render.tracker import tracker_embed
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

START = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto" cantidad:2',
    "@kaeda",
    "/encuentro unirse",
]


async def shown_and_fresh(fake: FakeDiscord) -> tuple[str, str]:
    """The tracker's text (description and fields) as posted, and as a fresh read of the
    rows would draw it."""
    fake.bot.storage.encounter_cache.clear()  # from the rows, not from the cache
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.require()
        info = uow.encounter.current_info
        fresh = tracker_embed(enc, waiting=waiting_of(enc, uow.encounter)).to_dict()
    shown = fake.message_by_id(info.tracker_message_id or 0).embeds[0]
    return _text(shown), _text(fresh)


def _text(embed: Any) -> str:
    fields = [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
    return "\n".join([embed.get("description", ""), *fields])


class Reads:
    """Statements that read the encounter's rows, while it is listening."""

    def __init__(self, session: Session) -> None:
        self.engine = session.storage.engine.sync_engine
        self.seen: list[str] = []

    def __enter__(self) -> Reads:
        event.listen(self.engine, "before_cursor_execute", self._record)
        return self

    def __exit__(self, *exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._record)

    def _record(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().startswith("SELECT") and "FROM encounters" in statement:
            self.seen.append(statement)


@pytest.mark.parametrize("forgotten", [False, True])
async def test_an_attack_draws_the_tracker_it_committed_without_a_read(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, forgotten: bool
) -> None:
    """``forgotten``: the publisher no longer remembers the channel — a process just started,
    or the channel forgotten after a quiet spell, as most channels of a big bot and most
    commands of play by post are (issue 49: that read was two to five statements a command
    in the background, in ``--escala``)."""
    await script.run(*START)
    dice.push([9])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 1"})
    await fake.clock.sleep(5)  # past the tracker's pause between two requests
    if forgotten:
        fake.bot.trackers._forget_idle()
        assert fake.channel_id("mesa") not in fake.bot.trackers._channels
    with Reads(session) as reads:
        dice.push([10])
        await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 2"})
    # the command's own read of its encounter row, and nothing for the tracker
    assert len(reads.seen) == 1, reads.seen
    shown, fresh = await shown_and_fresh(fake)
    assert shown == fresh and "Ñu del puerto 2" in shown


async def test_a_pending_defense_is_drawn_from_the_rows_with_its_waiting_time(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*START, "@master", "/asalto")  # the enemies' phase
    await fake.clock.sleep(5)
    with Reads(session) as reads:
        dice.push([8])
        out = await fake.command(
            "master", "mesa", "atacar", {"atacante": "Ñu del puerto 1", "objetivo": "Íñigo"}
        )
    assert out.first.embeds, out.first.text()
    # the command's read only: since issue 33 the pending defense's waiting time is committed
    # with the encounter (encounters.pending_since), and the tracker gets it from the commit
    assert len(reads.seen) == 1, reads.seen
    shown, fresh = await shown_and_fresh(fake)
    assert shown == fresh and "debe defenderse de Ñu del puerto 1" in shown


async def test_a_sheet_changed_from_another_channel_is_read_again(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*START)
    dice.push([9])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 1"})
    await fake.clock.sleep(5)
    out = await script.run("#otro", "@master", "/ficha ajustar personaje:Íñigo aguante:7")
    await fake.clock.sleep(5)
    shown, fresh = await shown_and_fresh(fake)
    assert shown == fresh, out


async def test_a_new_encounter_after_one_ended_shows_its_own_tracker(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*START)
    for target in ("Ñu del puerto 1", "Ñu del puerto 2", "Ñu del puerto 1"):
        dice.push([9])
        await fake.command("kaeda", "mesa", "atacar", {"objetivo": target})
        await fake.clock.sleep(5)
    await script.run("@master", "/encuentro terminar", "!esperar 5")
    await script.run(
        "@master",
        "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse",
        "!esperar 5",
    )
    dice.push([9])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto"})
    await fake.clock.sleep(5)
    shown, fresh = await shown_and_fresh(fake)
    assert shown == fresh and "Ñu del puerto" in shown
