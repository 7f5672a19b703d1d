"""Issue 34 through the slash commands, with forced dice and numbers of our own: Certera, a
shot after moving, a Mesa enemy's shot against the player's cover and size, a check against
a person, bandaging, the guild's secuelas table and estados, the clean Despegarse, the
ambush, the Malherido clock, and the two display fixes. Each in every mode where it applies.

The cast: Ana (Destreza 3, protección 1: Mesa Defensa roll 1d12 + 4, static Defensa 13;
Percepción 2; a Certera short bow and a dagger) and Bran (Vigor 3, Destreza 1, protección 2,
Percepción 3, Oficio luchador 3, an axe); an archer (Ataque 14, Defensa 11, Aguante 10,
Potencia 4, Certera) and a wolf (Ataque 11, Defensa 10, Aguante 8, Potencia 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import FakeDiscord, Session
from bot.console.payloads import GUILD_ID
from tests.bot.conftest import Script
from umbral_rules import ForcedDice

CAST = [
    "@master",
    "/bestiario añadir nombre:Arquero ataque:14 defensa:11 aguante:10 potencia:4 arma:Arco "
    "cualidades:certera",
    "/bestiario añadir nombre:Lobo ataque:11 defensa:10 aguante:8 potencia:2 arma:Dientes",
    "@ana",
    "/ficha crear nombre:Ana vigor:2 destreza:3 percepcion:2 voluntad:1 proteccion:1 "
    "genero:femenino",
    '/ficha arma nombre:"Arco corto" clase:arco cualidades:certera',
    "/ficha arma nombre:Daga clase:daga",
    "/ficha oficio nombre:cazadora valor:2",
    "@bran",
    "/ficha crear nombre:Bran vigor:3 destreza:1 percepcion:3 voluntad:2 proteccion:2",
    "/ficha arma nombre:Hacha clase:mano",
    "/ficha oficio nombre:luchador valor:3",
]


def fight(mode: str, *enemies: str) -> list[str]:
    """The cast in an encounter of ``mode`` with these enemies, Ana and Bran joined."""
    return [
        *CAST,
        "@master",
        f"/encuentro empezar modo:{mode}",
        *(f"/encuentro enemigos nombre:{e}" for e in enemies),
        "@ana",
        "/encuentro unirse",
        "@bran",
        "/encuentro unirse",
    ]


def shoot(fake: FakeDiscord, user: str, options: dict[str, object]):  # type: ignore[no-untyped-def]
    return fake.command(user, "mesa", "disparar", options)


# --- 1. Certera ---------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
async def test_certera_rolls_with_ventaja_at_a_still_target(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    await script.run(*fight(mode, "Lobo"))
    # 3 and 9 with ventaja: 9 + Destreza 3 + cazadora 2 = 14 against the wolf's Defensa 10
    dice.push([3, 9])
    shot = await shoot(fake, "ana", {"objetivo": "Lobo", "oficio": "cazadora"})
    roll = shot.first.field("Tirada de Ana")
    assert roll == (
        "2d12 con ventaja (Certera (blanco quieto)): 3 y [9], se queda el 9 · "
        "9 + Destreza 3 + Oficio cazadora 2 = **14**"
    )
    assert shot.first.field("Margen") == "+4 (bandas de 4)"
    assert shot.first.field("Aguante de Lobo") == "8 → 1/8"  # pleno: Potencia 4 + 3
    assert dice.remaining == ()


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
async def test_certera_against_a_target_said_to_move_or_that_moved(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    await script.run(*fight(mode, "Lobo"))
    dice.push([2])  # the player says the wolf runs: one die (5 against 10, Fracaso)
    running = await shoot(fake, "ana", {"objetivo": "Lobo", "quieto": False})
    assert running.first.field("Tirada de Ana").startswith("d12: 2 · ")
    # the wolf runs in its phase; in the next asalto it is still moving ([D] its side's turn)
    await script.run("@master", "/asalto", "/mover personaje:Lobo", "/asalto")
    dice.push([3])
    moved = await shoot(fake, "ana", {"objetivo": "Lobo"})
    assert moved.first.field("Tirada de Ana").startswith("d12: 3 · ")
    # an asalto later it stood: ventaja again
    await script.run("@master", "/asalto", "/asalto")
    dice.push([2, 6])
    still = await shoot(fake, "ana", {"objetivo": "Lobo", "arma": "Arco corto"})
    assert still.first.field("Tirada de Ana").startswith("2d12 con ventaja")
    assert still.first.field("Aguante de Lobo") == "8 → 7/8"  # 6 + 3 against 10: A medias
    assert dice.remaining == ()


async def test_certera_enemy_in_mesa_is_the_player_s_desventaja(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*fight("mesa", "Arquero"), "@master", "/asalto")
    await shoot(fake, "master", {"objetivo": "Ana", "atacante": "Arquero"})
    # Ana defends with desventaja: 10 and 5, keeps 5: 5 + 3 + 1 = 9 against 14: −5, Fracaso
    dice.push([10, 5])
    defended = await fake.command("ana", "mesa", "defender")
    roll = defended.first.field("Defensa de Ana")
    assert roll.startswith("2d12 con desventaja (Ventaja de Arquero): 10 y [5], se queda el 5")
    assert defended.first.field("Margen") == "−5 (bandas de 4)"
    assert defended.first.field("Aguante de Ana") == "14 → 10/14"
    assert dice.remaining == ()


async def test_certera_enemy_in_narrativo_rolls_with_ventaja_unless_it_moved(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*fight("narrativo", "Arquero"), "@master", "/asalto")
    # the GM rolls for the archer: 3 and 9, keeps 9: 9 + (14 − 12) = 11 against Ana's 13
    dice.push([3, 9])
    shot = await shoot(fake, "master", {"objetivo": "Ana", "atacante": "Arquero"})
    assert shot.first.field("Tirada de Arquero") == (
        "2d12 con ventaja (Certera (blanco quieto)): 3 y [9], se queda el 9 · "
        "9 + (Ataque 14 − 12 = +2) = **11**"
    )
    assert shot.first.field("Aguante de Ana") == "14 → 13/14"  # −2, A medias: 1
    # next asalto the archer walks, then shoots at Ana, who stood: the two cancel, one die
    await script.run("@master", "/asalto", "/asalto", "/mover personaje:Arquero")
    dice.push([12])
    moved = await shoot(fake, "master", {"objetivo": "Ana", "atacante": "Arquero"})
    roll = moved.first.field("Tirada de Arquero")
    assert roll.startswith("d12: 12 (ventaja y desventaja se anulan: "), roll
    assert dice.remaining == ()


async def test_certera_on_the_tablero_and_quieto_refused_there(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *fight("tactico", "Lobo"),
        "@master",
        "/mapa crear ancho:12 alto:12",
        "/mapa colocar combatiente:Ana casilla:A1",
        "/mapa colocar combatiente:Lobo casilla:A10",
    )
    refused = await shoot(fake, "ana", {"objetivo": "Lobo", "quieto": True})
    assert refused.first.ephemeral
    assert refused.first.content.startswith("En Táctico el tablero dice quién se ha movido")
    dice.push([4, 11])  # the wolf stood still on the board: ventaja
    shot = await shoot(fake, "ana", {"objetivo": "Lobo"})
    assert "2d12 con ventaja (Certera (blanco quieto)): 4 y [11]" in shot.first.field(
        "Tirada de Ana"
    )
    assert dice.remaining == ()


# --- 2. A shot after moving ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
async def test_a_shot_after_mover_has_desventaja(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    await script.run(*fight(mode, "Lobo"), "@ana", "/mover")
    # Certera (still wolf) and moved: one die, the two cancel
    dice.push([8])
    shot = await shoot(fake, "ana", {"objetivo": "Lobo"})
    assert shot.first.field("Tirada de Ana").startswith(
        "d12: 8 (ventaja y desventaja se anulan: Certera (blanco quieto) / Se ha movido en "
        "este asalto)"
    )
    await script.run("@bran", "/ficha arma nombre:Honda clase:arco", "/mover")
    # 11 and 4 with desventaja: 4 + Destreza 1 = 5 against 10: −5, Fracaso
    dice.push([11, 4])
    honda = await shoot(fake, "bran", {"objetivo": "Lobo", "arma": "Honda"})
    assert honda.first.field("Tirada de Bran") == (
        "2d12 con desventaja (Se ha movido en este asalto): 11 y [4], se queda el 4 · "
        "4 + Destreza 1 = **5**"
    )
    assert dice.remaining == ()


async def test_a_shot_after_walking_on_the_tablero_has_desventaja(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *fight("tactico", "Lobo"),
        "@master",
        "/mapa crear ancho:12 alto:12",
        "/mapa colocar combatiente:Bran casilla:A1",
        "/mapa colocar combatiente:Lobo casilla:L12",
        "@bran",
        "/ficha arma nombre:Honda clase:arco",
        "/mover casilla:C3",
    )
    dice.push([12, 3])
    honda = await shoot(fake, "bran", {"objetivo": "Lobo", "arma": "Honda"})
    assert "2d12 con desventaja (Se ha movido en este asalto): 12 y [3]" in honda.first.field(
        "Tirada de Bran"
    )
    assert dice.remaining == ()


# --- 3. Mesa: the enemy's shot against the player's cover and size -------------------------------


async def test_mesa_enemy_shot_counts_cover_and_size(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *fight("mesa", "Lobo"),
        "@master",
        "/bestiario añadir nombre:Ballestero ataque:14 defensa:11 aguante:10 potencia:5 "
        "arma:Ballesta",
        "/encuentro enemigos nombre:Ballestero",
        "/asalto",
    )
    await shoot(fake, "master", {"objetivo": "Ana", "atacante": "Ballestero", "a_cubierto": True})
    # Ana: 7 + Destreza 3 + Protección 1 = 11 against 14 − 3 (she is under cover) = 11: Éxito
    dice.push([7])
    covered = await fake.command("ana", "mesa", "defender")
    assert covered.first.field("Contra") == "Ataque 11 (Ataque 14 − Blanco a cubierto 3)"
    assert covered.first.field("Margen") == "0 (bandas de 4)"
    assert covered.first.field("Daño") == "0 (no entra)"
    # Bran grows Grande: the same shot at him is 14 + 3, and his 9 + 1 + 2 = 12 is a Fracaso
    await script.run("@master", "/asalto", "/asalto", "@bran", "/ficha editar tamaño:grande")
    await shoot(fake, "master", {"objetivo": "Bran", "atacante": "Ballestero"})
    dice.push([9])
    big = await fake.command("bran", "mesa", "defender")
    assert big.first.field("Contra") == "Ataque 17 (Ataque 14 + Blanco Grande 3)"
    assert big.first.field("Margen") == "−5 (bandas de 4)"
    assert big.first.field("Daño") == "5 (Potencia 5)"
    # the same shots in Narrativo: against their static Defensa, both counted as before
    assert dice.remaining == ()


# --- 4. A check against a person, and any Umbral from 1 to 40 ------------------------------------


async def test_any_umbral_and_a_check_against_a_character_out_of_combat(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session
) -> None:
    await script.run(*CAST)
    dice.push([11])
    thirteen = await fake.command("ana", "taberna", "tirada", {"atributo": "vigor", "umbral": 13})
    assert thirteen.first.field("Contra") == "Umbral 13"
    assert thirteen.first.field("Margen") == "0 (bandas de 4)"
    assert thirteen.first.field("Grado") == "Éxito"
    # a race: Bran pushes with 8 + Vigor 3 = 11; Ana resists, 9 + Vigor 2 = 11: hers, a tie
    dice.push([9])
    race = await fake.command(
        "ana", "taberna", "tirada", {"atributo": "vigor", "contra": "Bran", "motivo": "carrera"}
    )
    assert race.first.title == "Ana: Vigor: resiste a Bran"
    assert race.first.field("Contra") == "Empuje de Bran 11 (Base 8 + Vigor 3)"
    assert (race.first.field("Margen"), race.first.field("Grado")) == ("0 (bandas de 4)", "Éxito")
    # he grapples: 8 + Vigor 3 + luchador 3 = 14; Ana 10 + 2 = 12: −2, A medias
    dice.push([10])
    grapple = await fake.command(
        "ana", "taberna", "tirada",
        {"atributo": "vigor", "contra": "Bran", "oficio_contra": "luchador"},
    )  # fmt: skip
    assert (
        grapple.first.field("Contra") == "Empuje de Bran 14 (Base 8 + Vigor 3 + Oficio luchador 3)"
    )
    assert grapple.first.field("Grado") == "A medias"
    async with session.storage.guild(GUILD_ID) as uow:
        logged = await uow.rolls.entries(limit=2)
    assert [(e.actor, e.target, e.motivo) for e in logged] == [
        ("Ana", "Bran", None),
        ("Ana", "Bran", "carrera"),
    ]
    assert dice.remaining == ()


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
async def test_a_check_against_an_enemy_in_every_mode(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    await script.run(*fight(mode, "Lobo"))
    # the wolf pushes (pins her down) with its Ataque 11: Ana 9 + Vigor 2 = 11, a tie: hers
    dice.push([9])
    pinned = await fake.command("ana", "mesa", "tirada", {"atributo": "vigor", "contra": "Lobo"})
    assert pinned.first.field("Contra") == "Ataque de Lobo 11"
    assert pinned.first.field("Grado") == "Éxito"
    # Ana pushes (scares it off) and the wolf resists: [D] she rolls, and the tie is the wolf's
    dice.push([10])
    scare = await fake.command(
        "ana", "mesa", "tirada", {"atributo": "voluntad", "contra": "Lobo", "empujas": True}
    )
    assert scare.first.title == "Ana: Voluntad: empuja a Lobo, que resiste"
    assert scare.first.field("Contra") == (
        "Ataque de Lobo 12 (Ataque 11 + El empate es de quien aguanta 1)"
    )
    assert (scare.first.field("Margen"), scare.first.field("Grado")) == (
        "−1 (bandas de 4)",
        "A medias",
    )
    assert dice.remaining == ()


async def test_tirada_refusals(script: Script, fake: FakeDiscord) -> None:
    await script.run(*CAST)
    both = await fake.command(
        "ana", "taberna", "tirada", {"atributo": "vigor", "umbral": 9, "contra": "Bran"}
    )
    assert both.first.content.startswith("Di contra qué tiras: un Umbral")
    none = await fake.command("ana", "taberna", "tirada", {"atributo": "vigor"})
    assert none.first.content == both.first.content
    alone = await fake.command(
        "ana", "taberna", "tirada", {"atributo": "vigor", "umbral": 9, "empujas": True}
    )
    assert alone.first.content.startswith("«atributo_contra», «oficio_contra» y «empujas»")
    me = await fake.command("ana", "taberna", "tirada", {"atributo": "vigor", "contra": "Ana"})
    assert me.first.content == "Ana no puede tirar contra sí misma."
    pushing = await fake.command(
        "ana", "taberna", "tirada", {"atributo": "vigor", "contra": "Bran", "empujas": True}
    )
    assert pushing.first.content.startswith("«empujas» es para cuando resiste un enemigo")
    offered = await fake.autocomplete(
        "ana", "taberna", "tirada", {"atributo": "vigor", "umbral": ""}, "umbral"
    )
    assert [c["value"] for c in offered] == [6, 9, 12, 15, 18, 21]


# --- 5. Bandaging -------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
async def test_vendar_stops_the_bleeding_for_the_accion(
    script: Script, fake: FakeDiscord, mode: str
) -> None:
    await script.run(*fight(mode), "@master", "/estado poner objetivo:Ana estado:Sangrando")
    bandaged = await fake.command("bran", "mesa", "vendar", {"objetivo": "Ana"})
    assert "Bran venda a Ana: deja de estar Sangrando." in bandaged.first.text()
    assert "Bran gasta su acción." in bandaged.first.text()
    await script.run("@master", "/estado poner objetivo:Ana estado:Sangrando")
    herself = await fake.command("ana", "mesa", "vendar", {"objetivo": "Ana"})  # [D] oneself
    assert "Ana se venda: deja de estar Sangrando." in herself.first.text()
    again = await fake.command("bran", "mesa", "vendar", {"objetivo": "Ana"})
    assert again.first.ephemeral and "Ana no está Sangrando" in again.first.content
    moved = await script.run("@master", "/asalto", "/asalto")
    assert "sangra" not in moved  # nobody bleeds any more
    ver = await fake.command("ana", "mesa", "encuentro ver")
    assert "**Ana** — Aguante 14/14" in ver.last.text()


async def test_vendar_out_of_combat_and_recuperar_points_to_it(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(
        *CAST, "@master", '/ficha ajustar personaje:Ana estados:Sangrando motivo:"flecha"'
    )
    refused = await fake.command("ana", "taberna", "vendar", {"objetivo": "Bran"})
    assert refused.first.content == "Bran no está Sangrando: no hay nada que vendar."
    done = await fake.command("bran", "taberna", "vendar", {"objetivo": "Ana"})
    assert "Bran venda a Ana: deja de estar Sangrando." in done.first.text()
    async with session.storage.guild(GUILD_ID) as uow:
        ana = next(r for r in await uow.characters.list_all() if r.nombre == "Ana")
    assert list(ana.estados) == []
    await script.run(
        *fight("mesa")[len(CAST) :], "@master", "/estado poner objetivo:Ana estado:Sangrando"
    )
    how = await fake.command("ana", "mesa", "estado recuperar", {"estado": "Sangrando"})
    assert how.first.content == "Sangrando se quita vendando: alguien (o uno mismo) con /vendar."


# --- 8. A clean Despegarse leaves no free roll ---------------------------------------------------


@pytest.mark.parametrize(("mode", "faces"), [("narrativo", [4, 8]), ("mesa", [8])])
async def test_a_clean_despegarse_leaves_no_oportunidad(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str, faces: list[int]
) -> None:
    await script.run(*fight(mode, "Lobo"))
    # Narrativo: 4 + Destreza 3 = 7 against the wolf's 8 + (11 − 12) = 7: a tie, hers ([D]);
    # Mesa: 8 + 3 = 11 against its Ataque 11
    dice.push(faces)
    left = await fake.command("ana", "mesa", "maniobra", {"tipo": "despegarse", "objetivo": "Lobo"})
    assert "Ana se despega limpio de Lobo" in left.first.text()
    free = await fake.command(
        "master",
        "mesa",
        "respuesta",
        {"tipo": "oportunidad", "objetivo": "Ana", "personaje": "Lobo"},
    )
    assert free.first.ephemeral
    assert free.first.content == "Ana se despegó limpio de Lobo en este asalto: Lobo no tira."
    assert dice.remaining == ()


# --- 9. The ambush --------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
async def test_the_players_ambush_names_who_acts_first(
    script: Script, fake: FakeDiscord, mode: str
) -> None:
    await script.run(*CAST)
    start = await fake.command(
        "master", "mesa", "encuentro empezar", {"modo": mode, "emboscada": "jugadores"}
    )
    assert "Emboscan los jugadores: en el asalto 1, el personaje con más Percepción" in (
        start.first.text()
    )
    ana = await fake.command("ana", "mesa", "encuentro unirse")
    assert ana.first.field("Emboscada") == (
        "Los jugadores emboscan: Ana (Percepción 2) puede actuar antes que nadie."
    )
    bran = await fake.command("bran", "mesa", "encuentro unirse")
    assert bran.first.field("Emboscada") == (
        "Los jugadores emboscan: Bran (Percepción 3) puede actuar antes que nadie."
    )
    tracker = await fake.command("ana", "mesa", "encuentro ver")
    assert "Los jugadores emboscan: Bran (Percepción 3)" in tracker.last.text()
    await script.run("@master", "/asalto")
    later = await fake.command("ana", "mesa", "encuentro ver")
    assert "emboscan" not in later.last.text()


async def test_the_enemies_ambush_names_nobody(script: Script, fake: FakeDiscord) -> None:
    await script.run(*CAST)
    start = await fake.command(
        "master", "mesa", "encuentro empezar", {"modo": "narrativo", "emboscada": "enemigos"}
    )
    assert "Emboscan los enemigos: el asalto 1 empieza por su fase." in start.first.text()
    await script.run("@ana", "/encuentro unirse")
    tracker = await fake.command("ana", "mesa", "encuentro ver")
    assert "fase de los enemigos" in tracker.last.text() and "emboscan" not in tracker.last.text()


# --- 10. The Malherido clock ----------------------------------------------------------------------


async def ana_falls(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    """Mesa, asalto 1: the wolf's bite and Ana's natural 1 (a critical, 5) drop her from 4."""
    await script.run(
        *fight("mesa", "Lobo"),
        "@master",
        "/encuentro ajustar combatiente:Ana aguante:4",
        "/asalto",
        "/atacar objetivo:Ana atacante:Lobo",
    )
    dice.push([1])
    fell = await fake.command("ana", "mesa", "defender")
    assert "MALHERIDA" in fell.text()


async def test_the_gm_is_told_in_their_channel_after_n_asaltos(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run("@master", "/config canal_master:#trastienda aviso_malherido:2")
    await ana_falls(script, fake, dice)
    await script.run("@master", "/asalto", "/asalto")  # asalto 2: one asalto down
    assert not [m for m in fake.messages if m.channel == "trastienda"]
    third = await fake.command("master", "mesa", "asalto")  # asalto 3: two, the GM is told
    told = [m for m in fake.messages if m.channel == "trastienda"]
    assert len(told) == 1
    assert told[0].title == "Malherido sin estabilizar"
    assert "Ana lleva 2 asaltos Malherida y nadie la ha estabilizado" in told[0].text()
    here = "".join(m.text() for m in third.messages if m.channel == "mesa")
    assert "Asalto 3" in here and "estabilizado" not in here  # not in the players' channel
    await script.run("@master", "/asalto", "/asalto")
    assert len([m for m in fake.messages if m.channel == "trastienda"]) == 1  # once


async def test_without_a_gm_channel_the_notice_is_in_the_play_channel(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await ana_falls(script, fake, dice)
    texts = [(await fake.command("master", "mesa", "asalto")).text() for _ in range(6)]
    told = [i for i, t in enumerate(texts) if "Ana lleva 3 asaltos Malherida" in t]
    assert told == [4]  # asalto 4's: [D] three asaltos by default


async def test_a_stabilised_pc_raises_no_notice(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await ana_falls(script, fake, dice)
    await script.run("@master", "/asalto")
    dice.push([11])  # 11 + Percepción 3 = 14 against Peliaguda 12
    cure = await fake.command("bran", "mesa", "estabilizar", {"objetivo": "Ana"})
    assert "Bran estabiliza a Ana" in cure.text()
    texts = [(await fake.command("master", "mesa", "asalto")).text() for _ in range(8)]
    assert not [t for t in texts if "lleva" in t]


# --- 11. Display, and /defender's cobertura -------------------------------------------------------


async def test_aliento_subir_on_a_narrativo_defense_names_the_attacker(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *CAST,
        "@ana",
        "/ficha editar aliento_max:2",
        *fight("narrativo", "Lobo")[len(CAST) :],
        "@master",
        "/asalto",
    )
    dice.push([9])  # the wolf: 9 − 1 = 8
    await fake.command("master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Lobo"})
    dice.push([2])  # Ana 2 + 3 + 1 = 6: margen +2 for the wolf, Éxito, 2
    await fake.command("ana", "mesa", "defender")
    up = await fake.command("ana", "mesa", "aliento", {"uso": "subir"})
    assert up.first.field("Tirada de Lobo").startswith("d12: 9 · ")
    assert "p1" not in up.text()
    assert "Ana se defiende de Lobo" in up.text()


async def test_reto_tirar_without_an_encounter_posts_no_tracker(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *CAST, "@master", "#biblioteca", "/reto crear nombre:Archivo umbral:9 exitos:2"
    )
    dice.push([8])
    rolled = await fake.command("ana", "biblioteca", "reto tirar", {"atributo": "voluntad"})
    assert "Encuentro en" not in rolled.text()
    assert not [m for m in fake.messages if m.title.startswith("Encuentro en")]


async def test_defender_keeps_the_cobertura_chosen_at_joining(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *CAST,
        "@master",
        "/encuentro empezar modo:narrativo",
        "/encuentro enemigos nombre:Lobo",
        "@bran",
        "/encuentro unirse oficio_defensa:luchador cobertura_defensa:mitad",
        "@master",
        "/asalto",
    )
    dice.push([6])
    await fake.command("master", "mesa", "atacar", {"objetivo": "Bran", "atacante": "Lobo"})
    dice.push([5])  # 5 + Destreza 1 + Protección 2 + luchador (mitad) 1 = 9
    half = await fake.command("bran", "mesa", "defender")
    assert half.first.field("Defensa de Bran") == (
        "d12: 5 · 5 + Destreza 1 + Protección 2 + Oficio luchador (mitad) 1 = **9**"
    )
    await script.run("@master", "/asalto", "/asalto")
    dice.push([6])
    await fake.command("master", "mesa", "atacar", {"objetivo": "Bran", "atacante": "Lobo"})
    dice.push([5])  # an option given on /defender wins: nothing
    none = await fake.command("bran", "mesa", "defender", {"cobertura": "nada"})
    assert none.first.field("Defensa de Bran") == "d12: 5 · 5 + Destreza 1 + Protección 2 = **8**"
    assert dice.remaining == ()


# --- 6. The guild's secuelas table ----------------------------------------------------------

SECUELAS_YAML = """secuelas:
  - nombre: Cicatriz fea
    resultado: 2-4
    efecto: Se nota de lejos.
  - nombre: Dedo de menos
    resultado: 5
  - nombre: Cojera
    resultado: 6-9
    efecto: Un movimiento menos hasta descansar.
  - nombre: Susto
    resultado: 10-16
"""


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
async def test_the_secuelas_table_names_the_entry(
    script: Script, fake: FakeDiscord, dice: ForcedDice, tmp_path: Path, mode: str
) -> None:
    await script.run(*fight(mode, "Lobo"), "@master", "/asalto")  # the fight began before it
    table = tmp_path / "secuelas.yaml"
    table.write_text(SECUELAS_YAML, encoding="utf-8")
    player = await fake.command("ana", "mesa", "tabla secuelas importar", {"archivo": f"@{table}"})
    assert player.first.content.startswith("Solo el máster puede cambiar las tablas del servidor")
    loaded = await fake.command(
        "master", "mesa", "tabla secuelas importar", {"archivo": f"@{table}"}
    )
    assert "**2-4** — Cicatriz fea — Se nota de lejos." in loaded.first.text()
    assert "**10-16** — Susto" in loaded.first.text()
    await script.run("@master", "/encuentro ajustar combatiente:Ana aguante:1")
    dice.push([] if mode == "mesa" else [12])  # the wolf's die waits for Ana's
    await fake.command("master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Lobo"})
    dice.push([1])
    fell = await fake.command("ana", "mesa", "defender")
    assert "MALHERIDA" in fell.text()
    dice.push([3])
    rolled = await fake.command("ana", "mesa", "secuelas")
    assert "Ana tira secuelas: 3 = 3. Cicatriz fea — Se nota de lejos." in rolled.text()
    assert dice.remaining == ()


async def test_the_secuelas_file_refused_line_by_line_and_reset(
    script: Script, fake: FakeDiscord, tmp_path: Path
) -> None:
    await script.run(*CAST)
    good = tmp_path / "buena.json"
    good.write_text(
        '{"secuelas": [{"nombre": "Cojera", "resultado": "2-10"},'
        ' {"nombre": "Nada grave", "resultado": 11}]}',
        encoding="utf-8",
    )
    await fake.command("master", "mesa", "tabla secuelas importar", {"archivo": f"@{good}"})
    bad = tmp_path / "mala.csv"
    bad.write_text("nombre;resultado;efecto\nCicatriz;1-3;\n", encoding="utf-8")
    refused = await fake.command(
        "master", "mesa", "tabla secuelas importar", {"archivo": f"@{bad}"}
    )
    assert refused.first.content == (
        "No se ha importado nada: entrada 1 («Cicatriz»), línea 2, campo «resultado»: los "
        "resultados van de 2 a 16 (el 1 es la muerte y no se cambia): «1-3»."
    )
    gap = tmp_path / "hueco.csv"
    gap.write_text("nombre,resultado\nCicatriz,2-3\nCojera,5-16\n", encoding="utf-8")
    hole = await fake.command("master", "mesa", "tabla secuelas importar", {"archivo": f"@{gap}"})
    assert hole.first.content == (
        "No se ha importado nada: faltan resultados: 4 (la tabla va del 2 al 16 sin huecos)."
    )
    seen = await fake.command("ana", "mesa", "tabla secuelas ver")
    assert "**2-10** — Cojera" in seen.first.text() and "**11** — Nada grave" in seen.first.text()
    reset = await fake.command("master", "mesa", "tabla secuelas restablecer")
    assert "«Secuela N de la tabla»" in reset.first.text()


# --- 7. The guild's estados, and only one «de la cabeza» at a time ---------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
async def test_guild_estados_and_the_head(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    await script.run(*fight(mode, "Lobo"))  # the fight began before the estados existed
    await script.run(
        "@master",
        '/tabla estados crear nombre:Aterrado desventaja:"ofensiva, social" cabeza:sí',
        "/tabla estados crear nombre:Embelesado desventaja:vista cabeza:sí",
        "/tabla estados crear nombre:Mojado desventaja:movimiento",
    )
    offered = await fake.autocomplete(
        "master", "mesa", "estado poner", {"objetivo": "Ana", "estado": ""}, "estado"
    )
    assert {"Aterrado", "Embelesado", "Mojado"} <= {c["value"] for c in offered}
    await script.run(
        "/estado poner objetivo:Ana estado:Aterrado", "/estado poner objetivo:Ana estado:Mojado"
    )
    head = await fake.command(
        "master", "mesa", "estado poner", {"objetivo": "Ana", "estado": "Embelesado"}
    )
    assert (
        "Ana deja de estar Aterrado: de la cabeza solo se lleva un estado a la vez." in head.text()
    )
    assert "Ana queda Embelesado." in head.text()
    ver = await fake.command("ana", "mesa", "encuentro ver")
    assert "estados: mojado, embelesado" in ver.last.text().lower()
    dice.push([6, 2])  # Embelesado: the shot's desventaja (a shot is never opposed)
    shot = await shoot(fake, "ana", {"objetivo": "Lobo", "quieto": False})
    assert "2d12 con desventaja (Embelesado (lo que depende de la vista)): 6 y [2]" in (
        shot.first.field("Tirada de Ana")
    )
    assert dice.remaining == ()
    listed = await fake.command("bran", "mesa", "tabla estados lista")
    assert "**Embelesado** — desventaja en lo que depende de la vista · de la cabeza" in (
        listed.first.text()
    )
    gone = await fake.command("master", "mesa", "tabla estados borrar", {"nombre": "Embelesado"})
    assert "Quien ya lo lleva en un encuentro lo sigue llevando." in gone.first.text()
    still = await fake.command(
        "master", "mesa", "estado quitar", {"objetivo": "Ana", "estado": "Embelesado"}
    )
    assert "Ana deja de estar Embelesado." in still.text()


async def test_guild_estados_refusals(script: Script, fake: FakeDiscord) -> None:
    await script.run(*CAST)
    built_in = await fake.command("master", "mesa", "tabla estados crear", {"nombre": "Aturdido"})
    assert built_in.first.content == "«Aturdido» ya es un estado del reglamento."
    unknown = await fake.command(
        "master", "mesa", "tabla estados crear", {"nombre": "Raro", "desventaja": "suerte"}
    )
    assert unknown.first.content.startswith("Ámbito desconocido «suerte» en el estado «Raro»")
    player = await fake.command("ana", "mesa", "tabla estados crear", {"nombre": "Feliz"})
    assert player.first.content.startswith("Solo el máster puede cambiar las tablas")
    for i in range(10):
        await fake.command(
            "master", "mesa", "tabla estados crear", {"nombre": f"Estado {chr(65 + i)}"}
        )
    eleventh = await fake.command("master", "mesa", "tabla estados crear", {"nombre": "Otro"})
    assert eleventh.first.content.startswith("El servidor ya tiene 10 estados propios, el máximo")
    twice = await fake.command("master", "mesa", "tabla estados crear", {"nombre": "estado a"})
    assert twice.first.content == "El servidor ya tiene el estado «Estado A»."
    nothing = await fake.command("master", "mesa", "tabla estados borrar", {"nombre": "Nada"})
    assert nothing.first.content.startswith("El servidor no tiene el estado «Nada»")


async def test_ficha_ajustar_knows_the_guild_estados_and_the_head(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(
        *CAST,
        "@master",
        "/tabla estados crear nombre:Aterrado desventaja:ofensiva cabeza:sí",
        "/tabla estados crear nombre:Embelesado desventaja:vista cabeza:sí",
    )
    two = await fake.command(
        "master", "taberna", "ficha ajustar",
        {"personaje": "Ana", "estados": "Aterrado, Embelesado", "motivo": "sueño"},
    )  # fmt: skip
    assert two.first.content == (
        "De la cabeza solo se lleva un estado a la vez: Aterrado, Embelesado. Elige uno."
    )
    one = await fake.command(
        "master", "taberna", "ficha ajustar", {"personaje": "Ana", "estados": "Aterrado, Aturdido"}
    )
    assert not one.first.ephemeral
    async with session.storage.guild(GUILD_ID) as uow:
        ana = next(r for r in await uow.characters.list_all() if r.nombre == "Ana")
    assert list(ana.estados) == ["aterrado", "aturdido"]


async def test_a_gm_channel_the_bot_cannot_write_in_leaves_the_notice_here(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        "@master",
        "/config canal_master:#trastienda aviso_malherido:1",
        "#trastienda",
        "!permiso quitar enviar_mensajes",
        "#mesa",
    )
    await ana_falls(script, fake, dice)
    second = await fake.command("master", "mesa", "asalto")  # asalto 2: one asalto down
    here = "".join(m.text() for m in second.messages if m.channel == "mesa")
    assert "Ana lleva 1 asalto Malherida y nadie la ha estabilizado" in here
    assert not [m for m in fake.messages if m.channel == "trastienda"]


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
async def test_the_malherido_clock_in_the_other_modes(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    """Ana (Aguante 2) falls to the wolf in the enemies' phase of asalto 1; with the clock at
    one asalto, the GM's channel hears it at the next /asalto, and only once."""
    await script.run(
        "@master",
        "/config canal_master:#trastienda aviso_malherido:1",
        *fight(mode, "Lobo"),
        "@master",
        "/encuentro ajustar combatiente:Ana aguante:2",
        "/asalto",
    )
    dice.push([12])  # the wolf's 12
    await fake.command("master", "mesa", "atacar", {"objetivo": "Ana", "atacante": "Lobo"})
    dice.push([1])  # Ana's 1
    fell = await fake.command("ana", "mesa", "defender")
    assert "MALHERIDA" in fell.text(), fell.text()
    assert dice.remaining == ()
    await script.run("@master", "/asalto")  # asalto 2, the players': one asalto down
    told = [m for m in fake.messages if m.channel == "trastienda"]
    assert len(told) == 1
    assert "Ana lleva 1 asalto Malherida y nadie la ha estabilizado" in told[0].text()
    await script.run("@master", "/asalto", "/asalto")
    assert len([m for m in fake.messages if m.channel == "trastienda"]) == 1
