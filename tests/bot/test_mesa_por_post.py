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


async def three_asaltos_unanswered(script: Script, fake: FakeDiscord) -> str:
    """Asalto 1: both Bandidos on Iria; asalto 2: Bandido 1; asalto 3: Sargento and
    Bandido 1. She answers none before the GM moves on; returns the last /asalto's text."""
    await script.run(*SETUP)
    await attack(fake, "Bandido 1")
    await attack(fake, "Bandido 2")
    await script.run("@master", "/asalto", "/asalto")
    await attack(fake, "Bandido 1")
    await script.run("/asalto", "/asalto")
    await attack(fake, "Sargento")
    await attack(fake, "Bandido 1")
    moved = await fake.command("master", "mesa", "asalto")
    return moved.first.text()


async def test_three_unanswered_asaltos_answered_in_one_defender(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    text = await three_asaltos_unanswered(script, fake)
    assert (
        "Quedan 3 defensas pendientes sin tirar: Iria, del asalto 1 (Bandido 1, Bandido 2), "
        "del asalto 2 (Bandido 1) y del asalto 3 (Sargento, Bandido 1). /defender las contesta "
        "una tirada por asalto, del asalto más antiguo al más reciente."
    ) in text
    tracker = await fake.command("iria", "mesa", "encuentro ver")
    assert tracker.last.field("Defensas pendientes") == (
        "Asalto 1 — Iria debe defenderse de Bandido 1, Bandido 2\n"
        "Asalto 2 — Iria debe defenderse de Bandido 1\n"
        "Asalto 3 — Iria debe defenderse de Sargento, Bandido 1"
    )
    dice.push([7, 3, 10])
    reply = await fake.command("iria", "mesa", "defender")
    rolls = [e for e in reply.first.embeds if "se defiende de" in str(e.get("title"))]
    assert [e["title"] for e in rolls] == [
        "Iria se defiende de Bandido 1 (asalto 1)",
        "Iria se defiende de Bandido 1 (asalto 2)",
        "Iria se defiende de Sargento (asalto 3)",
    ]
    fields = [{f["name"]: f["value"] for f in e["fields"]} for e in rolls]
    assert [(f["Contra"], f["Margen"], f["Daño"], f["Aguante de Iria"]) for f in fields] == [
        ("Ataque 12 (Ataque 11 + Acoso (2 atacantes) 1)", "−1 (bandas de 4)",
         "1 (un punto de roce)", "12 → 11/12"),
        ("Ataque 11", "−4 (bandas de 4)", "4 (Potencia 4)", "11 → 7/12"),
        ("Ataque 15 (Ataque 14 + Acoso (2 atacantes) 1)", "−1 (bandas de 4)",
         "1 (un punto de roce)", "7 → 6/12"),
    ]  # fmt: skip
    tracker = await fake.command("iria", "mesa", "encuentro ver")
    assert "**Iria** — Aguante 6/12" in tracker.last.text()
    assert "Defensas pendientes" not in tracker.last.text()


async def test_three_unanswered_asaltos_answered_in_three_defender(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await three_asaltos_unanswered(script, fake)
    seen = []
    for face in (7, 3, 10):
        dice.push([face])
        reply = await fake.command("iria", "mesa", "defender", {"asaltos": 1})
        seen.append((reply.first.embeds[-1]["title"], reply.first.field("Aguante de Iria")))
    assert seen == [
        ("Iria se defiende de Bandido 1 (asalto 1)", "12 → 11/12"),
        ("Iria se defiende de Bandido 1 (asalto 2)", "11 → 7/12"),
        ("Iria se defiende de Sargento (asalto 3)", "7 → 6/12"),
    ]
    done = await fake.command("iria", "mesa", "defender")
    assert done.last.content == "Iria no tiene ningún ataque pendiente del que defenderse."


async def test_ayuda_says_how_late_attacks_and_unanswered_asaltos_go(fake: FakeDiscord) -> None:
    ayuda = await fake.command("iria", "mesa", "ayuda", {"para": "jugador"})
    jugador = ayuda.first.field("Si juegas")
    assert "se lee la misma tirada y solo encajas la diferencia" in jugador
    assert "`/defender` tira uno por asalto, del más antiguo al último" in jugador
    master = await fake.command("iria", "mesa", "ayuda", {"para": "master"})
    assert "las defensas sin contestar esperan, cada una con su asalto" in (
        master.first.field("Si diriges (máster)")
    )
