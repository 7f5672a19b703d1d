"""The busy channel of issue 16, on the console's clock with its simulated latency: six
players join, the GM passes to the enemies' phase, six enemies attack and the six players
press «Defender» — 19 interactions in 10 s of Discord's time, each started at its own time
while the others are still in flight (the scenario is the benchmark's ``canal_concurrido``,
:mod:`bench.busy`). The tracker keeps within Discord's per-channel limit (at most 5
requests in any 5 s, no 429) and ends showing the final state, in every one of 50 runs."""

from __future__ import annotations

from bench.busy import BESTIARY_LINE, PLAYERS, channel_requests, run_burst, setup_lines
from bot.console import FakeDiscord
from bot.console.gate import RATE_LIMIT, RATE_WINDOW_S
from bot.edge.errors import APOLOGY
from bot.render.tracker import tracker_embed
from tests.bot.conftest import Script

RUNS = 50


def most_in_a_window(times: list[float]) -> int:
    return max((sum(1 for t in times if s <= t < s + RATE_WINDOW_S) for s in times), default=0)


async def test_nineteen_interactions_in_ten_seconds(script: Script, fake: FakeDiscord) -> None:
    await script.run("@master", BESTIARY_LINE)
    for run in range(RUNS):
        await script.run(*setup_lines(run))
        since, limited = fake.clock.now, fake.gate.rate_limited
        replies = await run_burst(fake, run)
        assert len(replies) == 19
        for reply in replies:  # each was answered (the strict fixture checks) and none failed
            assert reply.events and APOLOGY not in reply.text(), run
        times = channel_requests(fake, "mesa", since)
        assert most_in_a_window(times) <= RATE_LIMIT, (run, times)
        assert fake.gate.rate_limited == limited, run
        async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
            enc = await uow.encounter.get()
            tid = uow.encounter.info.tracker_message_id
        assert enc is not None and not enc.pending, run  # every defense was rolled
        assert len(enc.combatants) == 2 * len(PLAYERS), run  # six players joined, six enemies
        shown = fake.message_by_id(tid)
        assert shown.embeds == [tracker_embed(enc).to_dict()], run
        await script.run("@master", "/encuentro terminar")
