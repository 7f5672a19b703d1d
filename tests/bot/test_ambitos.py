"""/tirada and /reto tirar say what the roll is (digest §9): estados — the five and a guild's
own — give desventaja exactly where they say, inside an encounter and outside it."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

IRIA = [
    "@iria",
    "/ficha crear nombre:Iria vigor:1 destreza:2 percepcion:1 voluntad:1 proteccion:2",
    "/ficha arma nombre:Hacha clase:mano",
]
REFUSAL = (
    "Iria está Quebrantado (desventaja en acciones ofensivas y acciones sociales): di qué es "
    "la tirada con «ambito» (ofensiva, defensa, movimiento, social, vista u otra); si no "
    "cuadra, el máster lo corrige."
)


async def test_estados_reach_checks_and_retos_by_ambito(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session
) -> None:
    async with session.storage.guild(fake.guild.id) as uow:  # the guild's own estado
        await uow.guild.update(extra_estados=[{"nombre": "Cojo", "desventaja": ["movimiento"]}])
    await script.run(
        *IRIA,
        "@master",
        "/encuentro empezar modo:mesa",
        "@iria",
        "/encuentro unirse",
        "@master",
        "/estado poner objetivo:Iria estado:Quebrantado",
    )
    refused = await fake.command("iria", "mesa", "tirada", {"atributo": "voluntad", "umbral": 9})
    assert refused.last.ephemeral and refused.last.content == REFUSAL

    dice.push([10, 3])
    social = await fake.command(
        "iria", "mesa", "tirada", {"atributo": "voluntad", "umbral": 9, "ambito": "social"}
    )
    roll = social.first
    assert roll.title == "Iria: Voluntad contra Umbral Corriente (9) (social)"
    assert roll.field("Tirada") == (
        "2d12 con desventaja (Quebrantado (acciones sociales)): 10 y [3], se queda el 3 · "
        "3 + Voluntad 1 = **4**"
    )
    assert roll.field("Margen") == "−5 (bandas de 4)" and roll.field("Grado") == "Fracaso"

    dice.push([10])
    climb = await fake.command(
        "iria", "mesa", "tirada", {"atributo": "destreza", "umbral": 12, "ambito": "movimiento"}
    )
    assert climb.first.field("Tirada") == "d12: 10 · 10 + Destreza 2 = **12**"
    assert climb.first.field("Margen") == "0 (bandas de 4)"  # a tie is already success

    await script.run("@master", "/estado poner objetivo:Iria estado:Cojo")
    dice.push([10, 3])
    limp = await fake.command(
        "iria", "mesa", "tirada", {"atributo": "destreza", "umbral": 12, "ambito": "movimiento"}
    )
    assert limp.first.field("Tirada").startswith("2d12 con desventaja (Cojo (movimiento))")

    # outside any encounter the character's own estados count the same way
    await script.run("@master", "/encuentro terminar")
    refused = await fake.command("iria", "mesa", "tirada", {"atributo": "destreza", "umbral": 12})
    assert refused.last.content == REFUSAL
    dice.push([11, 5])
    alone = await fake.command(
        "iria", "mesa", "tirada", {"atributo": "destreza", "umbral": 12, "ambito": "movimiento"}
    )
    assert alone.first.field("Tirada") == (
        "2d12 con desventaja (Cojo (movimiento)): 11 y [5], se queda el 5 · 5 + Destreza 2 = **7**"
    )
    assert alone.first.field("Margen") == "−5 (bandas de 4)"

    # a reto brings the character in with their estados
    await script.run("@master", '/reto crear nombre:"El gremio" umbral:12 exitos:2')
    refused = await fake.command("iria", "mesa", "reto tirar", {"atributo": "voluntad"})
    assert refused.last.content == REFUSAL
    dice.push([12, 9])
    reto = await fake.command(
        "iria", "mesa", "reto tirar", {"atributo": "voluntad", "ambito": "social"}
    )
    text = reto.first.text()
    assert "2d12 con desventaja (Quebrantado (acciones sociales)): 12 y [9]" in text
    assert "9 + Voluntad 1 = **10**" in text and "Margen: −2 (bandas de 4)" in text


async def test_ventaja_and_desventaja_cancel_in_the_reply(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        "@master",
        "/bestiario añadir nombre:Bandido ataque:11 defensa:11 aguante:10 potencia:4 arma:Porra",
        *IRIA,
        "@master",
        "/encuentro empezar modo:mesa",
        "/encuentro enemigos nombre:Bandido",
        "@iria",
        "/encuentro unirse",
        "@master",
        "/estado poner objetivo:Iria estado:Quebrantado",
    )
    dice.push([9])  # one die: Quebrantado's desventaja and the ventaja cancel
    hit = await fake.command(
        "iria", "mesa", "atacar", {"objetivo": "Bandido", "ventaja": "ventaja"}
    )
    assert hit.first.field("Tirada de Iria") == (
        "d12: 9 (ventaja y desventaja se anulan: Indicada / Quebrantado (acciones ofensivas)) · "
        "9 + Vigor 1 = **10**"
    )
    assert hit.first.field("Margen") == "−1 (bandas de 4)"
    assert hit.first.field("Daño") == "1 (un punto de roce)"
    assert hit.first.field("Aguante de Bandido") == "10 → 9/10"
