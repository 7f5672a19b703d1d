"""The board an encounter parses once (since issue 32 a ``Tablero`` in the typed state, read
from JSON only by ``from_dict``): the same ``Tablero`` while nothing writes one, a fresh one
after every change, and the right one after a refused operation is undone — on one
``Encounter`` kept across operations, as the bot's cache keeps it (``Reloading`` in the
other tests starts each operation from JSON and never sees it)."""

from __future__ import annotations

from umbral_rules.encounter import Encounter
from umbral_rules.tablero import Tablero

from .test_encounter_mesa import ESPADA, kaeda
from .test_encounter_state import refused
from .test_encounter_tablero import OGRO


def where(enc: Encounter, cid: str) -> str:
    tablero = enc.tablero
    assert isinstance(tablero, Tablero)
    return tablero.figure(cid).position.label


def test_the_tablero_is_parsed_once_and_follows_every_change() -> None:
    enc = Encounter.start("tactico")
    k = enc.add_character(kaeda(), [ESPADA])
    ogro = enc.add_enemy(OGRO)
    enc.tablero_setup(12, 12)
    first = enc.tablero
    assert first is not None and enc.tablero is first  # read twice, parsed once
    enc.place(k.id, "B2")
    assert enc.tablero is not first and where(enc, k.id) == "B2"
    enc.place(ogro.id, "H2")
    placed = enc.tablero
    assert enc.tablero is placed and where(enc, ogro.id) == "H2"
    # a refused operation is undone: the board read after it is the one before it
    refused(enc, "ya la ocupa Ogro", enc.place, k.id, "I3")
    assert enc.tablero == placed and where(enc, k.id) == "B2"
    # an operation that leaves the board alone keeps the same parsed board
    enc.draw_walls("F1:F3")
    walled = enc.tablero
    assert walled is not None and len(walled.walls) == 3
    enc.to_dict()
    assert enc.tablero is walled
    # a figure follows its combatant (``sync`` after every operation): gone with it
    before = enc.tablero
    enc.remove(ogro.id)
    tablero = enc.tablero
    assert tablero is not before and tablero is not None
    assert not tablero.has(ogro.id) and tablero.has(k.id)
    # the state loaded from its own dict reads the very same board
    again = Encounter.from_dict(enc.to_dict())
    assert again.tablero == enc.tablero
