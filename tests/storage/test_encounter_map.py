"""The dict ⇄ rows mapping is lossless (a property test) and refuses what it cannot keep."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage import encounter_map as emap

from .helpers import combatant, sample_state

KEYS = st.text("abcdefghij_", min_size=1, max_size=8)
#: The rest of an item's dict: any key but the ones that have their own column.
REST_KEYS = KEYS.map(lambda k: f"x_{k}")
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def states(draw: st.DrawFn) -> dict[str, Any]:
    def items(prefix: str, make: Any) -> list[dict[str, Any]]:
        ids = draw(st.lists(st.integers(0, 50), unique=True, max_size=6))
        return [
            {**make(f"{prefix}{i}"), **draw(st.dictionaries(REST_KEYS, JSON, max_size=3))}
            for i in ids
        ]

    return {
        "schema": 1,
        "mode": draw(st.sampled_from(["mesa", "narrativo", "tactico"])),
        "asalto": draw(st.integers(1, 99)),
        "phase": draw(st.sampled_from(["jugadores", "enemigos"])),
        "settings": draw(st.dictionaries(KEYS, JSON, max_size=3)),
        "combatants": items(
            "c",
            lambda cid: combatant(
                cid,
                f"N{cid}",
                aguante=draw(st.integers(-5, 40)),
                estados=draw(st.lists(st.text(max_size=4), max_size=3)),
                character_id=draw(st.none() | st.integers(1, 9)),
                owner_id=draw(st.none() | st.integers(1, 2**63 - 1)),
            ),
        ),
        "pending": items("p", lambda pid: {"id": pid, "defender": "c1", "attacker": "c2"}),
        "retos": items("r", lambda rid: {"id": rid}),
        "extra": draw(st.dictionaries(KEYS, JSON, max_size=3)),
    }


@settings(max_examples=40, deadline=None)
@given(states())
def test_split_then_assemble_is_the_identity(state: dict[str, Any]) -> None:
    assert emap.assemble(emap.split(state)) == state


def test_unknown_top_level_key_is_refused() -> None:
    with pytest.raises(ValueError, match="does not know"):
        emap.split(sample_state(nuevo=1))


def test_duplicate_or_missing_ids_are_refused() -> None:
    state = sample_state()
    state["retos"].append(dict(state["retos"][0]))
    with pytest.raises(ValueError, match="Duplicate reto"):
        emap.split(state)
    state = sample_state()
    del state["pending"][0]["id"]
    with pytest.raises(ValueError, match="without an 'id'"):
        emap.split(state)
