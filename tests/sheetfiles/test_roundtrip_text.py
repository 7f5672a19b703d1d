"""Issue 30, item 2: export → import is the identity for any text the bot accepts in a note,
in every format — formulas, quotes, markdown, separators and line breaks included — and no
cell of a CSV export starts like a spreadsheet formula."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.sheetfiles import (
    BESTIARY,
    CHARACTERS,
    FORMATS,
    CharacterEntry,
    EnemyEntry,
    Format,
    dump,
    limits,
    load,
)
from tests.bot.exported_cells import formula_cells

#: How a hostile note may start (a formula, the guard's own quote, markdown…).
HEADS = ["", "=", "+", "-", "@", "'", "''", "'=", "'+1", "\t=", "#", "«", "**", "[x](https://e.x)"]
#: Any character a note may keep (what slash options and files both accept), and the CSV's
#: separators and quotes more often.
CHARS = st.characters(
    blacklist_categories=("Cc", "Cs", "Cn", "Zl", "Zp"), blacklist_characters="\ufeff"
) | st.sampled_from("\n\t;,\"'=+-@ ")


def notes(limit: int) -> st.SearchStrategy[str]:
    body = st.text(alphabet=CHARS, max_size=60)
    return st.builds(lambda h, b: (h + b).strip()[:limit].strip(), st.sampled_from(HEADS), body)


TEXT_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def assert_same(entries: list, fmt: Format, kind) -> None:  # type: ignore[no-untyped-def]
    data = dump(entries, fmt, kind)
    assert formula_cells(f"x.{fmt}", data) == []
    back = load(data, f"archivo.{fmt}", kind)
    assert back == entries
    assert dump(back, fmt, kind) == data


@pytest.mark.parametrize("fmt", FORMATS)
@TEXT_SETTINGS
@given(texts=st.lists(notes(limits.ENEMY_NOTAS_MAX), min_size=1, max_size=4))
def test_enemy_notes_round_trip(fmt: Format, texts: list[str]) -> None:
    entries = [
        EnemyEntry.model_validate(
            {"nombre": f"Guardia {i}", "ataque": 1, "defensa": 2, "aguante": 3, "potencia": 4}
            | {"notas": text}
        )
        for i, text in enumerate(texts)
    ]
    assert_same(entries, fmt, BESTIARY)


@pytest.mark.parametrize("fmt", FORMATS)
@TEXT_SETTINGS
@given(public=notes(limits.NOTAS_MAX), private=notes(limits.NOTAS_MAX))
def test_character_notes_round_trip(fmt: Format, public: str, private: str) -> None:
    entry = CharacterEntry.model_validate(
        {
            "nombre": "Kaeda",
            "atributos": {"vigor": 1, "destreza": 2, "percepcion": 3, "voluntad": 4},
            "proteccion": 1,
            "notas": public,
            "notas_privadas": private,
        }
    )
    assert_same([entry], fmt, CHARACTERS)
