"""The console's line syntax.

- ``/comando [subcomando] opcion:valor opcion:"valor con espacios"`` runs a slash command;
- ``@nombre`` switches the current user, ``#canal`` the current channel, ``#canal/hilo`` a
  thread of that channel (created if new);
- ``!pulsar Etiqueta`` presses a button;
- fault lines (what real Discord does to the bot): ``!esperar SEGUNDOS`` advances the
  console's clock (what the bot has due meanwhile, the reminders, happens at its time),
  ``!permiso quitar|dar PERMISO`` changes the bot's permission in the current
  channel, ``!borrar TEXTO`` deletes the latest bot message whose first embed title starts
  with TEXTO, ``!archivar`` archives the current thread;
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


@dataclass(frozen=True)
class Wait:
    seconds: float


@dataclass(frozen=True)
class Permission:
    name: str
    granted: bool


@dataclass(frozen=True)
class Delete:
    title: str


@dataclass(frozen=True)
class Archive:
    pass


Line = Command | SwitchUser | SwitchChannel | Press | Wait | Permission | Delete | Archive | None

# The console's own lines, as /ayuda in the console and docs/consola.md list them.
HELP = (
    "Líneas de la consola: /comando opcion:valor · @usuario · #canal · #canal/hilo · "
    "!pulsar Etiqueta · !esperar SEGUNDOS · !permiso quitar|dar PERMISO · !borrar TEXTO · "
    "!archivar · ; comentario"
)


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
        channel, _, thread = head[1:].lower().partition("/")
        if not channel or (_ and not thread) or "/" in thread:
            raise UmbralError("Un hilo se escribe #canal/hilo.")
        return SwitchChannel(head[1:].lower())
    if head.startswith("!"):
        return _bang(head, tokens[1:])
    raise UmbralError(f"No entiendo «{head}». {HELP}.")


def _bang(head: str, rest: list[str]) -> Line:
    if head == "!pulsar":
        if not rest:
            raise UmbralError("Uso: !pulsar Etiqueta del botón")
        return Press(" ".join(rest))
    if head == "!esperar":
        try:
            seconds = float(rest[0].replace(",", ".")) if len(rest) == 1 else -1.0
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds < 10**9:
            raise UmbralError("Uso: !esperar SEGUNDOS (un número, 0 o más)")
        return Wait(seconds)
    if head == "!permiso":
        if len(rest) != 2 or rest[0] not in ("quitar", "dar"):
            raise UmbralError("Uso: !permiso quitar PERMISO o !permiso dar PERMISO")
        return Permission(rest[1].lower(), rest[0] == "dar")
    if head == "!borrar":
        if not rest:
            raise UmbralError("Uso: !borrar TEXTO (el principio del título del mensaje)")
        return Delete(" ".join(rest))
    if head == "!archivar":
        if rest:
            raise UmbralError("!archivar va solo en su línea.")
        return Archive()
    raise UmbralError(f"No entiendo «{head}». {HELP}.")


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
