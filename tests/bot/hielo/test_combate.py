"""A fight of Canción de hielo y fuego through the shared slash commands and /hielo, with
forced dice: initiative and its tie, attacks with degrees and Protección, every way of taking
a hit, fatigue, criticals and fumbles, surprise, Salud 0, surrender, held actions, the roll
log, /deshacer of a hit and the console reopened mid-combat."""

from __future__ import annotations

from pathlib import Path

from bot.console import FakeDiscord, Session, open_session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

from .lines import MESA, TIE, doc, raw, roll_count, undo


async def test_initiative_tie_goes_to_more_rapidez(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    out = await script.run("@master", "/asalto")
    assert "Guardia — Agilidad 2 (Rapidez): 2 + 0B → 5, 4; se queda 5, 4 = 9." in out
    assert "se queda 4, 3, 3 = 10 −1 (Penalización de armadura) = 9." in out
    assert "Empate a 9: Yorgen va antes por tener más dados en Rapidez." in out
    assert "@kaeda, Yorgen: te toca." in out
    d = await doc(session, fake)
    assert d.combat.asalto == 1 and d.combat.orden == ("yorgen", "guardia")
    assert d.combat.current == "yorgen"


async def test_attack_of_two_degrees_with_proteccion_taken_from_salud(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    out = await script.run("@kaeda", "/hielo turno que:pasar")
    assert "Turno de Guardia." in out
    dice.push([5, 5, 3])  # 13 against Yorgen's Defensa 8: over by 5, two degrees
    out = await script.run("@master", "/atacar objetivo:Yorgen")
    assert "13 contra 8: supera por 5, 2 grados" in out
    assert "Guardia alcanza a Yorgen con Lanza: 3 × 2 grados = 6 − Protección 1 = 5 de daño." in out
    assert "@kaeda, Yorgen: elige cómo recibes el daño (/hielo daño)." in out
    out = await script.run("@master", "/hielo turno que:pasar")
    assert "Primero Yorgen decide cómo recibe 5 de daño" in out
    out = await script.run("@kaeda", "/hielo daño")
    assert "Yorgen recibe 5 de daño con su Salud: Salud 9 → 4." in out
    assert (await doc(session, fake)).combat.fighter("yorgen").salud == 4


async def test_light_wounds_and_a_grave_wound_absorb_and_penalise(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto", "@kaeda", "/hielo turno que:pasar")
    dice.push([5, 5, 3])  # 5 damage
    await script.run("@master", "/atacar objetivo:Yorgen acción:menor")
    out = await script.run("@kaeda", "/hielo daño leves:2")
    assert "Con 1 herida leve ya se absorbe todo el daño (5)." not in out
    assert "Yorgen recibe 5 de daño con 2 heridas leves: Salud 9 → 9." in out
    dice.push([5, 5, 3])  # the second minor action: 13 − 0 … another 5
    await script.run("@master", "/atacar objetivo:Yorgen acción:menor")
    out = await script.run("@kaeda", "/hielo daño leves:1 grave:true")
    assert "Una herida grave ya absorbe todo el impacto" in out
    out = await script.run("/hielo daño grave:true")
    assert "Yorgen recibe 5 de daño con una herida grave: Salud 9 → 9." in out
    y = (await doc(session, fake)).combat.fighter("yorgen")
    assert (y.heridas_leves, y.heridas_graves, y.salud) == (2, 1, 9)
    # the next asalto: Yorgen rolls one die fewer (−1D) and −2 for the light wounds
    await script.run("@master", "/hielo turno que:pasar")
    dice.push([5, 4, 6, 6, 1])
    out = await script.run("/asalto")
    assert (
        "Agilidad 3 (Rapidez): 2 + 1B → 6, 6, 1; se queda 6, 6 = 12 −2 (Heridas leves) −1 "
        "(Penalización de armadura) = 9."
    ) in out


async def test_fatigue_ignores_the_armour_and_costs_one_on_each_roll(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    out = await script.run("@kaeda", "/hielo fatiga uso:armadura")
    assert (
        "Yorgen gasta un punto de fatiga (1): ignora la penalización por armadura hasta el "
        "comienzo de su próximo turno."
    ) in out
    y = (await doc(session, fake)).combat.fighter("yorgen")
    assert y.fatiga == 1 and y.ignora_armadura
    dice.push([3, 3, 2, 2])  # 10 − 1 (fatigue) = 9 against the guard's 6
    out = await script.run("/atacar objetivo:Guardia")
    assert "= 10 −1 (Fatiga) = 9 contra 6: supera por 3, 1 grado" in out
    await script.run("@master", "/hielo daño")
    out = await script.run("/hielo turno que:pasar")
    assert "Defensa 9" in out  # the armour's penalty ignored until Yorgen's next turn
    out = await script.run("@kaeda", "/hielo fatiga uso:herida_grave")
    assert "no tiene ninguna herida grave que ignorar" in out


async def test_a_critical_and_a_fumble_are_rolled(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    dice.push([6, 5, 4, 1, 2])  # 16 ≥ 2 × 6 with a six: 1d6 (2) + 1 six
    out = await script.run("@kaeda", "/atacar objetivo:Guardia")
    assert (
        "¡Crítico de Yorgen! 1d6 (2) + 1 seis = 3: busca el 3 en la tabla de críticos de "
        "vuestro grupo."
    ) in out
    out = await script.run("@master", "/hielo daño leves:1", "/hielo turno que:pasar")
    assert "Guardia recibe 6 de daño con 1 herida leve: Salud 6 → 2." in out
    dice.push([1, 1, 2, 4, 3])  # 3 against 8: fails by 5; 2d6 (4 + 3) + 2 − 3
    out = await script.run("/atacar objetivo:Yorgen")
    assert (
        "¡Pifia de Guardia! 2d6 (4 + 3) + 2 − 3 = 6: busca el 6 en la tabla de pifias de "
        "vuestro grupo."
    ) in out


async def test_surprise_gives_one_more_die_in_the_first_asalto(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push([5, 4])  # Discreción 2 (not written): 9 against the guard's passive 8
    out = await script.run("@kaeda", "/hielo sorpresa acechante:Yorgen atacado:Guardia")
    assert (
        "Yorgen contra la Percepción pasiva 8 de Guardia: ataque por sorpresa: +1D en el "
        "primer asalto."
    ) in out
    dice.push(TIE)
    await script.run("@master", "/asalto")
    out = await script.run("@kaeda", "/hielo sorpresa acechante:Yorgen atacado:Guardia")
    assert "La detección va antes del primer asalto." in out
    dice.push([1, 1, 1, 1, 6])
    out = await script.run("/atacar objetivo:Guardia")
    assert "Combate cuerpo a cuerpo 4: 5 + 0B → 1, 1, 1, 1, 6" in out


async def test_salud_0_ends_the_combatant_and_the_combat(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    dice.push([6, 5, 4, 3, 1])  # 18 against 6: 3 degrees → 6 damage, the guard's whole Salud
    await script.run("@kaeda", "/atacar objetivo:Guardia")
    out = await script.run("@master", "/hielo daño")
    assert "Guardia llega a Salud 0: vencido." in out
    assert "El combate termina: vence el bando jugadores." in out
    assert "Guardia** — vencido" in out
    out = await script.run("/asalto")
    assert "El combate ha terminado." in out
    out = await script.run("/encuentro terminar")
    assert "Vence el bando jugadores." in out


async def test_surrender_and_a_held_action(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    out = await script.run("@kaeda", "/hielo turno que:reservar")
    assert "Yorgen reserva su acción." in out and "Turno de Guardia." in out
    out = await script.run("/hielo turno que:actuar personaje:Yorgen")
    assert "No se interrumpe un turno" not in out and "Turno de Yorgen." in out
    out = await script.run('/hielo acción tamaño:menor descripción:"Se esconde tras un barril"')
    assert "Yorgen: acción menor — Se esconde tras un barril." in out
    out = await script.run("@master", "/hielo rendirse personaje:Guardia")
    assert "Guardia se rinde." in out and "vence el bando jugadores" in out


async def test_umbral_options_refused_and_players_act_only_for_their_own(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    before = await raw(session, fake)
    out = await script.run("@master", "/atacar objetivo:Yorgen ventaja:ventaja")
    assert "En Canción de hielo y fuego, /atacar no usa `ventaja`: no se ha hecho nada." in out
    out = await script.run("/encuentro unirse mover:true")
    assert "no usa `mover`" in out
    out = await script.run("@bran", "/hielo rendirse personaje:Yorgen")
    assert "Yorgen no es tuyo" in out
    out = await script.run("/asalto")
    assert "Solo el máster puede pasar el asalto" in out
    assert await raw(session, fake) == before


async def test_umbral_refuses_the_options_only_hielo_uses(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    out = await script.run("@master", "/encuentro empezar", "/atacar objetivo:Nadie acción:menor")
    assert "no usa `acción`" in out


async def test_undo_of_a_hit_restores_the_fight_exactly(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    before = await raw(session, fake)
    logged = await roll_count(session, fake)
    dice.push([6, 5, 4, 1, 2])
    await script.run("@kaeda", "/atacar objetivo:Guardia")
    assert await roll_count(session, fake) == logged + 2  # the attack and the critical
    await undo(fake, "atacar")
    assert await raw(session, fake) == before


async def test_console_reopened_mid_combat_goes_on(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, database_url: str
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    dice.push([5, 5, 3, 3])  # Yorgen: 16 − nothing against 6: 3 degrees → 6
    await script.run("@kaeda", "/atacar objetivo:Guardia")
    reopened = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        reopened.discord.restore(fake.messages)
        again = Script(reopened.discord)
        out = await again.run("@master", "/hielo daño leves:1")
        assert "Guardia recibe 6 de daño con 1 herida leve: Salud 6 → 2." in out
        out = await again.run("/hielo turno que:pasar")
        assert "Turno de Guardia." in out
        d = await doc(reopened, reopened.discord)
        assert d.combat.current == "guardia" and d.combat.fighter("guardia").heridas_leves == 1
    finally:
        await reopened.close()


CRITICOS = b"filas:\n  1: Desarma\n  2: Derriba\n  3: Herida abierta\n  5: Golpe certero\n"
PIFIAS = b"numero;texto\n5;Se le cae el arma\n6;Tropieza\n"


async def test_the_gms_tables_are_read_never_invented(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice, tmp_path: Path
) -> None:
    (tmp_path / "c.yaml").write_bytes(CRITICOS)
    (tmp_path / "p.csv").write_bytes(PIFIAS)
    await script.run(*MESA)
    out = await script.run(
        "@kaeda", "/hielo tabla importar tipo:criticos archivo:@" + str(tmp_path / "c.yaml")
    )
    assert "Solo el máster puede cargar tablas" in out
    out = await script.run("/hielo tabla ver tipo:pifias")
    assert "No hay tabla de pifias cargada" in out
    out = await script.run(
        "@master",
        f"/hielo tabla importar tipo:criticos archivo:@{tmp_path / 'c.yaml'}",
        f"/hielo tabla importar tipo:pifias archivo:@{tmp_path / 'p.csv'}",
    )
    assert "Tabla de críticos cargada" in out and "3: Herida abierta" in out
    assert "6: Tropieza" in out
    dice.push(TIE)
    await script.run("/asalto")
    dice.push([6, 5, 4, 1, 2])  # a critical of 3: rows up to 3 to choose from
    out = await script.run("@kaeda", "/atacar objetivo:Guardia")
    assert (
        "1d6 (2) + 1 seis = 3: a elegir hasta el 3: 1: Desarma; 2: Derriba; 3: Herida abierta."
        in out
    )
    await script.run("@master", "/hielo daño leves:1", "/hielo turno que:pasar")
    dice.push([1, 1, 2, 4, 3])  # a fumble of 6: its row
    out = await script.run("/atacar objetivo:Yorgen")
    assert "2d6 (4 + 3) + 2 − 3 = 6: Tropieza." in out
    out = await script.run("/hielo tabla borrar tipo:pifias", "/hielo tabla ver tipo:pifias")
    assert "Tabla de pifias quitada" in out and "No hay tabla de pifias cargada" in out


async def test_disparar_takes_a_punteria_weapon_only(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """/disparar is the ranged attack: a Puntería weapon (the first by default), never a
    melee one; its options are refused as /atacar's are."""
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    refused = await fake.command("kaeda", "mesa", "disparar", {"objetivo": "Guardia"})
    assert "Yorgen no lleva ningún arma de Puntería en su ficha." in refused.last.text()
    refused = await fake.command(
        "kaeda", "mesa", "disparar", {"objetivo": "Guardia", "arma": "Daga"}
    )
    assert "Con Daga no se dispara" in refused.last.text()
    refused = await fake.command(
        "kaeda", "mesa", "disparar", {"objetivo": "Guardia", "a_cubierto": True}
    )
    assert "no usa `a_cubierto`" in refused.last.text()


async def test_disparar_with_the_first_punteria_weapon(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    bow = "/hielo ficha editar nombre:Yorgen arma:Arco daño:3 arma_habilidad:Puntería"
    await script.run(*MESA[:2], bow, *MESA[2:])
    dice.push(TIE)
    await script.run("@master", "/asalto")
    before = await roll_count(session, fake)
    dice.push([4, 3])  # Puntería 2 (not on the sheet): two dice, 7 against Defensa 6
    out = await script.run("@kaeda", "/disparar objetivo:Guardia")
    assert "Yorgen — Puntería 2: 2 + 0B → 4, 3; se queda 4, 3 = 7 contra 6" in out
    assert "Yorgen alcanza a Guardia con Arco: 3 × 1 grado" in out
    assert await roll_count(session, fake) == before + 1
