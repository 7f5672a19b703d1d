"""The saved rolls offered while a command is typed: ``/tirar expresion:`` completes the
word being typed, ``/dados borrar nombre:`` offers those that may be deleted."""

from __future__ import annotations

import re
from collections.abc import Sequence

from discord import app_commands

from bot.render.limits import CHOICE_MAX, CHOICES_MAX, cut
from bot.storage.saved_rolls import SavedRoll
from umbral_rules.roller.saved import Shelf
from umbral_rules.text import name_key

#: The word being typed at the end of the text (``1d6+ata`` → ``ata``; nothing after «+»);
#: no match when the text ends inside something else (``1d``, ``4d6k``): nothing to offer.
_LAST_WORD = re.compile(r"(?<!\w)(?:[^\W\d_]\w*)?$")


def completions(
    current: str, own: Sequence[SavedRoll], server: Sequence[SavedRoll]
) -> list[app_commands.Choice[str]]:
    """Up to 25 choices: the text typed with its last word completed to each saved roll
    that starts so (own first; a server roll the player's own hides is not offered),
    named with what it rolls («ataque → 1d12+5 (tuya)»)."""
    found = _LAST_WORD.search(current)
    if found is None:
        return []
    head, typed = current[: found.start()], name_key(found.group(0))
    shelf = Shelf((s.pair for s in own), (s.pair for s in server))
    out: list[app_commands.Choice[str]] = []
    for use in shelf.names():
        if not name_key(use.nombre).startswith(typed):
            continue
        value = head + use.nombre
        if len(value) > CHOICE_MAX:
            continue
        whose = "tuya" if use.own else "del servidor"
        label = f"{value} → {use.expresion} ({whose})"
        if len(label) > CHOICE_MAX:
            label = label[: CHOICE_MAX - 1] + "…"
        out.append(app_commands.Choice(name=label, value=value))
        if len(out) == CHOICES_MAX:
            break
    return out


def deletable(current: str, rolls: Sequence[SavedRoll]) -> list[app_commands.Choice[str]]:
    """Up to 25 of ``rolls`` whose name starts as typed, named with what they roll."""
    typed = name_key(current)
    return [
        app_commands.Choice(name=cut(f"{r.nombre} → {r.expresion}", CHOICE_MAX), value=r.nombre)
        for r in rolls
        if name_key(r.nombre).startswith(typed)
    ][:CHOICES_MAX]
