"""Issue 43 §2 through the slash commands, with forced dice: three rules of Libro III and VI.

1. A Despegarse shows every die (VI §42 «su dado se ve caer»): the leaver's two dice with
   ventaja or desventaja, the engaged's own die and modifiers in Narrativo and Táctico (as
   ``/atacar`` shows an opposed blow), its static Ataque in Mesa.
2. [D] Blows pending on someone who falls: the second blow, whose die was already rolled,
   is read against the fallen's Defensa quieta (VI §39), shown and logged; at 0 it changes
   nothing and no second secuelas roll is owed.
3. [D] Enemies' estados in Mesa: the enemy's desventaja reaches the player's die as ventaja
   wherever the estado reaches (III §17), in the player's attack and in their Defensa.

The cast is issue 34's (tests/bot/test_reglas_issue34.py): Ana (Destreza 3, protección 1:
Defensa roll 1d12 + 4, Defensa quieta 13, Aguante 14; a Certera short bow and a dagger) and
Bran; a wolf (Ataque 11, Defensa 10, Aguante 8, Potencia 2).
"""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.test_historial import log_of, who
from tests.bot.test_reglas_issue34 import fight
from umbral_rules import ForcedDice

DESPEGARSE = {"tipo": "despegarse", "objetivo": "Lobo"}
#: In Táctico, Ana and the wolf side by side on a board.
TABLERO = [
    "@master",
    "/mapa crear ancho:8 alto:8",
    "/mapa colocar combatiente:Ana casilla:B2",
    "/mapa colocar combatiente:Lobo casilla:C2",
    "/mapa colocar combatiente:Bran casilla:F6",
]


def despegarse_fight(mode: str) -> list[str]:
    return [*fight(mode, "Lobo"), *(TABLERO if mode == "tactico" else [])]


# --- 1. A Despegarse shows every die ------------------------------------------------------------


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
async def test_despegarse_while_enmaranado_shows_both_dice_and_the_wolf_s(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session, mode: str
) -> None:
    await script.run(
        *despegarse_fight(mode), "@master", "/estado poner objetivo:Ana estado:Enmarañado"
    )
    # Ana: 9 and 2 with desventaja (Enmarañado: movimiento), keeps 2: 2 + Destreza 3 = 5;
    # the wolf: 8 + (11 − 12) = 7; she loses and its free roll (5 and 6, ventaja) waits
    dice.push([9, 2, 8, 5, 6])
    left = await fake.command("ana", "mesa", "maniobra", DESPEGARSE)
    shown = left.first
    assert shown.title == "Ana se despega de Lobo"
    assert shown.field("Tirada de Ana") == (
        "2d12 con desventaja (Enmarañado (movimiento)): 9 y [2], se queda el 2 · "
        "2 + Destreza 3 = **5**"
    )
    assert shown.field("Tirada de Lobo") == "d12: 8 · 8 + (Ataque 11 − 12 = −1) = **7**"
    assert shown.field("Margen") == "−2"
    assert shown.field("Grado") == "A medias"
    assert "Ana no consigue despegarse de Lobo (5 contra 7)." in shown.text()
    assert "Lobo tira gratis y con ventaja contra Ana (su respuesta)." in shown.text()
    assert dice.remaining == ()
    # the log keeps every die of it: hers and the wolf's
    entry = (await log_of(session))[-1]
    assert who(entry) == ("maniobra", "Ana", "Lobo", None)
    assert [d["faces"] for d in entry.dice] == [[9, 2], [8]]
    assert entry.result.to_json()["totales"] == [5, 7] and entry.result.to_json()["contra"] == 7
    history = await script.run("@ana", "/historial")
    assert "/maniobra · Ana → Lobo · dados [9, 2, 8] · = 5 / 7" in history


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
async def test_despegarse_from_an_aturdido_wolf_shows_its_two_dice(
    script: Script, fake: FakeDiscord, dice: ForcedDice, mode: str
) -> None:
    await script.run(
        *despegarse_fight(mode), "@master", "/estado poner objetivo:Lobo estado:Aturdido"
    )
    # Ana: 4 + 3 = 7; the wolf Aturdido rolls 10 and 3 with desventaja, keeps 3: 3 − 1 = 2
    dice.push([4, 10, 3])
    left = await fake.command("ana", "mesa", "maniobra", DESPEGARSE)
    assert left.first.field("Tirada de Ana") == "d12: 4 · 4 + Destreza 3 = **7**"
    assert left.first.field("Tirada de Lobo") == (
        "2d12 con desventaja (Aturdido (todo)): 10 y [3], se queda el 3 · "
        "3 + (Ataque 11 − 12 = −1) = **2**"
    )
    assert left.first.field("Margen") == "+5"
    assert "Ana se despega limpio de Lobo (7 contra 2)." in left.first.text()
    assert dice.remaining == ()


async def test_despegarse_in_mesa_shows_her_dice_against_the_static_ataque(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *fight("mesa", "Lobo"), "@master", "/estado poner objetivo:Lobo estado:Aturdido"
    )
    # [D] the wolf's Aturdido reaches its attack: Ana leaves with ventaja, 2 and 8, keeps 8:
    # 8 + 3 = 11 against its Ataque 11
    dice.push([2, 8])
    left = await fake.command("ana", "mesa", "maniobra", DESPEGARSE)
    assert left.first.field("Tirada de Ana") == (
        "2d12 con ventaja (Lobo: Aturdido (todo)): 2 y [8], se queda el 8 · 8 + Destreza 3 = **11**"
    )
    assert left.first.field("Contra") == "Ataque 11"
    assert left.first.field("Margen") == "0 (bandas de 4)"
    assert "Ana se despega limpio de Lobo (11 contra 11)." in left.first.text()
    assert dice.remaining == ()


# --- 2. A blow pending on someone who falls -----------------------------------------------------


def two_wolves(mode: str) -> list[str]:
    """Ana at 1 Aguante and two wolves (Lobo 1, Lobo 2) in their phase, side by side with her
    in Táctico."""
    tablero = [
        "/mapa crear ancho:8 alto:8",
        "/mapa colocar combatiente:Ana casilla:B2",
        "/mapa colocar combatiente:Bran casilla:F6",
        '/mapa colocar combatiente:"Lobo 1" casilla:A1',
        '/mapa colocar combatiente:"Lobo 2" casilla:C3',
    ]
    return [
        *fight(mode),
        "@master",
        "/encuentro enemigos nombre:Lobo cantidad:2",
        *(tablero if mode == "tactico" else []),
        "/encuentro ajustar combatiente:Ana aguante:1",
        "/asalto",
    ]


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
async def test_the_second_blow_on_someone_who_falls_is_read_against_the_defensa_quieta(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session, mode: str
) -> None:
    await script.run(*two_wolves(mode))
    dice.push([7, 12])  # both wolves' dice, rolled as they attack; Ana answers later
    await script.run(
        '/atacar atacante:"Lobo 1" objetivo:Ana', '/atacar atacante:"Lobo 2" objetivo:Ana'
    )
    # her Defensa against Lobo 1: a natural 1, 1 + 4 = 5 against its 7 − 1 (and + 1 of acoso
    # in Táctico, where Lobo 2 stands beside her): she falls.
    # Lobo 2's 12, already rolled, goes against her Defensa quieta 13 (9 + 3 + 1), no acoso:
    # 12 − 1 = 11, margen −2 (A medias) and the natural 12 raises it: Éxito, 2 of Potencia
    dice.push([1])
    answer = await fake.command("ana", "mesa", "defender")
    text = answer.text()
    assert "Ana cae Malherida" in text
    late = next(e for m in answer.messages for e in m.embeds if e["title"] == "Lobo 2 ataca a Ana")
    fields = {f["name"]: f["value"] for f in late["fields"]}
    assert late["description"] == "Ataque a un blanco indefenso"
    assert fields["Tirada de Lobo 2"] == "d12: 12 · 12 + (Ataque 11 − 12 = −1) = **11**"
    assert fields["Contra"] == "Defensa 13 (Base 9 + Destreza 3 + Protección 1)"
    assert fields["Margen"] == "−2 (bandas de 4)"
    assert fields["Grado"] == "A medias → Éxito (12 natural: sube un grado)"
    assert fields["Daño"] == "2 (Potencia 2)"
    assert fields["Aguante de Ana"] == "0/14"  # at 0 it changes nothing
    assert (
        "Ana ya ha caído: contra alguien inconsciente no hay tirada enfrentada"
        in (late["footer"]["text"])
    )
    assert dice.remaining == ()
    # both blows are in the log and in /historial: who rolled, against whom, the die
    entries = await log_of(session)
    assert [who(e) for e in entries[-2:]] == [
        ("defender", "Ana", "Lobo 1", None),
        ("defender", "Lobo 2", "Ana", None),
    ]
    assert [d["faces"] for d in entries[-1].dice] == [[12]]
    assert entries[-1].result.to_json()["tipo"] == "indefenso"
    history = await script.run("@ana", "/historial")
    assert "/defender · Lobo 2 → Ana · dados [12] · = 11 · Éxito" in history
    # one secuelas roll, not two
    dice.push([8])
    await script.run("/secuelas")
    again = await fake.command("ana", "mesa", "secuelas")
    assert again.first.ephemeral
    assert again.first.content == "Ana no tiene tirada de secuelas pendiente: solo se tira al caer."
    assert dice.remaining == ()


async def test_a_mesa_blow_pending_on_someone_who_falls_is_said_not_lost(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    # Mesa: a wolf's attack left from asalto 1 and another in asalto 2; her first Defensa
    # (a natural 1: the critical, Potencia 2 + 3) drops her; the GM never rolls, so the
    # second has no die: the channel says so, and nothing changes at 0
    await script.run(
        *fight("mesa", "Lobo"),
        "@master",
        "/encuentro ajustar combatiente:Ana aguante:1",
        "/asalto",
        "/atacar atacante:Lobo objetivo:Ana",
        "/asalto",
        "/asalto",
        "/atacar atacante:Lobo objetivo:Ana",
    )
    dice.push([1])
    answer = await fake.command("ana", "mesa", "defender")
    text = answer.text()
    assert "Ana cae Malherida" in text
    assert (
        "El ataque de Lobo a Ana (asalto 2) no se tira: Ana ya ha caído, y en Mesa el máster "
        "no tira. A 0 no cambiaría nada."
    ) in text
    assert dice.remaining == ()
    tracker = await fake.command("master", "mesa", "encuentro ver")
    assert "debe defenderse" not in tracker.last.text()


# --- 3. In Mesa an enemy's estados reach the player's die ----------------------------------------

#: (estado, what Ana's attack on the wolf rolls with, whether her Defensa against it has
#: ventaja): each as far as Libro III §17 says — Aturdido «en todo», Quebrantado «en
#: acciones ofensivas», Enmarañado «en movimiento y defensa», Cegado «en todo lo que
#: dependa de la vista» (an attack and a defense both do), Sangrando in no roll.
REACH = [
    ("Aturdido", "Lobo: Aturdido (todo)", True),
    ("Enmarañado", "Lobo: Enmarañado (defensa)", False),
    ("Quebrantado", None, True),
    ("Cegado", "Lobo: Cegado (lo que depende de la vista)", True),
    ("Sangrando", None, False),
]


@pytest.mark.parametrize(("estado", "attack_source", "defense_ventaja"), REACH)
async def test_mesa_enemy_estados_reach_both_directions_as_far_as_each_reaches(
    script: Script,
    fake: FakeDiscord,
    dice: ForcedDice,
    estado: str,
    attack_source: str | None,
    defense_ventaja: bool,
) -> None:
    await script.run(
        *fight("mesa", "Lobo"), "@master", f"/estado poner objetivo:Lobo estado:{estado}"
    )
    # Ana's dagger: 9 kept, 9 + Destreza 3 = 12 against the wolf's Defensa 10: +2, Éxito
    dice.push([3, 9] if attack_source else [9])
    hit = await fake.command("ana", "mesa", "atacar", {"objetivo": "Lobo", "arma": "Daga"})
    expected = "d12: 9 · 9 + Destreza 3 = **12**"
    if attack_source:
        expected = (
            f"2d12 con ventaja ({attack_source}): 3 y [9], se queda el 9 · 9 + Destreza 3 = **12**"
        )
    assert hit.first.field("Tirada de Ana") == expected
    assert hit.first.field("Contra") == "Defensa 10"
    assert hit.first.field("Aguante de Lobo") == "8 → 6/8"
    # the wolf attacks her: 10 kept, 10 + 3 + 1 = 14 against its Ataque 11: +3, nothing gets in
    await script.run("@master", "/asalto", "/atacar atacante:Lobo objetivo:Ana")
    dice.push([2, 10] if defense_ventaja else [10])
    defended = await fake.command("ana", "mesa", "defender")
    expected = "d12: 10 · 10 + Destreza 3 + Protección 1 = **14**"
    if defense_ventaja:
        expected = (
            "2d12 con ventaja (Desventaja de Lobo): 2 y [10], se queda el 10 · "
            "10 + Destreza 3 + Protección 1 = **14**"
        )
    assert defended.first.field("Defensa de Ana") == expected
    assert defended.first.field("Margen") == "+3 (bandas de 4)"
    assert defended.first.field("Aguante de Ana") == "14/14"
    assert dice.remaining == ()


async def test_mesa_enemy_estados_cancel_with_the_player_s_and_never_stack(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *fight("mesa", "Lobo"),
        "@master",
        "/estado poner objetivo:Lobo estado:Aturdido",
        "/estado poner objetivo:Ana estado:Aturdido",
    )
    # both Aturdido: her desventaja and the wolf's, mirrored as her ventaja, cancel: one die
    dice.push([7])
    hit = await fake.command("ana", "mesa", "atacar", {"objetivo": "Lobo", "arma": "Daga"})
    assert hit.first.field("Tirada de Ana") == (
        "d12: 7 (ventaja y desventaja se anulan: Lobo: Aturdido (todo) / Aturdido (todo)) · "
        "7 + Destreza 3 = **10**"
    )
    assert hit.first.field("Margen") == "0 (bandas de 4)"  # 10 against 10: Éxito, 2
    assert hit.first.field("Aguante de Lobo") == "8 → 6/8"
    # her Defensa against it: her Aturdido and the wolf's cancel too
    await script.run("@master", "/asalto", "/atacar atacante:Lobo objetivo:Ana")
    dice.push([6])
    defended = await fake.command("ana", "mesa", "defender")
    assert defended.first.field("Defensa de Ana").startswith(
        "d12: 6 (ventaja y desventaja se anulan: Desventaja de Lobo / Aturdido (todo)) · "
    )
    # she shakes off Aturdido; the wolf also Enmarañado: two sources, still two dice
    await script.run(
        "@master",
        "/asalto",
        "/estado poner objetivo:Lobo estado:Enmarañado",
        "@ana",
        "/estado recuperar estado:Aturdido",
        "@master",
        "/asalto",
        "/asalto",
    )
    dice.push([5, 11])
    hit = await fake.command("ana", "mesa", "atacar", {"objetivo": "Lobo", "arma": "Daga"})
    assert hit.first.field("Tirada de Ana") == (
        "2d12 con ventaja (Lobo: Aturdido (todo), Lobo: Enmarañado (defensa)): 5 y [11], "
        "se queda el 11 · 11 + Destreza 3 = **14**"
    )
    assert dice.remaining == ()


async def test_mesa_enmaranado_wolf_and_a_shot_after_moving_cancel(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    # her bow shot after /mover has desventaja; the wolf Enmarañado (its defence) gives her
    # ventaja; she says it runs (no Certera): one die, 8 + 3 = 11 against 10
    await script.run(
        *fight("mesa", "Lobo"),
        "@master",
        "/estado poner objetivo:Lobo estado:Enmarañado",
        "@ana",
        "/mover",
    )
    dice.push([8])
    shot = await fake.command(
        "ana", "mesa", "disparar", {"objetivo": "Lobo", "arma": "Arco corto", "quieto": False}
    )
    roll = shot.first.field("Tirada de Ana")
    assert roll.startswith("d12: 8 (ventaja y desventaja se anulan: Lobo: Enmarañado (defensa) / ")
    assert roll.endswith("8 + Destreza 3 = **11**")
    assert dice.remaining == ()


async def test_narrativo_enemy_estados_stay_on_its_own_die(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    # outside Mesa the wolf rolls: its Aturdido is on its own defence die, not mirrored
    await script.run(
        *fight("narrativo", "Lobo"), "@master", "/estado poner objetivo:Lobo estado:Aturdido"
    )
    dice.push([9, 10, 3])
    hit = await fake.command("ana", "mesa", "atacar", {"objetivo": "Lobo", "arma": "Daga"})
    assert hit.first.field("Tirada de Ana") == "d12: 9 · 9 + Destreza 3 = **12**"
    assert hit.first.field("Defensa de Lobo").startswith(
        "2d12 con desventaja (Aturdido (todo)): 10 y [3], se queda el 3 · "
    )
    assert dice.remaining == ()
