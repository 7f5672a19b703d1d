"""Abuse limits: rolling commands rate-limited per user and per channel (a private notice
every time: no interaction goes unanswered), caps on dice, expressions, attachments and
names, and mentions that can't ping."""

from __future__ import annotations

from typing import Any
from unittest.mock import AsyncMock

import pytest

from bot.app import UmbralBot
from bot.console import FakeDiscord
from bot.edge.context import rolls_dice
from bot.edge.ratelimit import RateLimiter, TokenBucket
from bot.edge.tree import GuardedTree
from bot.process.config import Settings
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.hardening.hostile import raw_data, send_raw
from umbral_rules import ForcedDice


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def limit(fake: FakeDiscord, clock: Clock, *, user: int, channel: int) -> None:
    tree: Any = fake.bot.tree  # type: ignore[attr-defined]
    tree.limiter = RateLimiter(user_rolls=user, channel_rolls=channel, per=10, clock=clock)


async def rolls(fake: FakeDiscord) -> int:
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        return int(await uow.rolls.count())


async def test_a_flood_gets_a_notice_every_time(fake: FakeDiscord) -> None:
    clock = Clock()
    limit(fake, clock, user=3, channel=100)
    replies = [
        await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"}) for _ in range(100)
    ]
    public = [r for r in replies if r.messages and not r.first.ephemeral]
    notices = [r for r in replies if r.messages and r.first.ephemeral]
    assert len(public) == 3
    assert len(notices) == 97  # every refused roll is answered, privately
    assert all(n.first.recipient == "kaeda" and len(n.messages) == 1 for n in notices)
    assert notices[0].first.content.startswith("Vas demasiado deprisa: espera 4 s")
    assert not any(not r.messages for r in replies)  # never silence
    assert await rolls(fake) == 3
    other = await fake.command("bran", "mesa", "tirar", {"expresion": "1d12"})
    assert not other.first.ephemeral  # the limit is this user's
    clock.now += 10  # a new window: rolls again, and would be told again
    assert not (await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})).first.ephemeral


async def test_the_channel_limit_counts_everyone_in_it(fake: FakeDiscord) -> None:
    clock = Clock()
    limit(fake, clock, user=5, channel=4)
    users = [f"jugador{i}" for i in range(10)]
    replies = [await fake.command(u, "mesa", "tirar", {"expresion": "1d12"}) for u in users]
    assert sum(1 for r in replies if r.messages and not r.first.ephemeral) == 4
    assert sum(1 for r in replies if r.messages and r.first.ephemeral) == 6
    elsewhere = await fake.command("jugador9", "otra", "tirar", {"expresion": "1d12"})
    assert not elsewhere.first.ephemeral
    clock.now += 2.5  # a quarter of the window: one token back
    again = await fake.command("jugador8", "mesa", "tirar", {"expresion": "1d12"})
    assert not again.first.ephemeral


async def test_commands_that_dont_roll_are_not_limited(fake: FakeDiscord) -> None:
    limit(fake, Clock(), user=1, channel=1)
    replies = [await fake.command("kaeda", "mesa", "ayuda") for _ in range(20)]
    assert all(r.messages and r.first.embeds for r in replies)


#: The commands the hand-kept list limited before issue 44 (now each declares ``rolls=True``).
ROLLING_COMMANDS = frozenset(
    {
        "tirar",
        "tirada",
        "reto tirar",
        "atacar",
        "disparar",
        "defender",
        "maniobra",
        "respuesta",
        "secuelas",
        "estabilizar",
        "estado recuperar",
        "aliento",
        "mapa barrido",
        "graduado repartir",
        # Canción de hielo y fuego's own commands that roll (issue 45)
        "hielo prueba",
        "hielo sorpresa",
        "hielo intriga intercambio",
        "hielo intriga influir",
        "hielo intriga frustración",
        "hielo intriga acción",
        "hielo intriga simple",
    }
)
#: The percentile game's own commands that roll (issue 47).
PORCENTUAL_ROLLING = frozenset(
    {"porcentual actuar", "porcentual maniobra", "porcentual atrapar", "porcentual enfrentamiento"}
)


def test_every_rolling_command_exists(fake: FakeDiscord) -> None:
    names = {c.qualified_name for c in fake.bot.tree.walk_commands()}  # type: ignore[attr-defined]
    assert names >= ROLLING_COMMANDS
    declared = {
        c.qualified_name
        for c in fake.bot.tree.walk_commands()  # type: ignore[attr-defined]
        if hasattr(c, "parameters") and rolls_dice(c)
    }
    assert declared == ROLLING_COMMANDS | PORCENTUAL_ROLLING  # as before, and the new game's


def test_token_bucket_refills_and_warns_once() -> None:
    clock = Clock()
    bucket = TokenBucket(2, 10, clock)
    assert [bucket.take("a") for _ in range(4)] == [
        (True, False),
        (True, False),
        (False, True),
        (False, False),
    ]
    assert bucket.retry_after("a") == pytest.approx(5)
    clock.now += 5
    assert bucket.take("a") == (True, False)
    assert bucket.take("a") == (False, True)  # told again: a token came in between


async def test_the_started_bot_has_the_limits_of_its_settings() -> None:
    settings = Settings(discord_token=None, roll_limit_user=2, roll_limit_channel=7)
    bot = UmbralBot(settings, ForcedDice([]))
    bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    await bot.setup_hook()
    assert isinstance(bot.tree, GuardedTree) and bot.tree.limiter is not None
    assert (bot.tree.limiter.users.capacity, bot.tree.limiter.channels.capacity) == (2, 7)


# --- caps ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"expresion": "1000d12"}, "Demasiados dados: como mucho 200"),
        ({"expresion": "1d12+" * 40 + "1"}, "admite como mucho 200 caracteres"),
        ({"expresion": "d12;" * 7 + "d12"}, "Como mucho 6 expresiones"),
        ({"reserva": 11}, "Reserva debe estar entre 1 y 10"),
    ],
)
async def test_caps_on_dice_and_expressions(
    fake: FakeDiscord, options: dict[str, Any], message: str
) -> None:
    reply = await fake.command("kaeda", "mesa", "tirar", options)
    assert reply.first.ephemeral and message in reply.first.content


@pytest.mark.parametrize(
    ("path", "options", "message"),
    [
        ("ficha crear", {"nombre": "x" * 81}, "«nombre» admite como mucho 80 caracteres"),
        ("bestiario añadir", {"nombre": "x" * 81}, "«nombre» admite como mucho 80 caracteres"),
        ("ficha oficio", {"nombre": "x" * 81, "valor": 1}, "como mucho 80 caracteres"),
        ("reto crear", {"nombre": "x" * 81, "umbral": 9, "exitos": 2}, "como mucho 80"),
        ("tirar", {"motivo": "x" * 201}, "«motivo» admite como mucho 200 caracteres"),
        ("encuentro enemigos", {"nombre": "Guardia", "cantidad": 10**6}, "Cantidad debe estar"),
    ],
)
async def test_caps_a_hostile_client_cannot_pass(
    fake: FakeDiscord, path: str, options: dict[str, Any], message: str
) -> None:
    """Discord's client enforces the declared lengths and ranges; the tree enforces them too."""
    command = fake.find_command(path.split())
    params = {p.display_name: p for p in command.parameters}
    filled = {name: 1 if p.type.value == 4 else "x" for name, p in params.items() if p.required}
    filled.update(options)
    built = [{"name": k, "type": params[k].type.value, "value": v} for k, v in filled.items()]
    reply = await send_raw(fake, "master", "mesa", raw_data(command, built))
    assert reply.first.ephemeral and message in reply.first.content


async def test_an_attachment_over_the_cap_is_refused_before_download(
    fake: FakeDiscord, tmp_path: Any
) -> None:
    file = tmp_path / "grande.yaml"
    file.write_bytes(b"enemigos: []\n")
    attachment = fake._attachment(str(file))
    attachment["size"] = 50 * 1024 * 1024
    fetched: list[str] = []
    original = fake.bot.http.get_from_cdn

    async def spy(url: str) -> bytes:
        fetched.append(url)
        return await original(url)

    fake.bot.http.get_from_cdn = spy  # type: ignore[method-assign]
    command = fake.find_command(["bestiario", "importar"])
    data = raw_data(
        command,
        [{"name": "archivo", "type": 11, "value": attachment["id"]}],
        {"attachments": {attachment["id"]: attachment}},
    )
    reply = await send_raw(fake, "master", "mesa", data)
    assert reply.first.ephemeral and "MB" in reply.first.content
    assert fetched == []


# --- mentions -----------------------------------------------------------------------------


async def test_names_cannot_ping_everyone_or_roles(script: Script, fake: FakeDiscord) -> None:
    role = f"<@&{fake.gm_role_id}>"
    await script.run(
        *GUARDIA,
        *KAEDA,
        "@everyone_fan",
        "/ficha crear nombre:@everyone vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0",
        "@master",
        f'/bestiario añadir nombre:"@here {role}" ataque:9 defensa:9 aguante:8 potencia:2',
        "/encuentro empezar modo:mesa",
        f'/encuentro enemigos nombre:"@here {role}"',
        "@everyone_fan",
        "/encuentro unirse",
        f'/tirar expresion:1d12 motivo:"@everyone {role} @here"',
    )
    # shown, and since issue 30 escaped as well (a zero-width space after the «@»)
    texts = [m for m in fake.messages if "everyone" in m.text() or "here" in m.text()]
    assert texts, "the names were shown"
    for message in fake.messages:
        mentions = message.payload.get("allowed_mentions")
        assert mentions is not None, message.text()
        assert "everyone" not in mentions.get("parse", [])
        assert "roles" not in mentions.get("parse", [])
        assert not mentions.get("roles")
