"""The percentile game on the shared commands: the options it does not take refused in
Spanish (and Umbral refusing its options), a missing table named, bad sheets and tables
refused with nothing saved, the roll log, /encuentro quitar and terminar."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.porcentual.duel import Duel
from tests.bot.porcentual.world import doc, enemy_lines, pj_lines
from tests.hardening.hostile import dump
from umbral_rules import ForcedDice


@pytest.fixture
def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    return Duel(script, fake, dice)


async def test_options_the_game_does_not_take_are_refused(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup()
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    before = await dump(fake)
    text = await duel.cmd("kaeda", "atacar", {"objetivo": "Orco", "oficio": "armas"})
    assert "En Juego porcentual por foro, /atacar no usa `oficio`: no se ha hecho nada." in text
    assert "`defensa`" in text and "`distancia`" in text
    umbral_only = await duel.cmd("kaeda", "defender", {})
    assert "El encuentro de este canal es de Juego porcentual por foro" in umbral_only
    assert await dump(fake) == before


async def test_umbral_refuses_the_percentile_options(script: Script, fake: FakeDiscord) -> None:
    await script.run(
        *GUARDIA, *KAEDA, "@master", "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"', "@kaeda", "/encuentro unirse",
    )  # fmt: skip
    before = await dump(fake)
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "distancia": 6})
    assert "/atacar no usa `distancia`" in reply.text()
    mode = await fake.command(
        "master", "otra", "encuentro empezar", {"sistema": "porcentual", "modo": "mesa"}
    )
    assert "no usa `modo`" in mode.text()
    assert await dump(fake) == before


async def test_a_table_not_loaded_is_named_and_nothing_is_saved(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *pj_lines("kaeda", "Ana"), *enemy_lines("Orco"),
        "@master", "/encuentro empezar sistema:porcentual", "@kaeda",
        "/encuentro unirse personaje:Ana", "@master", "/encuentro enemigos nombre:Orco",
    )  # fmt: skip
    dice.push([9, 1])
    await fake.command("master", "mesa", "asalto")
    for who, what in (("Orco", "nada"), ("Ana", "ataque, a: Orco")):
        await fake.command(
            "kaeda" if who == "Ana" else "master", "mesa", "porcentual declarar",
            {"acciones": what, "combatiente": who},
        )  # fmt: skip
    before = await doc(session, fake)
    dice.push([30, 5])
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Orco"})
    assert reply.last.ephemeral and "Falta la" in reply.text()
    assert "localización" in reply.text()
    assert await doc(session, fake) == before


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('/porcentual ficha crear nombre:Bea caracteristicas:"fuerza 10" pv:10', "agilidad"),
        ('/porcentual ficha crear nombre:Bea caracteristicas:"fuerza 60, agilidad 10, '
         'percepcion 10" pv:10', "va de 0 a 50"),
        ('/porcentual ficha crear nombre:Bea caracteristicas:"fuerza diez" pv:10', "No entiendo"),
        ("/porcentual ficha arma ficha:Ana nombre:cuchillo danio:1D6 competencia:Lanzar "
         "tipo:arrojadiza", "Alcance"),
        ("/porcentual ficha arma ficha:Ana nombre:arco danio:1D6 competencia:Arcos "
         "tipo:proyectil alcance:15/40/60", "Recarga"),
        ("/porcentual ficha arma ficha:Ana nombre:arco danio:1D6 competencia:Arcos "
         "tipo:proyectil alcance:60/40/15 recarga:1", "crecientes"),
        ('/porcentual tabla importar tabla:localizacion filas:"1-9: Tronco = tronco"',
         "diez caras"),
        ('/porcentual tabla importar tabla:localizacion filas:"1-10: Tronco = pecho"',
         "No conozco la zona"),
        ('/porcentual tabla importar tabla:bonificador filas:"0-12 nada"', "No entiendo"),
    ],
)  # fmt: skip
async def test_bad_sheets_and_tables_are_refused_changing_nothing(
    script: Script, fake: FakeDiscord, line: str, said: str
) -> None:
    await script.run(*pj_lines("kaeda", "Ana"))
    before = await dump(fake)
    user = "master" if "tabla" in line else "kaeda"
    out = await script.run(f"@{user}", line)
    assert said in out, out
    assert await dump(fake) == before


async def test_the_roll_log_keeps_every_die(duel: Duel, fake: FakeDiscord) -> None:
    await duel.setup(ana={"fuerza": 14})
    await duel.asalto([9, 1])
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    await duel.attack("Ana", "Orco", [30, 5, 6, 3])
    text = (await fake.command("master", "mesa", "historial")).text()
    assert "/asalto · Ana · dados [9] · = 19" in text  # 1D10 9 + AGI 10
    assert "/atacar · Ana · dados [30] · = 30 · ÉXITO (contra 60 %)" in text
    assert "/atacar · Ana → Orco · dados [6, 3, 5] · = 10 · 10 PD, PV 20 → 10" in text


async def test_quitar_waits_for_the_conclusion_and_terminar_ends(
    duel: Duel, fake: FakeDiscord, session: Session
) -> None:
    await duel.setup(orcos=2)
    await duel.asalto([9, 1, 1])
    early = await duel.cmd("master", "encuentro quitar", {"combatiente": "Orco 2"})
    assert "conclusión" in early
    for who in ("Orco 1", "Orco 2"):
        await duel.declare(who, "nada")
    await duel.declare("Ana", "nada")
    await duel.conclude()
    text = await duel.cmd("master", "encuentro quitar", {"combatiente": "Orco 2"})
    assert "Orco 2 sale." in text
    ids = [c["id"] for c in (await doc(session, fake))["combate"]["combatientes"]]
    assert ids == ["Ana", "Orco 1"]
    text = await duel.cmd("master", "encuentro terminar", {})
    assert "Termina el combate porcentual: 3 tiradas en el registro" in text
    assert "Combate porcentual terminado" in text
    assert await doc(session, fake) is None


async def test_the_options_offer_fighters_and_sheets(duel: Duel, fake: FakeDiscord) -> None:
    await duel.setup(orcos=2)
    offered = await fake.autocomplete(
        "kaeda", "mesa", "porcentual declarar", {"acciones": "x", "combatiente": "orc"},
        "combatiente",
    )  # fmt: skip
    assert [c["name"] for c in offered] == ["Orco 1", "Orco 2"]
    sheets = await fake.autocomplete(
        "kaeda", "mesa", "porcentual ficha ver", {"nombre": ""}, "nombre"
    )
    assert [c["name"] for c in sheets] == ["Ana"]
    targets = await fake.autocomplete("kaeda", "mesa", "atacar", {"objetivo": "orco 2"}, "objetivo")
    assert [c["name"] for c in targets] == ["Orco 2"]
    elsewhere = await fake.autocomplete(
        "kaeda", "otra", "porcentual guardia", {"combatiente": ""}, "combatiente"
    )
    assert elsewhere == []


async def test_ayuda_has_the_percentile_topic(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "ayuda", {"tema": "porcentual"})
    text = reply.text()
    assert "Juego porcentual" in text
    assert "/porcentual declarar" in text and "/porcentual tabla importar" in text


async def test_encuentro_ver_shows_and_reposts_the_tracker(duel: Duel, fake: FakeDiscord) -> None:
    await duel.setup()
    await duel.asalto([9, 1])
    seen = await fake.command("kaeda", "mesa", "encuentro ver")
    assert seen.last.ephemeral
    assert "Combate porcentual en curso — asalto 1" in seen.last.text()
    assert "Faltan por declarar: Orco, Ana" in seen.last.text()
    player = await fake.command("kaeda", "mesa", "encuentro ver", {"publico": True})
    assert player.last.ephemeral and "máster" in player.last.text()
    reposted = await fake.command("master", "mesa", "encuentro ver", {"publico": True})
    assert "Publicado de nuevo al final del canal." in reposted.text()
    assert [m for m in reposted.messages if "Combate porcentual" in m.text() and not m.ephemeral]


async def test_encuentro_pendientes_says_who_is_awaited(duel: Duel, fake: FakeDiscord) -> None:
    await duel.setup()
    await duel.asalto([9, 1])
    text = (await fake.command("kaeda", "mesa", "encuentro pendientes")).last.text()
    assert "Declara ahora: Orco. Faltan por declarar: Orco, Ana." in text
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    text = (await fake.command("kaeda", "mesa", "encuentro pendientes")).last.text()
    assert "Turno de: Ana. Faltan por actuar: Ana." in text
