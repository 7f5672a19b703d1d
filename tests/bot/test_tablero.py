"""/mapa and /mover through real interactions: every subcommand, its refusals, the picture
attached to the answer, and /atacar and /disparar checked on the board."""

from __future__ import annotations

import io

from PIL import Image

from bot.console import FakeDiscord, SentMessage
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

OGRO = (
    "/bestiario añadir nombre:Ogro ataque:16 defensa:11 aguante:30 potencia:6 arma:Garrote "
    "tamaño:grande"
)
SETUP = (
    *GUARDIA,
    OGRO,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:tactico",
    '/encuentro enemigos nombre:"Ñu del puerto" cantidad:2',
    "/encuentro enemigos nombre:Ogro",
    "@kaeda",
    "/encuentro unirse",
)
G1 = "Ñu del puerto 1"
G2 = "Ñu del puerto 2"


def picture_of(message: SentMessage) -> Image.Image:
    """The board's PNG attached to the message, shown as the embed's image."""
    assert message.embeds[0]["image"]["url"] == "attachment://tablero.png"
    assert list(message.files) == ["tablero.png"]
    image = Image.open(io.BytesIO(message.files["tablero.png"]))
    assert image.format == "PNG"
    return image


async def tablero(script: Script, fake: FakeDiscord, *lines: str) -> None:
    await script.run(*SETUP, "@master", "/mapa crear ancho:12 alto:12", *lines)


async def test_only_in_tactico_and_only_with_a_tablero(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA, "@master", "/encuentro empezar modo:narrativo")
    narr = await fake.command("master", "mesa", "mapa crear", {"ancho": 12, "alto": 12})
    assert narr.first.content.startswith("El tablero es cosa del modo Táctico")
    assert "este encuentro es Narrativo" in narr.first.content
    mover = await fake.command("kaeda", "mesa", "mover", {"casilla": "C4"})
    assert mover.first.content.startswith("El tablero es cosa del modo Táctico")
    none = await fake.command("master", "taberna", "mapa ver")
    assert none.first.content == (
        "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
    )
    await script.run("@master", "#taberna", "/encuentro empezar modo:tactico")
    ver = await fake.command("kaeda", "taberna", "mapa ver")
    assert ver.first.content == (
        "Este encuentro aún no tiene tablero: el máster lo crea con /mapa crear."
    )


async def test_crear_is_for_the_gm_and_answers_with_the_picture(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*SETUP)
    player = await fake.command("kaeda", "mesa", "mapa crear", {"ancho": 12, "alto": 12})
    assert player.first.content.startswith("Solo el máster puede crear el tablero")
    made = await fake.command("master", "mesa", "mapa crear", {"ancho": 12, "alto": 12})
    assert made.first.title == "Tablero"
    assert "Tablero de 12×12 casillas (1,5 m cada una)." in made.first.text()
    assert "[archivo adjunto: tablero.png" in made.first.text()
    assert picture_of(made.first).size[0] > 12 * 28
    assert "Fuera del tablero: Ñu del puerto 1, Ñu del puerto 2, Ogro, Íñigo." in (
        made.first.text()
    )
    resized = await fake.command("master", "mesa", "mapa crear", {"ancho": 16, "alto": 10})
    assert "El tablero pasa de 12×12 a 16×10 casillas." in resized.first.text()
    ver = await fake.command("kaeda", "mesa", "mapa ver")
    assert ver.first.title == "Tablero" and "Tablero 16×10." in ver.first.text()
    picture_of(ver.first)


async def test_muro_and_cobertura_draw_and_erase(script: Script, fake: FakeDiscord) -> None:
    await tablero(script, fake)
    walls = await fake.command("master", "mesa", "mapa muro", {"casillas": "F1:F3"})
    assert "Muros en F1, F2, F3." in walls.first.text()
    picture_of(walls.first)
    erased = await fake.command("master", "mesa", "mapa muro", {"casillas": "F2", "quitar": True})
    assert "Muro quitado de F2." in erased.first.text()
    cover = await fake.command("master", "mesa", "mapa cobertura", {"casillas": "D8, E8"})
    assert "Cobertura en D8, E8." in cover.first.text()
    player = await fake.command("kaeda", "mesa", "mapa cobertura", {"casillas": "A1"})
    assert player.first.content.startswith("Solo el máster puede dibujar el tablero")
    outside = await fake.command("master", "mesa", "mapa muro", {"casillas": "M1"})
    assert outside.first.content == "M1 está fuera del tablero (12×12)."
    nonsense = await fake.command("master", "mesa", "mapa muro", {"casillas": "muro"})
    assert "«muro» no es una casilla" in nonsense.first.content


async def test_colocar_and_quitar(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    await tablero(script, fake, "/mapa muro casillas:F1:F5")
    placed = await fake.command(
        "master", "mesa", "mapa colocar", {"combatiente": G1, "casilla": "D3"}
    )
    assert "Ñu del puerto 1 entra en el tablero en D3." in placed.first.text()
    own = await fake.command(
        "kaeda", "mesa", "mapa colocar", {"combatiente": "Íñigo", "casilla": "C3"}
    )
    assert "Íñigo entra en el tablero en C3." in own.first.text()
    picture_of(own.first)
    other = await fake.command(
        "kaeda", "mesa", "mapa colocar", {"combatiente": G2, "casilla": "A1"}
    )
    assert other.first.content.startswith("No puedes actuar con Ñu del puerto 2")
    wall = await fake.command(
        "master", "mesa", "mapa colocar", {"combatiente": "Ogro", "casilla": "E1"}
    )
    assert wall.first.content.startswith("Ogro no puede ir a E1")
    taken = await fake.command(
        "master", "mesa", "mapa colocar", {"combatiente": G2, "casilla": "D3"}
    )
    assert "D3 ya la ocupa Ñu del puerto 1" in taken.first.content
    dice.push([12, 1])
    await script.run("@kaeda", f'/atacar objetivo:"{G1}"')
    late = await fake.command(
        "kaeda", "mesa", "mapa colocar", {"combatiente": "Íñigo", "casilla": "B3"}
    )
    assert late.first.content.startswith("Una vez empezado el combate solo el máster coloca")
    gm = await fake.command(
        "master", "mesa", "mapa colocar", {"combatiente": "Íñigo", "casilla": "B3"}
    )
    assert "Íñigo pasa de C3 a B3 (a mano)." in gm.first.text()
    quitar = await fake.command("kaeda", "mesa", "mapa quitar", {"combatiente": G1})
    assert quitar.first.content.startswith("Solo el máster puede quitar figuras")
    gone = await fake.command("master", "mesa", "mapa quitar", {"combatiente": G1})
    assert "Ñu del puerto 1 sale del tablero." in gone.first.text()
    assert "Fuera del tablero: Ñu del puerto 1" in gone.first.text()


async def test_mover_walks_spends_and_offers_respuestas(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await tablero(
        script,
        fake,
        f'/mapa colocar combatiente:"{G1}" casilla:D3',
        "/mapa colocar combatiente:Íñigo casilla:C3",
        f'/mapa colocar combatiente:"{G2}" casilla:J10',
    )
    other = await fake.command("kaeda", "mesa", "mover", {"casilla": "A1", "personaje": G2})
    assert other.first.content.startswith("No puedes actuar con Ñu del puerto 2")
    walked = await fake.command("kaeda", "mesa", "mover", {"casilla": "A3"})
    text = walked.first.text()
    assert walked.first.title == "Movimiento"
    assert "Íñigo va de C3 a A3: 2 casillas; le quedan 10 este asalto." in text
    assert "Íñigo: Sale del alcance de Ñu del puerto 1 desde C3" in text
    assert (
        '→ Ñu del puerto 1 puede responder: /respuesta tipo:oportunidad objetivo:"Íñigo" '
        'personaje:"Ñu del puerto 1"' in text
    )
    picture_of(walked.first)
    assert any(e.kind == "edit" for e in walked.events)  # the tracker
    dice.push([9, 2, 5])
    taken = await fake.command(
        "master",
        "mesa",
        "respuesta",
        {"tipo": "oportunidad", "objetivo": "Íñigo", "personaje": G1},
    )
    assert "Ñu del puerto 1 usa su respuesta: tirada de oportunidad contra Íñigo." in (
        taken.first.text()
    )
    second = await fake.command("kaeda", "mesa", "mover", {"casilla": "A9"})
    assert "le quedan 4 este asalto" in second.first.text()
    assert "cambia su acción por un segundo movimiento" in second.first.text()
    far = await fake.command("kaeda", "mesa", "mover", {"casilla": "L12"})
    assert far.first.content == "De A9 a L12 hay 11 casillas de camino; a Íñigo le quedan 4."
    spent = await fake.command("kaeda", "mesa", "mover")
    assert "ya se ha movido y no le queda acción" in spent.first.content
    early = await fake.command("master", "mesa", "mover", {"casilla": "I10", "personaje": G2})
    assert early.first.content.startswith(
        "Es la fase de los jugadores: Ñu del puerto 2 actúa en la de los enemigos"
    )
    await script.run("@master", "/asalto")
    gm = await fake.command("master", "mesa", "mover", {"casilla": "I10", "personaje": G2})
    assert "Ñu del puerto 2 va de J10 a I10" in gm.first.text()


async def test_mover_without_a_square_spends_a_movimiento(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*SETUP)
    moved = await fake.command("kaeda", "mesa", "mover")
    assert "Íñigo se mueve." in moved.first.text()
    assert moved.first.files == {}


async def test_area_lists_who_is_inside(script: Script, fake: FakeDiscord) -> None:
    await tablero(
        script,
        fake,
        f'/mapa colocar combatiente:"{G1}" casilla:D3',
        "/mapa colocar combatiente:Íñigo casilla:C3",
    )
    area = await fake.command("kaeda", "mesa", "mapa area", {"tamaño": 3, "casilla": "C4"})
    assert area.first.title == "Ámbito"
    assert "Ámbito 3×3 en C4 (B3–D5): dentro: Ñu del puerto 1, Íñigo." in area.first.text()
    picture_of(area.first)
    empty = await fake.command("kaeda", "mesa", "mapa area", {"tamaño": 1, "casilla": "L12"})
    assert "no hay nadie dentro" in empty.first.text()


async def test_barrido_is_for_the_gm_and_rolls_one_blow(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await tablero(
        script,
        fake,
        "/mapa colocar combatiente:Ogro casilla:F5",
        "/mapa colocar combatiente:Íñigo casilla:E5",
        f'/mapa colocar combatiente:"{G1}" casilla:E6',
        "/asalto",
    )
    player = await fake.command(
        "kaeda", "mesa", "mapa barrido", {"atacante": "Ogro", "casillas": "E5:E6"}
    )
    assert player.first.content.startswith("Solo el máster puede barrer con una criatura")
    small = await fake.command(
        "master", "mesa", "mapa barrido", {"atacante": G1, "casillas": "D6 D7"}
    )
    assert "solo barren las criaturas Grandes" in small.first.content
    dice.push([10, 3])  # the ogre's die; the guard defends; Íñigo's die waits (her button)
    swept = await fake.command(
        "master", "mesa", "mapa barrido", {"atacante": "Ogro", "casillas": "E5:E6"}
    )
    text = swept.first.text()
    assert swept.first.title == "Barrido"
    assert "Ogro (Grande) barre E5, E6: se defienden Íñigo, Ñu del puerto 1." in text
    assert "Íñigo debe defenderse" in text
    assert "Aguante de Ñu del puerto 1: 14 →" in text
    picture_of(swept.first)


async def test_atacar_and_disparar_are_checked_on_the_tablero(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await tablero(
        script,
        fake,
        f'/mapa colocar combatiente:"{G1}" casilla:H3',
        "/mapa colocar combatiente:Íñigo casilla:C3",
    )
    far = await fake.command("kaeda", "mesa", "atacar", {"objetivo": G1})
    assert "Ñu del puerto 1 está a 5 casillas de Íñigo; su arma llega a 1." in (far.first.content)
    shot = await fake.command("kaeda", "mesa", "disparar", {"objetivo": G1})
    assert "no dispara ni es Arrojadiza" in shot.first.content
    await script.run("@master", f'/mapa colocar combatiente:"{G1}" casilla:D3')
    dice.push([8, 3])
    hit = await fake.command("kaeda", "mesa", "atacar", {"objetivo": G1})
    assert "Íñigo" in hit.first.text()


async def test_an_enemy_walking_away_offers_the_player_a_respuesta(
    script: Script, fake: FakeDiscord
) -> None:
    await tablero(
        script,
        fake,
        f'/mapa colocar combatiente:"{G1}" casilla:D3',
        "/mapa colocar combatiente:Íñigo casilla:C3",
        "/asalto",
    )
    walked = await fake.command("master", "mesa", "mover", {"casilla": "H3", "personaje": G1})
    kaeda = fake.user_id("kaeda")
    assert walked.first.content == (
        f"<@{kaeda}>, Íñigo tiene una respuesta: /respuesta oportunidad."
    )
    assert "Ñu del puerto 1: Sale del alcance de Íñigo desde D3" in walked.first.text()


async def test_interponerse_needs_the_ward_in_reach(script: Script, fake: FakeDiscord) -> None:
    await tablero(
        script,
        fake,
        "@bran",
        "/ficha crear nombre:Bran vigor:2 destreza:3 percepcion:2 voluntad:2 proteccion:2",
        "/ficha arma nombre:Espada clase:mano",
        "/encuentro unirse",
        "@master",
        "/mapa colocar combatiente:Íñigo casilla:B2",
        "/mapa colocar combatiente:Bran casilla:E2",
    )
    far = await fake.command(
        "bran", "mesa", "maniobra", {"tipo": "interponerse", "objetivo": "Íñigo"}
    )
    assert far.last.ephemeral and far.last.content == (
        "Íñigo está a 3 casillas de Bran: para interponerse ha de tenerlo a su alcance cuerpo "
        "a cuerpo (1 casilla)."
    )
    await script.run("@master", "/mapa colocar combatiente:Bran casilla:C3")
    near = await fake.command(
        "bran", "mesa", "maniobra", {"tipo": "interponerse", "objetivo": "Íñigo"}
    )
    assert "Bran se interpone delante de Íñigo este asalto." in near.first.text()


async def test_the_picture_has_a_spanish_description_of_who_stands_where(
    script: Script, fake: FakeDiscord
) -> None:
    await tablero(
        script,
        fake,
        f'/mapa colocar combatiente:"{G1}" casilla:D3',
        "/mapa colocar combatiente:Íñigo casilla:C3",
        f'/estado poner objetivo:"{G1}" estado:aturdido',
    )
    ver = await fake.command("kaeda", "mesa", "mapa ver")
    picture_of(ver.first)
    (attachment,) = ver.first.payload["attachments"]
    assert attachment["description"] == (
        "Tablero de 12×12 casillas. "
        "Ñu del puerto 1 en D3: enemigo · Aguante 14/14 · Aturdido. "
        "Íñigo en C3: PJ · Aguante 16/16. "
        "Fuera del tablero: Ñu del puerto 2, Ogro."
    )
