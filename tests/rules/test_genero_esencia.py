"""The rules' side of issue 18 items 4 and 9: gender carried on the Combatant (old stored
encounters load as masculine) and Esencia spent all or nothing."""

from __future__ import annotations

import pytest

from umbral_rules import CharacterSheet, UmbralError
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.esencia import check_spend
from umbral_rules.genero import agree, agree_label

SHEET = CharacterSheet(
    nombre="Kaeda",
    atributos={"vigor": 2, "destreza": 2, "percepcion": 2, "voluntad": 2},
    proteccion=0,
)


def test_agree_defaults_to_masculine() -> None:
    assert agree("femenino", "listo", "lista") == "lista"
    assert agree(None, "listo", "lista") == agree("masculino", "listo", "lista") == "listo"
    assert agree_label("femenino", "Enmarañado") == "Enmarañada"
    assert agree_label("femenino", "Sangrando") == "Sangrando"
    assert agree_label("femenino", "Añoranza") == "Añoranza"  # a guild's own estado
    assert agree_label(None, "Cegado") == "Cegado"


def test_genero_round_trips_and_old_dicts_load_masculine() -> None:
    enc = Encounter.start("mesa")
    c = enc.add_character(SHEET, esencia=3, esencia_max=3, genero="femenino")
    data = c.to_dict()
    assert data["genero"] == "femenino"
    assert Combatant.from_dict(data).genero == "femenino"
    del data["genero"]  # stored before issue 18
    assert Combatant.from_dict(data).genero is None
    assert Encounter.from_dict(enc.to_dict()).find("Kaeda").genero == "femenino"


def test_spend_esencia_all_or_nothing() -> None:
    enc = Encounter.start("mesa")
    c = enc.add_character(SHEET, esencia=3, esencia_max=3)
    (event,) = enc.spend_esencia(c.id, 2, "luz")
    assert (event.esencia_before, event.esencia_after, event.motivo) == (3, 1, "luz")
    assert event.message == "Kaeda gasta 2 de Esencia: 3 → 1."
    for puntos, message in ((0, "Se gasta al menos 1"), (-1, "Se gasta al menos 1"),
                            (2, "Kaeda no tiene tanta Esencia: le quedan 1")):  # fmt: skip
        with pytest.raises(UmbralError, match=message):
            enc.spend_esencia(c.id, puntos, "x")
    assert c.esencia == 1
    with pytest.raises(UmbralError, match="no tiene Esencia que gastar"):
        check_spend("Bran", 0, 1)
