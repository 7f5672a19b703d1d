"""«Repetir» through the console (issue 36): pressed by who rolled (the same options, a new
roll in the log), by someone else (refused, nothing rolled), after a restart, on a private
roll (it stays private), and under the rolls' rate limit; the one action behind it is keyed
by the roll's id in the log."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.console import FakeDiscord, Session, open_session
from bot.edge.ratelimit import RateLimiter
from bot.features.tirar.repetir import NOT_YOURS, RepeatButton, roll_id_of
from bot.storage import RollLogEntry
from tests.bot.conftest import Script
from umbral_rules import ForcedDice


async def log(fake: FakeDiscord) -> list[RollLogEntry]:
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        return await uow.rolls.entries(newest_first=False, limit=None)


async def test_the_roller_repeats_with_the_same_options(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([9, 4])
    first = await fake.command(
        "kaeda",
        "mesa",
        "tirar",
        {"expresion": "2d10", "motivo": "trepar", "umbral": 12, "exitos": ">=5"},
    )
    [entry] = await log(fake)
    assert (
        first.first.buttons[0]["custom_id"]
        == RepeatButton(entry.id, fake.user_id("kaeda")).custom_id
    )
    assert len(first.first.buttons[0]["custom_id"]) <= 100
    dice.push([2, 3])
    again = await fake.press("kaeda", "mesa", "Repetir")
    reply = again.first
    assert not reply.ephemeral and reply.recipient is None
    assert "`2d10` = 5: 2, 3" in reply.text() and "trepar" in reply.text()
    assert reply.field("Contra Umbral") == "5 contra 12: margen −7 (bandas de 4) → **Fracaso**"
    assert "Éxitos: **0**" in reply.text()
    assert "Repetida con «Repetir»." in reply.text()
    first_entry, second = await log(fake)
    assert second.result.to_json()["repite"] == first_entry.id
    assert (
        second.result.to_json()["opciones"]
        == first_entry.result.to_json()["opciones"]
        == {
            "expresion": "2d10",
            "motivo": "trepar",
            "umbral": 12,
            "exitos": ">=5",
        }
    )
    assert (second.motivo, second.result.to_json()["totales"]) == ("trepar", [5])
    assert reply.buttons[0]["custom_id"] == RepeatButton(second.id, fake.user_id("kaeda")).custom_id


@pytest.mark.parametrize(
    ("options", "faces", "field"),
    [
        ({"reserva": 2, "bonus": 1, "dificultad": 9}, [6, 5, 1], "3d6, se guardan los 2"),
        ({"porcentaje": 65}, [40], "d100: 40 contra 65 %"),
        ({"habilidad": 50, "modificador": 10}, [30], "d100: 30 bajo 50 % +10 % = 60 %"),
        ({"agilidad": 4, "modificador": 1}, [7], "1D10 + AGI"),
    ],
)
async def test_every_mode_repeats(
    fake: FakeDiscord, dice: ForcedDice, options: dict[str, Any], faces: list[int], field: str
) -> None:
    dice.push(faces)
    await fake.command("kaeda", "mesa", "tirar", options)
    dice.push(faces)
    again = await fake.press("kaeda", "mesa", "Repetir")
    assert any(field in f["name"] for f in again.first.embeds[0]["fields"])
    first, second = await log(fake)
    assert second.dice == first.dice and second.result.to_json()["opciones"] == options


async def test_someone_else_pressing_is_refused_and_nothing_is_rolled(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([9])
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
    reply = await fake.press("bran", "mesa", "Repetir")
    assert [(m.ephemeral, m.recipient, m.content) for m in reply.messages] == [
        (True, "bran", NOT_YOURS)
    ]
    assert len(await log(fake)) == 1


async def test_a_press_after_a_restart(
    session: Session, database_url: str, dice: ForcedDice
) -> None:
    dice.push([9])
    await session.discord.command("kaeda", "mesa", "tirar", {"expresion": "1d12+1"})
    old = session.discord.messages
    await session.close()
    restarted = await open_session(database_url, dice=ForcedDice([4]), migrate=False)
    try:
        fake = restarted.discord
        fake.restore(old)
        again = await fake.press("kaeda", "mesa", "Repetir")  # the old message's button
        assert "`1d12+1` = 5: 4 + 1" in again.first.text()
        refused = await fake.press("bran", "mesa", "Repetir")
        assert refused.first.content == NOT_YOURS
        first, second = await log(fake)
        assert second.result.to_json()["repite"] == first.id
    finally:
        await restarted.close()


async def test_a_private_roll_stays_private(
    fake: FakeDiscord, script: Script, dice: ForcedDice
) -> None:
    await script.run("@master", "/config canal_master:#trastienda")
    dice.push([5])
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d20", "privada": True})
    dice.push([17])
    again = await fake.press("kaeda", "mesa", "Repetir")
    mine, copy = again.messages
    assert mine.ephemeral and mine.recipient == "kaeda" and "= 17" in mine.text()
    assert "Tirada privada" in mine.title and mine.buttons[0]["label"] == "Repetir"
    assert copy.channel == "trastienda" and copy.title == "Tirada privada de kaeda"
    assert not any(
        "= 17" in m.text() for m in fake.messages if m.channel == "mesa" and not m.ephemeral
    )
    assert [e.result.to_json()["privada"] for e in await log(fake)] == [True, True]


async def test_a_repeat_is_rate_limited_like_tirar(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push([9])
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
    tree: Any = fake.bot.tree
    tree.limiter = RateLimiter(user_rolls=1, channel_rolls=100, per=60, clock=lambda: 0.0)
    dice.push([3])
    allowed = await fake.press("kaeda", "mesa", "Repetir")  # the one roll allowed
    assert "= 3" in allowed.first.text()
    refused = await fake.press("kaeda", "mesa", "Repetir")
    assert refused.first.ephemeral and refused.first.content.startswith("Vas demasiado deprisa")
    tirar = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
    assert tirar.first.content.startswith("Vas demasiado deprisa")  # one bucket for both
    assert len(await log(fake)) == 2


async def test_a_saved_roll_is_read_again_when_repeated(
    fake: FakeDiscord, script: Script, dice: ForcedDice
) -> None:
    await script.run("@kaeda", "/dados guardar nombre:ataque expresion:1d12+5")
    dice.push([7])
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "ataque+2"})
    await script.run("/dados guardar nombre:ataque expresion:1d12+6")
    dice.push([7])
    again = await fake.press("kaeda", "mesa", "Repetir")
    assert "`ataque+2` = 15: 7 + 6 + 2" in again.first.text()
    await script.run("/dados borrar nombre:ataque")
    gone = await fake.press("kaeda", "mesa", "Repetir")
    assert gone.first.ephemeral and "«ataque» no es un dado ni una tirada guardada" in (
        gone.first.text()
    )
    assert len(await log(fake)) == 2


async def test_the_roll_a_reply_shows_is_read_from_its_button(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    """What a message command on the reply (issue 38) repeats."""
    dice.push([9])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
    [entry] = await log(fake)
    channel = fake.bot.get_partial_messageable(fake.channel_id("mesa"))
    full = discord.Message(
        state=fake.bot._connection,  # type: ignore[attr-defined]
        channel=channel,  # type: ignore[arg-type]
        data=fake._message_payload(reply.first),  # type: ignore[attr-defined]
    )
    assert roll_id_of(full) == entry.id
    tracker = await fake.command("kaeda", "mesa", "dados lista")
    plain = discord.Message(
        state=fake.bot._connection,  # type: ignore[attr-defined]
        channel=channel,  # type: ignore[arg-type]
        data=fake._message_payload(tracker.first),  # type: ignore[attr-defined]
    )
    assert roll_id_of(plain) is None  # no «Repetir» on it
