"""Names typed by people: the one key they are matched by, the Spanish sort, what a name may be.

[D] The name key (``umbral_rules.tables.NAME_KEY``): Unicode NFKC, then Python's case fold,
then the diacritics of *Latin* letters folded (á→a, ü→u, ç→c, ø→o) — except ñ, which stays a
letter of its own (``año`` is not ``ano``); marks on letters of other scripts (й, ά, हि) are
kept. Runs of white space count as one space. Every lookup, uniqueness rule and autocomplete
match of a name goes through :func:`name_key`, in Python (never the database's ``lower``), so
SQLite and PostgreSQL under any locale agree.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable

from .errors import UmbralError
from .tables import NAME_MAX, TAMANO_STEPS

#: Latin letters with a stroke or ligature that do not decompose in Unicode.
_LATIN_PLAIN = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ŧ": "t", "ı": "i"})
_TILDE = "\u0303"


@functools.lru_cache(maxsize=2048)
def _is_latin(ch: str) -> bool:
    return bool(ch) and unicodedata.name(ch, "").startswith("LATIN ")


@functools.lru_cache(maxsize=8192)  # names are looked up again on every command
def name_key(text: str) -> str:
    """The key a name is matched and kept unique by: «Ángel» → «angel», «Ñu» → «ñu»."""
    folded = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    out: list[str] = []
    base = ""
    for ch in unicodedata.normalize("NFD", folded):
        if unicodedata.category(ch).startswith("M"):
            if _is_latin(base) and not (base == "n" and ch == _TILDE):
                continue  # a Latin diacritic: folded away (ñ's tilde stays)
        else:
            base = ch
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out).translate(_LATIN_PLAIN))


def word_key(text: str) -> str:
    """A word of the rulebook's vocabulary (a size, an estado, a mode, a column) as the
    ASCII identifier the code spells it with: the name key with ñ as n («Pequeño» → «pequeno»)."""
    return name_key(text).replace("ñ", "n")


def tamano_key(text: str) -> str | None:
    """A size as the rules key it, or None: every place a size is read (slash options, forms,
    files, the bestiary) reads it here, so «Pequeño», «pequeño» and «pequeno» are one."""
    key = word_key(text)
    return key if key in TAMANO_STEPS else None


def sort_key(text: str) -> tuple[str, str]:
    """Spanish order, in Python: Á sorts with A, ñ right after n, then the exact spelling."""
    key = name_key(text).replace("ñ", "n\U0010ffff")
    return key, text


def spanish_sorted(names: list[str]) -> list[str]:
    return sorted(names, key=sort_key)


def near_names(typed: str, names: Iterable[str]) -> list[str]:
    """The names ``typed`` meant when it missed only an ñ (the name key keeps ñ as a letter of
    its own: «inigo» is not «Íñigo»): those equal to it by :func:`word_key`, the name key
    with ñ folded too, in Spanish order."""
    key = word_key(typed)
    return spanish_sorted(list({n for n in names if key and word_key(n) == key}))


def name_not_found(
    message: str,
    typed: str,
    names: Iterable[str],
    shown: Callable[[str], str] | None = None,
) -> UmbralError:
    """The error for a name that matches nothing (every lookup of a character, an enemy or a
    combatant by name raises it): ``message``, then «¿Quisiste decir Íñigo?» when ``typed``
    is one of ``names`` but for its ñ (:func:`near_names`).

    [D] It refuses even when the folded name matches exactly one: «año» is not «ano», so
    the command never acts on another name than the one typed; it suggests it.
    ``shown``: how a name is escaped when ``message`` is already written for Discord."""
    near = near_names(typed, names)
    if near:
        said = " o ".join(shown(n) if shown else n for n in near)
        message = f"{message} ¿Quisiste decir {said}?"
    return UmbralError(message, formatted=shown is not None)


#: What Discord reads as a user, role or channel mention, or a mass ping.
_MENTION = re.compile(r"<[@#]|@everyone|@here", re.IGNORECASE)
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x85\u2028\u2029")


def unstorable(ch: str, allow_newline: bool = True) -> bool:
    """Whether ``ch`` may not be kept in a text (a note, a motivo, any field of a file):
    control characters (but a line break and a tab where lines are allowed), lone
    surrogates, unassigned code points and non-characters (U+FFFF…), the byte-order mark
    and the Unicode line and paragraph separators. Slash options and files refuse the same
    characters, so that whatever the bot keeps, its files give back."""
    if ch in "\n\t":
        return not allow_newline
    return ch == "\ufeff" or unicodedata.category(ch) in ("Cc", "Cs", "Cn", "Zl", "Zp")


def _emoji_part(ch: str) -> bool:
    """A character that only means something inside an emoji sequence: the joiner (ZWJ),
    variation selectors, the keycap mark and the tag characters of subdivision flags."""
    cp = ord(ch)
    return ch == "\u200d" or 0xFE00 <= cp <= 0xFE0F or ch == "\u20e3" or 0xE0020 <= cp <= 0xE007F


def name_problem(name: str) -> str | None:
    """Why ``name`` (already trimmed) cannot be a name, as the end of a Spanish sentence
    («no puede estar vacío»); None when it can.

    [D] What a name may be (``tables.NAME_MAX``): 1–80 characters as typed; letters of any
    script, digits, spaces, punctuation, symbols and emoji, with the joiners and variation
    selectors emoji sequences need (only right after an emoji, a digit, ``#`` or ``*``).
    Refused: control characters and line breaks, any other zero-width or bidi-control
    character, and anything Discord reads as a mention (``<@…>``, ``<#…>``, ``@everyone``)."""
    if not name:
        return "no puede estar vacío"
    if len(name) > NAME_MAX:
        return f"es demasiado largo: como mucho {NAME_MAX} caracteres (tiene {len(name)})"
    in_emoji = False
    for ch in name:
        cat = unicodedata.category(ch)
        if ch in _LINE_BREAKS or cat == "Cc":
            return "no puede llevar saltos de línea ni caracteres de control"
        if _emoji_part(ch):
            if not in_emoji:
                return f"lleva un carácter invisible (U+{ord(ch):04X}) fuera de un emoji"
            continue
        if cat in ("Cf", "Co", "Cs", "Cn"):
            return f"lleva un carácter invisible o de control (U+{ord(ch):04X}) que no se admite"
        in_emoji = cat in ("So", "Sk") or ch in "0123456789#*"
    if name[0] in "=+-@":
        return "no puede empezar por =, +, - ni @ (una hoja de cálculo lo tomaría por fórmula)"
    if _MENTION.search(name):
        return "no puede parecer una mención de Discord (<@…>, <#…>, @everyone, @here)"
    if not name_key(name):
        return "no puede estar vacío"
    return None


def clean_name(name: str, what: str = "El nombre") -> str:
    """The name trimmed, or :class:`~umbral_rules.errors.UmbralError` saying why not."""
    trimmed = name.strip()
    problem = name_problem(trimmed)
    if problem is not None:
        raise UmbralError(f"{what} {problem}.")
    return trimmed
