"""The command reference as typed values: each command as a user reads about it, who may
use it, and the families ``/ayuda`` and ``docs/comandos.md`` group them in. Read from the
command tree by :mod:`bot.edge.reference` and checked by :mod:`bot.edge.permissions`;
shown by :mod:`bot.render.reference` and :mod:`bot.render.ayuda` (which import no edge
module, so they live here, below both)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    """A family of commands as ``/ayuda tema:`` and the generated reference name it: the
    ``key`` typed in ``tema:`` (lower case, no accents), its ``title`` and one line on what
    its commands are for."""

    key: str
    title: str
    blurb: str


@dataclass(frozen=True)
class Rule:
    texto: str
    master: bool
    dueno: bool
    jugador: bool
    otro_servidor: bool


ACTORS = ("master", "dueño", "jugador", "otro servidor")
COLUMNS = ("Máster", "Dueño del personaje", "Otro jugador", "Otro servidor")

RULES = {
    "cualquiera": Rule("Cualquiera (en su servidor)", True, True, True, True),
    "servidor": Rule("Quien esté en el servidor", True, True, True, False),
    "personaje": Rule("Quien tenga un personaje propio", False, True, True, False),
    "dueño": Rule("Solo el dueño del personaje", False, True, False, False),
    "dueño o máster": Rule("El dueño del personaje o el máster", True, True, False, False),
    "máster": Rule("Solo el máster", True, False, False, False),
    "gestor": Rule("Quien tiene «Gestionar servidor»", True, False, False, False),
}


@dataclass(frozen=True)
class OptionDoc:
    name: str
    kind: str  # «texto», «número entero»…
    required: bool
    description: str
    limits: str = ""  # «de 0 a 4», «de 1 a 80 caracteres»
    choices: tuple[tuple[str, str], ...] = ()  # (what is typed, what Discord shows)
    autocomplete: bool = False


@dataclass(frozen=True)
class CommandDoc:
    """One command: ``path`` as typed after the slash (``ficha crear``), or a context
    menu's name, with ``where`` it is found (empty for slash commands); ``who``: its uses
    and who may make them (a rule of :data:`bot.edge.permissions.RULES`), the plain use
    first (its label, ``ver`` in ``/config (ver)``, or ``""``), then the options that have a
    rule of their own (``con `dueño:```)."""

    path: str
    description: str
    options: tuple[OptionDoc, ...]
    who: tuple[tuple[str, str], ...]
    where: str = ""

    @property
    def shown(self) -> str:
        """How the command is written: ``/ficha crear``, or a menu's «Nombre»."""
        return f"«{self.path}»" if self.where else f"/{self.path}"


@dataclass(frozen=True)
class Family:
    topic: Topic
    commands: tuple[CommandDoc, ...]
