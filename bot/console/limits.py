"""What Discord enforces on a message body that its published schema cannot say, or says too
loosely (``discord_schema.json`` holds the rest): each check gives the path of the bad field
and Discord's own error code and message, as a 50035 "Invalid Form Body" names them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CONTENT = 2000  # for a bot; the schema allows 4,000 (some users' limit)
EMBEDS_TOTAL = 6000  # title + description + field names and values + footer + author
ACTION_ROWS = 5  # the schema allows 40 top-level components (layouts of components v2)
AUTOCOMPLETE_CHOICE = 100  # name and value; the schema allows 6,000 for a value
UPLOAD_BYTES = 10 * 1024 * 1024  # the default upload limit of a server without boosts

Problem = tuple[tuple[str | int, ...], str, str]  # (path, code, message)


def _too_long(path: tuple[str | int, ...], limit: int) -> Problem:
    return path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."


def embed_size(embed: Mapping[str, Any]) -> int:
    """The characters Discord counts against a message's 6,000."""
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    for item in embed.get("fields") or []:
        size += len(item.get("name") or "") + len(item.get("value") or "")
    size += len((embed.get("footer") or {}).get("text") or "")
    size += len((embed.get("author") or {}).get("name") or "")
    return size


def message_problems(body: Mapping[str, Any], at: tuple[str | int, ...] = ()) -> list[Problem]:
    """The limits of a message (create, edit, follow-up, or a callback's ``data``)."""
    found: list[Problem] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        found.append(_too_long((*at, "content"), CONTENT))
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        total = sum(embed_size(e) for e in embeds if isinstance(e, Mapping))
        if total > EMBEDS_TOTAL:
            found.append(
                (
                    (*at, "embeds"),
                    "MAX_EMBED_SIZE_EXCEEDED",
                    f"Embed size exceeds maximum size of {EMBEDS_TOTAL}",
                )
            )
    components = body.get("components")
    if isinstance(components, list) and len(components) > ACTION_ROWS:
        found.append(_too_long((*at, "components"), ACTION_ROWS))
    return found


def autocomplete_problems(data: Mapping[str, Any], at: tuple[str | int, ...]) -> list[Problem]:
    found: list[Problem] = []
    for i, choice in enumerate(data.get("choices") or []):
        if not isinstance(choice, Mapping):
            continue
        for key in ("name", "value"):
            value = choice.get(key)
            if isinstance(value, str) and len(value) > AUTOCOMPLETE_CHOICE:
                found.append(_too_long((*at, "choices", i, key), AUTOCOMPLETE_CHOICE))
    return found


def upload_problems(sizes: Mapping[str, int]) -> list[str]:
    """The files over the upload limit (Discord answers 413, code 40005)."""
    return [name for name, size in sizes.items() if size > UPLOAD_BYTES]
