"""Táctico: Interponerse on the board needs the ward within the protector's melee reach
(digest §7, [D]): adjacent, or two squares with a Larga weapon; off the board the GM's word."""

from __future__ import annotations

from umbral_rules.encounter import Encounter

from .test_encounter_mesa import ESPADA, F, bran, kaeda
from .test_encounter_state import Reloading, refused
from .test_encounter_tablero import LANZA, ilse


def test_interponerse_needs_the_ward_within_melee_reach_on_the_tablero() -> None:
    """[D] digest §7: adjacent, or two squares with a Larga weapon; refused saying how far."""
    enc = Reloading(Encounter.start("tactico"))
    k = enc.add_character(kaeda(), [ESPADA])
    b = enc.add_character(bran(), [LANZA])  # Larga: reaches two
    i = enc.add_character(ilse(), [ESPADA])
    enc.tablero_setup(10, 10)
    enc.place(k.id, "B2")
    enc.place(b.id, "D2")  # two squares from Kaeda
    enc.place(i.id, "F5")
    refused(
        enc, "Bran está a 2 casillas de Kaeda: para interponerse ha de tenerlo a su alcance "
        "cuerpo a cuerpo (1 casilla).", enc.maniobra, F(), k.id, "interponerse", b.id,
    )  # fmt: skip
    ev = enc.maniobra(F(), b.id, "interponerse", k.id)  # Bran's lance reaches her
    assert enc.to_dict()["extra"]["interponerse"][0] == {
        "protector": b.id,
        "protegido": k.id,
        "asalto": 1,
    }
    assert ev[-1].message == "Bran se interpone delante de Kaeda este asalto."
    refused(
        enc, "Bran está a 3 casillas de Ilse: para interponerse ha de tenerlo a su alcance "
        "cuerpo a cuerpo (1 casilla).", enc.maniobra, F(), i.id, "interponerse", b.id,
    )  # fmt: skip
    enc.place(i.id, "C3")  # adjacent to Kaeda (diagonal) and Bran
    enc.maniobra(F(), i.id, "interponerse", b.id)
    enc.unplace(k.id)
    enc.advance()
    enc.advance()  # asalto 2: off the board, the GM's word stands
    enc.maniobra(F(), i.id, "interponerse", k.id)
    far = Reloading(Encounter.start("tactico"))
    p = far.add_character(bran(), [LANZA])
    q = far.add_character(kaeda(), [ESPADA])
    far.tablero_setup(10, 10)
    far.place(p.id, "A1")
    far.place(q.id, "A5")
    refused(
        far, "Kaeda está a 4 casillas de Bran: para interponerse ha de tenerlo a su alcance "
        "cuerpo a cuerpo (2 casillas con su arma Larga).", far.maniobra, F(), p.id,
        "interponerse", q.id,
    )  # fmt: skip
