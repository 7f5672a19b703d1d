"""One name per concept in code (issue 44, item 8), read from the source with ``ast``.

Umbral's rulebook says «tablero» for the Táctico board, «tirada» for a check (1d12 +
Atributo + Oficio against an Umbral) and «tamaño» for a creature's size; the code says
``tablero``, ``tirada`` and ``tamano``, in every identifier of ``bot/`` and ``umbral_rules/``
(modules, classes, functions, arguments, attributes, names; not strings, not comments).
The other game systems (``hielo``, ``graduado``, ``porcentual``) keep their own seeds' words
and are left out. What a user reads and what is stored do not change: ``/mapa`` keeps its
name, and the stored keys and the database column are still ``size`` (docs/arquitectura.md,
«Nombres»).

- the board: no identifier and no module carries ``board`` (``dashboard`` and
  ``KeyboardInterrupt`` are not the board), ``grid`` or ``mapa``; the one ``mapa`` is the
  ``/mapa`` command group, in ``bot/features/tablero/cog.py``;
- a check: no module is ``checks`` or ``pruebas``; no identifier is one of the old names
  of the game's check, nor joins ``check`` with a word of the tirada (its result, record,
  roll, Umbral, modifiers…); no function ``check`` in the rules and none imported from them;
  the encounter's is ``Encounter.tirada``. Validation checks (``interaction_check``,
  ``check_phase``, ``check_shot``…) are not the game's tirada and keep their name;
- a creature's size: no identifier ``SIZE_*``, ``size_key``, ``size_label``,
  ``validate_size``, ``target_size``; no argument or field ``size: str`` (a creature's size is
  a word; the ``size`` left are numbers: an Ámbito's side, bytes, caches, pages); no
  ``<creature>.size``; the rules' sheets, the board's figures, the combatants, the file
  entries and the rows have ``tamano`` and no ``size``, the rows' column still stored as
  ``size``.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from sqlalchemy import inspect

from bot.sheetfiles import CharacterEntry, EnemyEntry
from bot.storage.models import BestiaryEntry, Character
from umbral_rules import CharacterSheet, EnemySheet
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.tablero import Figure

ROOT = Path(__file__).resolve().parent.parent
#: The other game systems, with their own seeds' words.
OTHER_SYSTEMS = ("hielo", "graduado", "porcentual")
#: Where the one ``mapa`` lives: the ``/mapa`` command group.
MAPA_GROUP = "bot/features/tablero/cog.py"
NOT_THE_BOARD = ("dashboard", "keyboard")
#: The names the game's check had before issue 44.
OLD_CHECK_NAMES = {
    "CheckResult", "check_against", "regrade_check", "validate_check_umbral", "roll_check",
    "do_check", "CheckPurpose", "CheckRecord", "CheckMade", "ESTADO_QUITAR_CHECK",
    "CHECK_AMBITOS", "check_embed", "sheet_check", "check_mods", "check_desventajas",
    "Checked", "_redo_check",
}  # fmt: skip
#: ``check`` beside one of these words is the game's tirada.
TIRADA_WORDS = re.compile(
    r"(?i)(result|record|made|purpose|roll|umbral|mods|embed|against|regrade|ambitos|"
    r"desventajas|sheet|done|quitar)"
)
OLD_SIZE_NAMES = {"size_key", "size_label", "validate_size", "target_size", "known_size"}
#: ``<name>.size`` is a creature's when ``<name>`` is one of these.
CREATURES = {"figure", "f", "attacker", "target", "sheet", "row", "enemy", "character", "mover"}


def _in_scope(path: Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return not any(part.removesuffix(".py") in OTHER_SYSTEMS for part in parts)


@cache
def sources() -> tuple[tuple[str, ast.Module], ...]:
    found = []
    for package in ("bot", "umbral_rules"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if _in_scope(path):
                rel = path.relative_to(ROOT).as_posix()
                found.append((rel, ast.parse(path.read_text(encoding="utf-8"))))
    return tuple(found)


def identifiers(tree: ast.Module) -> Iterator[tuple[str, int]]:
    """Every identifier the code writes (not strings, not comments), with its line."""
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield node.id, line
        elif isinstance(node, ast.Attribute):
            yield node.attr, line
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name, line
        elif isinstance(node, ast.arg):
            yield node.arg, line
        elif isinstance(node, ast.alias):
            yield node.asname or node.name, line
            if node.asname is None and "." in node.name:
                yield from ((part, line) for part in node.name.split("."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield from ((part, line) for part in node.module.split("."))
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg, line


def offending(rule: re.Pattern[str] | set[str], *, allow: str | None = None) -> list[str]:
    found = []
    for rel, tree in sources():
        if rel == allow:
            continue
        for name, line in identifiers(tree):
            hit = rule.search(name) if isinstance(rule, re.Pattern) else name in rule
            if hit:
                found.append(f"{rel}:{line} {name}")
    return sorted(set(found))


def modules() -> list[str]:
    return [rel for rel, _ in sources()]


# --- the board: tablero ---------------------------------------------------------------------


def test_no_module_is_named_board_grid_or_mapa() -> None:
    assert "umbral_rules/tablero/tablero.py" in modules()
    assert "bot/render/tablero.py" in modules()
    wrong = [rel for rel in modules() if re.search(r"(?i)board|mapa|(^|/)grid(/|\.py$)", rel)]
    assert wrong == []


def test_no_identifier_names_the_board_in_english() -> None:
    board = re.compile(r"(?i)board")
    found = [hit for hit in offending(board) if not any(w in hit.lower() for w in NOT_THE_BOARD)]
    assert found == []


def test_the_one_mapa_is_the_mapa_command_group() -> None:
    assert offending(re.compile(r"(?i)mapa"), allow=MAPA_GROUP) == []
    group = dict(sources())[MAPA_GROUP]
    assigned = [
        node
        for node in ast.walk(group)
        if isinstance(node, ast.Assign)
        and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["mapa"]
    ]
    assert len(assigned) == 1 and "app_commands.Group" in ast.unparse(assigned[0].value)
    assert {n for n, _ in identifiers(group) if "mapa" in n.lower()} == {"mapa"}


# --- a check: tirada -------------------------------------------------------------------------


def test_no_module_is_named_checks_or_pruebas() -> None:
    assert "umbral_rules/tiradas.py" in modules()
    assert "umbral_rules/encounter/tiradas.py" in modules()
    assert "bot/features/tiradas/cog.py" in modules()
    wrong = [rel for rel in modules() if re.search(r"(^|/)(checks|pruebas)(/|\.py$)", rel)]
    assert wrong == []


def test_the_game_s_check_is_named_tirada() -> None:
    assert offending(OLD_CHECK_NAMES) == []
    with_tirada_words = [
        hit for hit in offending(re.compile(r"(?i)check")) if TIRADA_WORDS.search(hit.split()[-1])
    ]
    assert with_tirada_words == []


def test_no_check_function_in_the_rules_nor_imported_from_them() -> None:
    found = []
    for rel, tree in sources():
        for node in ast.walk(tree):
            defined = isinstance(node, ast.FunctionDef) and node.name == "check"
            if defined and rel.startswith("umbral_rules/"):
                found.append(f"{rel}:{node.lineno} def check")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("umbral_rules"):
                found += [
                    f"{rel}:{node.lineno} import check" for a in node.names if a.name == "check"
                ]
    assert found == []
    assert callable(Encounter.tirada) and not hasattr(Encounter, "check")


# --- a creature's size: tamano ---------------------------------------------------------------


def test_no_identifier_names_a_creature_s_size_in_english() -> None:
    assert offending(re.compile(r"^SIZE_")) == []
    assert offending(OLD_SIZE_NAMES) == []


def _size_annotation(node: ast.AST) -> ast.expr | None:
    """The annotation of an argument or a field named ``size``."""
    if isinstance(node, ast.arg) and node.arg == "size":
        return node.annotation
    if isinstance(node, ast.AnnAssign):
        target = node.target
        name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
        return node.annotation if name == "size" else None
    return None


def test_every_size_left_is_a_number_not_a_creature_s() -> None:
    found = []
    for rel, tree in sources():
        for node in ast.walk(tree):
            annotated = _size_annotation(node)
            if annotated is not None and "str" in ast.unparse(annotated):
                found.append(f"{rel}:{node.lineno} size: {ast.unparse(annotated)}")
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "size"
                and isinstance(node.value, ast.Name)
                and node.value.id in CREATURES
            ):
                found.append(f"{rel}:{node.lineno} {node.value.id}.size")
    assert found == []


def test_sheets_figures_combatants_entries_and_rows_say_tamano() -> None:
    for kind in (EnemySheet, CharacterSheet, Figure):
        names = {f.name for f in dataclasses.fields(kind)}
        assert "tamano" in names and "size" not in names, kind
    assert isinstance(Combatant.tamano, property) and not hasattr(Combatant, "size")
    for entry in (EnemyEntry, CharacterEntry):
        assert "tamano" in entry.model_fields and "size" not in entry.model_fields
    for row in (BestiaryEntry, Character):
        attrs = {a.key for a in inspect(row).column_attrs}
        assert "tamano" in attrs and "size" not in attrs, row
        # what is stored does not change: the column is still ``size``
        assert row.__table__.c.tamano.name == "size"
