"""Issue 31: text a user reads carries its accents. Every string literal of ``bot/`` that a
user may read (docstrings and bare identifiers aside) is scanned for common Spanish words
written without their accent («Proteccion», «accion», «opcion», «codigo»…).

What is allowed unaccented, because it is a name and not prose: command and option names
(``/config dados_fisicos:sí``, ``proteccion:2``, ``«proteccion»`` as an option's name),
words joined to another by ``_`` (``aguante_extra``), text inside backticks (what to type),
and strings that are a single identifier (``"proteccion"`` as a key or an option's name).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.render.accents import UNACCENTED, spoken

ROOT = Path(__file__).resolve().parents[1]
#: A string that is one identifier, a key or a name: not prose.
IDENTIFIER = re.compile(r"[a-z0-9_ñ.\-]*", re.IGNORECASE)
#: What to type, not what to read: `code`, /comando, !menu (a console line), opcion: and
#: snake_case words.
NAMES = re.compile(r"`[^`]*`|[/!][\wñ]+|[\wñ]+:|\w*_\w*|«[a-z_ñ]+»|\(\?P<\w+>", re.IGNORECASE)
#: Identifiers with a space: commands' qualified names, as their code logs them.
ALLOWED = {"mapa area"}
WORD = re.compile(r"[a-záéíóúüñ]+", re.IGNORECASE)


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the constants that are docstrings or bare strings (statements)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            found.add(id(node.value))
    return found


def unaccented(text: str) -> list[str]:
    prose = NAMES.sub(" ", text)
    return [w for w in WORD.findall(prose) if w.lower() in UNACCENTED]


def offenders(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in skip or IDENTIFIER.fullmatch(node.value) or node.value in ALLOWED:
            continue
        for word in unaccented(node.value):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: «{word}» en {node.value!r}")
    return found


def test_every_user_facing_string_of_bot_carries_its_accents() -> None:
    found = [line for path in sorted((ROOT / "bot").rglob("*.py")) for line in offenders(path)]
    assert found == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Proteccion debe estar entre 0 y 4", ["Proteccion"]),
        ("No hay accion ni opcion con ese codigo.", ["accion", "opcion", "codigo"]),
        ("Protección debe estar entre 0 y 4", []),
        ("Usa /config dados_fisicos:sí o `proteccion:2`.", []),
        ("La opción «proteccion» admite de 0 a 4.", []),
        ("(?P<version>[0-9]+)", []),
    ],
)
def test_the_scan_finds_what_it_should(text: str, words: list[str]) -> None:
    assert unaccented(text) == words


def test_option_names_are_said_with_their_accents() -> None:
    assert spoken("proteccion") == "Protección"
    assert spoken("percepcion") == "Percepción"
    assert spoken("aguante_extra") == "Aguante extra"
    assert spoken("vigor") == "Vigor"
