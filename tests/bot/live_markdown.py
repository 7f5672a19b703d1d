"""What Discord would bring to life in the text of a request body: a small model of its
markdown parser, strict enough to catch typed text that was not escaped.

:func:`problems` walks a request body the bot sent (a message, an edit, an interaction
callback) and names every live construct in the places Discord renders markdown (content,
embed title, description, field names and values): a masked link, a mention of anyone the
guild does not know (the bot pings its players on purpose), ``@everyone`` / ``@here``, a
heading or subtext, a block quote, a spoiler, a code block, and a bare URL (in content it
would show a preview; the bot's own text has none, so typed text must have been wrapped in
``<…>``). Footers, authors, labels and choices render no markdown and are not checked here.

The bot's own constructs are allowed, and only these: the face table of ``/estadisticas``
(a code block of numbers under the header «cara  veces  esperadas», no user text in it) and
the link to a scheduled event that ``/sesion`` posts (``https://discord.com/events/…``, whose
card Discord shows on purpose). Typed text can make neither: a typed code fence is escaped,
and a typed URL, that one too, is wrapped in ``<…>``.

The model follows Discord's parser where it matters: a backslash before any character that is
not a letter, digit or space makes it text; a run of backticks opens a code span that the next
run of the same length closes (what is inside is text); ``<https://…>`` is a link without a
preview.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterator, Mapping
from typing import Any

#: An escaped character, a character inside code or a link: text, matching no construct.
INERT = "\ue000"
_ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
#: Discord's code block and inline code (a run of backticks closed by a run as long).
_BLOCK = re.compile(r"```(?:[a-z0-9_+\-.#]+?\n)?\n*[^\n][\s\S]*?\n*```")
_CODE = re.compile(r"(`+)([\s\S]*?[^`])\1(?!`)")
_AUTOLINK = re.compile(r"<(?:https?|steam)://[^\s>]+>")
_MASKED = re.compile(r"\[[^\[\]\n]*\]\(")
_MENTION = re.compile(r"<(@[!&]?|#)(\d+)>")
_OTHER_TAG = re.compile(r"</[^\s>]+:\d+>")
_MASS = re.compile(r"@(everyone|here)\b")
_URL = re.compile(r"(?:https?|steam)://[^\s<]+[^<.,:;\"')\]\s]")
_HEADING = re.compile(r"^\s*(#{1,3}|-#)\s+\S")
_QUOTE = re.compile(r"^\s*>(?:>>)?\s")
_SPOILER = re.compile(r"\|\|[^|]+?\|\|")
#: The bot's own: the /estadisticas table and a scheduled event's link.
OWN_BLOCK = re.compile(r"```\ncara  veces  esperadas\n[ 0-9,\n]*```")
OWN_URL = re.compile(r"https://discord\.com/events/\d+/\d+")


def shadow(text: str) -> tuple[str, list[str]]:
    """``text`` with what Discord shows as plain text made :data:`INERT` (escapes, code,
    wrapped links), read left to right as Discord does; and the code blocks found."""
    out: list[str] = []
    fences: list[str] = []
    at = 0
    while at < len(text):
        found = _ESCAPE.match(text, at) or _AUTOLINK.match(text, at)
        block = _BLOCK.match(text, at)
        if block is not None and not OWN_BLOCK.fullmatch(block.group()):
            fences.append(block.group()[:60])
        found = found or block or _CODE.match(text, at)
        if found is None:
            out.append(text[at])
            at += 1
            continue
        out.append(INERT * len(found.group()))
        at = found.end()
    return "".join(out), fences


def live(text: str, known: Container[int] = ()) -> list[str]:
    """Every live construct of ``text`` (markdown rendered), each named in Spanish with the
    text around it; ``known``: the ids a mention may name (the guild's users, channels…)."""
    seen, fences = shadow(text)
    found = [f"bloque de código {f!r}" for f in fences]

    def around(match: re.Match[str]) -> str:
        return repr(text[max(0, match.start() - 10) : match.end() + 30])

    found += [f"enlace enmascarado {around(m)}" for m in _MASKED.finditer(seen)]
    found += [
        f"mención {around(m)}" for m in _MENTION.finditer(seen) if int(m.group(2)) not in known
    ]
    found += [f"mención {around(m)}" for m in _OTHER_TAG.finditer(seen)]
    found += [f"mención a todos {around(m)}" for m in _MASS.finditer(seen)]
    found += [
        f"URL sin <…> {around(m)}" for m in _URL.finditer(seen) if not OWN_URL.fullmatch(m.group())
    ]
    found += [f"spoiler {around(m)}" for m in _SPOILER.finditer(seen)]
    for line in seen.split("\n"):
        if _HEADING.match(line):
            found.append(f"encabezado {line[:40]!r}")
        if _QUOTE.match(line):
            found.append(f"cita {line[:40]!r}")
    return found


def markdown_texts(body: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every place of a request body where Discord renders markdown."""
    data = body.get("data") if isinstance(body.get("data"), Mapping) else body
    if not isinstance(data, Mapping):
        return
    if isinstance(data.get("content"), str):
        yield "content", data["content"]
    for i, embed in enumerate(data.get("embeds") or []):
        for key in ("title", "description"):
            if isinstance(embed.get(key), str):
                yield f"embeds.{i}.{key}", embed[key]
        for j, item in enumerate(embed.get("fields") or []):
            yield f"embeds.{i}.fields.{j}.name", str(item.get("name", ""))
            yield f"embeds.{i}.fields.{j}.value", str(item.get("value", ""))


def problems(body: Any, known: Container[int] = ()) -> list[str]:
    """What would come alive in ``body`` (a request's JSON), each with where it is."""
    if not isinstance(body, Mapping):
        return []
    return [f"{where}: {p}" for where, text in markdown_texts(body) for p in live(text, known)]
