"""Effort and reserves: prices by the size of the effect, a tired character reaching less,
an effort cut down, and a Sobregiro of each size."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice, UmbralError
from umbral_rules.graduado import (
    Ataque,
    Declaracion,
    Ficha,
    Hazana,
    Reserva,
    Sobregiro,
    Via,
    alcance,
    esfuerzo,
    pay,
    precio,
)
from umbral_rules.graduado.events import Cae, EsfuerzoPagado, Hecho

from .fighters import fight

FULL = Reserva(25, 100)


def test_full_rank_costs_the_whole_reserve_and_each_level_below_a_tenth() -> None:
    assert precio(FULL, 25) == 100
    assert precio(FULL, 15) == 10
    assert precio(FULL, 5) == 1
    assert precio(FULL, 0) == 0  # «las cosas cotidianas son casi gratis»
    assert precio(FULL, 20) == 32  # between whole levels the same scale


def test_a_tired_character_reaches_less() -> None:
    assert alcance(FULL) == 25
    assert alcance(Reserva(25, 100, 90)) == 15  # 10 left: a rank below
    assert alcance(Reserva(25, 100, 99)) == 5
    assert alcance(Reserva(25, 100, 100)) is None


def test_an_effect_too_big_is_quietly_cut_down() -> None:
    tired = Reserva(25, 100, 90)
    result = esfuerzo(tired, Via.FUERZA, 25)
    assert result.pedido == 25 and result.concedido == 15
    assert result.pago.recortado and result.pago.pagado == 10
    assert result.pago.despues.restante == 0 and result.pago.sobregiro is None


def test_points_asked_beyond_what_remains_are_cut_down() -> None:
    pago = pay(Reserva(25, 100, 80), Via.FUERZA, 50)
    assert pago.recortado and pago.pagado == 20 and pago.despues.maximo == 100


@pytest.mark.parametrize(
    ("asked", "size", "maximo", "herida", "caido"),
    [
        (30, Sobregiro.POCO, 80, False, False),  # 10 left, 20 over: a fifth of the maximum
        (35, Sobregiro.POCO, 80, False, False),  # 25 over: «un poco» up to a quarter
        (36, Sobregiro.BASTANTE, 50, True, False),
        (110, Sobregiro.BASTANTE, 50, True, False),  # a whole reserve over
        (111, Sobregiro.MUY, 100, False, True),
    ],
)
def test_sobregiro_of_each_size(
    asked: int, size: Sobregiro, maximo: int, herida: bool, caido: bool
) -> None:
    pago = pay(Reserva(25, 100, 90), Via.FUERZA, asked, sobregiro=True)
    assert pago.sobregiro is size and pago.pagado == asked and not pago.recortado
    assert pago.despues.maximo == maximo and pago.despues.restante == 0
    assert pago.herida is herida and pago.caido is caido


def test_sobregiro_on_an_effect_makes_it_happen() -> None:
    own_rank = esfuerzo(Reserva(25, 100, 90), Via.FUERZA, 25, sobregiro=True)
    assert own_rank.concedido == 25 and own_rank.pago.sobregiro is Sobregiro.BASTANTE
    above = esfuerzo(Reserva(25, 100, 90), Via.FUERZA, 27, sobregiro=True)
    assert above.concedido == 27 and above.pago.pagado == 158
    assert above.pago.sobregiro is Sobregiro.MUY and above.pago.caido


def test_in_a_round_a_cut_effort_a_little_sobregiro_a_wound_and_a_fall() -> None:
    """Four heroes, 10 of aguante left of 100 each: one asks 40 without going past (cut to
    10); one goes a little over (30); one well over (60: halves, a visible wound); one far
    over (a deed of its own rank plus: down and bleeding)."""
    c = fight()
    c.add_heroe(Ficha("Cira", Reserva(25, 100)))
    c.add_heroe(Ficha("Dov", Reserva(25, 100)))
    for name in ("Aria", "Bruno", "Cira", "Dov"):
        c.state.find(name).ficha = Ficha(name, Reserva(25, 100, 90))
    c.declarar("Aria", Declaracion(Ataque("Orco", esfuerzo=40)))
    c.declarar("Bruno", Declaracion(Ataque("Orco", esfuerzo=30, sobregiro=True)))
    c.declarar("Cira", Declaracion(Ataque("Orco", esfuerzo=60, sobregiro=True)))
    c.declarar("Dov", Declaracion(Hazana("derriba el muro", 30, sobregiro=True)))
    events = c.cerrar_ronda(ForcedDice([99, 99, 99], strict=True))
    paid = {e.combatiente: e.pago for e in events if isinstance(e, EsfuerzoPagado)}
    assert paid["aria"].recortado and paid["aria"].pagado == 10
    assert "pedías 40, se reduce a lo que puedes pagar" in next(
        e.message for e in events if isinstance(e, EsfuerzoPagado) and e.combatiente == "aria"
    )
    assert paid["bruno"].sobregiro is Sobregiro.POCO and c.find("Bruno").ficha.fuerza.maximo == 80
    assert paid["cira"].sobregiro is Sobregiro.BASTANTE and c.find("Cira").ficha.fuerza.maximo == 50
    assert c.find("Cira").heridas == ("herida visible (sobregiro de aguante)",)
    deed = next(e for e in events if isinstance(e, Hecho))
    assert deed.efecto.concedido == 30 and deed.efecto.pago.sobregiro is Sobregiro.MUY
    dov = c.find("Dov")
    assert dov.caido and dov.desangrandose and not dov.muerto
    assert any(isinstance(e, Cae) and e.combatiente == "dov" for e in events)


def test_refusals() -> None:
    with pytest.raises(UmbralError, match="negativo"):
        precio(FULL, -1)
    with pytest.raises(UmbralError, match="negativo"):
        pay(FULL, Via.FUERZA, -3)
    with pytest.raises(UmbralError, match="va de 0 a su máximo"):
        Reserva(25, 10, 11)
    with pytest.raises(UmbralError, match="no tiene magia"):
        Ficha("Aria", FULL).reserva(Via.MAGIA)
