"""The import graph of a package, read with ``ast``, and its cycles.

Every ``import`` and ``from … import`` counts, wherever it is written: at the top of a
module, inside a function (an import deferred to dodge a cycle is still a cycle) and under
``if TYPE_CHECKING:``. ``from .pkg import name`` is an edge to ``pkg.name`` when that is a
module of the package, else to ``pkg`` itself. Parent packages a module lives in are not
edges of their own (Python runs them first anyway). Shared by the import-cycle tests of
``umbral_rules`` and ``bot``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

Graph = dict[str, set[str]]


def modules(root: Path) -> dict[str, Path]:
    """Dotted name → file of every module under the package directory ``root``."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` starts from."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()  # a module's own package
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def _imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield sub if sub in known else base


def import_graph(root: Path) -> Graph:
    """Module → the modules of the same package it imports."""
    known = modules(root)
    graph: Graph = {name: set() for name in known}
    for name, path in known.items():
        for target in _imported(name, path, known):
            if target in known and target != name:
                graph[name].add(target)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted:
    every import cycle lies inside one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def cycle_path(graph: Graph, component: list[str]) -> list[str]:
    """One concrete cycle inside a component, for a readable failure: a → b → … → a."""
    members = set(component)
    start = component[0]
    path = [start]
    seen = {start}
    node = start
    while True:
        nxt = next(n for n in sorted(graph[node]) if n in members)
        if nxt in seen:
            return [*path[path.index(nxt) :], nxt]
        path.append(nxt)
        seen.add(nxt)
        node = nxt
