"""Saved rolls: what a name may be, and the shelf that reads them inside an expression.

A saved roll is a name for one expression (``ataque`` → ``1d12+5``), used alone or inside
another (``ataque+2``): :func:`~umbral_rules.roller.parse` reads any word that is no dice as
a name and asks its resolver for the expression. A :class:`Shelf` is that resolver for one
player: their own saved rolls first, then the server's, and it remembers which it used.

[D] A name is one word (a letter, then letters, digits or «_») of at most
:data:`NAME_MAX` characters, so that the grammar reads it as a name wherever it is written;
a word the grammar already reads (``d20``, ``anima``, ``max(…)``) is refused. Names are
matched by ``umbral_rules.text.name_key`` (``Daño`` is ``dano``'s, ``daño`` is not).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from umbral_rules.errors import UmbralError
from umbral_rules.text import clean_name, name_key

from . import parse
from .aliases import PREFIXES

#: [D] The longest name of a saved roll.
NAME_MAX = 32
#: The parser's word (``umbral_rules.roller.parser``): what it reads as a name.
_WORD = re.compile(r"[^\W\d_]\w*")
WHAT = "El nombre de una tirada guardada"


def check_name(name: str) -> str:
    """The name trimmed, or an :class:`UmbralError` saying why it cannot name a saved roll."""
    name = clean_name(name, WHAT)
    if len(name) > NAME_MAX:
        raise UmbralError(f"{WHAT} tiene como mucho {NAME_MAX} caracteres (tiene {len(name)}).")
    if not _WORD.fullmatch(name):
        raise UmbralError(
            f"{WHAT} es una sola palabra (letras, números y «_», empezando por una letra), "
            "para poder escribirla dentro de una expresión: `ataque+2`."
        )
    for form in (name, f"{name}(1)"):
        if _reads_as_dice(form):
            raise UmbralError(
                f"`{name}` ya significa algo en una expresión de dados (`{form}`): elige otro "
                "nombre."
            )
    return name


def _reads_as_dice(text: str) -> bool:
    try:
        parsed = parse(text)
    except UmbralError:
        return False
    return not parsed.names


@dataclass(frozen=True)
class Use:
    """A saved roll an expression used: whose it is (``own``) and whether it hid the
    server's roll of the same name (``shadows``)."""

    nombre: str
    expresion: str
    own: bool
    shadows: bool = False


class Shelf:
    """The saved rolls one player reads: ``own`` (name → expression) over the ``server``'s.
    Called with a word, it gives that roll's expression (None: there is none) and keeps it
    in :attr:`used`, once each, in the order first used."""

    def __init__(
        self, own: Iterable[tuple[str, str]] = (), server: Iterable[tuple[str, str]] = ()
    ) -> None:
        self._own = {name_key(n): (n, e) for n, e in own}
        self._server = {name_key(n): (n, e) for n, e in server}
        self._used: dict[str, Use] = {}

    def __call__(self, word: str) -> str | None:
        key = name_key(word)
        if key in self._own:
            nombre, expresion = self._own[key]
            use = Use(nombre, expresion, own=True, shadows=key in self._server)
        elif key in self._server:
            nombre, expresion = self._server[key]
            use = Use(nombre, expresion, own=False)
        else:
            return None
        self._used.setdefault(key, use)
        return use.expresion

    @property
    def used(self) -> tuple[Use, ...]:
        return tuple(self._used.values())

    def names(self) -> list[Use]:
        """Every roll this player can use, own first (a server roll their own hides is
        left out), each kind in name order."""
        own = [Use(n, e, True, k in self._server) for k, (n, e) in sorted(self._own.items())]
        server = [Use(n, e, False) for k, (n, e) in sorted(self._server.items())]
        return own + [u for u in server if name_key(u.nombre) not in self._own]


#: A saved roll is read where a term goes: one expression, nothing around it.
ONE_EXPRESSION = (
    "Una tirada guardada es una sola expresión: sin «;», sin tiradas repetidas (`6 4d6`) y "
    "sin « ! motivo» (el motivo se pone al tirarla)."
)
#: Dice Maiden's prefixes (``p 1d20``) belong to what is typed at ``/tirar``, not to a name.
NO_PREFIX = (
    "Una tirada guardada no lleva los prefijos de Dice Maiden (`p`, `s`, `nr`, `ul`): "
    "guárdala sin ellos y, para tirarla en privado, `/tirar expresion:{nombre} privada:sí`."
)


def check_saved(
    nombre: str,
    expresion: str,
    own: Iterable[tuple[str, str]] = (),
    server: Iterable[tuple[str, str]] = (),
) -> None:
    """Refuse (:class:`~umbral_rules.roller.RollError`, an ``UmbralError``) an expression
    that cannot be saved as ``nombre``: it must read, as one expression, with the saved
    rolls it names (``own`` over ``server``, ``nombre`` being this one), not use itself and
    keep the bounds of :mod:`.expansion` (measured, never built: a refusal is quick)."""
    if PREFIXES.match(expresion.strip()):
        raise UmbralError(NO_PREFIX.format(nombre=nombre))
    key = name_key(nombre)
    mine = [(n, e) for n, e in own if name_key(n) != key]
    parsed = parse(expresion, names=Shelf([*mine, (nombre, expresion)], server), expand=False)
    if len(parsed.parts) != 1 or parsed.parts[0].sets != 1 or parsed.parts[0].comment:
        raise UmbralError(ONE_EXPRESSION)
