"""Each modifier of the seed's actions and situations, as a percentage built step by step."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.porcentual.helpers import (
    ARCO,
    BALLESTA,
    CUCHILLO,
    DAGA,
    ESCUDO,
    ESPADA,
    HACHA,
    LANZA,
    MANOS,
    MAZA,
    TABLAS,
    act,
    declared,
    pj,
    pnj,
    started,
)
from umbral_rules.errors import UmbralError
from umbral_rules.porcentual.acciones import Accion, AccionDeclarada
from umbral_rules.porcentual.ataques import Contexto, porcentaje_ataque, porcentaje_doble
from umbral_rules.porcentual.defensas import porcentaje_defensa
from umbral_rules.porcentual.estado import Asalto, Combate, Combatiente
from umbral_rules.porcentual.modificadores import MODIFICADORES, Etapa, Mod, porcentaje
from umbral_rules.porcentual.tablas import CombatModifierTable, TablaFaltante


def _asalto(*cs: Combatiente, emboscada: bool = False) -> Asalto:
    combate = started(Combate(cs, emboscada=emboscada), *([5] * len(cs)))
    combate = declared(combate, {})
    assert combate.asalto is not None
    return combate.asalto


def attack(
    action: AccionDeclarada,
    me: Combatiente | None = None,
    target: Combatiente | None = None,
    ctx: Contexto | None = None,
) -> int:
    me = me or pj("Ana")
    target = target or pnj("Orco", escudo=ESCUDO)
    asalto = _asalto(me, target)
    return porcentaje_ataque(me, action, target, asalto, TABLAS, ctx or Contexto()).final


# Ana: Espadas 60, Pelea 40, Escudos 50, Lanzas 50, Hachas 55, Mazas 50, Lanzar 40.
@pytest.mark.parametrize(
    ("action", "arma", "expected"),
    [
        (Accion.CUERPO_A_CUERPO, "espada", 60),
        (Accion.ANAGAZA, "espada", 30),  # «a la mitad del porcentaje normal»
        (Accion.PRECISO, "espada", 85),  # +25%
        (Accion.RAPIDO, "espada", 10),  # -50%
        (Accion.CLAVA_ESCUDO, "hacha", 30),  # -25%
        (Accion.DESARMAR, "espada", 30),  # «la mitad de nuestro porcentaje»
        (Accion.TROPIEZO, "lanza", 25),  # «a la mitad de nuestro porcentaje normal»
        (Accion.EMPUJON, None, 40),  # Pelea
    ],
)
def test_attack_modifiers(action: Accion, arma: str | None, expected: int) -> None:
    me = pj("Ana", armas=(ESPADA, HACHA, LANZA, MAZA, MANOS))
    assert attack(AccionDeclarada(action, ("Orco",), arma=arma), me) == expected


def test_ataque_recio_minus_25_per_step() -> None:
    me = pj("Ana")
    assert attack(AccionDeclarada(Accion.RECIO, ("Orco",), aumentos=1), me) == 35
    assert attack(AccionDeclarada(Accion.RECIO, ("Orco",), aumentos=2), me) == 10


def test_ataque_de_escudo_is_escudos_at_half() -> None:
    me = pj("Ana", escudo=ESCUDO)
    assert attack(AccionDeclarada(Accion.ATAQUE_ESCUDO, ("Orco",)), me) == 25


def test_aturdir_minus_25_and_plus_50_from_behind() -> None:
    me = pj("Ana", armas=(MAZA,))
    a = AccionDeclarada(Accion.ATURDIR, ("Orco",))
    assert attack(a, me, ctx=Contexto(sorpresa=True)) == 25
    assert attack(a, me, ctx=Contexto(sorpresa=True, por_la_espalda=True)) == 75
    # the pommel of an edged weapon: Pelea
    assert attack(a, pj("Ana"), ctx=Contexto(sorpresa=True, pomo=True)) == 15


def test_barrido_minus_20_per_enemy_beyond_the_first() -> None:
    me = pj("Ana", armas=(MAZA,))
    a = AccionDeclarada(Accion.BARRIDO, ("Orco", "Lobo", "Rata"))
    assert attack(a, me) == 50 - 40


def test_off_hand_minus_25_and_ataque_doble_takes_the_smaller() -> None:
    me = pj("Ana")
    assert attack(AccionDeclarada(Accion.CUERPO_A_CUERPO, ("Orco",), mano_torpe=True), me) == 35
    target = pnj("Orco")
    asalto = _asalto(me, target)
    doble = AccionDeclarada(Accion.DOBLE, ("Orco",), arma="espada", arma_secundaria="daga")
    # Espadas 60; Dagas 50 - 25 (mano torpe) = 25
    assert porcentaje_doble(me, doble, target, asalto, TABLAS, Contexto()).final == 25


def test_prepararse_10_per_asalto_up_to_50() -> None:
    me = pj("Ana")
    for asaltos, expected in [(1, 70), (3, 90), (5, 110), (7, 110)]:
        ready = replace(me, cond=replace(me.cond, preparado=asaltos))
        assert attack(act(Accion.CUERPO_A_CUERPO, "Orco"), ready) == expected


def test_an_enemy_fleeing_by_movement_gives_25() -> None:
    orco = pnj("Orco")
    orco = replace(orco, cond=replace(orco.cond, huyendo=True))
    assert attack(act(Accion.CUERPO_A_CUERPO, "Orco"), pj("Ana"), orco) == 85


def test_mele_gives_50_to_both_and_only_light_weapons() -> None:
    me = pj("Ana")
    me = replace(me, cond=replace(me.cond, mele_con=("Orco",)))
    assert attack(AccionDeclarada(Accion.CUERPO_A_CUERPO, ("Orco",), arma="daga"), me) == 100
    with pytest.raises(UmbralError, match="solo sirven las armas de tamaño ligero"):
        from umbral_rules.porcentual.ataques import check_weapon

        check_weapon(act(Accion.CUERPO_A_CUERPO, "Orco"), me, ESPADA, pnj("Orco"), Contexto())


def test_mounted_never_above_cabalgar_and_25_against_a_man_on_foot() -> None:
    rider = pj("Ana", skills={"Espadas": 80, "Cabalgar": 50}, montado=True)
    # «como si nuestro porcentaje fuera sólo del 50%», +25% contra un soldado a pie
    assert attack(act(Accion.CUERPO_A_CUERPO, "Orco"), rider) == 75
    other = pnj("Orco", montado=True)
    assert attack(act(Accion.CUERPO_A_CUERPO, "Orco"), rider, other) == 50


def test_ambush_25_to_the_attacker_and_minus_25_to_the_surprised_defences() -> None:
    me, orco = pj("Ana"), pnj("Orco", sorprendido=True)
    asalto = _asalto(me, orco, emboscada=True)
    assert (
        porcentaje_ataque(
            me, act(Accion.CUERPO_A_CUERPO, "Orco"), orco, asalto, TABLAS, Contexto()
        ).final
        == 85
    )
    dodge = porcentaje_defensa(
        orco,
        act(Accion.ESQUIVAR),
        act(Accion.CUERPO_A_CUERPO, "Orco"),
        asalto,
        TABLAS,
        arma=None,
        ataque_critico=False,
    )
    assert dodge.final == 25


@pytest.mark.parametrize(
    ("distancia", "expected"), [(2, 70), (15, 70), (16, 50), (40, 50), (41, 30), (60, 30)]
)
def test_distances_20_short_0_medium_minus_20_long(distancia: int, expected: int) -> None:
    """«la distancia corta estará entre 2 y 15 varas; la media, entre 16 y 40 varas y la
    distancia larga, entre 41 y 60 varas» (the arco corto's 15/40/60)."""
    me = pj("Ana", armas=(ARCO,))
    a = act(Accion.A_DISTANCIA, "Orco")
    assert attack(a, me, ctx=Contexto(distancia=distancia)) == expected


def test_no_attack_beyond_the_long_range() -> None:
    me = pj("Ana", armas=(ARCO,))
    with pytest.raises(UmbralError, match="es imposible atacarle con esa arma"):
        attack(act(Accion.A_DISTANCIA, "Orco"), me, ctx=Contexto(distancia=61))


@pytest.mark.parametrize(
    ("distancia", "expected"), [(6, 60), (7, 40), (12, 40), (13, 20), (24, 20)]
)
def test_a_thrown_knife_with_fuerza_12_reaches_6_12_24(distancia: int, expected: int) -> None:
    me = pj("Ana", fuerza=12, armas=(CUCHILLO,))
    assert CUCHILLO.alcance is not None and CUCHILLO.alcance.para(12) == (6, 12, 24)
    assert (
        attack(act(Accion.A_DISTANCIA, "Orco"), me, ctx=Contexto(distancia=distancia)) == expected
    )
    with pytest.raises(UmbralError, match="más allá del alcance largo"):
        attack(act(Accion.A_DISTANCIA, "Orco"), me, ctx=Contexto(distancia=25))


def test_every_point_below_the_minimum_fuerza_is_minus_5_percent() -> None:
    weak = pj("Flaco", fuerza=8, armas=(ESPADA,))  # Fuerza mínima 10
    assert attack(act(Accion.CUERPO_A_CUERPO, "Orco"), weak) == 50
    archer = pj("Ana", percepcion=14, fuerza=7, armas=(BALLESTA,))  # Fuerza mínima 8
    assert attack(act(Accion.A_DISTANCIA, "Orco"), archer, ctx=Contexto(distancia=30)) == 45


def test_guardia_completa_halves_attacks_and_the_shield_parry() -> None:
    me = pj("Ana", escudo=ESCUDO)
    guard = replace(me, cond=replace(me.cond, guardia_completa=True))
    assert attack(act(Accion.CUERPO_A_CUERPO, "Orco"), guard) == 30
    asalto = _asalto(guard, pnj("Orco"))
    parry = porcentaje_defensa(
        guard,
        act(Accion.PARADA_ESCUDO),
        act(Accion.CUERPO_A_CUERPO, "Ana"),
        asalto,
        TABLAS,
        arma=None,
        ataque_critico=False,
    )
    assert parry.final == 25


@pytest.mark.parametrize(("enemies", "expected"), [(1, 60), (2, 35), (3, 10), (4, -15)])
def test_multiple_parry_minus_25_50_75(enemies: int, expected: int) -> None:
    me = pj("Ana")
    names = ("Orco", "Lobo", "Rata", "Trasgo")[:enemies]
    asalto = _asalto(me, pnj("Orco"))
    parry = porcentaje_defensa(
        me,
        act(Accion.PARADA, *names),
        act(Accion.CUERPO_A_CUERPO, "Ana"),
        asalto,
        TABLAS,
        arma=ESPADA,
        ataque_critico=False,
    )
    assert parry.final == expected


def test_no_parry_of_five() -> None:
    me = pj("Ana")
    asalto = _asalto(me, pnj("Orco"))
    with pytest.raises(UmbralError, match="como mucho cuatro"):
        porcentaje_defensa(
            me,
            act(Accion.PARADA, "a", "b", "c", "d", "e"),
            act(Accion.CUERPO_A_CUERPO, "Ana"),
            asalto,
            TABLAS,
            arma=ESPADA,
            ataque_critico=False,
        )


@pytest.mark.parametrize(("esquivar", "expected"), [(50, 25), (45, 23), (1, 1)])
def test_esquivar_against_a_critical_at_half_rounded_up(esquivar: int, expected: int) -> None:
    me = pj("Ana", skills={"Esquivar": esquivar})
    asalto = _asalto(me, pnj("Orco"))
    dodge = porcentaje_defensa(
        me,
        act(Accion.ESQUIVAR),
        act(Accion.CUERPO_A_CUERPO, "Ana"),
        asalto,
        TABLAS,
        arma=None,
        ataque_critico=True,
    )
    assert dodge.final == expected


def test_defensa_completa_50_and_anagaza_halves_the_defence() -> None:
    me = pj("Ana")
    asalto = _asalto(me, pnj("Orco"))
    full = porcentaje_defensa(
        me,
        act(Accion.DEFENSA_COMPLETA, defensa=Accion.ESQUIVAR),
        act(Accion.CUERPO_A_CUERPO, "Ana"),
        asalto,
        TABLAS,
        arma=None,
        ataque_critico=False,
    )
    assert full.final == 100
    feint = porcentaje_defensa(
        me,
        act(Accion.PARADA),
        act(Accion.ANAGAZA, "Ana"),
        asalto,
        TABLAS,
        arma=DAGA,
        ataque_critico=False,
    )
    assert feint.final == 25


def test_the_action_modifies_first_then_the_table() -> None:
    """«las competencias primero deben verse modificadas por estas acciones y, a
    continuación, por los modificadores que aparecen en la Tabla de Modificadores»."""
    built = porcentaje("Espadas", 61, [(Mod.MELE, 1), (Mod.ANAGAZA, 1)])
    assert [s.nombre for s in built.pasos] == ["Añagaza", "Melé"]
    assert built.final == 31 + 50


def test_the_gms_table_rows_apply_and_a_missing_table_says_what_to_look_up() -> None:
    me = pj("Ana")
    ctx = Contexto(tabla=("Noche cerrada",))
    with pytest.raises(TablaFaltante, match="Tabla de Modificadores al Combate"):
        attack(act(Accion.CUERPO_A_CUERPO, "Orco"), me, ctx=ctx)
    tablas = replace(TABLAS, modificadores=CombatModifierTable((("Noche cerrada", -30),)))
    target = pnj("Orco")
    asalto = _asalto(me, target)
    got = porcentaje_ataque(me, act(Accion.CUERPO_A_CUERPO, "Orco"), target, asalto, tablas, ctx)
    assert got.final == 30


def test_every_modifier_has_the_seeds_words() -> None:
    assert len(MODIFICADORES) == len(Mod)
    for mod, rule in MODIFICADORES.items():
        assert rule.texto and rule.nombre, mod
        assert (rule.valor == 0) == (rule.etapa is Etapa.MITAD) or mod is Mod.DISTANCIA_MEDIA
