"""The shipped request schemas are what the documented script makes of Discord's file."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

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
    openapi = ROOT / "tools/discord-api/openapi.json"
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


WEBHOOK = "POST /webhooks/{webhook_id}/{webhook_token}"
REPLY = {
    "content": "Íñigo ataca a «Ñu del puerto 1»",
    "embeds": [
        {
            "title": "Ataque",
            "description": "d12: 7 + 6 = 13",
            "fields": [{"name": "Tirada", "value": "13", "inline": True}],
            "footer": {"text": "Asalto 1"},
        }
    ],
    "allowed_mentions": {"parse": [], "users": ["800001482381213000"]},
    "components": [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "Defender", "custom_id": "umbral:defender"}
            ],
        }
    ],
}
BAD_REPLIES = [
    {**REPLY, "content": "x" * 2001},
    {**REPLY, "embeds": [{"title": "t" * 257}]},
    {**REPLY, "embeds": [{"fields": [{"name": "n"}]}]},  # a field needs its value
    {**REPLY, "components": [{"type": 1, "components": [{"type": 2, "style": "uno"}]}]},
    {**REPLY, "allowed_mentions": {"parse": ["everyone", "nadie"]}},
    {**REPLY, "tts": "sí"},
]


def test_both_validators_agree_and_the_fast_one_refuses_what_jsonschema_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ref = strict.schema()["routes"][WEBHOOK]["$ref"]
    fast, words = strict._fast(ref), strict._validator(ref)
    assert fast.is_valid(REPLY) and words.is_valid(REPLY)
    for bad in BAD_REPLIES:
        assert not fast.is_valid(bad) and not words.is_valid(bad), bad
    monkeypatch.setattr(strict, "CROSS_CHECK", False)  # the console's path outside tests
    assert strict.problems(WEBHOOK, REPLY) == []
    (problem,) = strict.problems(WEBHOOK, BAD_REPLIES[0])
    assert problem[:2] == (("content",), "BASE_TYPE_MAX_LENGTH")


def test_a_disagreement_is_noted_and_jsonschema_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    class Lenient:
        def is_valid(self, body: object) -> bool:
            return True

    monkeypatch.setattr(strict, "_fast", lambda ref: Lenient())
    try:
        (problem,) = strict.problems(WEBHOOK, BAD_REPLIES[0])
        assert problem[:2] == (("content",), "BASE_TYPE_MAX_LENGTH")
        assert len(strict.DISAGREEMENTS) == 1 and "says True" in strict.DISAGREEMENTS[0]
    finally:
        strict.DISAGREEMENTS.clear()  # noted on purpose: not this test's failure
