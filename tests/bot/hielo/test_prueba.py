"""/hielo prueba: the seed's three Yorgen examples with its dice and numbers, and tests with
the penalties a combatant carries, destiny points, armour, refusals."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

from .lines import MESA, TENDERA, TIE, YORGEN, doc, roll_count


async def test_yorgen_climbs_the_wall_and_fails(script: Script, dice: ForcedDice) -> None:
    """«Yorgen tiene Brío 3, por lo que tira tres dados. Saca 4, 1 y 2. La suma es 7»."""
    await script.run("@kaeda", YORGEN)
    dice.push([4, 1, 2])
    out = await script.run("/hielo prueba habilidad:Brío dificultad:9")
    assert "Yorgen — Brío 3: 3 + 0B → 4, 1, 2; se queda 4, 2, 1 = 7 contra 9: falla por 2." in out


async def test_yorgen_climbs_with_trepar_and_keeps_the_three_highest(
    script: Script, dice: ForcedDice
) -> None:
    """«tira cinco dados. Saca 4, 1, 2, 6 y 4 … los tres dados mayores … 6, 4, 4. Suma 14»."""
    await script.run("@kaeda", YORGEN)
    dice.push([4, 1, 2, 6, 4])
    out = await script.run("/hielo prueba habilidad:Brío especialidad:Trepar dificultad:9")
    assert (
        "Yorgen — Brío 3 (Trepar): 3 + 2B → 4, 1, 2, 6, 4; se queda 6, 4, 4 = 14 contra 9: "
        "supera por 5, 2 grados." in out
    )


async def test_yorgen_steals_the_cheese_against_the_tenderas_passive_percepcion(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """«La tendera tiene Percepción 3 y 1B en Observación … 13 (3x4+1)»; «Saca 6, 1, 3, 2 y
    se queda con los cuatro valores más altos: 6, 3, 2, para sumar un total de 11» — the
    seed's slip: Picaresca 3 keeps three dice, as its own sum of 11 shows."""
    await script.run("@master", TENDERA, "@kaeda", YORGEN)
    dice.push([6, 1, 3, 2])
    out = await script.run(
        '/hielo prueba habilidad:Picaresca especialidad:"Juegos de manos" contra:Tendera'
    )
    assert (
        "Yorgen — Picaresca 3 (Juegos de manos): 3 + 1B → 6, 1, 3, 2; se queda 6, 3, 2 = 11 "
        "contra 13: falla por 2." in out
    )
    history = await fake.command("kaeda", "mesa", "historial")
    assert (
        "/hielo prueba · Yorgen → Tendera · dados [6, 1, 3, 2] · = 11 · falla contra 13 por 2"
        in history.first.text()
    )


async def test_options_of_a_test_out_of_combat(script: Script, dice: ForcedDice) -> None:
    await script.run("@kaeda", YORGEN)
    dice.push([3, 3, 3, 5])
    out = await script.run(
        "/hielo prueba habilidad:Agilidad dificultad:9 armadura:true modificador:2 "
        "destino:recibir_b"
    )
    # Agilidad 3 and the destiny point's +1B: 5, 3, 3 = 11 + 2 − 1 = 12
    assert (
        "Agilidad 3: 3 + 1B → 3, 3, 3, 5; se queda 5, 3, 3 = 11 +2 (Modificador) −1 "
        "(Penalización de armadura) = 12 contra 9: supera por 3, 1 grado. Destino: +1B."
    ) in out
    dice.push([2, 2])
    out = await script.run("/hielo prueba habilidad:Cocina dificultad:3")
    assert "Cocina 2: 2 + 0B → 2, 2; se queda 2, 2 = 4 contra 3: supera por 1, 1 grado." in out


async def test_refusals_of_a_test_change_nothing(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run("@master", TENDERA, "@kaeda", YORGEN)
    logged = await roll_count(session, fake)
    said = {
        (
            "/hielo prueba habilidad:Brío dificultad:9 contra:Tendera"
        ): "O una dificultad o contra otro personaje, no las dos.",
        "/hielo prueba habilidad:Brío contra_habilidad:Percepción": "Di contra quién (contra)",
        "/hielo prueba habilidad:Brío contra:Nadie": "No hay nadie llamado «Nadie»",
        (
            "/hielo prueba habilidad:Brío destino:eliminar_menos_d dificultad:9"
        ): "No hay ninguna penalización de −1D que eliminar en esta tirada.",
    }
    for line, refusal in said.items():
        out = await script.run(line)
        assert refusal in out, out
    out = await script.run("@bran", "/hielo prueba habilidad:Brío")
    assert "no tienes ninguna ficha" in out
    out = await script.run("/hielo prueba habilidad:Brío personaje:Yorgen")
    assert "no es tuya" in out
    assert await roll_count(session, fake) == logged


async def test_a_combatants_test_carries_its_wounds_and_fatigue(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto", "@kaeda", "/hielo turno que:pasar")
    dice.push([5, 5, 3])
    await script.run("@master", "/atacar objetivo:Yorgen")
    await script.run("@kaeda", "/hielo daño grave:true")
    await script.run("@master", "/hielo turno que:pasar")
    dice.push([4, 4])
    out = await script.run("@kaeda", "/hielo prueba habilidad:Brío dificultad:9")
    # Brío 3 with one grave wound: two dice rolled and kept
    assert "Yorgen — Brío 3: 2 + 0B → 4, 4; se queda 4, 4 = 8 contra 9: falla por 1." in out
    dice.push([4, 4, 1])
    out = await script.run("/hielo prueba habilidad:Brío dificultad:9 destino:eliminar_menos_d")
    assert (
        "se queda 4, 4, 1 = 9 contra 9: supera por 0, 1 grado. Destino: se elimina 1 × −1D." in out
    )
    assert (await doc(session, fake)).combat.fighter("yorgen").destino == 0
    out = await script.run("/hielo prueba habilidad:Brío dificultad:9 destino:recibir_b")
    assert "no tiene puntos de destino suficientes" in out


async def test_destiny_points_spent_in_combat(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    dice.push(TIE)
    await script.run("@master", "/asalto")
    out = await script.run("@kaeda", "/hielo destino uso:imponer_menos_d objetivo:Guardia")
    assert "Yorgen gasta un punto de destino: Imponer -1D a un adversario (Guardia)." in out
    assert (await doc(session, fake)).combat.fighter("guardia").menos_d == 1
    out = await script.run("/hielo destino uso:accion_menor")
    assert "no tiene puntos de destino suficientes" in out
    out = await script.run(
        "@master", '/hielo destino uso:detalle personaje:Guardia detalle:"Llueve"'
    )
    assert (
        "Guardia gasta un punto de destino: Añadir un detalle menor a una escena — Llueve. El "
        "máster lo aplica en la mesa."
    ) in out
    out = await script.run("/hielo turno que:pasar")
    dice.push([6, 6])  # −1D: the guard's Combate 3 rolls two dice
    out = await script.run("/atacar objetivo:Yorgen")
    assert "Combate cuerpo a cuerpo 3: 2 + 0B → 6, 6" in out


async def test_a_test_in_a_channel_of_an_umbral_encounter_rolls_the_sheet(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run("@master", "/encuentro empezar", "@kaeda", YORGEN)
    logged = await roll_count(session, fake)
    dice.push([4, 1, 2])
    out = await script.run("/hielo prueba habilidad:Brío dificultad:9")
    assert "Yorgen — Brío 3: 3 + 0B → 4, 1, 2; se queda 4, 2, 1 = 7 contra 9: falla por 2." in out
    assert await roll_count(session, fake) == logged + 1


async def test_the_other_destiny_uses_in_combat(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*MESA, "@kaeda", "/hielo ficha editar nombre:Yorgen destino:3")
    await script.run(
        "@master", "/encuentro quitar combatiente:Yorgen", "@kaeda", "/encuentro unirse"
    )
    dice.push(TIE)
    await script.run("@master", "/asalto")
    out = await script.run("@kaeda", "/hielo destino uso:ignorar_armadura")
    assert "Yorgen gasta un punto de destino: Ignorar la penalización por armadura" in out
    assert "Defensa 9" in out  # 8 with the armour's penalty of 1 ignored this asalto
    out = await script.run("/hielo destino uso:accion_menor")
    assert "Realizar una acción menor adicional." in out
    assert (await doc(session, fake)).combat.fighter("yorgen").menores == 3
    # Combate cuerpo a cuerpo 4 has no bonus dice: converting one is refused, nothing spent
    out = await script.run("/atacar objetivo:Guardia destino:convertir_b")
    assert "No hay dados de bonificación que convertir en dados de habilidad." in out
    dice.push([6, 6, 1, 1, 1])  # Agilidad 3 + Rapidez 1B, the B made a test die: four kept
    out = await script.run(
        "/hielo prueba habilidad:Agilidad especialidad:Rapidez destino:convertir_b"
    )
    assert "Agilidad 3 (Rapidez): 4 + 0B → 6, 6, 1, 1; se queda 6, 6, 1, 1 = 14" in out
    assert "Destino: 1B pasa a dado de habilidad." in out
    assert (await doc(session, fake)).combat.fighter("yorgen").destino == 0
