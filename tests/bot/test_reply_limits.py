"""Every reply fits Discord's limits: long results split, long lists paginate, quoted input is
cut (issue 16). Each case is the one the issue measured."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord
from bot.features.pages import EXPIRED, NOT_YOURS, STORE
from bot.render.limits import QUOTE_MAX
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.discord_limits import assert_all_fit, problems
from umbral_rules import ForcedDice

LONG = "Ñ" * 1999
#: A name as long as names may be (80).
NAME80 = "Guardia de la Torre Vieja del Puerto de Sal que Nunca Duerme ni Come ni Calla"


def pages_of(reply: Any) -> list[str]:
    return [str(b["custom_id"]) for b in reply.first.buttons]


async def test_a_refusal_quoting_a_1999_character_value_is_cut(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*GUARDIA, *KAEDA, "@master", "/encuentro empezar", "@kaeda")
    await script.run("/encuentro unirse")
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": LONG})
    assert reply.first.ephemeral
    assert len(reply.first.content) < 200
    assert "…»" in reply.first.content
    assert reply.first.content.count("Ñ") == QUOTE_MAX - 1
    assert_all_fit(fake)


async def test_every_string_option_refuses_a_long_value_within_limits(
    script: Script, fake: FakeDiscord
) -> None:
    """Every command/option pair that takes text, given 1,999 characters, answers within
    Discord's limits (most quote it back)."""
    await script.run(
        *GUARDIA,
        *KAEDA,
        "@master",
        "/encuentro empezar",
        "/reto crear nombre:Muro umbral:9 exitos:2",
    )
    await script.run("@kaeda", "/encuentro unirse")
    tree: Any = fake.bot.tree
    pairs = 0
    for command in tree.walk_commands():
        if not hasattr(command, "parameters"):
            continue
        path = command.qualified_name
        for param in command.parameters:
            if param.type.name != "string" or param.choices:
                continue
            options: dict[str, Any] = {param.display_name: LONG}
            for other in command.parameters:  # required options get a plain value
                if other.required and other.display_name not in options:
                    options[other.display_name] = _plain(other)
            for user in ("kaeda", "master"):
                reply = await fake.command(user, "mesa", path, options)
                for message in reply.messages:
                    assert not problems(message.payload), (path, param.display_name)
            pairs += 1
    assert pairs >= 40
    assert_all_fit(fake)


def _plain(param: Any) -> Any:
    if param.choices:
        return param.choices[0].value
    return {"integer": 1, "number": 1, "boolean": False}.get(param.type.name, "x")


async def test_defender_against_20_pending_attacks_shows_all_20(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        "@master",
        f'/bestiario añadir nombre:"{NAME80}" ataque:12 defensa:12 aguante:14 potencia:4',
        *KAEDA,
        "/ficha crear nombre:Íñigo2 vigor:5 destreza:5 percepcion:1 voluntad:1 proteccion:4 "
        "aguante_extra:50",
        "@master",
        "/config defensa:espera",
        "/encuentro empezar modo:narrativo",
        f'/encuentro enemigos nombre:"{NAME80}" cantidad:20',
        "@kaeda",
        "/encuentro unirse",
        "@master",
        "/asalto",
    )
    enc: Any
    async with fake.bot.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.get()
    enemies = [c.nombre for c in enc.combatants if c.side == "enemigo"]
    assert len(enemies) == 20
    for name in enemies:
        dice.push([5])
        await fake.command("master", "mesa", "atacar", {"objetivo": "Íñigo2", "atacante": name})
    dice.push([6] * 20)
    reply = await fake.command("kaeda", "mesa", "defender")
    details = [
        e for m in reply.messages for e in m.embeds if "se defiende de" in str(e.get("title"))
    ]
    assert len(details) == 20
    assert reply.first.title.startswith("Íñigo2: defensa")
    assert "20 tiradas" in reply.first.text()
    assert len(reply.messages) >= 3
    assert_all_fit(fake)


async def test_ficha_ver_with_13_long_oficios_splits_the_field(
    script: Script, fake: FakeDiscord
) -> None:
    lines = [
        f'/ficha oficio nombre:"Oficio largo número {i} {"x" * 55}" valor:2' for i in range(13)
    ]
    out = await script.run(*KAEDA, *lines)
    assert out.count("Anotado en la ficha de Íñigo") == 15
    reply = await fake.command("kaeda", "mesa", "ficha ver")
    fields = [f["name"] for f in reply.first.embeds[0]["fields"]]
    assert "Oficios (cont.)" in fields
    text = reply.first.text()
    assert all(f"Oficio largo número {i} " in text for i in range(13))
    assert_all_fit(fake)


async def test_ficha_lista_with_60_characters_paginates(script: Script, fake: FakeDiscord) -> None:
    lines = [
        f'/ficha crear nombre:"Personaje de nombre larguísimo {i:02d}{"x" * 45}" '
        "vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0"
        for i in range(60)
    ]
    await script.run("@kaeda", *lines)
    reply = await fake.command("kaeda", "mesa", "ficha lista")
    assert reply.first.ephemeral
    assert "Página 1 de 3" in reply.first.text()
    seen = reply.first.text()
    pressed = await fake.press("kaeda", "mesa", "Siguiente ▶")
    assert "Página 2 de 3" in pressed.first.text()
    seen += pressed.first.text()
    pressed = await fake.press("kaeda", "mesa", "Siguiente ▶")
    assert "Página 3 de 3" in pressed.first.text()
    seen += pressed.first.text()
    assert all(f"larguísimo {i:02d}" in seen for i in range(60))
    back = await fake.press("kaeda", "mesa", "◀ Anterior")
    assert "Página 2 de 3" in back.first.text()
    assert_all_fit(fake)


async def test_page_buttons_answer_after_a_restart_and_only_their_owner(
    script: Script, fake: FakeDiscord
) -> None:
    lines = [
        f"/ficha crear nombre:Pj{i:02d}{'y' * 70} vigor:1 destreza:1 percepcion:1 voluntad:1 "
        "proteccion:0"
        for i in range(25)
    ]
    await script.run("@kaeda", *lines)
    await fake.command("kaeda", "mesa", "ficha lista")
    message = fake.messages[-1]
    button = next(b for b in message.buttons if b["label"] == "Siguiente ▶")
    other = await fake._press("bran", "mesa", message, button)
    assert other.first.ephemeral and other.first.content == NOT_YOURS
    STORE._lists.clear()  # what a restart forgets
    gone = await fake._press("kaeda", "mesa", message, button)
    assert gone.first.ephemeral and gone.first.content == EXPIRED


async def test_reto_ver_with_25_retos_paginates(script: Script, fake: FakeDiscord) -> None:
    retos = [
        f'/reto crear nombre:"Reto {i:02d} {"z" * 70}" umbral:9 exitos:3 coste:"{"c" * 199}"'
        for i in range(25)
    ]
    await script.run("@master", *retos)
    reply = await fake.command("master", "mesa", "reto ver")
    assert "Página 1 de 4" in reply.first.text()
    seen = reply.first.text()
    for _ in range(3):
        seen += (await fake.press("master", "mesa", "Siguiente ▶")).first.text()
    assert all(f"Reto {i:02d}" in seen for i in range(25))
    assert_all_fit(fake)


async def test_bestiario_lista_and_historial_paginate(script: Script, fake: FakeDiscord) -> None:
    enemies = [
        f'/bestiario añadir nombre:"Bicho {i:02d} {"b" * 60}" ataque:1 defensa:1 aguante:1 '
        "potencia:1"
        for i in range(45)
    ]
    await script.run("@master", *enemies, *["/tirar expresion:1d12"] * 45)
    listed = await fake.command("master", "mesa", "bestiario lista")
    assert "Página 1 de 3" in listed.first.text()
    history = await fake.command("master", "mesa", "historial", {"n": 25})
    assert "Página 1 de 2" in history.first.text()
    assert history.first.ephemeral
    assert_all_fit(fake)


async def test_tirar_a_long_expression_cuts_the_field_name(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12+" + "9" * 140})
    assert not reply.first.ephemeral
    assert_all_fit(fake)


async def test_tirar_six_expressions_of_200_dice_fit_one_message(fake: FakeDiscord) -> None:
    reply = await fake.command(
        "kaeda",
        "mesa",
        "tirar",
        {"expresion": ";".join(["200d12"] * 6), "motivo": "m" * 200, "umbral": 9},
    )
    assert not reply.first.ephemeral and len(reply.first.embeds[0]["fields"]) == 7
    assert_all_fit(fake)
