"""Discord's limits on what a message may hold, and pure helpers that keep every reply inside.

Numbers from Discord's documentation (see ``docs`` / ``testing-discord.md``): a violation is a
400 (code 50035) and the player sees nothing. Everything here is pure: no discord I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import zip_longest

import discord

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBEDS_TOTAL_MAX = 6000
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
AUTHOR_MAX = 256
ROWS_MAX = 5
ROW_COMPONENTS_MAX = 5
CUSTOM_ID_MAX = 100
LABEL_MAX = 80
CHOICES_MAX = 25
CHOICE_MAX = 100

#: How much of a typed value a refusal quotes back («…» marks the cut).
QUOTE_MAX = 60
#: Room a paginated list's page uses of its description (leaves the footer's page count free).
PAGE_CHARS = 3500
PAGE_LINES = 20
ELLIPSIS = "…"

_QUOTED = re.compile(r"«([^«»]*)(»|$)")
_LINK_START = re.compile(r"(?:https?|steam)://")


def cut(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending in «…» when it was cut; never inside
    a code span or a ``<https://…>`` link (:mod:`bot.render.safe` makes both), which would
    leave its opening alone to pair with what follows."""
    if len(text) <= limit:
        return text
    kept = text[: max(0, limit - 1)]
    return kept[: _unclosed(kept)] + ELLIPSIS


def _unclosed(text: str) -> int:
    """Where a code span or a wrapped link that ``text`` leaves open starts (its length when
    none is): backslash escapes count outside code, not inside."""
    code = link = None
    at = 0
    while at < len(text):
        ch = text[at]
        if code is not None:
            code = None if ch == "`" else code
        elif ch == "\\":
            at += 1
        elif ch == "`":
            code = at
        elif ch == "<" and _LINK_START.match(text, at + 1):
            link = at
        elif ch == ">":
            link = None
        at += 1
    return min((p for p in (code, link) if p is not None), default=len(text))


def quote(value: object, limit: int = QUOTE_MAX) -> str:
    """A typed value as a refusal quotes it: at most ``limit`` characters."""
    return cut(str(value), limit)


def cut_quotes(message: str, limit: int = QUOTE_MAX, total: int = CONTENT_MAX) -> str:
    """Every «quoted» span of ``message`` cut to ``limit`` characters, and the whole message to
    ``total``: refusals quote what the user typed, which may be 6,000 characters long."""
    shorter = _QUOTED.sub(lambda m: f"«{cut(m[1], limit)}{m[2]}", message)
    return cut(shorter, total)


def split_text(lines: Iterable[str], limit: int, max_lines: int | None = None) -> list[str]:
    """``lines`` joined by newlines into chunks of at most ``limit`` characters (and at most
    ``max_lines`` lines each); a single line longer than ``limit`` is cut."""
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for raw in lines:
        line = cut(raw, limit)
        extra = len(line) + (1 if current else 0)
        if current and (size + extra > limit or (max_lines and len(current) >= max_lines)):
            chunks.append("\n".join(current))
            current, size = [], 0
            extra = len(line)
        current.append(line)
        size += extra
    if current:
        chunks.append("\n".join(current))
    return chunks


def add_long_field(embed: discord.Embed, name: str, lines: Sequence[str], sep: str = "\n") -> None:
    """Add a field whose value may exceed 1,024 characters as several fields («name (cont.)»),
    split between ``lines`` (``sep`` joins them)."""
    chunks: list[str] = []
    current = ""
    for raw in lines:
        item = cut(raw, FIELD_VALUE_MAX)
        joined = f"{current}{sep}{item}" if current else item
        if current and len(joined) > FIELD_VALUE_MAX:
            chunks.append(current)
            joined = item
        current = joined
    chunks.append(current)
    for i, chunk in enumerate(chunks):
        label = name if i == 0 else f"{name} (cont.)"
        embed.add_field(name=cut(label, FIELD_NAME_MAX), value=chunk or "—", inline=False)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """The same embed with every part cut to Discord's limits (title, description, fields,
    footer, author); extra fields beyond 25 are dropped."""
    if embed.title:
        embed.title = cut(embed.title, TITLE_MAX)
    if embed.description:
        embed.description = cut(embed.description, DESCRIPTION_MAX)
    fields = embed.fields[:FIELDS_MAX]
    embed.clear_fields()
    for f in fields:
        embed.add_field(
            name=cut(f.name or "—", FIELD_NAME_MAX),
            value=cut(f.value or "—", FIELD_VALUE_MAX),
            inline=bool(f.inline),
        )
    if embed.footer.text:
        embed.set_footer(text=cut(embed.footer.text, FOOTER_MAX), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(
            name=cut(embed.author.name, AUTHOR_MAX),
            url=embed.author.url,
            icon_url=embed.author.icon_url,
        )
    return embed


def split_reply(
    content: str | None, embeds: Sequence[discord.Embed]
) -> list[tuple[str | None, list[discord.Embed]]]:
    """The messages a reply becomes: ``(content, embeds)`` each within Discord's limits, the
    content split at line breaks (2,000 characters), every embed fitted (:func:`fit_embed`)
    and the embeds grouped into messages of at most 10 embeds and 6,000 characters each."""
    texts = split_text(content.split("\n"), CONTENT_MAX) if content else []
    batches: list[list[discord.Embed]] = []
    size = 0
    for embed in embeds:
        fit_embed(embed)
        n = len(embed)
        if not batches or len(batches[-1]) >= EMBEDS_MAX or size + n > EMBEDS_TOTAL_MAX:
            batches.append([])
            size = 0
        batches[-1].append(embed)
        size += n
    parts = zip_longest(texts, batches, fillvalue=None)
    return [(text, list(batch or [])) for text, batch in parts] or [(None, [])]


def numbered(pages: list[discord.Embed]) -> list[discord.Embed]:
    """Each page's footer says «Página i de n» (when there is more than one)."""
    if len(pages) > 1:
        for i, page in enumerate(pages, 1):
            text = f"Página {i} de {len(pages)}"
            if page.footer.text:
                text = f"{page.footer.text} · {text}"
            page.set_footer(text=cut(text, FOOTER_MAX))
    return pages
