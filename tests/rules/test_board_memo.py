"""The board an encounter parses once (since issue 32 a ``Board`` in the typed state, read
from JSON only by ``from_dict``): the same ``Board`` while nothing writes one, a fresh one
after every change, and the right one after a refused operation is undone — on one
``Encounter`` kept across operations, as the bot's cache keeps it (``Reloading`` in the
other tests starts each operation from JSON and never sees it)."""

from __future__ import annotations

from umbral_rules.encounter import Encounter
from umbral_rules.grid import Board

from .test_encounter_mesa import ESPADA, kaeda
from .test_encounter_state import refused
from .test_encounter_tablero import OGRO


def where(enc: Encounter, cid: str) -> str:
    board = enc.board
    assert isinstance(board, Board)
    return board.figure(cid).position.label


def test_the_board_is_parsed_once_and_follows_every_change() -> None:
    enc = Encounter.start("tactico")
    k = enc.add_character(kaeda(), [ESPADA])
    ogro = enc.add_enemy(OGRO)
    enc.board_setup(12, 12)
    first = enc.board
    assert first is not None and enc.board is first  # read twice, parsed once
    enc.place(k.id, "B2")
    assert enc.board is not first and where(enc, k.id) == "B2"
    enc.place(ogro.id, "H2")
    placed = enc.board
    assert enc.board is placed and where(enc, ogro.id) == "H2"
    # a refused operation is undone: the board read after it is the one before it
    refused(enc, "ya la ocupa Ogro", enc.place, k.id, "I3")
    assert enc.board == placed and where(enc, k.id) == "B2"
    # an operation that leaves the board alone keeps the same parsed board
    enc.draw_walls("F1:F3")
    walled = enc.board
    assert walled is not None and len(walled.walls) == 3
    enc.to_dict()
    assert enc.board is walled
    # a figure follows its combatant (``sync`` after every operation): gone with it
    before = enc.board
    enc.remove(ogro.id)
    board = enc.board
    assert board is not before and board is not None
    assert not board.has(ogro.id) and board.has(k.id)
    # the state loaded from its own dict reads the very same board
    again = Encounter.from_dict(enc.to_dict())
    assert again.board == enc.board
