"""Issue 31: replies say it once and say what next — a test per rewritten reply."""

from __future__ import annotations

from bot.console import FakeDiscord
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

MESA = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]


async def test_an_attack_is_one_embed(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    await script.run(*MESA)
    dice.push([9])
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto"})
    (embed,) = reply.first.embeds
    assert embed["title"] == "Íñigo ataca a Ñu del puerto"
    assert embed["description"] == "Ataque\n• Íñigo gasta su acción."
    assert "Íñigo: ataque" not in reply.text()


async def test_a_phase_change_is_said_once(script: Script) -> None:
    out = await script.run(*MESA, "@master", "/asalto")
    reply = out.split("master en #mesa> /asalto", 1)[1]
    assert reply.count("actúan los enemigos") == 1
    assert (
        "== Asalto 1: actúan los enemigos ==\n"
        "  • Sin actuar en la fase anterior: Íñigo.\n"
        "  • Les toca: Ñu del puerto."
    ) in reply


async def test_a_mesa_defense_says_its_grade_once(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA, "@master", "/asalto")
    await fake.command("master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu"})
    dice.push([6])
    text = (await fake.command("kaeda", "mesa", "defender")).text()
    assert "Grado de Íñigo: A medias" in text
    assert "Golpe:" not in text and text.count("A medias") == 1
    assert "Daño: 1 (un punto de roce)" in text


async def test_tirar_shows_the_expression_and_the_total_once(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([4, 3, 4, 2])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "4d6kh3"})
    text = reply.text()
    assert "`4d6kh3` = 11: 4, 3, 4, ~~2~~" in text
    assert text.count("4d6kh3") == 1 and text.count("11") == 1


async def test_se_espera_a_names_who_then_why(script: Script) -> None:
    out = await script.run(*MESA)
    assert "Se espera a: Íñigo (sin actuar en la fase de los jugadores desde " in out
    assert "Se espera a: Sin actuar" not in out


async def test_the_undo_says_what_it_undid(script: Script) -> None:
    out = await script.run(*MESA, "/deshacer", "!pulsar Deshacer")
    done = out.split("!pulsar Deshacer", 1)[1]
    assert "Deshecho: /encuentro unirse ya no cuenta (lo anuncio en el canal)." in done
    assert "Hecho: se ha deshecho." not in done


async def test_the_undo_preview_speaks_of_the_tablero_only_in_tactico(script: Script) -> None:
    mesa = await script.run(*MESA, "/deshacer")
    assert "¿Deshacer /encuentro unirse?" in mesa
    assert "tablero" not in mesa.split("/deshacer", 1)[1]
    tactico = await script.run(
        "@master",
        "#taberna",
        "/encuentro empezar modo:tactico",
        "/mapa crear ancho:6 alto:6",
        "/deshacer",
    )
    assert "El tablero vuelve a como estaba" in tactico.split("/deshacer", 1)[1]


async def test_a_sheet_without_aliento_shows_no_aliento(script: Script) -> None:
    without = await script.run(*KAEDA[:2])
    assert "Aliento" not in without
    with_it = await script.run(
        "/ficha crear nombre:Bran vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1 aliento:2"
    )
    assert "Aliento: 2/2" in with_it


async def test_an_option_out_of_range_is_named_with_its_accent(script: Script) -> None:
    out = await script.run(
        "@kaeda", "/ficha crear nombre:Bran vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:5"
    )
    assert "Protección debe estar entre 0 y 4 (se dio 5)." in out
    assert "Proteccion" not in out


async def test_refusals_name_the_command_that_fixes_them(script: Script, fake: FakeDiscord) -> None:
    none = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    assert none.last.content == (
        "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
    )
    out = await script.run(*GUARDIA, *KAEDA[:2])
    assert "Armas: ninguna (usa /ficha arma)" in out
    await script.run(
        "@master",
        "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse",
    )
    unarmed = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    assert unarmed.last.content == "Íñigo no lleva ningún arma: añade una con /ficha arma."
