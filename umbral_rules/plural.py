"""Spanish plurals for the counts a player reads: «1 fracaso», «2 fracasos», «Queda 1 defensa
pendiente», «Quedan 3 defensas pendientes»."""

from __future__ import annotations

#: Words that stay as they are inside a plural phrase («ataque de Guardia»).
_INVARIABLE = frozenset({"de", "del", "a", "al", "en", "sin", "con", "y", "o"})


def _plural_word(word: str) -> str:
    if not word or word.casefold() in _INVARIABLE or not word[-1].isalpha():
        return word
    return word + ("s" if word[-1].casefold() in "aeiouáéó" else "es")


def plural(n: int, singular: str, plural: str | None = None, *, number: bool = True) -> str:
    """``n`` and the noun phrase, in singular for exactly one and in plural otherwise.

    The plural is ``plural`` when given, else each word of ``singular`` gets «s» after a
    vowel and «es» after a consonant («defensa pendiente» → «defensas pendientes»; «de» and
    similar stay). ``number=False`` gives only the words (for a verb: «Queda» / «Quedan»).
    """
    if abs(n) == 1:
        words = singular
    else:
        words = plural if plural is not None else " ".join(map(_plural_word, singular.split(" ")))
    return f"{n} {words}" if number else words
