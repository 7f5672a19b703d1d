"""Esencia (issue 18 item 9): ``/esencia gastar`` spends a character's own (tracked only),
refused in Spanish when it can't, undone by ``/deshacer``; ``/encuentro ajustar esencia:``
reaches the sheet; and the messages about a character agree with its gender (item 4)."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.test_descanso import sheet
from tests.bot.test_deshacer import undo
from umbral_rules import ForcedDice

ESENCIA = [*KAEDA, "/ficha editar esencia_max:5"]  # Íñigo: Esencia 5/5
BRAN = ["@bran", "/ficha crear nombre:Bran vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0"]
KAEDA_F = [
    "@vera",
    "/ficha crear nombre:Kaeda vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0 "
    "genero:femenino",
]


async def esencia(session: Session, fake: FakeDiscord, nombre: str = "Íñigo") -> Any:
    return (await sheet(session, fake, nombre))["esencia"]


async def test_gastar_outside_a_fight_posts_the_reason_and_is_undone(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*ESENCIA)
    assert await esencia(session, fake) == 5
    spent = await fake.command(
        "kaeda", "mesa", "esencia gastar", {"puntos": 2, "motivo": "**luz** <@&1> @everyone"}
    )
    assert not spent.first.ephemeral and spent.first.title == "Esencia gastada"
    text = spent.first.embeds[0]["description"]
    assert "Íñigo gasta 2 de Esencia: 5 → 3 (de 5)." in text
    assert "Motivo: \\*\\*luz\\*\\* \\<@&1> @\u200beveryone" in text  # escaped, no ping
    assert spent.first.payload["allowed_mentions"] == {"parse": []}
    assert await esencia(session, fake) == 3
    history = await fake.command("kaeda", "mesa", "historial")
    assert "esencia gastar" in history.first.text()
    assert "/esencia gastar · Íñigo ·" in history.first.text()  # who spent it, in its column
    assert "motivo: \\*\\*luz\\*\\*" in history.first.text()
    preview, _ = await undo(fake, "kaeda")
    assert "Ficha de Íñigo: Esencia 3 → 5" in preview
    assert await esencia(session, fake) == 5


async def test_gastar_is_refused_in_spanish_and_changes_nothing(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*ESENCIA, *BRAN)
    cases = [
        ("kaeda", {"puntos": 0, "motivo": "nada"}, "Puntos debe estar entre 1 y 50 (se dio 0)."),
        ("kaeda", {"puntos": 6, "motivo": "fuego"}, "Íñigo no tiene tanta Esencia: le quedan 5"),
        ("bran", {"puntos": 1, "motivo": "x"}, "Bran no tiene Esencia que gastar (le quedan 0)."),
        ("bran", {"puntos": 1, "motivo": "x", "personaje": "Íñigo"}, "No tienes ningún personaje"),
        ("nadie", {"puntos": 1, "motivo": "x"}, "No tienes personaje activo"),
    ]
    for user, options, message in cases:
        refused = await fake.command(user, "mesa", "esencia gastar", options)
        assert refused.first.ephemeral and message in refused.first.content, refused.text()
    assert await esencia(session, fake) == 5
    gm = await fake.command(
        "master",
        "mesa",
        "esencia gastar",
        {"puntos": 1, "motivo": "rito", "personaje": "Íñigo"},
    )
    assert "Íñigo gasta 1 de Esencia: 5 → 4" in gm.first.text()
    assert await esencia(session, fake) == 4


async def test_gastar_in_an_encounter_changes_combatant_and_sheet_and_is_undone(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(
        *GUARDIA, *ESENCIA, "@master", "/encuentro empezar modo:mesa", "@kaeda", "/encuentro unirse"
    )
    spent = await fake.command("kaeda", "mesa", "esencia gastar", {"puntos": 3, "motivo": "velo"})
    assert "Íñigo gasta 3 de Esencia: 5 → 2" in spent.first.text()
    tracker = await fake.command("kaeda", "mesa", "encuentro ver")
    assert "Esencia 2/5" in tracker.first.text()
    assert await esencia(session, fake) == 2
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.require()
        assert enc.find("Íñigo").esencia == 2
    elsewhere = await fake.command("kaeda", "otra", "esencia gastar", {"puntos": 1, "motivo": "y"})
    assert elsewhere.first.ephemeral
    assert elsewhere.first.content.startswith("Íñigo está en el encuentro activo de <#")
    await undo(fake, "kaeda")
    assert await esencia(session, fake) == 5
    adjusted = await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "esencia": 1}
    )
    assert "Esencia 1/5" in adjusted.first.text()
    assert await esencia(session, fake) == 1  # the sheet, in the same transaction
    ficha = await fake.command("kaeda", "mesa", "ficha ver")
    assert ficha.first.field("Esencia") == "1/5"
    too_much = await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "esencia": 9}
    )
    assert too_much.first.ephemeral and too_much.first.content == "Esencia de Íñigo va de 0 a 5."
    player = await fake.command(
        "kaeda", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "esencia": 0}
    )
    assert player.first.ephemeral and player.first.content.startswith("Solo el máster")
    assert await esencia(session, fake) == 1


async def test_messages_agree_with_the_characters_gender(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    out = await script.run(*GUARDIA, *KAEDA, *KAEDA_F)
    assert "Kaeda está lista" in out and "Íñigo está listo" in out
    await script.run(
        "@master", "/encuentro empezar modo:mesa", '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda", "/encuentro unirse", "@vera", "/encuentro unirse",
    )  # fmt: skip
    put = await script.run(
        "@master", "/estado poner objetivo:Kaeda estado:Aturdido",
        "/estado poner objetivo:Íñigo estado:Aturdido",
    )  # fmt: skip
    assert "Kaeda queda Aturdida." in put and "Íñigo queda Aturdido." in put
    await script.run("/encuentro ajustar combatiente:Kaeda aguante:1", "/asalto")
    dice.push([1])
    await script.run('/atacar objetivo:Kaeda atacante:"Ñu del puerto"')
    fell = await fake.command("vera", "mesa", "defender")
    assert "Kaeda cae Malherida: inconsciente" in fell.text()
    tracker = await fake.command("master", "mesa", "encuentro ver")
    assert "**Kaeda** — Aguante 0/" in tracker.first.text()
    assert "MALHERIDA" in tracker.first.text() and "MALHERIDO" not in tracker.first.text()
    unable = await fake.command("vera", "mesa", "estado recuperar", {"estado": "Aturdido"})
    assert unable.first.ephemeral and "Kaeda está Malherida" in unable.first.content


async def test_a_checks_estado_refusal_agrees_too(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA_F, "@master", "/ficha ajustar personaje:Kaeda estados:Quebrantado")
    refused = await fake.command("vera", "mesa", "tirada", {"atributo": "vigor", "umbral": 9})
    assert refused.first.ephemeral
    assert refused.first.content.startswith("Kaeda está Quebrantada (desventaja en")


async def test_the_sheet_and_the_list_agree_with_a_dead_or_retired_character(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    from tests.bot.test_campaign import _dies

    await _dies(script, fake, dice)
    await fake.command("kaeda", "plaza", "ficha editar", {"genero": "femenino"})
    sheet = await fake.command("kaeda", "plaza", "ficha ver")
    assert sheet.first.title == "Íñigo ✝ (muerta)" and "MUERTA" in sheet.first.text()
    listed = await fake.command("kaeda", "plaza", "ficha lista")
    assert "Íñigo — muerta" in listed.first.text()
    await fake.command("master", "mesa", "encuentro terminar")
    await fake.command("master", "plaza", "ficha revivir", {"personaje": "Íñigo"})
    await fake.command("master", "plaza", "ficha retirar", {"personaje": "Íñigo"})
    sheet = await fake.command("kaeda", "plaza", "ficha ver", {"personaje": "Íñigo"})
    assert sheet.first.title == "Íñigo (retirada)", sheet.text()
    party = await fake.command("master", "plaza", "ficha lista", {"retirados": True})
    assert "Íñigo — retirada" in party.first.text()
