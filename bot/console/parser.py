"""The console's line syntax.

- ``/comando [subcomando] opcion:valor opcion:"valor con espacios"`` runs a slash command;
- ``@nombre`` switches the current user, ``#canal`` the current channel, ``#canal/hilo`` a
  thread of that channel (created if new);
- ``!pulsar Etiqueta [@usuario]`` presses a button (the speaker's own, or that user's);
- fault lines (what real Discord does to the bot): ``!esperar SEGUNDOS`` advances the
  console's clock (what the bot has due meanwhile, the reminders, happens at its time),
  ``!permiso quitar|dar PERMISO`` changes the bot's permission in the current
  channel, ``!borrar TEXTO`` deletes the latest bot message whose first embed title starts
  with TEXTO, ``!archivar`` archives the current thread;
- what a person does in Discord besides commands: ``!escribir TEXTO`` writes a message,
  ``!formulario Campo=valor …`` fills the open form and sends it (``!formulario cerrar``
  closes it), ``!menu usuario @nombre Comando`` and ``!menu mensaje N Comando`` run a
  context-menu command on a user or on the N-th latest message of the channel,
  ``!interes EVENTO`` / ``!desinteres EVENTO`` mark or unmark «Me interesa» on a scheduled
  event, ``!evento crear|cambiar|empezar|terminar|cancelar EVENTO campo:valor …`` does
  what the events' window does;
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
    for_user: str | None = None  # ``!pulsar Defender @tomas``: the button of the message for him


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


@dataclass(frozen=True)
class Write:
    """``!escribir``: the current user writes a message in the channel."""

    text: str


@dataclass(frozen=True)
class Typing:
    """``!escribiendo``: the current user starts typing in the channel (Discord's
    ``TYPING_START``; a client sends it again every few seconds while its user types)."""


@dataclass(frozen=True)
class Submit:
    """``!formulario``: the open form, filled with ``values`` and sent (or ``close``d)."""

    values: dict[str, str] = field(default_factory=dict)
    close: bool = False


@dataclass(frozen=True)
class Menu:
    """``!menu usuario|mensaje OBJETIVO Comando``: a context-menu command."""

    kind: str  # "usuario" or "mensaje"
    target: str  # a user's name, or how many messages back (1: the latest)
    name: str


@dataclass(frozen=True)
class Interest:
    """``!interes`` (``interested``) / ``!desinteres``: «Me interesa» on an event."""

    event: str
    interested: bool


@dataclass(frozen=True)
class EventAction:
    """``!evento ACCIÓN EVENTO campo:valor…``: what a person does in the events' window."""

    action: str
    event: str
    fields: dict[str, str] = field(default_factory=dict)


Line = (
    Command
    | SwitchUser
    | SwitchChannel
    | Press
    | Wait
    | Permission
    | Delete
    | Archive
    | Write
    | Typing
    | Submit
    | Menu
    | Interest
    | EventAction
    | None
)
EVENT_ACTIONS = ("crear", "cambiar", "empezar", "terminar", "cancelar")

# The console's own lines, as /ayuda in the console and docs/consola.md list them.
HELP = (
    "Líneas de la consola: /comando opcion:valor · @usuario · #canal · #canal/hilo · "
    "!pulsar Etiqueta [@usuario] · !esperar SEGUNDOS · !permiso quitar|dar PERMISO · "
    "!borrar TEXTO · "
    "!archivar · !escribir TEXTO · !escribiendo · !formulario Campo=valor … · !formulario cerrar · "
    "!menu usuario @nombre Comando · !menu mensaje N Comando · !interes EVENTO · "
    "!desinteres EVENTO · !evento crear|cambiar|empezar|terminar|cancelar EVENTO "
    "campo:valor … · ; comentario"
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
            raise UmbralError("Uso: !pulsar Etiqueta del botón [@usuario]")
        if len(rest) > 1 and rest[-1].startswith("@") and len(rest[-1]) > 1:
            return Press(" ".join(rest[:-1]), rest[-1][1:].lower())
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
    return _person(head, rest)


def _person(head: str, rest: list[str]) -> Line:
    """The lines of what a person does in Discord besides commands."""
    if head == "!escribir":
        if not rest:
            raise UmbralError("Uso: !escribir TEXTO (un mensaje en el canal)")
        return Write(" ".join(rest))
    if head == "!escribiendo":
        if rest:
            raise UmbralError("!escribiendo va solo en su línea.")
        return Typing()
    if head == "!formulario":
        return _submit(rest)
    if head == "!menu":
        if len(rest) < 3 or rest[0] not in ("usuario", "mensaje"):
            raise UmbralError("Uso: !menu usuario @nombre Comando o !menu mensaje N Comando")
        if rest[0] == "mensaje" and not (rest[1].isdigit() and int(rest[1]) >= 1):
            raise UmbralError("!menu mensaje N: N es 1 para el último mensaje, 2 el anterior…")
        return Menu(rest[0], rest[1].lstrip("@"), " ".join(rest[2:]))
    if head in ("!interes", "!desinteres"):
        if not rest:
            raise UmbralError(f"Uso: {head} EVENTO (su nombre)")
        return Interest(" ".join(rest), head == "!interes")
    if head == "!evento":
        if len(rest) < 2 or rest[0] not in EVENT_ACTIONS:
            raise UmbralError(f"Uso: !evento {'|'.join(EVENT_ACTIONS)} EVENTO campo:valor …")
        words, fields = _words_then_options(rest[1:])
        return EventAction(rest[0], " ".join(words), fields)
    raise UmbralError(f"No entiendo «{head}». {HELP}.")


def _submit(rest: list[str]) -> Submit:
    if rest == ["cerrar"]:
        return Submit(close=True)
    values: dict[str, str] = {}
    for token in rest:
        name, sep, value = token.partition("=")
        if not sep or not name.strip():
            raise UmbralError(
                f'«{token}»: cada campo se escribe Campo=valor (o "Campo largo"="valor").'
            )
        if name.strip() in values:
            raise UmbralError(f"El campo «{name.strip()}» aparece dos veces.")
        values[name.strip()] = value
    return Submit(values)


def _alone(tokens: list[str], what: str) -> None:
    if len(tokens) > 1:
        raise UmbralError(f"{what} va solo en su línea.")


def _words_then_options(tokens: list[str]) -> tuple[list[str], dict[str, str]]:
    """``palabra … opcion:valor …``: the leading words, then the options."""
    words: list[str] = []
    options: dict[str, str] = {}
    for token in tokens:
        name, sep, value = token.partition(":")
        if sep and name:
            if name in options:
                raise UmbralError(f"La opción «{name}» aparece dos veces.")
            options[name] = value
        elif options:
            raise UmbralError(f"«{token}» va después de las opciones: escribe opcion:valor.")
        else:
            words.append(token)
    return words, options


def _command(tokens: list[str]) -> Command:
    words, options = _words_then_options(tokens[1:])
    words.insert(0, tokens[0][1:])
    if not words[0]:
        raise UmbralError("Falta el nombre del comando después de /.")
    return Command(tuple(words), options)
