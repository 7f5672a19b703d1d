"""Mesa by post through the real slash commands, with forced dice: the GM posts attacks one
at a time around the player's Defensa (digest §5). Numbers of our own."""

from __future__ import annotations

from bot.console import FakeDiscord
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

SETUP = [
    "@master",
    "/bestiario añadir nombre:Bandido ataque:11 defensa:11 aguante:10 potencia:4 arma:Porra",
    "/bestiario añadir nombre:Sargento ataque:14 defensa:12 aguante:12 potencia:6 arma:Mandoble",
    "@iria",
    "/ficha crear nombre:Iria vigor:1 destreza:2 percepcion:1 voluntad:1 proteccion:2",
    "/ficha arma nombre:Hacha clase:mano",
    "@master",
    "/encuentro empezar modo:mesa",
    "/encuentro enemigos nombre:Bandido cantidad:2",
    "/encuentro enemigos nombre:Sargento",
    "@iria",
    "/encuentro unirse",
    "@master",
    "/asalto",
]


def attack(fake: FakeDiscord, who: str):  # type: ignore[no-untyped-def]
    return fake.command("master", "mesa", "atacar", {"objetivo": "Iria", "atacante": who})


async def test_a_late_attack_is_read_against_the_roll_already_made(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*SETUP)
    await attack(fake, "Bandido 1")
    dice.push([5])
    first = await fake.command("iria", "mesa", "defender")
    roll = first.events[0].message
    assert "5 + Destreza 2 + Protección 2 = **9**" in roll.field("Defensa de Iria")
    assert roll.field("Contra") == "Ataque 11"
    assert roll.field("Margen") == "−2 (bandas de 4)"
    assert roll.field("Grado de Iria") == "A medias"
    assert roll.field("Daño") == "1 (un punto de roce)"
    assert roll.field("Aguante de Iria") == "12 → 11/12"

    # the weaker Bandido 2 arrives after the roll: no new die, no Defender button
    late = await attack(fake, "Bandido 2")
    assert dice.remaining == ()
    assert "debe defenderse" not in late.first.content
    reread = late.first
    assert "Bandido 2 ataca a Iria después de su Defensa" in reread.text()
    assert "5 + Destreza 2 + Protección 2 = **9**" in reread.field("Defensa de Iria (ya tirada)")
    assert reread.field("Primera lectura") == (
        "contra Ataque 11 · margen −2 · A medias · golpe A medias: 1 de daño"
    )
    assert reread.field("Nueva lectura") == (
        "contra Ataque 12 (Ataque 11 + Acoso (2 atacantes) 1) · margen −3 · A medias · "
        "golpe A medias: 1 de daño"
    )
    assert reread.field("Daño") == "1 − 1 = 0 (solo la diferencia)"
    assert reread.field("Aguante de Iria") == "11/12"

    # the stronger Sargento: his 14 + acoso 2 = 16; 9 − 16 = −7, fracaso, Potencia 6
    late = await attack(fake, "Sargento")
    reread = late.first
    assert reread.field("Nueva lectura") == (
        "contra Ataque 16 (Ataque 14 + Acoso (3 atacantes) 2) · margen −7 · Fracaso · "
        "golpe Éxito: 6 de daño"
    )
    assert reread.field("Daño") == "6 − 1 = 5 (solo la diferencia)"
    assert reread.field("Aguante de Iria") == "11 → 6/12"
    tracker = await fake.command("iria", "mesa", "encuentro ver")
    assert "**Iria** — Aguante 6/12" in tracker.last.text()
    assert "Defensas pendientes" not in tracker.last.text()
