"""Each modifier of the seed's actions and situations through the slash commands (issue 47
items 3 and 6), with forced dice: Ana (Espadas 60, AGI 10) attacks the Orco; a roll of 90
misses, so only the percentage is read (its every step is shown)."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord
from tests.bot.conftest import Script
from tests.bot.porcentual.duel import Duel
from umbral_rules import ForcedDice

ANA_FIRST = [9, 1]  # Ana 19, Orco 11: the Orco declares first, Ana acts first


@pytest.fixture
def duel(script: Script, fake: FakeDiscord, dice: ForcedDice) -> Duel:
    return Duel(script, fake, dice)


@pytest.mark.parametrize(
    ("acciones", "shown"),
    [
        ("preciso, a: Orco", "Espadas 60% +25 Ataque Preciso = 85%"),
        ("ataque, a: Orco, torpe", "Espadas 60% -25 Mano torpe = 35%"),
        ("recio, a: Orco, aumentos: 2", "Espadas 60% -50 Ataque Recio = 10%"),
        ("añagaza, a: Orco", "Espadas 60% -30 Añagaza = 30%"),
        ("rapido, a: Orco", "Espadas 60% -50 Ataque Rápido = 10%"),
    ],
)
async def test_the_attacks_own_modifiers(duel: Duel, acciones: str, shown: str) -> None:
    await duel.setup()
    await duel.asalto(ANA_FIRST)
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", acciones)
    text = await duel.attack("Ana", "Orco", [90])
    assert shown in text, text


async def test_a_row_of_the_gms_modifier_table(duel: Duel) -> None:
    await duel.setup(
        "@master", '/porcentual tabla importar tabla:modificadores filas:"Oscuridad -20"'
    )
    await duel.asalto(ANA_FIRST)
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    unknown = await duel.attack("Ana", "Orco", [], situacion="niebla")
    assert "No entiendo «niebla»" in unknown
    text = await duel.attack("Ana", "Orco", [90], situacion="Oscuridad")
    assert "Espadas 60% -20 Oscuridad = 40%" in text, text


async def test_an_enemy_fleeing_by_movement_gives_25(duel: Duel) -> None:
    await duel.setup()
    await duel.asalto([1, 9])  # Ana 11, Orco 19: Ana declares first, the Orco acts first
    await duel.declare("Ana", "ataque, a: Orco")
    await duel.declare("Orco", "movimiento, detalle: huida")
    await duel.act("Orco", 1)
    await duel.asalto()  # Ana's turn
    text = await duel.attack("Ana", "Orco", [90])
    assert "Espadas 60% +25 Enemigo que huye = 85%" in text, text


async def test_prepararse_ten_per_full_asalto_never_above_fifty(duel: Duel) -> None:
    await duel.setup()
    for _ in range(6):
        await duel.asalto(ANA_FIRST)
        await duel.declare("Orco", "nada")
        await duel.declare("Ana", "prepararse")
        await duel.act("Ana", 1)
        await duel.conclude()
    await duel.asalto(ANA_FIRST)
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    text = await duel.attack("Ana", "Orco", [90])
    assert "Espadas 60% +50 Prepararse = 110%" in text, text


async def test_below_minimum_fuerza_initiative_percentage_and_damage(duel: Duel) -> None:
    await duel.setup(ana={"fuerza": 8})  # the espada asks for Fuerza 10: two points below
    text = await duel.asalto([9, 1])
    assert "Ana: Iniciativa 17 (1D10 9 + AGI 10 -2 Fuerza mínima (espada))" in text
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    text = await duel.attack("Ana", "Orco", [30, 5, 6])  # trunk; 1D8 6 + 1 = 7, −2 = 5
    assert "Espadas 60% -10 Bajo la Fuerza mínima = 50%" in text, text
    assert "PV 20 → 15" in text, text


async def test_mounted_never_above_cabalgar_and_25_against_a_man_on_foot(duel: Duel) -> None:
    await duel.setup("@kaeda", '/porcentual ficha editar nombre:Ana competencias:"Cabalgar 50"')
    await duel.asalto(ANA_FIRST)
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "montar")
    await duel.act("Ana", 1)
    await duel.conclude()
    await duel.asalto(ANA_FIRST)
    await duel.declare("Orco", "nada")
    await duel.declare("Ana", "ataque, a: Orco")
    text = await duel.attack("Ana", "Orco", [90])
    assert "-10 Nunca por encima de Cabalgar" in text, text
    assert "+25 A caballo contra un soldado a pie = 75%" in text, text


@pytest.mark.parametrize(("orcos", "change"), [(2, -25), (4, -75)])
async def test_multiple_parry_against_two_and_four(duel: Duel, orcos: int, change: int) -> None:
    await duel.setup(orcos=orcos)
    names = [f"Orco {n}" for n in range(1, orcos + 1)]
    await duel.asalto([1] + [9] * orcos)  # Ana 11 declares first; the orcs (19) act first
    await duel.declare("Ana", "parada, a: " + " + ".join(names))
    for name in names:
        await duel.declare(name, "ataque, a: Ana")
    text = await duel.attack(names[0], "Ana", [40, 95], defensa="1")
    final = max(0, 60 + change)  # a percentage never goes below 0
    assert f"Espadas 60% {change} Parada múltiple ({orcos}) = {final}%" in text, text


async def test_defensa_completa_adds_fifty(duel: Duel) -> None:
    await duel.setup()
    await duel.asalto([1, 9])
    await duel.declare("Ana", "defensa completa, defensa: esquivar")
    await duel.declare("Orco", "ataque, a: Ana")
    text = await duel.attack("Orco", "Ana", [40, 99], defensa="1")
    assert "Esquivar 50% +50 Defensa Completa = 100%" in text, text


async def test_an_ambushed_defender_cannot_defend_before_its_initiative(duel: Duel) -> None:
    await duel.setup(emboscada="jugadores")
    await duel.asalto([9, 1])  # Ana 19; the surprised Orco 1D5 1 + 10 = 11
    await duel.declare("Orco", "parada, a: Ana")
    await duel.declare("Ana", "ataque, a: Orco")
    text = await duel.attack("Ana", "Orco", [], defensa="1")
    assert "no podrá defenderse de ningún ataque que tenga lugar antes de su Iniciativa" in text
