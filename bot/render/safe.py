"""The one way out for text someone typed, one function per place it lands, and the bot's
deliberate pings.

Where Discord renders markdown — message content, an embed's title, description and fields —
typed text goes through :func:`shown`: every markdown character is escaped with a backslash
(``*``, ``_``, ``~``, ``|``, backticks, ``[``, ``]``, ``<``, and ``#``, ``>``, ``-``, ``+``
or ``1.`` where a line starts), so no masked link, heading, block quote, spoiler, code block,
emphasis or list comes alive; ``<@…>``, ``<#…>``, ``<t:…>`` stay text and ``@everyone`` /
``@here`` get a zero-width space; a bare URL is wrapped in ``<…>`` (still a link, but
Discord shows no preview of it). ``shown(text, roleplay=True)`` is the variant for speaking
as a character: *cursiva* and **negrita** the user wrote in pairs are kept, everything else
is escaped the same way. :func:`in_backticks` quotes typed text inside a code span it cannot
break out of.

Where Discord shows text as it is — an embed's footer and author, button and select labels,
autocomplete choices, a file's name or description — a backslash would show, so the text
goes through :func:`plain` (its line breaks become spaces; cut to the place's limit), or
:func:`label` and :func:`choice`. A cell of an exported spreadsheet goes
through :func:`cell` (and an imported one back through :func:`uncell`).

The bot pings only on purpose — the defender it calls, a player offered a respuesta, the
players whose turn it is — through :func:`ping`, and sends those messages with
:func:`allowed_mentions` naming exactly the users pinged; everything else is sent with
``AllowedMentions.none()`` (the client's default too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

#: Escaped wherever they are: emphasis, underline, strike, spoiler, code, masked links,
#: mentions (and the escape character itself); «_» too, but not between two letters or
#: digits (``bono_ataque``), where Discord's parser never starts or ends emphasis with it.
_INLINE = re.compile(r"([\\*~|`\[\]<]|(?<![^\W_])_|_(?![^\W_]))")
#: What starts a heading («# », «-# »), a block quote, a list item, at the start of a line.
_LINE_START = re.compile(r"^(\s*)(?:([#>+-])|(\d+)([.)]))")
#: Discord's bare links (as its own parser finds them): the scheme, then no space or «<»,
#: not ending in punctuation.
#: Stops before markdown characters and brackets, which stay outside (escaped). It also finds a
#: scheme with nothing after it («https://»), whose colon is escaped instead: otherwise the
#: bot's own text after it (a closing «**») would make it a link.
_URL = re.compile(r"(?:https?|steam)://(?:[^\s<>()\[\]*|~`\"']*[^\s<>()\[\]*|~`\"'.,:;])?")
#: ``@everyone``, ``@here`` and ``@`` before a user's or role's id.
_MASS = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")
#: In ``roleplay``: the emphasis kept, in balanced pairs only (bold first).
_EMPHASIS = re.compile(
    r"\*\*(?=\S)(?P<bold>.+?)(?<=\S)\*\*"
    r"|\*(?=[^\s*])(?P<star>[^*]+?)(?<=[^\s*])\*"
    r"|(?<!\w)_(?=[^\s_])(?P<under>[^_]+?)(?<=[^\s_])_(?!\w)"
)
#: Stands for a backtick inside a code span (U+02CB, MODIFIER LETTER GRAVE ACCENT).
BACKTICK_STANDIN = "\u02cb"
#: Text with nothing to escape: letters, digits, spaces and punctuation that is markdown
#: nowhere (most names and the bot's own sentences: «Guardia 2», «Kaeda gasta su acción.»),
#: but for a number starting it with «.» or «)» after it (a list item). No «/» (a link), «@»
#: (a mention), «_», «-» or any other markdown character, no line break.
_PLAIN = re.compile(r"(?! *\d+[.)])(?:[^\W_]|[ .,:;()!?¡¿'\"«»%=·—−→])*")


def shown(text: object, *, multiline: bool = False, roleplay: bool = False) -> str:
    """``text`` (typed by someone) for message content or an embed's title, description or
    field: escaped as the module says. Its line breaks become spaces unless ``multiline``
    (notes keep theirs, each line escaped); ``roleplay`` keeps *cursiva* and **negrita**.
    Plain text (:data:`_PLAIN`) has nothing to escape: it comes back as it is."""
    raw = str(text)
    if _PLAIN.fullmatch(raw):
        return raw
    lines = raw.splitlines() or [""]
    if not multiline:
        lines = [" ".join(lines)]
    out: list[str] = []
    for line in lines:
        head = ""  # what would start a heading, a quote or a list item, escaped
        start = _LINE_START.match(line)
        if start is not None:
            lead, mark, number, dot = start.groups()
            head = f"{lead}\\{mark}" if mark else f"{lead}{number}\\{dot}"
            line = line[start.end() :]
        out.append(head + (_emphasis(line) if roleplay else _inline(line)))
    return "\n".join(out)


def _inline(text: str) -> str:
    """Every markdown character escaped, bare URLs wrapped, mass mentions broken (a match
    never spans a link's edge: a wrapped link starts with «<» and ends with «>»)."""
    out: list[str] = []
    at = 0
    for found in _URL.finditer(text):
        out.append(_INLINE.sub(r"\\\1", text[at : found.start()]))
        link = found.group()
        out.append(link.replace("://", "\\://") if link.endswith("://") else f"<{link}>")
        at = found.end()
    out.append(_INLINE.sub(r"\\\1", text[at:]))
    return _MASS.sub("@\u200b\\1", "".join(out))


def _emphasis(text: str, inside_bold: bool = False) -> str:
    """``text`` escaped but for its balanced *cursiva* and **negrita** (not nested twice)."""
    out: list[str] = []
    at = 0
    for found in _EMPHASIS.finditer(text):
        if found["bold"] is not None and inside_bold:
            continue
        out.append(_inline(text[at : found.start()]))
        if found["bold"] is not None:
            out.append(f"**{_emphasis(found['bold'], inside_bold=True)}**")
        else:
            mark = "*" if found["star"] is not None else "_"
            out.append(f"{mark}{_inline(found['star'] or found['under'])}{mark}")
        at = found.end()
    out.append(_inline(text[at:]))
    return "".join(out)


def in_backticks(text: object) -> str:
    """``text`` as a code span (`` `2d6+3` ``): shown exactly, but for its line breaks
    (spaces) and its own backticks, which would close the span (:data:`BACKTICK_STANDIN`)."""
    inner = " ".join(str(text).splitlines()).replace("`", BACKTICK_STANDIN)
    return f"`{inner or ' '}`"


def plain(text: object, limit: int | None = None) -> str:
    """``text`` for an embed's footer or author name, or a file's name or description,
    where Discord renders no markdown: as typed, its line breaks made spaces, cut to
    ``limit`` (a footer 2,048, an author 256)."""
    flat = " ".join(str(text).splitlines())
    return flat if limit is None or len(flat) <= limit else flat[: limit - 1] + "…"


def label(text: object) -> str:
    """A button's or a select option's label (at most 80 characters)."""
    return plain(text, 80)


def choice(text: object) -> str:
    """An autocomplete choice's name (at most 100 characters)."""
    return plain(text, 100)


#: What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_GUARDED = re.compile(r"'*[=+\-@\t\r]")


def cell(text: str) -> str:
    """A cell of an exported file that holds text: one that a spreadsheet would read as a
    formula (``=…``, ``+…``, ``-…``, ``@…``, a tab or a carriage return first) gets a leading
    «'», and so does one that already starts with «'» before such a character, so that
    :func:`uncell` gives every text back exactly."""
    return f"'{text}" if _GUARDED.match(text) else text


def uncell(text: str) -> str:
    """An imported cell: the «'» that :func:`cell` put before a formula character taken
    away; any other leading «'» is the text's own and stays."""
    return text[1:] if text.startswith("'") and _GUARDED.match(text, 1) else text


def ping(user_id: int, text: str) -> str:
    """A line that pings ``user_id`` on purpose (``text`` already made with :func:`shown`)."""
    return f"<@{int(user_id)}>, {text}"


def allowed_mentions(user_ids: Iterable[int] = ()) -> discord.AllowedMentions:
    """Exactly these users may be pinged by the message; nobody when there are none."""
    users = sorted({int(u) for u in user_ids})
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )


# --- a value that may be missing is shown as missing, never guessed (issue 44) ------------
#: [D] A number that is not there (an Aguante maximum of someone no longer in the encounter).
MISSING = "—"
#: [D] Who an event or a pending defense names once they are no longer in the encounter.
GONE = "alguien que ya no está en el combate"
