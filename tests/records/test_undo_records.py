"""The undo record's typed parts (:mod:`bot.records.undo`): every record release e16c8fc
wrote (its SQLite file and its PostgreSQL dump: 21 of the form before migration 0016) and
every form written since migration 0008 is read as its form, gives the document before its
operation, and is written back as the same JSON; the sheets an operation changed by hand
(``/descanso``, ``/esencia gastar``, ``/ficha ceder``) likewise."""

from __future__ import annotations

from typing import Any

import pytest

from bot.records.undo import (
    ChangedBefore,
    PatchBack,
    SheetChange,
    SheetValues,
    WholeBefore,
    before_from_json,
    diff,
)
from tests.records.fixture_rows import json_column, postgresql_rows, sqlite_rows

NOW = {"mode": "mesa", "asalto": 2, "combatants": [{"id": "c2", "a": 1}, {"id": "c1", "a": 5}]}
THEN = {"mode": "mesa", "asalto": 1, "combatants": [{"id": "c1", "a": 7}, {"id": "c2", "a": 1}]}


@pytest.mark.parametrize(
    ("data", "form"),
    [
        ({"patch": diff(THEN, NOW)}, PatchBack),  # since 0016
        (THEN, WholeBefore),  # 0008's first records: the whole document
        (
            {
                "mode": "mesa",
                "asalto": 1,
                "order": ["c1", "c2"],
                "combatants": [{"id": "c1", "a": 7}],
            },
            ChangedBefore,
        ),  # before 0016: the changed combatants and the order
    ],
)
def test_every_form_of_before_gives_the_document_back(data: dict[str, Any], form: type) -> None:
    before = before_from_json(data)
    assert type(before) is form
    assert before is not None and before.previous(NOW) == THEN
    assert before.to_json() == data


def test_a_record_that_changed_no_encounter_has_no_before() -> None:
    assert before_from_json(None) is None


def test_a_changed_combatant_gone_since_is_refused() -> None:
    before = before_from_json({"mode": "mesa", "order": ["c9"], "combatants": []})
    assert before is not None
    with pytest.raises(RuntimeError, match="c9"):
        before.previous(NOW)


@pytest.mark.parametrize("rows", [sqlite_rows, postgresql_rows])
def test_every_undo_record_release_e16c8fc_wrote_is_read(rows: Any) -> None:
    records = rows("undo_records")
    assert len(records) == 21
    for row in records:
        data = json_column(row["before"])
        before = before_from_json(data)
        assert isinstance(before, ChangedBefore), row["id"]
        assert before.to_json() == data
        assert json_column(row["sheets"]) == []
        # the document before: the changed combatants as they were, the others as they are
        # now, in the order then (tests/storage/test_migration_0016.py undoes them for real)
        now = [{"id": key, "now": True} for key in reversed(before.order)]
        previous = before.previous({**data, "combatants": now})
        assert [str(c["id"]) for c in previous["combatants"]] == before.order
        changed = {str(c["id"]) for c in before.changed}
        assert all(("now" in c) is (str(c["id"]) not in changed) for c in previous["combatants"])
        assert "order" not in previous and previous["mode"] == data["mode"]


@pytest.mark.parametrize(
    ("data", "columns"),
    [
        # /descanso, /ficha ajustar: the adjustable numbers
        ({"id": 3, "nombre": "Kaeda",
          "before": {"aguante": 3, "aliento": 1, "esencia": 2, "estados": ["aturdido"]},
          "after": {"aguante": 9, "aliento": 2, "esencia": 4, "estados": []}},
         {"aguante": 3, "aliento": 1, "esencia": 2, "estados": ["aturdido"]}),
        # /esencia gastar
        ({"id": 3, "nombre": "Kaeda", "before": {"esencia": 2}, "after": {"esencia": 1}},
         {"esencia": 2}),
        # /ficha ceder
        ({"id": 4, "nombre": "Bran", "before": {"owner_id": 11}, "after": {"owner_id": 12}},
         {"owner_id": 11}),
        # a column this release does not type is still put back
        ({"id": 5, "nombre": "Ana", "before": {"genero": "femenino"}, "after": {"genero": None}},
         {"genero": "femenino"}),
    ],
)  # fmt: skip
def test_every_sheet_change_written_is_read_and_put_back(
    data: dict[str, Any], columns: dict[str, Any]
) -> None:
    change = SheetChange.from_json(data)
    assert change.to_json() == data
    assert change.before.columns() == columns
    built = SheetChange.of(data["id"], data["nombre"], data["before"], data["after"])
    assert built == change and built.to_json() == data


def test_values_not_of_their_type_are_kept_as_they_were() -> None:
    values = SheetValues.from_json({"aguante": "3"})
    assert values.aguante is None and values.to_json() == {"aguante": "3"}
