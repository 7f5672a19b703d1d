"""The typed state reads every form of an encounter stored before it (issue 32).

``tests/fixtures/encounter_forms.json`` holds 24 dicts the rules wrote at commit e16c8fc,
before the state was typed: together they hold every key path, type and word of the closed
vocabularies the rules tests produced (``capture_forms.py``). ``stored_encounters.json``
holds the dicts of a Mesa, a Narrativo and a Táctico encounter and a reto's scene as the
bot stored them then (``capture_stored.py``). Each is read, written back — the same dict,
but for the keys an older release left out, which the typed state always writes — and
played on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from umbral_rules import ForcedDice, RandomDice, UmbralError
from umbral_rules.encounter import DefenseReread, Encounter
from umbral_rules.encounter.codec import json_copy
from umbral_rules.tables import ENCOUNTER_DEFAULT_SETTINGS

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FORMS: list[Any] = json.loads((FIXTURES / "encounter_forms.json").read_text(encoding="utf-8"))
STORED: dict[str, Any] = json.loads(
    (FIXTURES / "stored_encounters.json").read_text(encoding="utf-8")
)["states"]

#: What the typed state writes for a key of ``extra`` an older dict did not have yet.
EXTRA_DEFAULTS: dict[str, Any] = {
    "interponerse": [],
    "attacked_by": {},
    "defensas": {},
    "tablero": None,
    "tactico": None,
    "escena": None,
}


def complete(old: dict[str, Any]) -> dict[str, Any]:
    """``old`` with the keys an earlier release left out, as the typed state writes them:
    every key of ``extra`` (and every counter), every setting."""
    data: dict[str, Any] = json_copy(old)
    data["settings"] = {**ENCOUNTER_DEFAULT_SETTINGS, **data["settings"]}
    extra = data["extra"]
    extra["counters"] = {"combatant": 0, "pending": 0, "reto": 0, **extra.get("counters", {})}
    for key, value in EXTRA_DEFAULTS.items():
        extra.setdefault(key, value)
    return data


CASES = [pytest.param(f, id=f"forma-{i}") for i, f in enumerate(FORMS)] + [
    pytest.param(state, id=f"guardado-{channel}") for channel, state in STORED.items()
]


@pytest.mark.parametrize("old", CASES)
def test_every_stored_form_reads_and_writes_back_the_same(old: dict[str, Any]) -> None:
    enc = Encounter.from_dict(json_copy(old))
    again = enc.to_dict()
    assert again == complete(old)
    assert json.loads(json.dumps(again)) == again  # plain JSON: no tuples, enums or sets
    assert Encounter.from_dict(again).to_dict() == again


def test_the_forms_hold_every_kind_of_piece() -> None:
    """The fixture is worth something only if it holds every record and pending kind."""
    text = json.dumps(FORMS)
    for word in ("attack", "attack_defense", "attack_pending", "defend", "check"):
        assert f'"op": "{word}"' in text, word
    for word in ("tirada", "reto", "estabilizar", "quebrantado"):
        assert f'"purpose": "{word}"' in text, word
    for word in ("mesa", "enfrentado"):
        assert f'"kind": "{word}"' in text, word
    for key in ("defensas", "tablero", "tactico", "interponerse", "escena"):
        assert f'"{key}"' in json.dumps([FORMS, STORED]), key


@pytest.mark.parametrize("old", CASES)
def test_every_stored_form_plays_on(old: dict[str, Any]) -> None:
    """Whatever was pending is defended, the asalto goes on, and the first who can act
    attacks someone of the other side; a refusal leaves the state as it was."""
    enc = Encounter.from_dict(json_copy(old))
    dice = RandomDice(32)
    for defender in list(dict.fromkeys(p.defender for p in enc.pending)):
        if enc.get(defender).active:
            enc.defend(dice, defender)
    enc.advance(dice)
    actors = enc.not_acted()
    targets = [c for c in enc.combatants if c.active and actors and c.side != actors[0].side]
    if actors and targets:
        before = enc.to_dict()
        try:
            enc.attack(dice, actors[0].id, targets[0].id, defender_dice=dice)
        except UmbralError:  # out of reach on a board, no weapon...: nothing changed
            assert enc.to_dict() == before
    assert Encounter.from_dict(enc.to_dict()).to_dict() == enc.to_dict()


def test_a_stored_mesa_encounter_plays_on_exactly() -> None:
    """The Mesa fight as the bot stored it: Bran answers the two attacks of asalto 1 left
    unanswered, Kaeda's Defensa of asalto 2 is read again for a late attack, and a refused
    attack changes nothing."""
    enc = Encounter.from_dict(json_copy(STORED["mesa"]))
    assert (enc.asalto, enc.phase, [p.id for p in enc.pending]) == (2, "enemigos", ["p1", "p2"])
    kaeda, bran = enc.find("Kaeda"), enc.find("Bran")
    assert enc.state.defensas[kaeda.id].asalto == 2
    ev = enc.defend(ForcedDice([12]), bran.id)  # answers asalto 1: both attacks, one roll
    assert enc.pending == [] and any(getattr(e, "asalto", None) == 1 for e in ev)
    before = enc.to_dict()
    with pytest.raises(UmbralError):
        enc.attack(ForcedDice([]), kaeda.id, "c99")
    assert enc.to_dict() == before
    guardia = enc.find("Guardia 1")
    ev = enc.attack(ForcedDice([]), guardia.id, kaeda.id)  # after her roll: read again
    [reread] = [e for e in ev if isinstance(e, DefenseReread)]
    assert reread.defender_id == kaeda.id and reread.pending_id == "p5" and enc.pending == []
    assert [p["id"] for p in enc.to_dict()["extra"]["defensas"][kaeda.id]["resolved"]] == [
        "p3", "p4", "p5",
    ]  # fmt: skip
