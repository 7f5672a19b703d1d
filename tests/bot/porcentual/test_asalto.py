"""The seed's numbers through the slash commands, with forced dice and OUR tables loaded
(tests/bot/porcentual/world.py): the initiative formula and its ties, the declaration and
action orders, a critical of 1D8+1+1D4 = 13 PD, a thrown knife with Fuerza 12 at 6/12/24,
a head hit through armour, /deshacer and a console reopened mid-asalto."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session, open_session
from tests.bot.conftest import Script
from tests.bot.porcentual.world import TABLES, combatant, doc, enemy_lines, pj_lines
from umbral_rules import ForcedDice

START = ["@master", "/encuentro empezar sistema:porcentual"]


async def fight(script: Script, ana: dict[str, Any], orco: dict[str, Any], *extra: str) -> None:
    """Ana (kaeda's) and an Orco in #mesa, Ana first in the roster."""
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana", **ana), *enemy_lines("Orco", **orco), *extra,
        *START, "@kaeda", "/encuentro unirse personaje:Ana",
        "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip


async def declare(fake: FakeDiscord, user: str, who: str, acciones: str) -> str:
    reply = await fake.command(
        user, "mesa", "porcentual declarar", {"acciones": acciones, "combatiente": who}
    )
    return reply.text()


async def test_initiative_formula_ties_and_the_two_orders(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await fight(
        script, {}, {"agilidad": 9},
        "/porcentual bestiario editar nombre:Orco armadura:Cuero proteccion:1 resistencia:8 "
        "iniciativa_armadura:-1",
    )  # fmt: skip
    dice.push([3, 5])  # Ana 3 + 10 = 13; Orco 5 + 9 − 1 = 13: «el PJ»
    text = (await fake.command("master", "mesa", "asalto")).text()
    assert "Ana: Iniciativa 13 (1D10 3 + AGI 10)" in text
    assert "Orco: Iniciativa 13 (1D10 5 + AGI 9 -1 Armadura (Cuero))" in text
    assert "Orden de declaración: Orco (13) → Ana (13)" in text  # from the lowest up
    before = await doc(session, fake)
    refused = await declare(fake, "kaeda", "Ana", "ataque, a: Orco")
    assert "Declara antes quien tiene menos Iniciativa: le toca a Orco" in refused
    assert await doc(session, fake) == before
    await declare(fake, "master", "Orco", "ataque, a: Ana")
    text = await declare(fake, "kaeda", "Ana", "rapido, a: Orco")
    assert "Ana: Ataque Rápido, Iniciativa +5." in text
    assert "Orden de acción: Ana (18) → Orco (13)" in text  # from the highest down
    early = await fake.command("master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Orco"})
    assert "Aún no le toca a Orco" in early.text()
    dice.push([90])  # Ana: Espadas 60 − 50 (Ataque Rápido) = 10 %, fails
    text = (await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco"})).text()
    assert "Espadas 60% -50 Ataque Rápido = 10%, saca 90 (FALLO)" in text
    text = (await fake.command("master", "mesa", "asalto")).text()
    assert "Le toca a Orco." in text and "Turno de: Orco" in text
    text = (await fake.command("master", "mesa", "asalto")).text()  # Orco never attacked
    assert "Orco pierde Ataque Cuerpo a Cuerpo: terminó el asalto sin hacerla" in text
    assert "conclusión" in text


async def test_the_seeds_critical_is_13_pd_through_armour_and_wears_resistencia(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await fight(
        script, {"fuerza": 14}, {},
        "/porcentual bestiario editar nombre:Orco armadura:Cota proteccion:4 resistencia:20",
    )  # fmt: skip
    dice.push([5, 1])  # Ana 15, Orco 11
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "nada")
    await declare(fake, "kaeda", "Ana", "ataque, a: Orco, arma: espada")
    dice.push([1, 5])  # 01: critical; location 5 (pecho): no damage dice are rolled
    text = (await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco"})).text()
    assert "ÉXITO CRÍTICO" in text and "PV 20 → 7" in text
    orco = combatant(await doc(session, fake), "Orco")
    assert orco["pv"] == 7 and orco["armadura_resistencia"] == 20 - 13


async def test_a_head_hit_through_armour_is_doubled_after_proteccion(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await fight(
        script, {"fuerza": 14}, {},
        "/porcentual bestiario editar nombre:Orco armadura:Cuero proteccion:2 resistencia:8",
    )  # fmt: skip
    dice.push([5, 1])
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "nada")
    await declare(fake, "kaeda", "Ana", "ataque, a: Orco")
    dice.push([30, 1, 6, 3])  # hits; head; 1D8 6 + 1 = 7, +1D4 3 = 10; −2 = 8; ×2 = 16
    text = (await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco"})).text()
    assert "PV 20 → 4" in text
    assert combatant(await doc(session, fake), "Orco")["pv"] == 4


async def test_a_thrown_knife_with_fuerza_12_reaches_6_12_24(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    knife = (
        "@kaeda",
        "/porcentual ficha arma ficha:Ana nombre:cuchillo danio:1D6 competencia:Lanzar "
        "tamano:ligero tipo:arrojadiza alcance:FUE",
    )
    await fight(script, {"fuerza": 12}, {}, *knife)
    shots: list[str] = []
    for asalto in range(2):
        dice.push([5, 1])
        await fake.command("master", "mesa", "asalto")
        await declare(fake, "master", "Orco", "nada")
        await declare(fake, "kaeda", "Ana", "disparo, arma: cuchillo; disparo, arma: cuchillo")
        for distance in ((6, 12), (24, 25))[asalto]:
            if distance <= 24:
                dice.push([90])
            reply = await fake.command(
                "kaeda", "mesa", "disparar", {"objetivo": "Orco", "distancia": distance}
            )
            shots.append(reply.text())
        await fake.command("master", "mesa", "asalto")
        await fake.command("master", "mesa", "asalto")
    assert "Lanzar 45% +20" in shots[0] and "= 65%" in shots[0]  # corta: 6 varas
    assert "Lanzar 45% +0 Distancia media = 45%" in shots[1]  # media: 12
    assert "Lanzar 45% -20" in shots[2] and "= 25%" in shots[2]  # larga: 24
    assert "imposible" in shots[3].lower()  # beyond the long range


async def test_deshacer_and_a_console_reopened_mid_asalto(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, database_url: str
) -> None:
    await fight(script, {}, {})
    dice.push([5, 1])
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "esquivar")
    before = await doc(session, fake)
    await declare(fake, "kaeda", "Ana", "ataque, a: Orco; ataque, a: Orco")
    assert (await doc(session, fake))["phase"] == "accion"
    preview = await fake.command("master", "mesa", "deshacer")
    assert preview.last.ephemeral and "¿Deshacer /porcentual declarar?" in preview.last.text()
    await fake.press("master", "mesa", "Deshacer")
    assert await doc(session, fake) == before
    await declare(fake, "kaeda", "Ana", "ataque, a: Orco; ataque, a: Orco")
    restarted = await open_session(database_url, dice=ForcedDice([30, 70, 5, 6]), migrate=False)
    try:
        restarted.discord.restore(fake.messages)
        reply = await restarted.discord.command(
            "kaeda", "mesa", "atacar", {"objetivo": "Orco", "defensa": "1"}
        )
        text = reply.text()
        assert "Espadas 60% = 60%, saca 30 (ÉXITO)" in text
        assert "Esquivar 50% = 50%, saca 70 (FALLO)" in text
        assert "PV 20 → 13" in text  # 1D8 6 + 1 = 7 on the trunk (location 5)
    finally:
        await restarted.close()
