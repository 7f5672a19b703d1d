"""Each table of seed 003 reproduced through the slash commands with forced dice: every grade
of the chance to hit (the reply shows every term) and every band of how a d100 falls, at its
edges ([D] edges: docs/graduado.md §2–3)."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.bot.graduado_steps import setup_lines
from umbral_rules import ForcedDice

GRADES = [
    ({"tacticas": "pobre"}, "− 5 Tácticas (pobre)", 75),
    ({"tacticas": "estandar"}, "+ 0 Tácticas (estándar)", 80),
    ({"tacticas": "bueno"}, "+ 5 Tácticas (bueno)", 85),
    ({"tacticas": "excelente"}, "+ 8 Tácticas (excelente)", 88),
    ({"tacticas": "brillante"}, "+ 12 Tácticas (brillante)", 92),
    ({"riesgo": "seguro"}, "+ 0 Riesgo (seguro)", 80),
    ({"riesgo": "medido"}, "+ 0 Riesgo (medido)", 80),
    ({"riesgo": "agresivo"}, "− 8 Riesgo (agresivo)", 72),
    ({"riesgo": "temerario"}, "− 20 Riesgo (temerario)", 60),
    ({"dificultad": "facil"}, "+ 5 Objetivo (fácil)", 85),
    ({"dificultad": "estandar"}, "+ 0 Objetivo (estándar)", 80),
    ({"dificultad": "dificil"}, "− 8 Objetivo (difícil)", 72),
    ({"dificultad": "extremo"}, "− 15 Objetivo (extremo)", 65),
]


@pytest.mark.parametrize(("options", "term", "chance"), GRADES)
async def test_each_grade_of_the_declared_attack(
    script: Script, fake: FakeDiscord, options: dict[str, str], term: str, chance: int
) -> None:
    await script.run(*setup_lines())
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo", **options})
    text = reply.first.text()
    assert term in text and f"= {chance} %" in text
    assert "80 base" in text and "Impulso" in text and "Agotamiento (0 % gastado)" in text


#: [D] Who is stronger: Aria's power 25 against a wolf of each power (gap at each edge).
STRONGER = [
    (15, "+ 12 Quién es más fuerte (Por debajo de ti.)", 92),  # +10
    (16, "+ 6 Quién es más fuerte (ventaja)", 86),  # +9
    (21, "+ 6 Quién es más fuerte (ventaja)", 86),  # +4
    (22, "+ 0 Quién es más fuerte (igualados)", 80),  # +3
    (28, "+ 0 Quién es más fuerte (igualados)", 80),  # −3
    (29, "− 5 Quién es más fuerte (superado)", 75),  # −4
    (34, "− 5 Quién es más fuerte (superado)", 75),  # −9
    (35, "− 10 Quién es más fuerte (Suicida.)", 70),  # −10
    (44, "− 10 Quién es más fuerte (Suicida.)", 70),  # −19
    (45, "− 10 Quién es más fuerte (no puede dañar de forma significativa)", 70),  # −20
]


@pytest.mark.parametrize(("poder", "term", "chance"), STRONGER)
async def test_who_is_stronger_at_each_edge(
    script: Script, fake: FakeDiscord, poder: int, term: str, chance: int
) -> None:
    await script.run(*setup_lines(enemy=f"poder:{poder} aguante:30"))
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    text = reply.first.text()
    assert term in text and f"= {chance} %" in text


async def test_a_hundred_times_stronger_takes_nothing_even_from_a_critico(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(enemy="poder:45 aguante:30"))
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    dice.push([1])
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert "**CRÍTICO**" in text
    assert "sin daño: es cien veces más fuerte: no puede dañarlo de forma significativa" in text
    assert "aguante 30 → 30" in text


#: Agotamiento: Aria's aguante 100 with this much spent (more than 40, 60, 80 %).
TIRED = [
    (40, "+ 0 Agotamiento (40 % gastado)", 80),
    (41, "− 5 Agotamiento (41 % gastado)", 75),
    (60, "− 5 Agotamiento (60 % gastado)", 75),
    (61, "− 10 Agotamiento (61 % gastado)", 70),
    (80, "− 10 Agotamiento (80 % gastado)", 70),
    (81, "− 15 Agotamiento (81 % gastado)", 65),
]


@pytest.mark.parametrize(("spent", "term", "chance"), TIRED)
async def test_agotamiento_at_each_edge(
    script: Script, fake: FakeDiscord, spent: int, term: str, chance: int
) -> None:
    await script.run(
        *setup_lines(), "@kaeda", f"/graduado ficha editar nombre:Aria gastado_aguante:{spent}"
    )
    await script.run("@master", "/encuentro quitar combatiente:Aria", "@kaeda",
                     "/encuentro unirse personaje:Aria")  # fmt: skip
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    text = reply.first.text()
    assert term in text and f"= {chance} %" in text


#: The bands at their edges: (riesgo, d100, margen, grade). Chance 80 (seguro) or 60
#: (temerario), so that margen = chance − d100.
BANDS = [
    ("seguro", 55, "+25", "CRÍTICO"),
    ("seguro", 56, "+24", "LIMPIO"),
    ("seguro", 68, "+12", "LIMPIO"),
    ("seguro", 69, "+11", "SÓLIDO"),
    ("seguro", 80, "0", "SÓLIDO"),
    ("seguro", 81, "−1", "ROZADURA"),
    ("seguro", 89, "−9", "ROZADURA"),
    ("seguro", 90, "−10", "DESVIADO"),
    ("seguro", 99, "−19", "DESVIADO"),
    ("seguro", 100, "−20", "FALLO"),
    ("temerario", 89, "−29", "FALLO"),
    ("temerario", 90, "−30", "CONTRAGOLPE"),
    ("temerario", 100, "−40", "CONTRAGOLPE"),
]
MULTIPLIERS = {"CRÍTICO": "1.4", "LIMPIO": "1.15", "SÓLIDO": "1", "ROZADURA": "0.5",
               "DESVIADO": "0.2"}  # fmt: skip
IMPULSO = {"CRÍTICO": "+3", "LIMPIO": "+1", "DESVIADO": "−1", "FALLO": "−2", "CONTRAGOLPE": "−4"}


@pytest.mark.parametrize(("riesgo", "roll", "margen", "grade"), BANDS)
async def test_each_band_at_its_edges(
    script: Script, fake: FakeDiscord, dice: ForcedDice, riesgo: str, roll: int, margen: str,
    grade: str,
) -> None:  # fmt: skip
    await script.run(*setup_lines(enemy="poder:25 aguante:300"))
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo", "riesgo": riesgo})
    dice.push([roll])
    text = (await fake.command("master", "mesa", "asalto")).first.text()
    assert f"d100 {roll}, margen {margen} → **{grade}**" in text
    if grade in MULTIPLIERS:
        assert f"calificación {MULTIPLIERS[grade]} ×" in text
    else:
        assert f"sin daño: {grade}: el golpe no da" in text
    if grade in IMPULSO:
        assert f"({IMPULSO[grade]}, {grade})" in text
