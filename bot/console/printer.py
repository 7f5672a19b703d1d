"""A message payload as plain text: content, embed title, description, fields, footer, buttons.

The console prints it as the reader sees it (``show``: :class:`bot.console.display.Display`);
without ``show`` (the tests' ``SentMessage.text()``) it is the text the bot sent, only the
user mentions named."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

_MENTION = re.compile(r"<@!?(\d+)>")


def mentions_as_names(text: str, names: Mapping[int, str]) -> str:
    return _MENTION.sub(lambda m: "@" + names.get(int(m.group(1)), m.group(1)), text)


def message_text(
    payload: Mapping[str, Any],
    names: Mapping[int, str],
    show: Callable[[str], str] | None = None,
) -> str:
    lines: list[str] = []
    content = payload.get("content")
    if content:
        lines.append(str(content))
    for embed in payload.get("embeds") or []:
        if embed.get("title"):
            lines.append(f"== {embed['title']} ==")
        if embed.get("description"):
            lines.append(str(embed["description"]))
        for embed_field in embed.get("fields") or []:
            lines.append(f"{embed_field['name']}: {embed_field['value']}")
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(f"-- {footer}")
    buttons = [
        f"[{comp.get('label', '')}]"
        for row in payload.get("components") or []
        for comp in row.get("components", [])
        if comp.get("type") == 2
    ]
    if buttons:
        lines.append(" ".join(buttons))
    for attachment in payload.get("attachments") or []:
        size = len(attachment.get("content") or b"")
        lines.append(f"[archivo adjunto: {attachment.get('filename')}, {size} bytes]")
    text = "\n".join(lines)
    return show(text) if show is not None else mentions_as_names(text, names)
