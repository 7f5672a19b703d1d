"""Every worked example of Libro III and Libro VI, number by number."""

from __future__ import annotations

from umbral_rules import (
    CharacterSheet,
    EnemySheet,
    ForcedDice,
    Grade,
    Incoming,
    Weapon,
    mesa_attack,
    mesa_defense,
    opposed_attack,
)
from umbral_rules.combat import AttackKind

ESPADA = Weapon.make("Espada", "mano")


def kaeda() -> CharacterSheet:
    return CharacterSheet(
        "Kaeda",
        {"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
        proteccion=1,
        oficios={"contrabandista": 2, "armas": 3},
    )


GUARDIA = EnemySheet(
    "Guardia del puerto", ataque=12, defensa=12, aguante=14, potencia=4, arma="Lanza"
)


def test_kaeda_ataca_al_guardia_del_puerto_con_un_9() -> None:
    k = kaeda()
    mods = k.attack_modifiers(ESPADA, "contrabandista", "mitad")
    assert [m.value for m in mods] == [3, 1]
    result = mesa_attack(ForcedDice([9]), mods, GUARDIA.static_defensa(), ESPADA.potencia)
    assert result.kind is AttackKind.MESA_ATAQUE
    assert result.attacker_roll is not None and result.attacker_roll.total == 13
    assert result.target is not None and result.target.value == 12
    assert result.margen == 1
    assert result.grade is Grade.EXITO
    assert result.damage == 4
    assert GUARDIA.aguante - result.damage == 10


def test_kaeda_ataca_al_guardia_del_puerto_con_un_12() -> None:
    mods = kaeda().attack_modifiers(ESPADA, "contrabandista", "mitad")
    result = mesa_attack(ForcedDice([12]), mods, GUARDIA.static_defensa(), ESPADA.potencia)
    assert result.attacker_roll is not None and result.attacker_roll.total == 16
    assert result.margen == 4
    assert result.grading.by_margen is Grade.EXITO_PLENO
    assert result.grade is Grade.EXITO_PLENO  # the natural 12 does not stack past pleno
    assert result.damage == 7
    assert GUARDIA.aguante - result.damage == 7


def _guard_attacks_kaeda(face: int):  # type: ignore[no-untyped-def]
    k = kaeda()
    assert k.defensa == 13
    incoming = [Incoming("Guardia", GUARDIA.static_ataque(), GUARDIA.potencia)]
    return mesa_defense(ForcedDice([face]), k.defense_modifiers(), incoming)


def test_el_guardia_ataca_a_kaeda_y_saca_6() -> None:
    result = _guard_attacks_kaeda(6)
    assert result.defender_roll is not None and result.defender_roll.total == 10
    assert result.margen == -2
    assert result.grade is Grade.A_MEDIAS
    assert result.damage == 1


def test_el_guardia_ataca_a_kaeda_y_saca_4() -> None:
    result = _guard_attacks_kaeda(4)
    assert result.defender_roll is not None and result.defender_roll.total == 8
    assert result.margen == -4
    assert result.grade is Grade.FRACASO
    assert result.damage == 4


def test_el_guardia_ataca_a_kaeda_y_saca_1_natural_critico() -> None:
    result = _guard_attacks_kaeda(1)
    assert result.critical
    assert result.hit is Grade.EXITO_PLENO
    assert result.damage == 7


def test_kaeda_ataca_a_bran() -> None:
    k = kaeda()
    bran = CharacterSheet(
        "Bran", {"vigor": 2, "destreza": 3, "percepcion": 2, "voluntad": 2}, proteccion=2
    )
    ataque = k.static_ataque(ESPADA, "armas", "entero")
    assert ataque.value == 14
    result = mesa_defense(
        ForcedDice([6]), bran.defense_modifiers(), [Incoming("Kaeda", ataque, ESPADA.potencia)]
    )
    assert result.defender_roll is not None and result.defender_roll.total == 11
    assert result.margen == -3
    assert result.grade is Grade.A_MEDIAS
    assert result.damage == 1


# The captain defends with 1d12 + 3: a bestiary enemy of Defensa 10 (10 − 7 = 3).
CAPITAN = EnemySheet("Capitán", ataque=13, defensa=10, aguante=16, potencia=4)


def test_kaeda_le_entra_al_capitan_con_un_9() -> None:
    mods = kaeda().attack_modifiers(ESPADA, "contrabandista", "mitad")
    assert sum(m.value for m in mods) == 4  # 1d12 + 4
    assert sum(m.value for m in CAPITAN.defense_modifiers()) == 3  # 1d12 + 3
    result = opposed_attack(ForcedDice([9, 5]), mods, CAPITAN.defense_modifiers(), ESPADA.potencia)
    assert result.attacker_roll is not None and result.attacker_roll.total == 13
    assert result.defender_roll is not None and result.defender_roll.total == 8
    assert result.margen == 5 and result.band == 6
    assert result.grade is Grade.EXITO
    assert result.damage == 4


def test_kaeda_le_entra_al_capitan_con_un_12_pleno_sin_apilar() -> None:
    mods = kaeda().attack_modifiers(ESPADA, "contrabandista", "mitad")
    result = opposed_attack(ForcedDice([12, 5]), mods, CAPITAN.defense_modifiers(), ESPADA.potencia)
    assert result.attacker_roll is not None and result.attacker_roll.total == 16
    assert result.margen == 8
    assert result.grading.by_margen is Grade.EXITO_PLENO  # pleno by margen
    assert [s.steps for s in result.grading.shifts] == [1]  # and by the natural 12...
    assert result.grade is Grade.EXITO_PLENO  # ...which does not stack
    assert result.damage == 7


def test_el_guardia_del_puerto_convertido() -> None:
    assert GUARDIA.opposed_attack_bonus == 0
    assert GUARDIA.opposed_defense_bonus == 5
    assert [(m.name, m.value) for m in GUARDIA.attack_modifiers()] == [("Ataque 12 − 12", 0)]
    assert [(m.name, m.value) for m in GUARDIA.defense_modifiers()] == [("Defensa 12 − 7", 5)]
