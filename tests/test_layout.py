"""What keeps ``bot/`` laid out by role (issue 29), read from the source with ``ast``:

- no import cycle between its modules, counting the imports inside functions and under
  ``TYPE_CHECKING`` (a cycle hidden by either still ties the modules together; the walk is
  ``tests/importgraph.py``'s, whose own test is in ``tests/rules/test_import_cycles.py``);
- the Discord edge (``bot/edge/``) imports no feature;
- at most 8 modules directly in ``bot/`` besides ``__init__.py`` and ``__main__.py``;
- discord.py's public API only: no name of discord.py's that starts with ``_`` (an
  attribute read, a call, an override, a ``getattr`` by name, a private import or a mangled
  ``_Class__name``) outside the console's gateway, ``bot/console/gateway.py``;
- no service looked up by name on the client, the bot, its tree or its services (``getattr``,
  ``getattr(self.bot``): the cogs are handed their services at ``setup``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import discord

from tests.importgraph import cycle_path, cycles, import_graph

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"
GATEWAY = BOT / "console" / "gateway.py"
MAX_LOOSE = 8
MANGLED = re.compile(r"^_[A-Za-z]\w*__\w+$")
#: ``_names`` discord.py happens to use too that are another library's public API.
OTHER_LIBRARIES = {"_mapping": "SQLAlchemy's Row._mapping"}


def test_no_import_cycles_in_bot() -> None:
    graph = import_graph(BOT)
    assert "bot.edge.context" in graph  # the walk found the package
    found = [" → ".join(cycle_path(graph, c)) for c in cycles(graph)]
    assert found == []


def test_the_edge_imports_no_feature() -> None:
    """The Discord edge is below the features: they build on it, never the other way."""
    graph = import_graph(BOT)
    found = {
        (module, other)
        for module, imported in graph.items()
        if module.startswith("bot.edge")
        for other in imported
        if other.startswith("bot.features")
    }
    assert found == set()


def test_render_imports_no_feature_and_no_edge() -> None:
    """Rendering is below the features and the edge: results in, text out. The values both
    sides share live lower down (``bot/records/``, ``bot/storage/``, ``umbral_rules/``)."""
    graph = import_graph(BOT)
    assert "bot.render.tirar" in graph
    found = {
        (module, other)
        for module, imported in graph.items()
        if module.startswith("bot.render")
        for other in imported
        if other.startswith(("bot.features", "bot.edge"))
    }
    assert found == set()


def feature_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The import graph of ``bot/features/`` with each feature package as one node
    (``bot.features.combate.service`` → ``bot.features.combate``); a shared module directly
    in ``bot/features/`` (``common.py``, ``ambito.py``…) is a node of its own."""

    def node(module: str) -> str | None:
        parts = module.split(".")
        return ".".join(parts[:3]) if parts[:2] == ["bot", "features"] and parts[2:] else None

    collapsed: dict[str, set[str]] = {}
    for module, imported in graph.items():
        here = node(module)
        if here is None:
            continue
        targets = collapsed.setdefault(here, set())
        targets.update(t for other in imported if (t := node(other)) and t != here)
    return collapsed


def test_no_two_features_import_each_other() -> None:
    """What two features share lives in a shared module below both, so no chain of imports
    leads from a feature back to itself through another (the strongly connected components
    of the features' graph are single nodes)."""
    graph = feature_graph(import_graph(BOT))
    assert {"bot.features.combate", "bot.features.tiradas", "bot.features.common"} <= set(graph)
    found = [" → ".join(cycle_path(graph, c)) for c in cycles(graph)]
    assert found == []


def test_the_feature_cycle_check_sees_a_cycle() -> None:
    graph = {
        "bot.features.a.cog": {"bot.features.b.service"},
        "bot.features.b.service": {"bot.features.common"},
        "bot.features.b.cog": {"bot.features.a.lookup"},
        "bot.features.a.lookup": set(),
        "bot.features.common": set(),
    }
    assert cycles(feature_graph(graph)) == [["bot.features.a", "bot.features.b"]]


def sqlalchemy_imports(tree: ast.AST) -> Iterator[str]:
    """Every import of SQLAlchemy in a module, wherever it is written (inside a function,
    under ``TYPE_CHECKING``): ``ast.walk`` sees them all."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == "sqlalchemy")
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield from [str(node.module)] if str(node.module).split(".")[0] == "sqlalchemy" else []


def test_only_storage_imports_sqlalchemy() -> None:
    """Storage is the only code that talks to the database: the rest of ``bot/`` asks it
    (``bot/storage/database.py`` for a URL's parts, the driver's errors, ``SELECT 1``)."""
    storage = BOT / "storage"
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted(BOT.rglob("*.py"))
        if storage not in path.parents
        for name in sqlalchemy_imports(ast.parse(path.read_text("utf-8")))
    ]
    assert found == []
    assert list(sqlalchemy_imports(ast.parse((storage / "engine.py").read_text("utf-8"))))


def test_the_sqlalchemy_check_sees_hidden_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from sqlalchemy import RowMapping\n"
        "def f():\n"
        "    import sqlalchemy.exc\n"
        "    from sqlalchemy.engine import make_url\n"
    )
    found = sorted(sqlalchemy_imports(ast.parse(source)))
    assert found == ["sqlalchemy", "sqlalchemy.engine", "sqlalchemy.exc"]


#: A handler that catches whatever comes: bare, ``Exception`` or ``BaseException``.
BROAD = frozenset({"Exception", "BaseException"})


def broad_handlers(tree: ast.AST) -> Iterator[int]:
    """The line of every ``except:``, ``except Exception`` or ``except BaseException``
    (alone or in a tuple)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            caught = node.type
            names = caught.elts if isinstance(caught, ast.Tuple) else [caught]
            if caught is None or any(isinstance(n, ast.Name) and n.id in BROAD for n in names):
                yield node.lineno


def test_rendering_swallows_no_error() -> None:
    """A renderer shows a value that may be missing as missing (typed ``Optional``, «—» or
    a Spanish word): it never catches whatever comes and shows something else instead."""
    paths = [*sorted((BOT / "render").rglob("*.py")), BOT / "features" / "cog.py"]
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in paths
        for line in broad_handlers(ast.parse(path.read_text("utf-8")))
    ]
    assert found == []


def test_the_broad_handler_check_sees_them() -> None:
    source = (
        "try:\n    f()\nexcept Exception:\n    pass\n"
        "try:\n    f()\nexcept:\n    pass\n"
        "try:\n    f()\nexcept (KeyError, BaseException):\n    pass\n"
        "try:\n    f()\nexcept (TypeError, OSError):\n    pass\n"
    )
    assert list(broad_handlers(ast.parse(source))) == [3, 7, 11]


def test_few_modules_directly_in_bot() -> None:
    loose = sorted(p.name for p in BOT.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert len(loose) <= MAX_LOOSE, loose


# --- discord.py's public API only ---------------------------------------------------------


def _text(node: ast.AST) -> str:
    """A string constant's text ("" for anything else)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return ""


@cache
def discord_private_names() -> frozenset[str]:
    """Every ``_name`` (not a dunder) discord.py defines: functions, classes, attributes it
    sets, ``__slots__`` entries, module names."""
    names: set[str] = set()
    for path in Path(discord.__file__).parent.rglob("*.py"):
        if path.stem.startswith("_") and not path.stem.startswith("__"):
            names.add(path.stem)
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif _text(node).isidentifier():
                names.add(_text(node))  # __slots__ entries, getattr names
    private = {n for n in names if n.startswith("_") and not n.startswith("__")}
    return frozenset(private - set(OTHER_LIBRARIES))


def _base_name(base: ast.expr) -> str | None:
    """``Cog`` of ``commands.Cog``, ``View`` of ``discord.ui.View[…]``: the root name and
    the last one of a class base."""
    while isinstance(base, ast.Subscript):
        base = base.value
    if isinstance(base, ast.Attribute):
        root = base
        while isinstance(root, ast.Attribute):
            root = root.value
        return base.attr if isinstance(root, ast.Name) and root.id in DISCORD_ROOTS else None
    return base.id if isinstance(base, ast.Name) else None


DISCORD_ROOTS = {"discord", "commands", "app_commands"}


def discord_classes(trees: list[ast.AST]) -> set[str]:
    """The classes of the bot that derive from discord.py's (by name, across modules): their
    bases' names either come from ``discord`` or are such classes themselves."""
    from_discord: set[str] = set()
    bases: dict[str, set[str]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("discord"):
                from_discord.update(a.asname or a.name for a in node.names)
            elif isinstance(node, ast.ClassDef):
                for base in node.bases:
                    name = _base_name(base)
                    qualified = isinstance(base, ast.Attribute | ast.Subscript) and name
                    bases.setdefault(node.name, set()).add(
                        "discord" if qualified and name not in bases else (name or "")
                    )
    derived: set[str] = set()
    while True:
        more = {
            cls
            for cls, names in bases.items()
            if cls not in derived and names & (from_discord | derived | {"discord"})
        }
        if not more:
            return derived
        derived |= more


def private_uses(tree: ast.AST, private: frozenset[str], derived: set[str]) -> Iterator[str]:
    """Each use of a private discord.py name in a module: ``obj._name`` on anything but
    ``self``/``cls`` (and, in a class of ``derived``, those deriving from discord.py's, any
    ``_name`` it does not define itself), overrides, ``getattr(x, "_name")``, private
    imports, mangled names. (A ``_name`` of the bot's own that discord.py also has counts:
    ``obj._name`` could be either.)"""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("discord"):
            if any(part.startswith("_") for part in (node.module or "").split(".")):
                yield f"import from {node.module}"
            yield from (f"import {a.name}" for a in node.names if a.name in private)
        elif isinstance(node, ast.Import):
            yield from (f"import {a.name}" for a in node.names if "._" in a.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in derived:
            own = {
                n.attr
                for n in ast.walk(node)
                if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
            }
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    own.add(item.name)
                    if item.name in private:
                        yield f"override {node.name}.{item.name}"
            for n in ast.walk(node):
                if isinstance(n, ast.Attribute) and n.attr in private and n.attr not in own:
                    yield f"{node.name}: .{n.attr}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if MANGLED.match(node.attr):
                yield f".{node.attr}"
            on_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if node.attr in private and not on_self:
                yield f".{node.attr}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) > 1:
                name = _text(node.args[1])
                if name in private or MANGLED.match(name):
                    yield f"{node.func.id}(…, {name!r})"
        elif MANGLED.match(_text(node)):
            yield repr(_text(node))


def test_bot_uses_discord_py_s_public_api_only() -> None:
    private = discord_private_names()
    modules = {p: ast.parse(p.read_text("utf-8")) for p in sorted(BOT.rglob("*.py"))}
    derived = discord_classes(list(modules.values()))
    found = [
        f"{path.relative_to(ROOT)}: {use}"
        for path, tree in modules.items()
        if path != GATEWAY
        for use in private_uses(tree, private, derived)
    ]
    assert found == []


def test_the_private_api_check_sees_what_it_must() -> None:
    private = discord_private_names()
    assert {"_connection", "_call", "_get_app_command_options", "_view_store"} <= private
    source = (
        "from discord import app_commands\n"
        "class Tree(app_commands.CommandTree):\n"
        "    async def _call(self, interaction):\n"
        "        self._get_app_command_options(interaction.data)\n"
        "def f(bot):\n"
        "    bot._connection.user = None\n"
        "    getattr(bot, '_AutoShardedClient__queue')\n"
    )
    tree = ast.parse(source)
    uses = list(private_uses(tree, private, discord_classes([tree])))
    assert "override Tree._call" in uses
    assert "Tree: ._get_app_command_options" in uses
    assert "._connection" in uses
    assert "getattr(…, '_AutoShardedClient__queue')" in uses
    assert GATEWAY.is_file()  # the one module allowed to


#: ``getattr``/``hasattr`` on the client, the bot, its tree, its storage or its services.
SERVICE_LOOKUP = (
    r"\b(getattr|hasattr)\(\s*(interaction\.client|(self\.)?bot|(self\.)?client"
    r"|[\w.]*\btree|[\w.]*\bstorage|[\w.]*\bservices|[\w.]*\btrackers)\s*,"
)


def test_the_service_lookup_check_sees_what_it_must() -> None:
    seen = [
        'getattr(interaction.client, "storage")',
        'getattr(self.bot, "trackers", None)',
        'drain = getattr(bot.tree, "drain", None)',
        'trackers = getattr(bot, "trackers", None)',
        'hasattr(self.storage, "dispose")',
    ]
    assert all(re.search(SERVICE_LOOKUP, line) for line in seen)
    assert not re.search(SERVICE_LOOKUP, 'getattr(interaction.namespace, "personaje", None)')


def test_no_service_looked_up_on_the_client_or_the_bot() -> None:
    pattern = re.compile(SERVICE_LOOKUP)
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(BOT.rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []
