"""A channel the tracker's publisher does not remember — a process just started, or the
channel forgotten after a quiet spell, as most channels of a big bot and most commands of
play by post are — still gets its tracker drawn from what the command committed, without
reading the encounter again (issue 49: that read was two to five statements a command in
the background, in ``--escala``)."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.test_tracker_cached import START, Reads, shown_and_fresh
from umbral_rules import ForcedDice


async def test_a_forgotten_channel_draws_the_tracker_it_committed_without_a_read(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*START)
    dice.push([9])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 1"})
    await fake.clock.sleep(5)  # quiet past the pause: the publisher may forget the channel
    publisher = fake.bot.trackers
    publisher._forget_idle()
    assert fake.channel_id("mesa") not in publisher._channels
    with Reads(session) as reads:
        dice.push([10])
        await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 2"})
    # the command's own read of its encounter row, and nothing for the tracker
    assert len(reads.seen) == 1, reads.seen
    shown, fresh = await shown_and_fresh(fake)
    assert shown == fresh and "Ñu del puerto 2" in shown


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
