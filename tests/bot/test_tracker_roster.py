"""The tracker's roster: whole lines only, as many as fit, then how many are left out."""

from __future__ import annotations

from bot.render.tracker import DESCRIPTION_MAX, combatant_line, roster_text, tracker_embed
from umbral_rules.encounter import Encounter
from umbral_rules.sheets import CharacterSheet, EnemySheet

GUARD = EnemySheet(nombre="Guardia", ataque=12, defensa=12, aguante=8, potencia=4)


def _encounter(enemies: int) -> Encounter:
    enc = Encounter.start("mesa")
    sheet = CharacterSheet(
        nombre="Íñigo",
        atributos={"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
        proteccion=1,
    )
    enc.add_character(sheet)
    left = enemies
    while left:
        batch = min(left, 50)
        enc.add_enemies(GUARD, batch)
        left -= batch
    return enc


def test_a_small_fight_shows_everyone() -> None:
    enc = _encounter(2)
    text = roster_text(enc.combatants)
    assert text == "\n".join(
        [
            "**Jugadores**",
            combatant_line(enc.combatants[0]),
            "",
            "**Enemigos**",
            combatant_line(enc.combatants[1]),
            combatant_line(enc.combatants[2]),
        ]
    )
    assert "más" not in text


def test_a_big_fight_shows_whole_lines_and_counts_the_rest() -> None:
    enc = _encounter(199)
    text = roster_text(enc.combatants)
    assert len(text) <= DESCRIPTION_MAX
    lines = text.split("\n")
    shown = [line for line in lines if line.startswith(("⚔", "★"))]
    assert all(line == combatant_line(c) for line, c in zip(shown, enc.combatants, strict=False))
    assert lines[-1] == f"… y {200 - len(shown)} más"
    assert 20 < len(shown) < 200
    assert tracker_embed(enc).description == text


def test_the_count_line_always_fits() -> None:
    enc = _encounter(120)
    for limit in range(200, 1200, 7):
        text = roster_text(enc.combatants, limit)
        assert len(text) <= limit
        assert text.endswith(" más")


def test_nobody_yet() -> None:
    assert roster_text([]).startswith("Nadie en combate todavía")
