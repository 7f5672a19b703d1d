"""Issue 44: a renderer shows what is no longer there as missing, never by catching an
error — an attack on someone removed since (its name, «alguien que ya no está en el
combate»; its Aguante maximum, «—»), and a pending defense whose attacker is gone."""

from __future__ import annotations

import json

from bot.render.encounter import render_events
from bot.render.rolls import Vitals
from bot.render.safe import GONE, MISSING
from bot.render.tracker import pending_lines, waited_for
from tests.rules.test_encounter_mesa import ESPADA, GUARDIA, F, kaeda
from umbral_rules.encounter import Encounter


def _texts(embeds: list) -> str:  # type: ignore[type-arg]
    return json.dumps([e.to_dict() for e in embeds], ensure_ascii=False)


def test_an_attack_on_someone_removed_since_shows_them_missing() -> None:
    enc = Encounter.start("mesa")
    k = enc.add_character(kaeda(), [ESPADA], aliento=2, character_id=1, owner_id=10)
    (guard,) = enc.add_enemies(GUARDIA, 1)
    events = enc.attack(F(9), k.id, guard.id)
    shown_before = _texts(render_events(enc, events, "Ataque").embeds)
    assert "Guardia" in shown_before and "/14" in shown_before and GONE not in shown_before
    enc.remove(guard.id)
    shown = _texts(render_events(enc, events, "Ataque").embeds)
    assert GONE in shown
    assert f"/{MISSING}" in shown
    assert "Kaeda" in shown


def test_a_missing_maximum_is_shown_as_missing() -> None:
    assert Vitals("Guardia", 14, 10, None).text() == f"14 → 10/{MISSING}"
    assert Vitals("Guardia", 14, 10, 14).text() == "14 → 10/14"


def test_lookup_is_none_for_someone_not_there() -> None:
    enc = Encounter.start("mesa")
    k = enc.add_character(kaeda(), [ESPADA], aliento=2, character_id=1, owner_id=10)
    assert enc.state.lookup(k.id) is k or enc.state.lookup(k.id) == k
    assert enc.state.lookup("c99") is None
    assert pending_lines(enc) == []
    assert [w.kind for w in waited_for(enc, None, {})] == ["turno"]
