"""Console fights with our own numbers: a three-enemy melee with a multiple parry, an
esquivar against a critical, a charge, an ambush asalto, a crossbow reloaded over two
asaltos, a shield broken; refusals in Spanish that change nothing."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.porcentual.test_asalto import declare
from tests.bot.porcentual.world import TABLES, combatant, doc, enemy_lines, pj_lines
from umbral_rules import ForcedDice


async def test_three_enemy_melee_with_a_multiple_parry(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@master", "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco cantidad:3",
    )  # fmt: skip
    dice.push([10, 1, 2, 3])  # Ana 20; Orco 1 11, Orco 2 12, Orco 3 13
    await fake.command("master", "mesa", "asalto")
    for orco in ("Orco 1", "Orco 2", "Orco 3"):
        await declare(fake, "master", orco, "ataque, a: Ana")
    twice = await declare(fake, "kaeda", "Ana", "parada, a: Orco 1 + Orco 1")
    assert "dos ataques procedentes de un mismo oponente" in twice
    await declare(fake, "kaeda", "Ana", "parada, a: Orco 1 + Orco 2 + Orco 3")
    await fake.command("master", "mesa", "asalto")  # Ana's turn passes: the orcs'
    dice.push([40, 5])  # Orco 3 hits; Ana parries at 60 − 50 = 10 %, 05: stopped
    text = (
        await fake.command(
            "master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Orco 3", "defensa": "1"}
        )
    ).text()
    assert "Espadas 60% -50 Parada múltiple (3) = 10%, saca 5 (ÉXITO)" in text
    await fake.command("master", "mesa", "asalto")
    dice.push([40, 50, 5, 4])  # Orco 2 hits; the parry fails (50 > 10); trunk, 1D8 4 + 1
    text = (
        await fake.command(
            "master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Orco 2", "defensa": "1"}
        )
    ).text()
    assert "PV 20 → 15" in text
    assert combatant(await doc(session, fake), "Ana")["pv"] == 15


async def test_esquivar_against_a_critical_is_halved_rounding_up(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@kaeda", '/porcentual ficha editar nombre:Ana competencias:"Esquivar 45"',
        "@master", "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    dice.push([1, 9])  # Ana 11, Orco 19
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "kaeda", "Ana", "esquivar")
    await declare(fake, "master", "Orco", "ataque, a: Ana")
    dice.push([2, 23])  # 02: critical; Esquivar 45 halved up = 23: 23 dodges
    text = (
        await fake.command(
            "master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Orco", "defensa": "1"}
        )
    ).text()
    assert "ÉXITO CRÍTICO" in text and "= 23%, saca 23 (ÉXITO)" in text
    assert "PV" not in text.split("== Combate")[0]  # no damage


async def test_a_charge_multiplies_by_one_and_a_half_rounding_up(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@master", "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    dice.push([9, 1])
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "nada")
    await declare(fake, "kaeda", "Ana", "carga, a: Orco, arma: espada")
    far = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco", "distancia": 13})
    assert "12" in far.text() and "PV" not in far.text().split("== Combate")[0]
    dice.push([30, 5, 6])  # trunk; 1D8 6 + 1 = 7 × 1.5 = 10.5 → 11
    text = (
        await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco", "distancia": 10})
    ).text()
    assert "PV 20 → 9" in text


async def test_an_ambush_asalto(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@master", "/encuentro empezar sistema:porcentual emboscada:jugadores", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    dice.push([2, 4])  # Ana 1D10 2 + 10 = 12; the surprised Orco rolls 1D5: 4 + 10 = 14
    text = (await fake.command("master", "mesa", "asalto")).text()
    assert "Orco: Iniciativa 14 (1D5 4 + AGI 10)" in text
    await declare(fake, "kaeda", "Ana", "ataque, a: Orco")
    await declare(fake, "master", "Orco", "parada, a: Ana")
    await fake.command("master", "mesa", "asalto")  # the Orco's turn passes to Ana
    dice.push([30, 20, 5, 6])  # Espadas 60 + 25 = 85; the Orco's parry 60 − 25 = 35
    text = (
        await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco", "defensa": "1"})
    ).text()
    assert "+25" in text and "= 85%" in text and "= 35%" in text


async def test_a_crossbow_reloaded_over_two_asaltos(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@kaeda",
        "/porcentual ficha arma ficha:Ana nombre:ballesta danio:1D10 competencia:Ballestas "
        "caracteristica:percepcion tipo:proyectil rasgos:ballesta alcance:20/50/100 recarga:2",
        "@master", "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    dice.push([9, 1])
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "nada")
    await declare(fake, "kaeda", "Ana", "disparo, arma: ballesta; recargar, arma: ballesta")
    dice.push([90])
    await fake.command("kaeda", "mesa", "disparar", {"objetivo": "Orco", "distancia": 30})
    text = (await fake.command("kaeda", "mesa", "porcentual actuar", {"accion": 2})).text()
    assert "Ana recarga ballesta: faltan 1 acciones." in text
    for _ in range(2):
        await fake.command("master", "mesa", "asalto")
    dice.push([9, 1])
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "nada")
    await declare(fake, "kaeda", "Ana", "recargar, arma: ballesta; disparo, arma: ballesta")
    early = await fake.command("kaeda", "mesa", "disparar", {"objetivo": "Orco", "distancia": 30})
    assert "recarg" in early.text().lower()
    assert combatant(await doc(session, fake), "Ana")["recarga"] == [["ballesta", 1]]
    text = (await fake.command("kaeda", "mesa", "porcentual actuar", {"accion": 1})).text()
    assert "faltan 0 acciones" in text
    dice.push([90])
    text = (
        await fake.command("kaeda", "mesa", "disparar", {"objetivo": "Orco", "distancia": 30})
    ).text()
    assert "Ballestas 50% = 50%, saca 90 (FALLO)" in text or "Ballestas 50% +0" in text


async def test_a_shield_broken_by_a_clava_de_escudo(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *TABLES, *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@kaeda",
        '/porcentual ficha editar nombre:Ana competencias:"Hachas 80"',
        "/porcentual ficha arma ficha:Ana nombre:hacha danio:1D8 competencia:Hachas "
        "rasgos:hacha,corte",
        "@master",
        "/porcentual bestiario editar nombre:Orco escudo:Rodela tamano_escudo:pequeno "
        '"resistencia_escudo:6" protege:"Brazo izquierdo"',
        "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    dice.push([9, 1])
    await fake.command("master", "mesa", "asalto")
    await declare(fake, "master", "Orco", "nada")
    await declare(fake, "kaeda", "Ana", "clava de escudo, a: Orco, arma: hacha")
    dice.push([20, 5, 4])  # Hachas 80 − 25 = 55; 1D8 4: the shield loses 8
    text = (await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco"})).text()
    assert "Rodela" in text
    orco = combatant(await doc(session, fake), "Orco")
    assert orco["escudo_resistencia"] == 0 and orco["pv"] == 20
    assert "roto" in text
