"""Pure renderers: no Discord, just rules results in, embeds out."""

from __future__ import annotations

from bot.render.ayuda import ayuda_embed
from bot.render.fichas import Pools, bestiary_list_embed, ficha_embed, fichas_list_embed
from bot.render.retos import retos_embed
from bot.render.rolls import (
    GRADE_COLOURS,
    Vitals,
    attack_embed,
    dice_text,
    grade_text,
    roll_text,
    signed,
    static_text,
    tirada_embed,
)
from umbral_rules import (
    CharacterSheet,
    EnemySheet,
    ForcedDice,
    Grade,
    Incoming,
    Modifier,
    Weapon,
    mesa_attack,
    mesa_defense,
    opposed_attack,
    roll_d12,
    tirada,
)

KAEDA = CharacterSheet(
    "Íñigo", {"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1}, 1, {"armas": 3}
)
GUARDIA = EnemySheet("Ñu del puerto", 12, 12, 14, 4, arma="Lanza")
ESPADA = Weapon.make("Espada", "mano")


def fields(embed: object) -> dict[str, str]:
    return {f.name: f.value for f in embed.fields}  # type: ignore[attr-defined]


def test_signed() -> None:
    assert [signed(v) for v in (3, 0, -2)] == ["+3", "0", "−2"]


def test_ventaja_shows_both_dice_and_marks_the_kept_one() -> None:
    die = roll_d12(ForcedDice([4, 9]), ["Apuntar"], [])
    assert dice_text(die) == "2d12 con ventaja (Apuntar): 4 y [9], se queda el 9"
    worst = roll_d12(ForcedDice([4, 9]), [], ["Aturdido"])
    assert dice_text(worst) == "2d12 con desventaja (Aturdido): [4] y 9, se queda el 4"
    physical = roll_d12(ForcedDice([7], physical=True))
    assert dice_text(physical) == "d12: 7 (dado físico)"


def test_roll_and_static_text_name_every_modifier() -> None:
    result = tirada(ForcedDice([5]), [Modifier("Vigor", 3), Modifier("Herida", -1)], 9)
    assert roll_text(result.roll) == "d12: 5 · 5 + Vigor 3 − Herida 1 = **7**"
    assert static_text(KAEDA.static_defensa()) == "Defensa 13 (Base 9 + Destreza 3 + Protección 1)"
    assert static_text(GUARDIA.static_defensa()) == "Defensa 12"


def test_grade_text_says_why_a_natural_moved_it() -> None:
    up = tirada(ForcedDice([12]), [Modifier("Vigor", 0)], 15)  # margen −3 → a medias → éxito
    assert grade_text(up.grading) == "A medias → Éxito (12 natural: sube un grado)"
    capped = mesa_attack(
        ForcedDice([12]), [Modifier("Vigor", 3), Modifier("x", 1)], GUARDIA.static_defensa(), 4
    )
    assert "pero no pasa de Éxito pleno" in grade_text(capped.grading)
    both = opposed_attack(ForcedDice([12, 1]), [Modifier("a", 0)], [Modifier("d", 0)], 4)
    assert "se anulan" in grade_text(both.grading)


def test_attack_embed_mesa() -> None:
    result = mesa_attack(
        ForcedDice([9]), [Modifier("Vigor", 3), Modifier("Oficio", 1)], GUARDIA.static_defensa(), 4
    )
    embed = attack_embed(
        result,
        attacker="Íñigo",
        defender="Ñu del puerto",
        vitals=Vitals("Ñu del puerto", 14, 10, 14),
    )
    assert embed.title == "Íñigo ataca a Ñu del puerto"
    assert embed.colour == GRADE_COLOURS[Grade.EXITO]
    f = fields(embed)
    assert f["Margen"] == "+1 (bandas de 4)"
    assert f["Grado"] == "Éxito"
    assert f["Daño"] == "4 (Potencia 4)"
    assert f["Aguante de Ñu del puerto"] == "14 → 10/14"


def test_attack_embed_mesa_defense_critical_and_fall() -> None:
    incoming = [Incoming("Guardia", GUARDIA.static_ataque(), 4)]
    result = mesa_defense(ForcedDice([1]), KAEDA.defense_modifiers(), incoming)
    embed = attack_embed(
        result, attacker="Guardia", defender="Íñigo", vitals=Vitals("Íñigo", 5, 0, 16)
    )
    f = fields(embed)
    assert "Golpe" not in f  # issue 31: «Daño» says it, no line repeats the grade
    assert f["Daño"] == "7 (crítico: Potencia 4 + 3)"
    assert f["Aguante de Íñigo"] == "5 → 0/16 — cae"
    assert embed.colour == GRADE_COLOURS[Grade.EXITO_PLENO]
    assert "golpe crítico" in (embed.footer.text or "")


def test_attack_embed_opposed_and_miss() -> None:
    result = opposed_attack(
        ForcedDice([2, 11]), [Modifier("Vigor", 3)], [Modifier("Defensa 12 − 7", 5)], 4
    )
    embed = attack_embed(result, attacker="Íñigo", defender="Guardia")
    f = fields(embed)
    assert f["Defensa de Guardia"] == "d12: 11 · 11 + (Defensa 12 − 7 = +5) = **16**"
    assert f["Daño"] == "0 (no entra)"
    assert embed.colour == GRADE_COLOURS[Grade.FRACASO]
    assert Vitals("x", 3, 3, 9).text() == "3/9"


def test_check_embed() -> None:
    result = tirada(ForcedDice([9]), [Modifier("Vigor", 3)], 12)
    embed = tirada_embed(result, actor="Íñigo", what="Vigor", note="nota")
    assert embed.description == "nota"
    assert fields(embed)["Contra"] == "Umbral Peliaguda (12)"


def test_sheet_and_lists() -> None:
    embed = ficha_embed(
        KAEDA, [ESPADA], Pools(15, 16, 1, 2, 0, 0, ("aturdido",)), owner="kaeda", active=True
    )
    f = fields(embed)
    assert f["Aguante"] == "15/16" and f["Aliento"] == "1/2" and f["Estados"] == "aturdido"
    assert embed.description == "de kaeda · personaje activo"
    assert "▶ Íñigo (activo)" in (fichas_list_embed([("Íñigo", True)]).description or "")
    assert "Vacío" in (bestiary_list_embed([]).description or "")
    assert "No hay retos" in (retos_embed([]).description or "")
    assert len(ayuda_embed("jugador").fields) == 1 and len(ayuda_embed("master").fields) == 2


def test_ventaja_and_desventaja_cancel_and_say_so() -> None:
    result = tirada(ForcedDice([7]), [Modifier("Vigor", 3)], 9, ["Apuntar"], ["Cegado (vista)"])
    assert result.roll.die.faces == (7,)  # [D] one of each: a plain roll
    assert fields(tirada_embed(result, actor="Kaeda", what="Vigor"))["Tirada"] == (
        "d12: 7 (ventaja y desventaja se anulan: Apuntar / Cegado (vista)) · 7 + Vigor 3 = **10**"
    )
    plain = tirada(ForcedDice([7]), [Modifier("Vigor", 3)], 9)
    assert fields(tirada_embed(plain, actor="Kaeda", what="Vigor"))["Tirada"] == (
        "d12: 7 · 7 + Vigor 3 = **10**"
    )


def test_converted_enemy_bonuses_read_as_sums() -> None:
    result = opposed_attack(
        ForcedDice([7, 4]), list(GUARDIA.attack_modifiers()), [Modifier("Destreza", 3)], 4
    )
    f = fields(attack_embed(result, attacker="Guardia", defender="Kaeda"))
    assert f["Tirada de Guardia"] == "d12: 7 · 7 + (Ataque 12 − 12 = +0) = **7**"
    low = opposed_attack(
        ForcedDice([7, 4]),
        [Modifier("Vigor", 3)],
        list(EnemySheet("Rata", 6, 5, 3, 2).defense_modifiers()),
        4,
    )
    f = fields(attack_embed(low, attacker="Kaeda", defender="Rata"))
    assert f["Defensa de Rata"] == "d12: 4 · 4 + (Defensa 5 − 7 = −2) = **2**"
