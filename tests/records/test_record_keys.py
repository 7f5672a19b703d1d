"""Readers never index a record's keys by string (issue 44): read with ``ast`` from the
source, no module of ``bot/`` outside :mod:`bot.records` (the codec and the records)

- indexes a record read from a row by a string: ``entry.result["…"]``,
  ``entry.result.get("…")``, ``"…" in entry.result``, nor the undo record's ``before`` or
  ``sheets`` (nor a sheet change's ``before`` / ``after``);
- indexes anything by a key only a record has (``deshace``, ``ajustes``, ``totales``…): the
  keys of the records' fields that no other JSON of the bot uses.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

from bot.records import rolls, undo
from bot.records.codec import Record

BOT = Path(__file__).resolve().parent.parent.parent / "bot"
RECORDS = BOT / "records"
#: Attributes that hold a record read from a row (or a part of one).
RECORD_ATTRIBUTES = {"result", "before", "after", "sheets"}
#: Record keys other JSON of the bot uses too (the encounter's document, a die's dict, the
#: options of /tirar, a sheet's columns…): indexing them elsewhere is not reading a record.
SHARED = {
    "id", "nombre", "privada", "motivo", "expresion", "umbral", "exitos", "total", "tipo",
    "resultado", "aguante", "aliento", "esencia", "estados", "owner_id", "personaje", "reto",
    "bonus", "potencia", "before", "after", "extra", "keys",
}  # fmt: skip


def _record_keys() -> set[str]:
    keys = {"patch", "order"}  # the forms of an undo record's before
    for module in (rolls, undo):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Record):
                keys.update(f.name for f in fields(value))
    return keys - SHARED


def _sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(BOT.rglob("*.py")):
        if RECORDS not in path.parents:
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _indexed(node: ast.AST) -> tuple[ast.expr, str] | None:
    """(what is indexed, the string key) of ``x["k"]``, ``x.get("k")`` or ``"k" in x``."""
    if isinstance(node, ast.Subscript):
        key = node.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return node.value, key.value
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"get", "pop", "setdefault"}
        and node.args
    ):
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return node.func.value, first.value
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.In | ast.NotIn)
    ):
        left = node.left
        if isinstance(left, ast.Constant) and isinstance(left.value, str):
            return node.comparators[0], left.value
    return None


def test_no_reader_indexes_a_record_by_string() -> None:
    keys = _record_keys()
    assert {"deshace", "ajustes", "totales", "opciones", "repite", "patch"} <= keys
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            hit = _indexed(node)
            if hit is None:
                continue
            target, key = hit
            on_record = isinstance(target, ast.Attribute) and target.attr in RECORD_ATTRIBUTES
            if on_record or key in keys:
                found.append(f"{path.relative_to(BOT.parent)}:{node.lineno}: [{key!r}]")
    assert found == [], "\n".join(found)


def test_the_check_finds_what_it_forbids() -> None:
    tree = ast.parse('a = entry.result["grado"]\nb = x.get("deshace")\nc = "k" in rec.before')
    hits = [_indexed(node) for node in ast.walk(tree)]
    assert sorted(key for hit in hits if hit is not None for key in [hit[1]]) == [
        "deshace",
        "grado",
        "k",
    ]
