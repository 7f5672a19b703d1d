"""The console's line syntax.

- ``/comando [subcomando] opcion:valor opcion:"valor con espacios"`` runs a slash command;
- ``@nombre`` switches the current user, ``#canal`` the current channel;
- ``!pulsar Etiqueta`` presses a button;
- ``;`` starts a comment; blank lines are skipped.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from umbral_rules import UmbralError


@dataclass(frozen=True)
class Command:
    words: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SwitchUser:
    name: str


@dataclass(frozen=True)
class SwitchChannel:
    name: str


@dataclass(frozen=True)
class Press:
    label: str


Line = Command | SwitchUser | SwitchChannel | Press | None


def _tokens(line: str) -> list[str]:
    lexer = shlex.shlex(line, posix=True)
    lexer.commenters = ";"
    lexer.whitespace_split = True
    lexer.quotes = '"'
    try:
        return list(lexer)
    except ValueError:
        raise UmbralError("Faltan unas comillas de cierre en la línea.") from None


def parse_line(line: str) -> Line:
    """One line of input; ``None`` for blank lines and comments."""
    tokens = _tokens(line)
    if not tokens:
        return None
    head = tokens[0]
    if head.startswith("/"):
        return _command(tokens)
    if head.startswith("@") and len(head) > 1:
        _alone(tokens, "@nombre")
        return SwitchUser(head[1:])
    if head.startswith("#") and len(head) > 1:
        _alone(tokens, "#canal")
        return SwitchChannel(head[1:].lower())
    if head == "!pulsar":
        if len(tokens) < 2:
            raise UmbralError("Uso: !pulsar Etiqueta del botón")
        return Press(" ".join(tokens[1:]))
    raise UmbralError(
        f"No entiendo «{head}»: escribe /comando, @usuario, #canal, "
        "!pulsar Etiqueta o ; comentario."
    )


def _alone(tokens: list[str], what: str) -> None:
    if len(tokens) > 1:
        raise UmbralError(f"{what} va solo en su línea.")


def _command(tokens: list[str]) -> Command:
    words = [tokens[0][1:]]
    options: dict[str, str] = {}
    for token in tokens[1:]:
        name, sep, value = token.partition(":")
        if sep and name:
            if name in options:
                raise UmbralError(f"La opción «{name}» aparece dos veces.")
            options[name] = value
        elif options:
            raise UmbralError(f"«{token}» va después de las opciones: escribe opcion:valor.")
        else:
            words.append(token)
    if not words[0]:
        raise UmbralError("Falta el nombre del comando después de /.")
    return Command(tuple(words), options)
