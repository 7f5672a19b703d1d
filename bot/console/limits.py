"""What Discord enforces on a message body that its published schema cannot say, or says too
loosely (``discord_schema.json`` holds the rest): each check gives the path of the bad field
and Discord's own error code and message, as a 50035 "Invalid Form Body" names them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

CONTENT = 2000  # for a bot; the schema allows 4,000 (some users' limit)
EMBEDS_TOTAL = 6000  # title + description + field names and values + footer + author
ACTION_ROWS = 5  # the schema allows 40 top-level components (layouts of components v2)
AUTOCOMPLETE_CHOICE = 100  # name and value; the schema allows 6,000 for a value
UPLOAD_BYTES = 10 * 1024 * 1024  # the default upload limit of a server without boosts
MODAL_COMPONENTS = 5  # top-level components of a modal; the schema allows 40
#: A webhook's name (and a message's ``username``) may not contain these, in any case
#: (Discord's documentation and its answers: ``USERNAME_INVALID_CONTAINS``).
WEBHOOK_FORBIDDEN = ("clyde", "discord")
#: Nor these: documented as whole names, but Discord refused «groundsphere» as a webhook's
#: ``username`` with «Username cannot be "here"» (MinnDevelopment/discord-webhooks#100), so
#: the console refuses them anywhere in the name, the stricter reading.
WEBHOOK_RESERVED = ("everyone", "here")

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


def callback_problems(kind: int, data: Mapping[str, Any]) -> list[Problem]:
    """The limits of an interaction callback's ``data``: choices, a modal, or a message."""
    if kind == 8:
        return autocomplete_problems(data, ("data",))
    if kind == 9:
        return modal_problems(data, ("data",))
    return message_problems(data, ("data",))


def modal_problems(data: Mapping[str, Any], at: tuple[str | int, ...]) -> list[Problem]:
    """A modal: between 1 and 5 top-level components (text inputs, labels, text)."""
    components = data.get("components")
    if isinstance(components, list) and len(components) > MODAL_COMPONENTS:
        return [_too_long((*at, "components"), MODAL_COMPONENTS)]
    return []


def _name_problems(body: Mapping[str, Any], key: str) -> list[Problem]:
    name = body.get(key)
    if not isinstance(name, str):
        return []
    for word in WEBHOOK_FORBIDDEN:
        if word in name.lower():
            return [((key,), "USERNAME_INVALID_CONTAINS", f'Username cannot contain "{word}"')]
    for word in WEBHOOK_RESERVED:
        if word in name.lower():
            return [((key,), "USERNAME_INVALID", f'Username cannot be "{word}"')]
    return []


def webhook_problems(body: Mapping[str, Any]) -> list[Problem]:
    """Creating a channel webhook: its name (1–80 in the schema) without «clyde»/«discord»."""
    return _name_problems(body, "name")


def execute_problems(body: Mapping[str, Any]) -> list[Problem]:
    """Executing a webhook (an interaction follow-up too): a message, and the ``username``
    it is shown with under the same rule as a webhook's name."""
    return message_problems(body) + _name_problems(body, "username")


def event_problems(body: Mapping[str, Any]) -> list[Problem]:
    """A scheduled event's name 1–100, description 1–1000, location 1–100 (Discord's
    documentation; the schema gives only the maxima)."""
    found: list[Problem] = []
    for key in ("name", "description"):
        if body.get(key) == "":
            found.append(((key,), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."))
    metadata = body.get("entity_metadata")
    if isinstance(metadata, Mapping) and metadata.get("location") == "":
        found.append(
            (
                ("entity_metadata", "location"),
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            )
        )
    return found


def nothing(body: Any) -> list[Problem]:
    """A route whose body the schema says all of."""
    del body
    return []


#: What a route checks beyond its schema.
Check = Callable[[Any], list[Problem]]
#: The checks of each route beyond its schema (a message's, unless listed).
ROUTE_LIMITS: dict[str, Check] = {
    "POST /webhooks/{webhook_id}/{webhook_token}": execute_problems,
    "POST /channels/{channel_id}/webhooks": webhook_problems,
    "POST /guilds/{guild_id}/scheduled-events": event_problems,
    "PATCH /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}": event_problems,
    "PUT /applications/{application_id}/commands": nothing,
    "PUT /applications/{application_id}/guilds/{guild_id}/commands": nothing,
    "POST /channels/{channel_id}/threads": nothing,
    "POST /channels/{channel_id}/messages/{message_id}/threads": nothing,
    "PATCH /channels/{channel_id}": nothing,
}


def upload_problems(sizes: Mapping[str, int]) -> list[str]:
    """The files over the upload limit (Discord answers 413, code 40005)."""
    return [name for name, size in sizes.items() if size > UPLOAD_BYTES]
