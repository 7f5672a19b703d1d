"""Checks, derived numbers, shots, acoso, Perforante and the refusals of the core rules."""

from __future__ import annotations

import pytest

from umbral_rules import (
    AttackKind,
    CharacterSheet,
    EnemySheet,
    ForcedDice,
    Grade,
    Incoming,
    Modifier,
    OficioCobertura,
    Static,
    UmbralError,
    Weapon,
    aguante,
    ataque,
    damage_for,
    defensa,
    grade_from_margen,
    helpless_attack,
    mesa_acoso,
    mesa_defense,
    most_dangerous,
    oficio_bonus,
    oficio_modifier,
    opposed_acoso,
    opposed_attack,
    parse_oficio_cobertura,
    shot,
    shot_defensa,
    tirada,
)
from umbral_rules.tiradas import umbral_name

ATTRS = {"vigor": 2, "destreza": 4, "percepcion": 1, "voluntad": 0}


def sheet(**over: object) -> CharacterSheet:
    args: dict[str, object] = {
        "nombre": "Ines",
        "atributos": ATTRS,
        "proteccion": 3,
        "oficios": {"soldado": 3},
    }
    args.update(over)
    return CharacterSheet(**args)  # type: ignore[arg-type]


def test_derived_numbers() -> None:
    assert ataque(3, 1) == 12
    assert defensa(3, 1) == 13
    assert aguante(3) == 16
    assert aguante(3, extra=2) == 18
    s = sheet()
    assert s.defensa == 16 and s.aguante_max == 14


@pytest.mark.parametrize(
    ("cobertura", "bonus"), [("entero", 3), ("mitad", 1), ("nada", 0), (OficioCobertura.MITAD, 1)]
)
def test_oficio_coverage_rounds_half_down(cobertura: str, bonus: int) -> None:
    assert oficio_bonus(3, cobertura) == bonus


def test_oficio_modifier_names_the_coverage() -> None:
    mod = oficio_modifier("Contrabandista", 2, "mitad")
    assert mod == Modifier("Oficio Contrabandista (mitad)", 1)
    assert oficio_modifier("Contrabandista", 2, "nada") is None
    with pytest.raises(UmbralError, match="Cobertura desconocida"):
        parse_oficio_cobertura("casi")


def test_check_against_an_umbral_with_bands_of_four() -> None:
    result = tirada(ForcedDice([7]), [Modifier("Voluntad", 2)], 9)
    assert result.roll.total == 9 and result.margen == 0 and result.grade is Grade.EXITO
    assert result.success
    assert result.target.label == "Umbral Corriente (9)"
    assert umbral_name(12) == "Peliaguda (12)" and umbral_name(15) == "15"
    fail = tirada(ForcedDice([1]), [Modifier("Vigor", 3)], 12)
    assert fail.margen == -8 and fail.grading.by_margen is Grade.FRACASO
    assert fail.grade is Grade.FRACASO and not fail.success
    up = tirada(ForcedDice([12]), [], 15)
    assert up.grading.by_margen is Grade.A_MEDIAS and up.grade is Grade.EXITO
    assert "12 natural" in up.grading.shifts[0].reason


@pytest.mark.parametrize("umbral", [0, 41, -3])
def test_an_umbral_that_does_not_exist_is_refused(umbral: int) -> None:
    """[D] issue 34: a check's Umbral is any whole number from 1 to 40."""
    with pytest.raises(UmbralError, match=f"El Umbral {umbral} no existe: un Umbral va de 1 a 40"):
        tirada(ForcedDice([5]), [], umbral)


@pytest.mark.parametrize(("umbral", "margen"), [(13, -5), (5, 3), (1, 7), (40, -32)])
def test_any_umbral_from_1_to_40(umbral: int, margen: int) -> None:
    result = tirada(ForcedDice([5]), [Modifier("Vigor", 3)], umbral)
    assert result.margen == margen and result.target.value == umbral


def test_bad_arguments_raise_the_one_error_in_spanish() -> None:
    with pytest.raises(UmbralError, match="protección va de 0"):
        sheet(proteccion=7)
    with pytest.raises(UmbralError, match="Potencia no puede ser negativa"):
        Weapon.make("Palo", "mano", potencia=-1)
    with pytest.raises(UmbralError, match="Potencia no puede ser negativa"):
        damage_for(Grade.EXITO, -2)
    with pytest.raises(UmbralError, match="Clase de arma desconocida «lanzallamas»"):
        Weapon.make("Fuego", "lanzallamas")
    with pytest.raises(UmbralError, match="Cualidad desconocida"):
        Weapon.make("Espada", "mano", cualidades=["vorpal"])
    with pytest.raises(UmbralError, match="atributo del arma"):
        Weapon.make("Espada", "mano", atributo="X")
    with pytest.raises(UmbralError, match="necesita un nombre"):
        Weapon.make(" ", "mano")
    with pytest.raises(UmbralError, match="Vigor debe estar entre"):
        sheet(atributos={**ATTRS, "vigor": 9})
    with pytest.raises(UmbralError, match="Falta el atributo"):
        sheet(atributos={"vigor": 1})
    with pytest.raises(UmbralError, match="Atributo desconocido"):
        sheet().atributo("carisma")
    assert sheet().atributo("Percepción") == 1 and sheet().atributo(" VIGOR ") == 2
    with pytest.raises(UmbralError, match="Oficio soldado debe estar"):
        sheet(oficios={"soldado": 8})
    with pytest.raises(UmbralError, match="necesita un nombre"):
        sheet(oficios={"": 1})
    with pytest.raises(UmbralError, match="personaje necesita un nombre"):
        sheet(nombre="")
    with pytest.raises(UmbralError, match="no tiene el Oficio"):
        sheet().oficio("bardo")
    with pytest.raises(UmbralError, match="Tamaño desconocido"):
        sheet(tamano="colosal")
    with pytest.raises(UmbralError, match="bandas son de 4 o de 6"):
        grade_from_margen(0, 5)
    with pytest.raises(UmbralError, match="Aguante de Rata debe ser al menos 1"):
        EnemySheet("Rata", 5, 8, 0, 1)
    with pytest.raises(UmbralError, match="no pueden ser negativos"):
        EnemySheet("Rata", -1, 8, 3, 1)
    with pytest.raises(UmbralError, match="enemigo necesita un nombre"):
        EnemySheet("", 5, 8, 3, 1)
    with pytest.raises(UmbralError, match="compañeros no puede ser negativo"):
        opposed_acoso(-1)
    with pytest.raises(UmbralError, match="No hay ningún ataque"):
        most_dangerous([])


def test_weapon_classes_and_their_attribute() -> None:
    daga = Weapon.make("Daga", "daga")
    assert daga.potencia == 2 and daga.atributo == "V/D"
    assert Weapon.make("Mosquete", "pólvora").potencia == 7
    assert Weapon.make("Mandoble", "dos manos").potencia == 6
    arco = Weapon.make("Arco corto", "arco", cualidades=["certera"])
    assert arco.is_ranged and arco.has("certera") and not arco.perforante
    s = sheet()
    assert s.weapon_attribute(daga) == Modifier("Destreza", 4)  # V/D takes the higher
    assert s.weapon_attribute(Weapon.make("Hacha", "mano")) == Modifier("Vigor", 2)
    assert Weapon.from_dict(arco.to_dict()) == arco


def test_perforante_lowers_the_protection_counted() -> None:
    s = sheet()
    assert s.static_defensa().value == 16
    assert s.static_defensa(perforante=True).value == 14
    assert [m.value for m in s.defense_modifiers(perforante=True)] == [4, 1]
    light = sheet(proteccion=1)
    assert light.static_defensa(perforante=True).value == 13  # never below zero protection
    armoured = EnemySheet("Caballero", 14, 16, 20, 6, proteccion=4)
    assert armoured.static_defensa(perforante=True).value == 14
    assert [m.value for m in armoured.defense_modifiers(perforante=True)] == [9, -2]
    bare = EnemySheet("Lobo", 11, 11, 12, 2)
    assert bare.static_defensa(perforante=True).value == 11


def test_character_defense_with_a_defending_oficio() -> None:
    mods = sheet().defense_modifiers("soldado", "entero")
    assert [(m.name, m.value) for m in mods] == [
        ("Destreza", 4),
        ("Protección", 3),
        ("Oficio soldado", 3),
    ]


def test_enemy_direct_bonuses_override_the_conversion() -> None:
    ogro = EnemySheet("Ogro", 15, 10, 30, 6, tamano="grande", bono_ataque=4, bono_defensa=2)
    assert ogro.opposed_attack_bonus == 4 and ogro.opposed_defense_bonus == 2
    assert ogro.attack_modifiers()[0].name == "Bono de ataque"
    assert ogro.weapon.potencia == 6


def test_shots_add_size_and_cover() -> None:
    base = Static("Defensa", (Modifier("Defensa", 12),))
    assert shot_defensa(base, "grande").value == 9
    assert shot_defensa(base, "descomunal", a_cubierto=True).value == 9
    assert shot_defensa(base, "pequeno", a_cubierto=True).value == 18  # "son +6"
    result = shot(ForcedDice([8]), [Modifier("Destreza", 3)], base, 4, tamano="grande")
    assert result.kind is AttackKind.DISPARO and result.band == 4
    assert result.margen == 2 and result.grade is Grade.EXITO and result.damage == 4
    assert result.defender_roll is None


def test_a_target_that_cannot_defend() -> None:
    base = Static("Defensa", (Modifier("Defensa", 13),))
    result = helpless_attack(ForcedDice([9]), [Modifier("Vigor", 3)], base, 4)
    assert result.kind is AttackKind.INDEFENSO and result.acoso == 0
    assert result.margen == -1 and result.grade is Grade.A_MEDIAS and result.damage == 1
    assert result.notes


def test_mesa_acoso_caps_at_three_and_picks_the_most_dangerous() -> None:
    assert [mesa_acoso(n) for n in range(1, 8)] == [0, 1, 2, 3, 3, 3, 3]

    def inc(name: str, at: int, pot: int) -> Incoming:
        return Incoming(name, Static("Ataque", (Modifier("Ataque", at),)), pot)

    guards = [
        inc("Guardia 1", 12, 4),
        inc("Sargento", 13, 4),
        inc("Bruto", 13, 6),
        inc("Guardia 2", 12, 4),
        inc("Guardia 3", 12, 4),
        inc("Guardia 4", 12, 4),
    ]
    assert most_dangerous(guards).nombre == "Bruto"  # tie on Ataque → higher Potencia
    result = mesa_defense(ForcedDice([6]), [Modifier("Destreza", 3), Modifier("Prot", 1)], guards)
    assert result.acoso == 3 and result.target is not None and result.target.value == 16
    assert result.source == "Bruto"
    assert result.margen == -6 and result.grade is Grade.FRACASO and result.damage == 6


def test_mesa_defense_natural_12_raises_the_defender_grade() -> None:
    inc = [Incoming("Ogro", Static("Ataque", (Modifier("Ataque", 22),)), 6)]
    result = mesa_defense(ForcedDice([12]), [Modifier("Destreza", 3)], inc)
    assert result.grading.by_margen is Grade.FRACASO and result.grade is Grade.A_MEDIAS
    assert result.hit is Grade.A_MEDIAS and result.damage == 1


@pytest.mark.parametrize(
    ("tamano", "companions", "bonus"),
    [
        ("normal", 0, 0),
        ("normal", 1, 1),
        ("normal", 3, 3),
        ("normal", 9, 3),
        ("grande", 1, 0),
        ("grande", 2, 1),
        ("grande", 6, 3),
        ("grande", 5, 2),
        ("descomunal", 9, 3),
        ("descomunal", 8, 2),
        ("inabarcable", 12, 3),
        ("inabarcable", 11, 2),
    ],
)
def test_opposed_acoso_costs_size_steps(tamano: str, companions: int, bonus: int) -> None:
    assert opposed_acoso(companions, tamano) == bonus


def test_opposed_acoso_goes_to_the_attackers_roll() -> None:
    result = opposed_attack(
        ForcedDice([5, 5]), [Modifier("Vigor", 3)], [Modifier("D", 5)], 4, companions=2
    )
    assert result.acoso == 2
    assert result.attacker_roll is not None and result.attacker_roll.total == 10
    assert result.margen == 0 and result.grade is Grade.EXITO  # the tie is the attacker's


def test_opposed_naturals_move_the_hit_and_cancel() -> None:
    atk, dfn = [Modifier("A", 0)], [Modifier("D", 0)]
    lowered = opposed_attack(ForcedDice([10, 12]), atk, dfn, 4)
    assert lowered.grading.by_margen is Grade.A_MEDIAS and lowered.grade is Grade.FRACASO
    lifted = opposed_attack(ForcedDice([3, 1]), atk, dfn, 4)
    assert lifted.grading.by_margen is Grade.EXITO and lifted.grade is Grade.EXITO_PLENO
    both = opposed_attack(ForcedDice([12, 12]), atk, dfn, 4)
    assert both.grade is Grade.EXITO and both.grading.notes and not both.grading.shifts
    low = opposed_attack(ForcedDice([1, 3]), atk, dfn, 4)
    assert low.grading.by_margen is Grade.A_MEDIAS and low.grade is Grade.FRACASO
    assert low.damage == 0


def test_opposed_uses_the_defenders_own_dice_when_given() -> None:
    result = opposed_attack(
        ForcedDice([7]),
        [Modifier("A", 0)],
        [Modifier("D", 0)],
        4,
        defender_dice=ForcedDice([2]),
        defense_desventajas=["Enmarañado"],
    )
    assert result.defender_roll is not None
    assert result.defender_roll.die.mode.value == "desventaja"
    assert result.rolls[0].natural == 7
