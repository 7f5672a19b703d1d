"""Spanish plurals for the counts a player reads: «1 fracaso», «2 fracasos», «Queda 1 defensa
pendiente», «Quedan 3 defensas pendientes»."""

from __future__ import annotations

#: Where a plural phrase stops: from these words on it stays as it is («ataques de Guardia»).
_INVARIABLE = frozenset({"de", "del", "a", "al", "en", "sin", "con", "y", "o"})


def _plural_word(word: str) -> str:
    if not word or not word[-1].isalpha():
        return word
    return word + ("s" if word[-1].casefold() in "aeiouáéó" else "es")


def _plural_phrase(phrase: str) -> str:
    """Each word up to the first «de»/«sin»…: «tirada de reto» → «tiradas de reto»."""
    out: list[str] = []
    words = phrase.split(" ")
    for i, word in enumerate(words):
        if word.casefold() in _INVARIABLE:
            return " ".join([*out, *words[i:]])
        out.append(_plural_word(word))
    return " ".join(out)


def plural(n: int, singular: str, plural: str | None = None, *, number: bool = True) -> str:
    """``n`` and the noun phrase, in singular for exactly one and in plural otherwise.

    The plural is ``plural`` when given, else each word of ``singular`` gets «s» after a
    vowel and «es» after a consonant, up to a «de» («defensa pendiente» → «defensas
    pendientes», «tirada de reto» → «tiradas de reto»). ``number=False`` gives only the
    words (for a verb: «Queda» / «Quedan»).
    """
    if abs(n) == 1:
        return f"{n} {singular}" if number else singular
    words = plural if plural is not None else _plural_phrase(singular)
    return f"{n} {words}" if number else words
