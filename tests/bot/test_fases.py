"""Phase order through the real slash commands (digest §7, [D]): refused in Narrativo and
Táctico, a warning in Mesa; respuestas and defending in any phase."""

from __future__ import annotations

from bot.console import FakeDiscord
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice


def fight(mode: str) -> list[str]:
    return [
        *GUARDIA,
        *KAEDA,
        "@master",
        f"/encuentro empezar modo:{mode}",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse",
    ]


async def test_narrativo_refuses_acting_out_of_phase(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*fight("narrativo"))
    early = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    assert early.last.ephemeral and early.last.content == (
        "Es la fase de los jugadores: Ñu del puerto actúa en la de los enemigos, cuando "
        "acaben los jugadores (el máster pasa de fase con /asalto). Respuestas y defensas valen "
        "en cualquier fase."
    )
    dice.push([6, 5, 2])  # a respuesta is fine in the players' phase: (6, 5) with ventaja
    trabar = await fake.command(
        "master", "mesa", "respuesta",
        {"tipo": "oportunidad", "objetivo": "Íñigo", "personaje": "Ñu del puerto"},
    )  # fmt: skip
    assert "Ñu del puerto usa su respuesta" in trabar.first.text()
    parry = await fake.command("kaeda", "mesa", "defender")  # 6 + 0 against 2 + 4: a tie
    assert parry.first.field("Margen") == "0 (bandas de 6)"  # ties go to the attacker
    assert parry.first.field("Aguante de Íñigo") == "16 → 12/16"
    await script.run("@master", "/asalto")
    late = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto"})
    assert late.last.content.startswith(
        "Es la fase de los enemigos: Íñigo actúa en la de los jugadores, en el asalto siguiente"
    )
    moved = await fake.command("kaeda", "mesa", "mover")
    assert moved.last.content.startswith("Es la fase de los enemigos: Íñigo")
    dice.push([8, 3])  # the guard's 8 + 0 against Íñigo's 3 + 4: margen +1, éxito, 4
    await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    hit = await fake.command("kaeda", "mesa", "defender")  # defending: any phase
    assert hit.first.field("Margen") == "+1 (bandas de 6)"
    assert hit.first.field("Aguante de Íñigo") == "12 → 8/16"


async def test_mesa_warns_instead(script: Script, fake: FakeDiscord) -> None:
    await script.run(*fight("mesa"))
    early = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    text = early.first.text()
    assert "Aviso: Es la fase de los jugadores: Ñu del puerto actúa en la de los enemigos" in (text)
    assert "(en Mesa lo arbitra el máster)" in text
    assert "Íñigo debe defenderse" in early.first.content  # it still happened


async def test_mover_without_a_square_in_every_mode(script: Script, fake: FakeDiscord) -> None:
    """The acción can become a second movimiento in Narrativo and Mesa too."""
    await script.run(*fight("narrativo"))
    first = await fake.command("kaeda", "mesa", "mover")
    assert "Íñigo se mueve." in first.first.text() and first.first.files == {}
    second = await fake.command("kaeda", "mesa", "mover")
    assert "Íñigo cambia su acción por un segundo movimiento." in second.first.text()
    third = await fake.command("kaeda", "mesa", "mover")
    assert third.last.content == (
        "Íñigo ya se ha movido y no le queda acción que cambiar por movimiento"
    )
    attack = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto"})
    assert attack.last.content == "Íñigo ya cambió su acción en este asalto"
    tracker = await fake.command("kaeda", "mesa", "encuentro ver")
    assert "acción hecha movimiento · movimiento gastado" in tracker.last.text()
    # a character fights in one encounter at a time: the first one ends before the next
    await script.run("@master", "/encuentro terminar", "#taberna", "/encuentro empezar modo:mesa",
                     "@kaeda", "/encuentro unirse")  # fmt: skip
    mesa = await fake.command("kaeda", "taberna", "mover")
    assert "Íñigo se mueve." in mesa.first.text()
