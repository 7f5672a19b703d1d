"""The shipped request schemas are what the documented script makes of Discord's file."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from bot.console import strict

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "extract_discord_schema", ROOT / "tools/extract_discord_schema.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_shipped_schema_is_the_extracted_one() -> None:
    openapi = ROOT.parent / "shared/discord/openapi.json"
    shipped = (ROOT / "bot/console/discord_schema.json").read_text("utf-8")
    assert _tool().render(openapi) == shipped


def test_schema_has_no_prose_and_every_ref_is_local() -> None:
    text = json.dumps(strict.schema())
    for word in ('"description": "', '"examples"', '"x-discord', "#/components/"):
        assert word not in text
    assert '"$ref": "#/$defs/RichEmbed"' in text


def test_route_keys() -> None:
    assert strict.route_key("PATCH", "/webhooks/1/t/messages/@original") == (
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
    )
    assert strict.route_key("PATCH", "/webhooks/1/t/messages/5") == (
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    )
    assert strict.route_key("GET", "/users/@me") is None
    (problem,) = strict.problems(
        "POST /interactions/{interaction_id}/{interaction_token}/callback", {"type": 99}
    )
    assert problem[:2] == (("type",), "BASE_TYPE_CHOICES")
