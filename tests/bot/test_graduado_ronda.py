"""The graded combat's engine through the slash commands with our own numbers: damage's
properties, effort cut down and each size of Sobregiro, a defence against three attacks,
Impulso over three turns, the round closing by its window and by everyone declaring (an
enemy killed before its blow lands), and the loot card."""

from __future__ import annotations

import re

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.graduado_steps import document, fighter, setup_lines, sheet
from umbral_rules import ForcedDice


async def test_damage_grows_with_power_tactics_effort_and_gear(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *setup_lines(hero="poder:35 aguante:100 arma:3", enemy="poder:25 aguante:900 armadura:1")
    )
    options = {"objetivo": "Lobo", "tacticas": "excelente", "esfuerzo": 25}
    await fake.command("kaeda", "mesa", "graduado atacar", options)
    dice.push([80])  # chance 80 + 8 + 12 = 100: margen +20, LIMPIO
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    # 10 × 10 (a rank above) × 1.2 × 1.15 × 1.5 (25 of 100) × 1 × 1.2 (arma 3 vs armadura 1)
    assert "Aria gasta 25 de aguante (100 → 75)" in text
    assert (
        "base 10 × poder 10 × tácticas 1.2 × calificación 1.15 × esfuerzo 1.5 × descuido 1 × "
        "equipo 1.2 = 248.4 → **248**" in text
    )


@pytest.mark.parametrize(
    ("intencion", "expected"),
    [
        ("reducir", "(para reducir); aguante 8 → 1"),
        ("inutilizar", "Lobo queda inutilizado"),
        ("contencion", "contención 0.5 = 5.0 → **5**"),
    ],
)
async def test_fighting_to_reduce_to_disable_or_with_restraint(
    script: Script, fake: FakeDiscord, dice: ForcedDice, intencion: str, expected: str
) -> None:
    await script.run(*setup_lines(enemy="poder:25 aguante:8"))
    options = {"objetivo": "Lobo", "intencion": intencion}
    await fake.command("kaeda", "mesa", "graduado atacar", options)
    dice.push([80])  # SÓLIDO: 10 of damage
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert expected in text


#: Aria has 10 of aguante left of 100 and asks for more: (esfuerzo, sobregiro, what she pays,
#: the maximum left, what the sheet keeps).
BASTANTE = "el máximo pasa de 100 a 50 y queda una herida visible para siempre"
MUY = "el máximo pasa de 100 a 100; queda en el suelo, desangrándose"
EFFORT = [
    (20, False, "gasta 10 de aguante (10 → 0); pedías 20, se reduce a lo que puedes pagar",
     100, []),
    (30, True, "sobregiro (un poco): el máximo pasa de 100 a 80", 80, []),
    (60, True, f"sobregiro (bastante más): {BASTANTE}", 50,
     ["herida visible (sobregiro de aguante)"]),
    (200, True, f"sobregiro (muy por encima): {MUY}", 100, []),
]  # fmt: skip


@pytest.mark.parametrize(("esfuerzo", "sobregiro", "line", "maximo", "heridas"), EFFORT)
async def test_effort_cut_down_and_each_sobregiro(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice,
    esfuerzo: int, sobregiro: bool, line: str, maximo: int, heridas: list[str],
) -> None:  # fmt: skip
    await script.run(
        "@kaeda", "/graduado ficha crear nombre:Aria poder:25 aguante:100",
        "/graduado ficha editar nombre:Aria gastado_aguante:90", *setup_lines()[2:],
    )  # fmt: skip
    options = {"objetivo": "Lobo", "esfuerzo": esfuerzo, "sobregiro": sobregiro}
    await fake.command("kaeda", "mesa", "graduado atacar", options)
    dice.push([50])
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert line in text
    aria = fighter(await document(session, fake), "Aria")
    assert aria["ficha"]["fuerza"]["maximo"] == maximo
    if esfuerzo == 200:
        assert aria["caido"] and aria["desangrandose"]
        assert "Aria queda en el suelo, desangrándose (sobregiro)." in text
    await fake.command("master", "mesa", "encuentro terminar")
    kept = await sheet(session, fake, "Aria")
    assert kept["fuerza"]["maximo"] == maximo and kept["heridas"] == heridas


async def test_one_defence_roll_against_three_announced_attacks(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(cantidad=3))
    for n in (1, 2, 3):
        announced = await fake.command(
            "master", "mesa", "graduado anunciar", {"enemigo": f"Lobo {n}", "objetivo": "Aria"}
        )
        assert "cae al cerrar la próxima ronda" in announced.first.text()
    tracker = announced.last.text()
    assert "Lobo 3 → Aria (cae al cerrar la próxima)" in tracker
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "bloquear"})
    first = await fake.command("master", "mesa", "asalto")  # nothing lands yet: no dice
    assert "Lobo 1 → Aria (cae al cerrar esta ronda)" in first.last.text()
    await fake.command(
        "kaeda", "mesa", "graduado defender", {"tipo": "bloquear", "tacticas": "bueno"}
    )
    # Lobo 1's d100, then Aria's one defence roll, then Lobo 2's and Lobo 3's
    dice.push([30, 70, 40, 60])
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "Aria se defiende (bloquear): 80 base + 5 Tácticas (bueno)" in text
    assert "defensa d100 70 contra 85: LIMPIO; el ataque pasa de CRÍTICO a FALLO" in text
    assert (
        "defensa d100 70 contra 85 − 10 por 1 ataque(s) más = 75: SÓLIDO; el ataque pasa de "
        "LIMPIO a ROZADURA" in text
    )
    assert "defensa d100 70 contra 85 − 20 por 2 ataque(s) más = 65: ROZADURA" in text
    assert "aguante 100 → 95" in text and "aguante 95 → 85" in text


async def test_an_unblockable_attack_ignores_the_defence(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*setup_lines())
    await fake.command(
        "master",
        "mesa",
        "graduado anunciar",
        {"enemigo": "Lobo", "objetivo": "Aria", "inbloqueable": True},
    )
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "esquivar"})
    await fake.command("master", "mesa", "asalto")
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "esquivar"})
    dice.push([65])
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "no se puede esquivar ni bloquear: la defensa no cuenta" in text
    assert "se defiende" not in text and "**SÓLIDO**" in text


async def test_impulso_over_three_turns(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(enemy="poder:25 aguante:900"))
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([55])
    one = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "Impulso de los héroes: 0 → 3 (+3, CRÍTICO)" in one
    assert "Impulso de los héroes: 3 → 2 (−1, pasa el turno)" in one
    declared = await fake.command(
        "kaeda", "mesa", "graduado atacar", {"objetivo": "Lobo", "creativo": True}
    )
    assert "+ 2 Impulso" in declared.first.text()
    dice.push([70])
    two = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "= 82 %; d100 70, margen +12 → **LIMPIO**" in two
    assert "2 → 3 (+1, LIMPIO)" in two and "3 → 4 (+1, juego creativo)" in two
    assert "4 → 3 (−1, pasa el turno)" in two
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([100])
    three = await fake.command("master", "mesa", "asalto")
    text = three.first.text()
    assert "+ 3 Impulso" in text and "3 → 2 (−1, DESVIADO)" in text
    assert "2 → 1 (−1, pasa el turno)" in text
    assert "Impulso: héroes 1 · enemigos 0" in three.last.text()
    assert (await document(session, fake))["impulso"] == {"heroes": 1, "enemigos": 0}


async def test_the_round_closes_by_its_window(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*setup_lines(), "@master", "/graduado mundo ventana:1")
    early = await fake.command("master", "mesa", "asalto")
    assert early.last.ephemeral
    assert "faltan por declarar Aria y su ventana sigue abierta" in early.last.content
    assert (await document(session, fake))["ronda"] == 1
    fake.clock.advance(61)
    closed = await fake.command("master", "mesa", "asalto")
    assert "Ronda 1 resuelta (se cierra su ventana)." in closed.first.text()
    assert (await document(session, fake))["ronda"] == 2
    live = await fake.command("master", "mesa", "graduado mundo", {"ventana": 0})
    assert (
        "Ventana de la ronda en vivo: 90 s, desde que tiene algo que resolver." in live.first.text()
    )
    early = await fake.command("master", "mesa", "asalto")
    left = re.search(r"su ventana sigue abierta (\d+) s más", early.last.content)
    assert left is not None and 80 < int(left[1]) <= 91  # (the console's latency runs too)
    fake.clock.advance(90)
    closed = await fake.command("master", "mesa", "asalto")
    assert "Ronda 2 resuelta (se cierra su ventana)." in closed.first.text()


async def test_a_killed_enemy_never_lands_its_blow_and_the_loot_card(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *setup_lines(enemy="poder:25 aguante:16"),
        "@bran", "/graduado ficha crear nombre:Bruno poder:25 aguante:100",
        "/encuentro unirse personaje:Bruno",
        "@master", "/graduado anunciar enemigo:Lobo objetivo:Bruno",
    )  # fmt: skip
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    refused = await fake.command("master", "mesa", "asalto")
    assert refused.last.ephemeral and "faltan por declarar Bruno" in refused.last.content
    await fake.command("bran", "mesa", "graduado defender", {"tipo": "apartarse"})
    await fake.command("master", "mesa", "asalto")
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    await fake.command("bran", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([55])  # Aria's CRÍTICO: 14 → wolf at 2; then Bruno's
    dice.push([80])  # Bruno's SÓLIDO, fuego concentrado: 10 → dead
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "+ 5 Fuego concentrado" in text
    assert "Lobo muere." in text and "(+2, muere Lobo)" in text
    assert "Lobo no llega a dar su golpe a Bruno: está muerto." in text
    assert "El combate termina: victoria." in text
    card = await fake.command(
        "master", "mesa", "graduado botin", {"objetos": "Yelmo, Capa", "monedas": 7}
    )
    text = card.first.text()
    assert "Monedas (7): Aria 4, Bruno 3." in text
    assert "Aria: 10 (enemigos)" in text
    labels = [b["label"] for b in card.first.buttons]
    assert labels == ["Quiero: Yelmo", "Paso: Yelmo", "Quiero: Capa", "Paso: Capa"]
    await fake.press("kaeda", "mesa", "Quiero: Yelmo")
    await fake.press("bran", "mesa", "Quiero: Yelmo")
    await fake.press("kaeda", "mesa", "Quiero: Capa")
    pressed = await fake.press("bran", "mesa", "Paso: Capa")
    assert pressed.last.ephemeral and "Pasas de «Capa»" in pressed.last.text()
    dice.push([40, 71])
    shared = (await fake.command("master", "mesa", "graduado repartir")).first.text()
    assert "Yelmo: d100 Aria 40, Bruno 71 → para Bruno." in shared
    assert "Capa: para Aria (nadie más lo quiere)." in shared
    late = await fake.press("kaeda", "mesa", "Paso: Yelmo")
    assert late.last.ephemeral and "ya no está abierta" in late.last.content


async def test_play_by_post_reminds_who_has_not_declared(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *setup_lines(), "@bran", "/graduado ficha crear nombre:Bruno poder:25 aguante:100",
        "/encuentro unirse personaje:Bruno",
        "@master", "/graduado mundo ventana:1440",  # by post: a day (the live 90 s would close it)
    )  # fmt: skip
    refused = await script.run("@kaeda", "/encuentro recordatorios horas:1")
    assert "Solo el máster puede configurar los recordatorios" in refused
    out = await script.run("@master", "/encuentro recordatorios horas:1", "!esperar 3500")
    assert "cada hora" in out
    said = [m for m in fake.messages if m.content.startswith("⏰ **Recordatorio**")]
    assert said == []  # not an hour yet
    await script.run("@kaeda", "/graduado defender tipo:parar", "!esperar 200")
    said = [m for m in fake.messages if m.content.startswith("⏰ **Recordatorio**")]
    assert len(said) == 1
    bruno = fake.user_id("bran")
    assert (
        said[0].content
        == f"⏰ **Recordatorio** — ronda 1:\n<@{bruno}>, te falta declarar con Bruno."
    )
    assert said[0].payload["allowed_mentions"]["users"] == [bruno]
    await script.run(
        "@bran", "/graduado defender tipo:parar", "@master", "/asalto", "!esperar 3700"
    )
    said = [m for m in fake.messages if m.content.startswith("⏰ **Recordatorio**")]
    assert len(said) == 2 and "— ronda 2:" in said[-1].content  # the next round: both
    assert f"<@{fake.user_id('kaeda')}>, te falta declarar con Aria." in said[-1].content
    assert f"<@{bruno}>, te falta declarar con Bruno." in said[-1].content
