"""The undo property: a random fight of 50 operations, then k ≤ 20 undos, leaves the
encounter exactly as replaying only the operations before those k."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.console import FakeDiscord, Session, open_session
from tests.bot.conftest import GUARDIA, Script
from umbral_rules import ForcedDice

GUARDS = [f"Ñu del puerto {i}" for i in (1, 2, 3)]
ESTADOS = ["Aturdido", "Sangrando", "Cegado"]
_channels = itertools.count(1)

operation = st.one_of(
    st.tuples(st.just("encuentro ajustar"), st.sampled_from(GUARDS), st.integers(0, 14)),
    st.tuples(st.just("estado poner"), st.sampled_from(GUARDS), st.sampled_from(ESTADOS)),
    st.tuples(st.just("estado quitar"), st.sampled_from(GUARDS), st.sampled_from(ESTADOS)),
    st.tuples(st.just("asalto"), st.just(""), st.just("")),
)


def options(op: tuple[str, str, Any]) -> dict[str, Any]:
    command, who, what = op
    if command == "encuentro ajustar":
        return {"combatiente": who, "aguante": what}
    if command.startswith("estado"):
        return {"objetivo": who, "estado": what}
    return {}


async def start(fake: FakeDiscord, channel: str) -> None:
    await fake.command("master", channel, "encuentro empezar", {"modo": "mesa"})
    await fake.command(
        "master", channel, "encuentro enemigos", {"nombre": "Ñu del puerto", "cantidad": 3}
    )


async def state(session: Session, fake: FakeDiscord, channel: str) -> Any:
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        return await uow.encounter.get_state()


@settings(
    max_examples=5,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking 50 commands is too slow
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=st.lists(operation, min_size=50, max_size=50), k=st.integers(0, 20))
async def test_undoing_k_equals_replaying_the_rest(
    database_url: str, ops: list[tuple[str, str, Any]], k: int
) -> None:
    session = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        fake = session.discord
        await Script(fake).run(*GUARDIA)
        n = next(_channels)
        full, replay = f"pelea-{n}", f"repeticion-{n}"
        await start(fake, full)
        done = []
        for op in ops:
            reply = await fake.command("master", full, op[0], options(op))
            if not reply.first.ephemeral:  # the rules may refuse (an estado not there)
                done.append(op)
        k = min(k, len(done))
        for _ in range(k):
            preview = await fake.command("master", full, "deshacer")
            assert preview.last.buttons, preview.last.text()
            await fake.press("master", full, "Deshacer")
        await start(fake, replay)
        for op in done[: len(done) - k]:
            reply = await fake.command("master", replay, op[0], options(op))
            assert not reply.first.ephemeral, reply.first.text()
        assert await state(session, fake, full) == await state(session, fake, replay)
    finally:
        await session.close()
