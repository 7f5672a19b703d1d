"""Buttons pass through the same gate as commands (issue 16): the shutdown refusal and the
rolls' rate limit; the Defender button checks who presses in ``interaction_check``."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord
from bot.edge.ratelimit import RateLimiter
from bot.edge.tree import CLOSING_NOTICE
from tests.bot.conftest import Script
from tests.bot.test_combate import MESA
from umbral_rules import ForcedDice


async def pending(fake: FakeDiscord) -> int:
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.get()
    return len(enc.pending)


async def attacked(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA, "@master", "/asalto")
    await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    assert await pending(fake) == 1


async def test_a_press_while_stopping_gets_the_notice_and_rolls_nothing(
    script: Script, fake: FakeDiscord
) -> None:
    await attacked(script, fake)
    tree: Any = fake.bot.tree
    tree.closing = True
    reply = await fake.press("kaeda", "mesa", "Defender")
    assert reply.first.ephemeral and reply.first.content == CLOSING_NOTICE
    assert len(reply.messages) == 1
    assert await pending(fake) == 1


async def test_a_rate_limited_press_gets_the_notice_and_rolls_nothing(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await attacked(script, fake)
    tree: Any = fake.bot.tree
    tree.limiter = RateLimiter(user_rolls=1, channel_rolls=100, per=60, clock=lambda: 0.0)
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})  # the one roll allowed
    reply = await fake.press("kaeda", "mesa", "Defender")
    assert reply.first.ephemeral and reply.first.content.startswith("Vas demasiado deprisa")
    assert await pending(fake) == 1
    again = await fake.press("kaeda", "mesa", "Defender")  # told again, never silence
    assert again.first.ephemeral and again.first.content.startswith("Vas demasiado deprisa")


async def test_someone_else_pressing_is_refused_before_anything_runs(
    script: Script, fake: FakeDiscord
) -> None:
    await attacked(script, fake)
    reply = await fake.press("master", "mesa", "Defender")
    assert len(reply.messages) == 1 and reply.first.ephemeral
    assert "Este botón es para el jugador atacado" in reply.first.content
    assert await pending(fake) == 1
