"""One ``Encounter`` (issue 32): it derives from no class of the project, the operations are
functions of the typed state that never reach back to it, and its transaction is the one
that makes a refused operation change nothing."""

from __future__ import annotations

import inspect
import pickle
from pathlib import Path

import pytest

import umbral_rules
from tests.importgraph import import_graph
from umbral_rules import EnemySheet, ForcedDice, UmbralError
from umbral_rules.encounter import Encounter, EncounterState
from umbral_rules.encounter import encounter as facade

from .test_encounter_mesa import ESPADA, kaeda

ROOT = Path(umbral_rules.__file__).resolve().parent
GUARDIA = EnemySheet("Guardia", ataque=12, defensa=12, aguante=14, potencia=4, arma="Lanza")


def test_encounter_derives_from_no_project_class() -> None:
    assert Encounter.__bases__ == (object,)
    assert [c for c in Encounter.__mro__ if c.__module__.startswith(("umbral_rules", "bot"))] == [
        Encounter
    ]
    assert isinstance(Encounter.start("mesa").state, EncounterState)


def test_the_operations_never_import_the_facade() -> None:
    graph = import_graph(ROOT)
    users = sorted(
        m for m, targets in graph.items() if "umbral_rules.encounter.encounter" in targets
    )
    assert users == ["umbral_rules.encounter"]  # only the package re-exports it


def test_one_transaction() -> None:
    """Only ``Encounter._run`` keeps and restores the state, and every operation that
    reports events runs through it (``_apply``), as do the ones that add combatants."""
    source = inspect.getsource(facade)
    assert source.count("self.state = before") == 1 and source.count("def _run(") == 1
    operations = [
        name
        for name, method in inspect.getmembers(Encounter, inspect.isfunction)
        if inspect.signature(method).return_annotation == "list[Event]"
    ]
    assert len(operations) >= 25
    for name in [*operations, "add_character", "add_enemy", "add_enemies", "hand_over"]:
        body = inspect.getsource(getattr(Encounter, name))
        assert "self._apply(" in body or "self._run(" in body, name


@pytest.mark.parametrize("undo", [True, False])
def test_a_refusal_half_way_is_undone_unless_switched_off(undo: bool) -> None:
    """Physical dice that run short refuse after the acción was spent: with
    ``undo_on_refusal`` the state is as before; without it (the bot's storage, which throws
    the object away) it is left half-changed."""
    enc = Encounter.start("narrativo")
    k = enc.add_character(kaeda(), [ESPADA])
    g = enc.add_enemy(GUARDIA)
    enc.undo_on_refusal = undo
    before = enc.to_dict()
    with pytest.raises(UmbralError, match="Faltan dados"):
        enc.attack(ForcedDice([7], strict=True), k.id, g.id)  # the Guardia's die is missing
    assert (enc.to_dict() == before) is undo


def test_an_encounter_with_its_tablero_pickles() -> None:
    """The bot's encounter cache packs an encounter with pickle; the board inside it too."""
    enc = Encounter.start("tactico")
    k = enc.add_character(kaeda(), [ESPADA])
    enc.tablero_setup(8, 8)
    enc.draw_cover("C3 D3")
    enc.place(k.id, "B2")
    again = pickle.loads(pickle.dumps(enc))
    assert again.to_dict() == enc.to_dict() and again.tablero == enc.tablero
    assert again.tablero is not None and again.tablero.figure(k.id).position.label == "B2"
