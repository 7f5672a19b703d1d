"""The GM's hand correction of a combatant (``ajustar``): each value set and read back,
what follows from it (out of the fight and back, a broken shield ending the Guardia
Completa, an armour at 0 giving no Protección), and every refusal changing nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.porcentual.helpers import COTA, ESCUDO, TABLAS, dice, pj, pnj
from umbral_rules.errors import UmbralError
from umbral_rules.porcentual.ajuste import (
    FUERA,
    GUARDIA,
    INCONSCIENTE_MAXIMO,
    PV_MINIMO,
    Ajuste,
    Cambio,
    ajustar,
)
from umbral_rules.porcentual.asalto import empezar_asalto, en_combate
from umbral_rules.porcentual.danio import Impacto, calcular
from umbral_rules.porcentual.estado import Combate
from umbral_rules.porcentual.tablas import Localizacion, Zona


def _fight() -> Combate:
    """Ana (PV 24, cota Resistencia 20, escudo Resistencia 10) against an Orco (PV 15)."""
    return Combate((pj("Ana", pv=24, armadura=COTA, escudo=ESCUDO), pnj("Orco", pv=15)))


def test_every_value_is_set_and_reported_with_its_label() -> None:
    combate, done = ajustar(
        _fight(),
        "Ana",
        Ajuste(
            pv=9,
            armadura_resistencia=13,
            escudo_resistencia=4,
            en_suelo=True,
            inconsciente_minutos=0,  # as it was: not reported
            montado=True,
        ),
    )
    cond = combate.combatiente("Ana").cond
    assert (cond.pv, cond.armadura_resistencia, cond.escudo_resistencia) == (9, 13, 4)
    assert cond.en_suelo and cond.montado and cond.inconsciente_minutos == 0
    assert done.combatiente == "Ana"
    assert done.cambios == (
        Cambio("PV", 24, 9),
        Cambio("Resistencia de la armadura", 20, 13),
        Cambio("Resistencia del escudo", 10, 4),
        Cambio("En el suelo", False, True),
        Cambio("A caballo", False, True),
    )
    assert combate.combatiente("Orco") == _fight().combatiente("Orco")


def test_pv_to_zero_takes_out_of_the_fight_and_back_brings_in() -> None:
    combate = Combate((*_fight().combatientes, pnj("Lobo", pv=8)))
    combate, down = ajustar(combate, "Orco", Ajuste(pv=0))
    assert down.cambios == (Cambio("PV", 15, 0), Cambio(FUERA, False, True))
    assert not en_combate(combate.combatiente("Orco"))
    # who is out rolls no Iniciativa: only Ana's and the Lobo's dice are rolled
    started, _ = empezar_asalto(combate, dice(7, 3))
    assert started.asalto is not None
    assert sorted(i.id for i in started.asalto.iniciativas) == ["Ana", "Lobo"]
    combate, back = ajustar(combate, "Orco", Ajuste(pv=6))
    assert back.cambios == (Cambio("PV", 0, 6), Cambio(FUERA, True, False))
    started, _ = empezar_asalto(combate, dice(7, 3, 5))
    assert started.asalto is not None
    assert sorted(i.id for i in started.asalto.iniciativas) == ["Ana", "Lobo", "Orco"]


def test_pv_may_go_below_zero_as_damage_leaves_them() -> None:
    combate, done = ajustar(_fight(), "Orco", Ajuste(pv=-7))
    assert combate.combatiente("Orco").cond.pv == -7
    assert done.cambios == (Cambio("PV", 15, -7), Cambio(FUERA, False, True))
    combate, done = ajustar(combate, "Orco", Ajuste(pv=-2))  # still out: nothing follows
    assert done.cambios == (Cambio("PV", -7, -2),)
    assert ajustar(_fight(), "Orco", Ajuste(pv=PV_MINIMO))[0].combatiente("Orco").cond.pv == -500


def test_unconsciousness_takes_out_and_waking_brings_back() -> None:
    combate, done = ajustar(_fight(), "Ana", Ajuste(inconsciente_minutos=30))
    assert done.cambios == (Cambio("Inconsciente (minutos)", 0, 30), Cambio(FUERA, False, True))
    combate, done = ajustar(combate, "Ana", Ajuste(inconsciente_minutos=0))
    assert done.cambios == (Cambio("Inconsciente (minutos)", 30, 0), Cambio(FUERA, True, False))
    assert en_combate(combate.combatiente("Ana"))
    # unconscious at 0 PV: waking up leaves her out
    combate, _ = ajustar(combate, "Ana", Ajuste(pv=0, inconsciente_minutos=INCONSCIENTE_MAXIMO))
    combate, done = ajustar(combate, "Ana", Ajuste(inconsciente_minutos=0))
    assert done.cambios == (Cambio("Inconsciente (minutos)", INCONSCIENTE_MAXIMO, 0),)


def test_a_shield_at_zero_is_broken_and_ends_the_guardia_completa() -> None:
    combate = _fight()
    ana = combate.combatiente("Ana")
    combate = combate.with_cond("Ana", replace(ana.cond, guardia_completa=True))
    combate, done = ajustar(combate, "Ana", Ajuste(escudo_resistencia=0))
    ana = combate.combatiente("Ana")
    assert not ana.con_escudo and not ana.cond.guardia_completa
    assert done.cambios == (
        Cambio("Resistencia del escudo", 10, 0),
        Cambio(GUARDIA, True, False),
    )
    combate, done = ajustar(combate, "Ana", Ajuste(escudo_resistencia=3))  # mended
    assert combate.combatiente("Ana").con_escudo
    assert done.cambios == (Cambio("Resistencia del escudo", 0, 3),)


def test_an_armour_set_to_zero_no_longer_protects() -> None:
    orco = _fight().combatiente("Orco").ficha
    pecho = Impacto(Localizacion("pecho", Zona.TRONCO), (10, 4))

    def blow(resistencia: int | None) -> int:
        return calcular(
            orco, orco.armas[0], dice(6), TABLAS, impacto=pecho, armadura=COTA,
            armadura_resistencia=resistencia,
        ).pd  # fmt: skip

    combate, _ = ajustar(_fight(), "Ana", Ajuste(armadura_resistencia=0))
    assert blow(combate.combatiente("Ana").cond.armadura_resistencia) == 7  # 1D8+1: 6 + 1
    assert blow(20) == 3  # Protección 4


@pytest.mark.parametrize(
    ("cid", "ajuste", "said"),
    [
        ("Ana", Ajuste(), "Di qué ajustar: pv, armadura, escudo, en_suelo, inconsciente o a_"),
        ("Nadie", Ajuste(pv=3), "No hay ningún combatiente «Nadie»"),
        ("Ana", Ajuste(pv=25), "Los PV de Ana van de -500 a 24 (se dio 25)."),
        ("Ana", Ajuste(pv=-501), "Los PV de Ana van de -500 a 24 (se dio -501)."),
        ("Ana", Ajuste(armadura_resistencia=21), "de cota de mallas de Ana va de 0 a 20"),
        ("Ana", Ajuste(armadura_resistencia=-1), "va de 0 a 20 (se dio -1)"),
        ("Ana", Ajuste(escudo_resistencia=11), "Resistencia de escudo de madera de Ana va de 0"),
        ("Orco", Ajuste(armadura_resistencia=3), "Orco no lleva armadura."),
        ("Orco", Ajuste(escudo_resistencia=3), "Orco no lleva escudo."),
        ("Ana", Ajuste(inconsciente_minutos=1441), "va (en minutos) de 0 a 1440"),
        ("Ana", Ajuste(pv=24, en_suelo=False), "Ana ya está así: no hay nada que corregir."),
        # one bad value refuses the others too
        ("Ana", Ajuste(pv=3, escudo_resistencia=99), "va de 0 a 10 (se dio 99)"),
    ],
)  # fmt: skip
def test_refusals_change_nothing(cid: str, ajuste: Ajuste, said: str) -> None:
    combate = _fight()
    with pytest.raises(UmbralError) as refused:
        ajustar(combate, cid, ajuste)
    assert said in str(refused.value)
    assert combate == _fight()
