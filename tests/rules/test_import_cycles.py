"""No import cycles in ``umbral_rules`` (issue 32): counting imports inside functions and
under ``TYPE_CHECKING``, shared helpers live in leaf modules instead."""

from __future__ import annotations

from pathlib import Path

import umbral_rules
from tests.importgraph import cycle_path, cycles, import_graph

ROOT = Path(umbral_rules.__file__).resolve().parent


def test_umbral_rules_has_no_import_cycles() -> None:
    graph = import_graph(ROOT)
    assert "umbral_rules.encounter.attacks" in graph  # the walk found the package
    found = [" → ".join(cycle_path(graph, c)) for c in cycles(graph)]
    assert found == []


def test_the_walk_sees_deferred_and_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .b import g\n    return g\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\n"
    )
    (pkg / "c.py").write_text("from . import a\n")
    (pkg / "d.py").write_text("import pkg.a\nfrom .sub.e import x\n")
    (pkg / "sub").mkdir()
    (pkg / "sub" / "__init__.py").write_text("from .. import d\n")
    (pkg / "sub" / "e.py").write_text("x = 1\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.c"}
    assert graph["pkg.d"] == {"pkg.a", "pkg.sub.e"} and graph["pkg.sub"] == {"pkg.d"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert cycle_path(graph, ["pkg.a", "pkg.b", "pkg.c"]) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]
