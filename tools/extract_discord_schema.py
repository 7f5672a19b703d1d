"""Extract the request-body schemas of the routes the bot uses from Discord's OpenAPI file.

Usage (from the repository root)::

    python tools/extract_discord_schema.py [OPENAPI_JSON] [--out bot/console/discord_schema.json]

``OPENAPI_JSON`` defaults to ``tools/discord-api/openapi.json`` (Discord's published
OpenAPI 3.1 description of its v10 HTTP API, MIT licence, kept in the repository with its
licence and source commit). The output is what the console's
strict Discord (:mod:`bot.console.strict`) validates every request body against, so a fresh
clone needs nothing outside the repository. It holds, without prose (``description``,
``title``, ``examples`` and the ``x-discord-*`` annotations are dropped):

- ``routes``: ``"METHOD /path/{template}"`` → ``{"$ref": "#/$defs/Name"}``, the schema
  itself when Discord's file writes it in the route (an array of commands, a webhook's
  name), or, for a body that is a union told apart by one field (the interaction
  callback by its ``type``, a scheduled event by its ``entity_type``),
  ``{"by": "type", "branches": {"4": "#/$defs/Name", …}}`` so a validator can pick the
  branch first and name the bad field instead of "matches none of the branches";
- ``$defs``: every component schema those reference, transitively, with ``$ref``s
  rewritten from ``#/components/schemas/Name`` to ``#/$defs/Name`` (draft 2020-12), and
  ``LOOSER`` where Discord accepts more than its schema says (snowflakes as integers);
  ``oneOf`` is written ``anyOf`` (``ONE_OF``: the same bodies pass, much faster).

Run it again when Discord's file changes; the test ``tests/console/test_schema.py`` checks
the shipped file is what this script makes of that file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

#: Discord's OpenAPI file, in the repository (tools/discord-api/README.md: its source).
OPENAPI = Path(__file__).resolve().parent / "discord-api" / "openapi.json"

# (method, path, branch): branch names the union member the bot's requests are, for unions
# with no ``type`` to tell them apart; None means "the schema as it is, or by ``type``".
ROUTES: list[tuple[str, str, str | None]] = [
    ("POST", "/channels/{channel_id}/messages", None),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", None),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", None),
    # an interaction follow-up is a webhook execution; the other branch is its edit
    ("POST", "/webhooks/{webhook_id}/{webhook_token}", "IncomingWebhookRequestPartial"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", None),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", None),
    # threads: the bot opens text threads (forum posts are the other branch)
    ("POST", "/channels/{channel_id}/threads", "CreateTextThreadWithoutMessageRequest"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads", None),
    # editing a channel: the bot only reopens (unarchives) threads
    ("PATCH", "/channels/{channel_id}", "UpdateThreadRequestPartial"),
    # sessions: guild scheduled events (external, voice or stage: by ``entity_type``)
    ("POST", "/guilds/{guild_id}/scheduled-events", None),
    ("PATCH", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}", None),
    # channel webhooks (executing one and editing its messages are the routes above)
    ("POST", "/channels/{channel_id}/webhooks", None),
    # the command sync (context-menu commands count here)
    ("PUT", "/applications/{application_id}/commands", None),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", None),
]
# Routes without a body that the fake also answers (listed so the file documents them).
BODILESS = [
    "PUT /channels/{channel_id}/messages/pins/{message_id}",
    "DELETE /channels/{channel_id}/messages/pins/{message_id}",
    "DELETE /channels/{channel_id}/messages/{message_id}",
    "GET /channels/{channel_id}/messages/{message_id}",
    "GET /guilds/{guild_id}/scheduled-events",
    "GET /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}",
    "DELETE /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}",
    "GET /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}/users",
    "GET /channels/{channel_id}/webhooks",
    "GET /webhooks/{webhook_id}",
    "DELETE /webhooks/{webhook_id}",
    "GET /webhooks/{webhook_id}/{webhook_token}",
    "DELETE /webhooks/{webhook_id}/{webhook_token}",
    "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
]
# The fields a union's members are told apart by, in the order they are tried.
DISCRIMINATORS = ("type", "entity_type")
# Where the published schema is stricter than Discord itself: a snowflake is also accepted as
# a JSON integer (discord.py sends attachment ids as 0, 1, …).
LOOSER = {
    "SnowflakeType": {
        "anyOf": [
            {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
            {"type": "integer", "minimum": 0},
        ]
    }
}
# Every ``oneOf`` is written ``anyOf``: Discord's unions are told apart by their members' JSON
# type or ``type`` field, so the same bodies pass, and a validator may stop at the first
# member that matches instead of trying all (about 20 times faster on a message body).
ONE_OF = "anyOf"
PROSE = {"description", "title", "examples", "example", "externalDocs", "deprecated"}
NAME_MAPS = {"properties", "patternProperties", "$defs", "dependentSchemas"}
COMPONENTS = "#/components/schemas/"


def _clean(node: Any, refs: set[str]) -> Any:
    """``node`` without prose, its ``$ref``s local; the names it refers to go to ``refs``."""
    if isinstance(node, list):
        return [_clean(item, refs) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in PROSE or key.startswith("x-"):
            continue
        if key == "$ref" and isinstance(value, str) and value.startswith(COMPONENTS):
            name = value[len(COMPONENTS) :]
            refs.add(name)
            out[key] = f"#/$defs/{name}"
        elif key == "oneOf":  # see ONE_OF
            out["anyOf"] = _clean(value, refs)
        elif key in NAME_MAPS and isinstance(value, dict):
            out[key] = {name: _clean(sub, refs) for name, sub in value.items()}
        else:
            out[key] = _clean(value, refs)
    return out


def _values(schema: dict[str, Any], field: str) -> list[int]:
    """The values ``field`` may take in ``schema`` (an ``enum``, a ``const``, or either of
    them beside ``null``)."""
    kind = schema.get("properties", {}).get(field, {})
    for member in kind.get("oneOf", []):
        if member.get("type") != "null":
            kind = member
    values = kind.get("enum") or ([kind["const"]] if "const" in kind else [])
    return [int(v) for v in values]


def _branches(components: dict[str, Any], members: list[str]) -> tuple[str, dict[str, str]]:
    """The field that tells ``members`` apart, and the member each of its values picks."""
    for field in DISCRIMINATORS:
        branches = {
            str(value): f"#/$defs/{name}"
            for name in members
            for value in _values(components[name], field)
        }
        if all(_values(components[name], field) for name in members):
            return field, branches
    raise SystemExit(f"no field tells {members} apart")


def extract(openapi: dict[str, Any]) -> dict[str, Any]:
    components: dict[str, Any] = openapi["components"]["schemas"]
    routes: dict[str, Any] = {}
    wanted: set[str] = set()
    for method, path, branch in ROUTES:
        operation = openapi["paths"][path][method.lower()]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        union = schema.get("anyOf") or schema.get("oneOf") or []
        members = [m["$ref"][len(COMPONENTS) :] for m in union if "$ref" in m]
        key = f"{method} {path}"
        if branch is not None:
            if branch not in members:
                raise SystemExit(f"{key}: {branch} is not one of {members}")
            routes[key] = {"$ref": f"#/$defs/{branch}"}
            wanted.add(branch)
        elif members:
            field, branches = _branches(components, members)
            wanted.update(members)
            routes[key] = {"by": field, "branches": branches}
        else:
            routes[key] = _clean(schema, wanted)
    defs: dict[str, Any] = {}
    todo = sorted(wanted)
    while todo:
        name = todo.pop()
        if name in defs:
            continue
        found: set[str] = set()
        defs[name] = LOOSER.get(name) or _clean(components[name], found)
        todo.extend(sorted(found - defs.keys()))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "source": {
            "title": openapi["info"]["title"],
            "version": openapi["info"]["version"],
            "licence": openapi["info"].get("license", {}).get("name", ""),
        },
        "routes": routes,
        "bodiless": BODILESS,
        "$defs": dict(sorted(defs.items())),
    }


def render(openapi_path: Path) -> str:
    openapi = json.loads(openapi_path.read_text(encoding="utf-8"))
    return json.dumps(extract(openapi), indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("openapi", nargs="?", type=Path, default=OPENAPI)
    parser.add_argument(
        "--out", type=Path, default=here / "bot/console/discord_schema.json", help="output file"
    )
    args = parser.parse_args(argv)
    text = render(args.openapi)
    args.out.write_text(text, encoding="utf-8")
    print(f"{args.out}: {len(text):,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
