"""What keeps the Discord side typed (issue 20): mypy strict on ``bot.render`` and
``bot.features``, mypy in ``make lint`` (which CI runs), and no bare ``Any`` hiding a domain
type in ``bot/features``, ``bot/render`` or ``bot/storage`` (arbitrary JSON goes through
``bot.jsontypes``)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPED = ("bot/features", "bot/render", "bot/storage")


def _overrides() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    overrides: list[dict[str, object]] = config["tool"]["mypy"]["overrides"]
    return overrides


def test_mypy_is_strict_on_render_and_features() -> None:
    strict: set[str] = set()
    for override in _overrides():
        modules = override["module"]
        if override.get("strict") is True and isinstance(modules, list):
            strict.update(str(m) for m in modules)
    wanted = {"umbral_rules", "umbral_rules.*", "bot.render", "bot.render.*"}
    wanted |= {"bot.features", "bot.features.*"}
    assert wanted <= strict


def test_make_lint_runs_mypy_and_ci_runs_make_lint() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert lint is not None
    assert re.search(r"mypy umbral_rules bot\b", lint.group(1))
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make lint$", ci, re.MULTILINE)


def _annotations(tree: ast.AST) -> list[ast.expr]:
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            args = [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]
            found.extend(arg.annotation for arg in args if arg and arg.annotation)
            if node.returns is not None:
                found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
    return found


def _is_bare_any(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.Name):
        return annotation.id == "Any"
    return isinstance(annotation, ast.Constant) and annotation.value == "Any"


def test_no_bare_any_in_features_render_and_storage() -> None:
    bare = [
        f"{path.relative_to(ROOT)}:{annotation.lineno}"
        for package in TYPED
        for path in sorted((ROOT / package).rglob("*.py"))
        for annotation in _annotations(ast.parse(path.read_text(encoding="utf-8")))
        if _is_bare_any(annotation)
    ]
    assert bare == [], "name the type (Encounter, UnitOfWork, a row class…) or use JsonObject"


def test_the_scan_sees_a_bare_any() -> None:
    tree = ast.parse("def f(uow: Any, *a: Any) -> Any:\n    x: Any = 1\n")
    assert sum(_is_bare_any(a) for a in _annotations(tree)) == 4
    typed = ast.parse("def f(uow: UnitOfWork, rows: list[Any]) -> JsonObject: ...\n")
    assert not any(_is_bare_any(a) for a in _annotations(typed))
