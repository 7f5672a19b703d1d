"""The sheet: ranks 1–8, rank 2 when not written, derived numbers, refusals, JSON."""

from __future__ import annotations

import pytest

from umbral_rules.errors import UmbralError
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.constants import HABILIDADES_SEMILLA, RANGO_NORMAL
from umbral_rules.hielo.sheet import Armour, Sheet, Specialty, Weapon

from .people import bandido, cortesana, duncan


def test_an_ability_not_written_has_rank_2_and_any_name_is_taken() -> None:
    s = Sheet("Nadie", {"Cetrería": 5})
    assert s.rango("Cetrería") == 5 and s.rango("cetreria") == 5
    assert s.rango("Brío") == RANGO_NORMAL == 2
    assert "Brío" in HABILIDADES_SEMILLA and len(HABILIDADES_SEMILLA) == 13


def test_derived_numbers_term_by_term() -> None:
    d = duncan()
    assert d.defensa_combate_terminos() == (
        Termino("Agilidad", 3),
        Termino("Brío", 4),
        Termino("Percepción", 2),
        Termino("Rapidez (B)", 1),
        Termino("Escudo", 4),
        Termino("Penalización de armadura", -3),
    )
    assert d.defensa_combate() == 11
    assert d.defensa_combate(ignorar_armadura=True) == 14
    assert d.salud_max == 12  # Constitución 4 × 3
    assert d.compostura_max == 9  # Voluntad 3 × 3
    c = cortesana()
    assert c.defensa_intrigas() == 8  # Estatus 3 + Ingenio 3 + Percepción 2
    assert c.defensa_intrigas(6) == 14
    assert c.pasivo("Estatus", "Reputación") == 13  # 3 × 4 + 1
    assert bandido().defensa_combate() == 6 and bandido().salud_max == 6
    assert Sheet("X").destino == 1  # «comenzarán con un punto de destino»


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: Sheet("X", {"Brío": 9}), "El rango de Brío: de 1 a 8 (se dio 9)."),
        (lambda: Sheet("X", {"Brío": 0}), "El rango de Brío: de 1 a 8 (se dio 0)."),
        (lambda: Sheet("X", {"Brío": 2, "brio": 3}), "La habilidad brio está escrita dos veces."),
        (lambda: Sheet(" "), "Falta el nombre de un personaje."),
        (lambda: Specialty("Brío", "Trepar", 0), "Los dados de bonificación de Trepar: de 1 a 8"),
        (lambda: Weapon("Arco", 2, habilidad="Brío"), "ataca con Combate cuerpo a cuerpo o con"),
        (lambda: Weapon("Arco", -1), "El daño de Arco: 0 o más (se dio -1)."),
        (lambda: Armour("Placas", -1), "La Protección de Placas: 0 o más"),
        (lambda: Sheet("X", escudo=-2), "La bonificación del escudo: 0 o más"),
        (lambda: Sheet("X", destino=-1), "Los puntos de destino: 0 o más"),
        (lambda: Sheet("X", {"Brío": "3"}), "tiene que ser un número entero"),  # type: ignore[dict-item]
    ],
)
def test_bad_sheets_are_refused_in_spanish(build: object, words: str) -> None:
    with pytest.raises(UmbralError) as error:
        build()  # type: ignore[operator]
    assert words in str(error.value)


def test_a_weapon_not_carried_is_refused() -> None:
    with pytest.raises(UmbralError, match="no lleva el arma «Maza» \\(lleva: Espada larga\\)"):
        duncan().arma("Maza")


def test_the_sheet_round_trips_through_json() -> None:
    for s in (duncan(), bandido(), cortesana(), Sheet("Sola")):
        assert Sheet.from_dict(s.to_dict()) == s


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({}, "La ficha: falta «nombre»."),
        ({"nombre": "X", "habilidades": {"Brío": "tres"}}, "La ficha: hay un valor que no"),
        ({"nombre": "X", "armas": [{"nombre": "Arco"}]}, "La ficha: falta «dano»."),
        ({"nombre": "X", "habilidades": {"Brío": 12}}, "El rango de Brío: de 1 a 8"),
    ],
)
def test_a_sheet_read_from_a_file_is_refused_in_spanish(
    data: dict[str, object], words: str
) -> None:
    with pytest.raises(UmbralError) as error:
        Sheet.from_dict(data)
    assert str(error.value).startswith(words)
