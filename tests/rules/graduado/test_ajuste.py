"""The GM's hand correction (``Combate.ajustar``): each value set and bounded by the
fighter's own sheet, the derived states both ways as damage and healing decide them, the
states the GM decides, and every refusal changing nothing."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice, UmbralError
from umbral_rules.graduado import (
    Ataque,
    Bando,
    Cambio,
    Combate,
    Curar,
    Declaracion,
    Final,
    Medio,
    Mundo,
    Valores,
)
from umbral_rules.graduado.events import Cae

from .fighters import fight


def test_sets_what_is_left_of_each_reserve() -> None:
    c = fight()
    done = c.ajustar("bruno", Valores(aguante=33, mana=7))
    assert done.nombre == "Bruno"
    assert done.cambios == (Cambio("Aguante", 80, 33), Cambio("Maná", 60, 7))
    bruno = c.find("Bruno")
    assert (bruno.ficha.fuerza.gastado, bruno.ficha.magia and bruno.ficha.magia.gastado) == (
        47,
        53,
    )
    assert not bruno.fuera and done.eventos == ()
    # The same value again changes nothing, and says so.
    assert c.ajustar("Bruno", Valores(mana=7)).cambios == ()


def test_a_hero_at_zero_falls_as_damage_makes_it_and_rises_as_healing_does() -> None:
    c = fight()
    down = c.ajustar("Aria", Valores(aguante=0))
    aria = c.find("Aria")
    assert aria.caido and not aria.muerto
    assert down.cambios == (
        Cambio("Aguante", 100, 0),
        Cambio("Caído", False, True),
        Cambio("Impulso de los héroes", 0, -3),  # «que caiga un aliado cuesta 3»
    )
    assert isinstance(down.eventos[0], Cae)
    assert "Aria cae derribado." in [e.message for e in down.eventos]
    up = c.ajustar("Aria", Valores(aguante=12))
    assert up.cambios == (Cambio("Aguante", 0, 12), Cambio("Caído", True, False))
    assert not c.find("Aria").fuera and c.impulso(Bando.HEROES) == -3  # no Impulso back


def test_healing_that_does_not_raise_leaves_the_fallen_down_unless_the_gm_says() -> None:
    c = fight(Mundo(curacion_levanta=False))
    c.ajustar("Aria", Valores(aguante=0))
    assert c.ajustar("Aria", Valores(aguante=40)).cambios == (Cambio("Aguante", 0, 40),)
    assert c.find("Aria").caido
    assert c.ajustar("Aria", Valores(caido=False)).cambios == (Cambio("Caído", True, False),)


def test_an_enemy_at_zero_dies_and_stays_dead_unless_the_gm_says() -> None:
    c = fight()
    done = c.ajustar("Lobo", Valores(aguante=0))
    assert c.find("Lobo").muerto
    assert done.cambios == (
        Cambio("Aguante", 15, 0),
        Cambio("Muerto", False, True),
        Cambio("Impulso de los héroes", 0, 2),  # «una muerte suma 2»
        Cambio("Impulso de los enemigos", 0, -3),
    )
    assert c.ajustar("Lobo", Valores(aguante=9)).cambios == (Cambio("Aguante", 0, 9),)
    assert c.find("Lobo").muerto  # nothing in the text brings the dead back
    assert c.ajustar("Lobo", Valores(muerto=False)).cambios == (Cambio("Muerto", True, False),)
    assert not c.find("Lobo").fuera


def test_the_gms_states_win_over_the_derived_ones() -> None:
    c = fight()
    # At 0 and still standing (as after spending everything on a blow): no fall, no Impulso.
    done = c.ajustar("Aria", Valores(aguante=0, caido=False))
    assert done.cambios == (Cambio("Aguante", 100, 0),) and not c.find("Aria").fuera
    # Disabled: out of the fight, and its side pays the fall.
    done = c.ajustar("Orco", Valores(inutilizado=True))
    assert done.cambios == (
        Cambio("Inutilizado", False, True),
        Cambio("Impulso de los enemigos", 0, -3),
    )
    assert "Orco queda inutilizado." in [e.message for e in done.eventos]
    # Killed by the scene with aguante left.
    c.ajustar("Lobo", Valores(muerto=True))
    assert c.find("Lobo").muerto and c.find("Lobo").ficha.fuerza.restante == 15


def test_bleeding_is_for_a_hero_on_the_ground() -> None:
    c = fight()
    done = c.ajustar("Bruno", Valores(aguante=0, desangrandose=True))
    assert done.cambios == (
        Cambio("Aguante", 80, 0),
        Cambio("Caído", False, True),
        Cambio("Desangrándose", False, True),
        Cambio("Impulso de los héroes", 0, -3),
    )
    # Raised as healing: up, and the bleeding stops.
    assert c.ajustar("Bruno", Valores(aguante=20)).cambios == (
        Cambio("Aguante", 0, 20),
        Cambio("Caído", True, False),
        Cambio("Desangrándose", True, False),
    )
    # Down by the GM's word with aguante left, then stood up: no more bleeding.
    c.ajustar("Bruno", Valores(caido=True, desangrandose=True))
    assert c.find("Bruno").ficha.fuerza.restante == 20
    assert c.ajustar("Bruno", Valores(caido=False)).cambios == (
        Cambio("Caído", True, False),
        Cambio("Desangrándose", True, False),
    )


def test_a_fighter_raised_back_into_the_round_acts_again() -> None:
    c = fight()
    c.ajustar("Bruno", Valores(aguante=0))
    assert c.pendientes == ["Aria"]
    c.ajustar("Bruno", Valores(aguante=10))
    assert c.pendientes == ["Aria", "Bruno"]
    c.declarar("Aria", Declaracion(Curar("Bruno", Medio.MANOS)))
    c.declarar("Bruno", Declaracion(Ataque("Lobo")))
    c.cerrar_ronda(ForcedDice([50], strict=True))
    assert c.find("Lobo").ficha.fuerza.restante < 15


REFUSALS: list[tuple[str, dict[str, object], str]] = [
    ("Aria", {}, "Di qué ajustar: aguante, maná, caído, desangrándose, inutilizado o muerto."),
    ("Nadie", {"aguante": 3}, "No hay nadie llamado «Nadie» en este combate."),
    ("Aria", {"aguante": 101}, "El aguante de Aria va de 0 a 100 (se dio 101)."),
    ("Aria", {"aguante": -1}, "El aguante de Aria va de 0 a 100 (se dio -1)."),
    ("Bruno", {"mana": 61}, "El maná de Bruno va de 0 a 60 (se dio 61)."),
    ("Aria", {"mana": 5}, "Aria no tiene magia: no tiene maná que ajustar."),
    ("Aria", {"muerto": True}, "Aria es un héroe: «Caída en un combate te deja derribado"),
    ("Lobo", {"caido": True}, "Lobo es un enemigo: sin aguante muere"),
    ("Lobo", {"desangrandose": False}, "Lobo es un enemigo"),
    ("Aria", {"desangrandose": True}, "Solo se desangra quien está en el suelo"),
    ("Aria", {"aguante": 10, "desangrandose": True, "caido": False}, "Aria está en pie"),
]  # fmt: skip


@pytest.mark.parametrize(("who", "given", "refusal"), REFUSALS)
def test_refusals_change_nothing(who: str, given: dict[str, object], refusal: str) -> None:
    c = fight()
    before = c.to_dict()
    with pytest.raises(UmbralError) as refused:
        c.ajustar(who, Valores(**given))  # type: ignore[arg-type]
    assert refusal in str(refused.value)
    assert c.to_dict() == before


def test_a_fight_over_is_not_corrected() -> None:
    c: Combate = fight()
    c.terminar(Final.HUIDA)
    before = c.to_dict()
    with pytest.raises(UmbralError, match=r"Este combate ya terminó \(huida\)\."):
        c.ajustar("Aria", Valores(aguante=3))
    assert c.to_dict() == before
