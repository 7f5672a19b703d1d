"""``umbral-bot``'s command line speaks Spanish: usage, help, errors, every subcommand."""

from __future__ import annotations

import re

import pytest

from bot.__main__ import build_parser, main
from bot.process.cli import ArgumentParser, translate

ENGLISH = ("usage:", "options:", "positional arguments", "show this help", "error: argument ")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    captured = capsys.readouterr()
    code = exit_.value.code
    return (code if isinstance(code, int) else 1), captured.out + captured.err


@pytest.mark.parametrize("argv", [["--help"], ["consola", "--help"], ["respaldo", "-h"]])
def test_help_is_spanish(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, text = run(capsys, *argv)
    assert code == 0
    assert text.startswith("uso: umbral-bot")
    assert "opciones:\n  -h, --help" in text and "muestra esta ayuda y termina" in text
    assert not any(word in text for word in ENGLISH), text


def test_the_main_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    _, text = run(capsys, "--help")
    assert "órdenes:" in text
    assert re.search(r"\n    consola +la consola local", text), text
    assert re.search(r"\n    sincronizar +envía a Discord la lista de comandos", text), text
    assert re.search(r"\n    respaldo +copia la base de datos", text), text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["foo"],
            "umbral-bot: error: argumento orden: «foo» no es una opción "
            "(elige entre 'consola', 'sincronizar', 'respaldo', 'restaurar')",
        ),
        (["--zz"], "umbral-bot: error: sobra: --zz"),
        (["respaldo"], "umbral-bot respaldo: error: falta: DESTINO"),
        (["consola", "--db"], "umbral-bot consola: error: argumento --db: necesita un valor"),
        (
            ["consola", "--dados", "x"],
            "umbral-bot consola: error: argumento --dados: «x» no es una cara de dado.",
        ),
        (
            ["consola", "--nueva", "--db", "a.db"],
            "umbral-bot consola: error: argumento --db: no se puede usar junto con --nueva",
        ),
    ],
)
def test_errors_are_spanish(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, text = run(capsys, *argv)
    assert code == 2
    assert text.startswith("uso: umbral-bot")
    assert text.rstrip().endswith(message), text
    assert not any(word in text for word in ENGLISH), text


def test_a_new_subcommand_is_spanish_too(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "orden")
    nuevo = sub.add_parser("nuevo", help="una orden más")  # type: ignore[attr-defined]
    nuevo.add_argument("cuantos", type=int)
    assert isinstance(nuevo, ArgumentParser)
    with pytest.raises(SystemExit):
        parser.parse_args(["nuevo", "tres"])
    err = capsys.readouterr().err
    assert err.startswith("uso: umbral-bot nuevo [-h] cuantos")
    assert "argumento cuantos: «tres» no es un valor válido" in err


def test_translate_leaves_our_own_messages_alone() -> None:
    assert translate("«x» no es una cara de dado.") == "«x» no es una cara de dado."
    assert translate("expected at least one argument") == "necesita al menos un valor"
    assert translate("ambiguous option: --d could match --db, --dados") == (
        "la opción --d es ambigua: puede ser --db, --dados"
    )
