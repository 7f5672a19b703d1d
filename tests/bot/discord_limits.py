"""A message payload held against Discord's limits (``bot.render.limits``), for tests.

The console's Discord does not refuse oversize payloads yet; until it does, tests call
:func:`assert_all_fit` on what the bot sent. Each problem names the bad field as Discord's
50035 error would (``embeds.0.fields.3.value``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.console import FakeDiscord
from bot.console.messages import SentMessage
from bot.render import limits as L


def _over(path: str, text: Any, limit: int) -> list[str]:
    size = len(str(text or ""))
    return [f"{path}: {size} > {limit}"] if size > limit else []


def problems(payload: Mapping[str, Any]) -> list[str]:
    """Every limit ``payload`` breaks (empty when Discord would take it)."""
    found = _over("content", payload.get("content"), L.CONTENT_MAX)
    embeds = list(payload.get("embeds") or [])
    if len(embeds) > L.EMBEDS_MAX:
        found.append(f"embeds: {len(embeds)} > {L.EMBEDS_MAX}")
    total = 0
    for i, embed in enumerate(embeds):
        p = f"embeds.{i}"
        parts = [
            (f"{p}.title", embed.get("title"), L.TITLE_MAX),
            (f"{p}.description", embed.get("description"), L.DESCRIPTION_MAX),
            (f"{p}.footer.text", (embed.get("footer") or {}).get("text"), L.FOOTER_MAX),
            (f"{p}.author.name", (embed.get("author") or {}).get("name"), L.AUTHOR_MAX),
        ]
        fields = list(embed.get("fields") or [])
        if len(fields) > L.FIELDS_MAX:
            found.append(f"{p}.fields: {len(fields)} > {L.FIELDS_MAX}")
        for j, f in enumerate(fields):
            parts.append((f"{p}.fields.{j}.name", f.get("name"), L.FIELD_NAME_MAX))
            parts.append((f"{p}.fields.{j}.value", f.get("value"), L.FIELD_VALUE_MAX))
            if not f.get("name") or not f.get("value"):
                found.append(f"{p}.fields.{j}: empty name or value")
        for path, text, limit in parts:
            found += _over(path, text, limit)
            total += len(str(text or ""))
    if total > L.EMBEDS_TOTAL_MAX:
        found.append(f"embeds: {total} characters > {L.EMBEDS_TOTAL_MAX}")
    rows = list(payload.get("components") or [])
    if len(rows) > L.ROWS_MAX:
        found.append(f"components: {len(rows)} rows > {L.ROWS_MAX}")
    for i, row in enumerate(rows):
        items = list(row.get("components") or [])
        if len(items) > L.ROW_COMPONENTS_MAX:
            found.append(f"components.{i}: {len(items)} > {L.ROW_COMPONENTS_MAX}")
        for j, item in enumerate(items):
            found += _over(f"components.{i}.{j}.custom_id", item.get("custom_id"), L.CUSTOM_ID_MAX)
            found += _over(f"components.{i}.{j}.label", item.get("label"), L.LABEL_MAX)
    if not payload.get("content") and not embeds and "components" not in payload:
        found.append("empty message")
    return found


def assert_fit(messages: Iterable[SentMessage]) -> None:
    bad = {m.id: problems(m.payload) for m in messages}
    bad = {k: v for k, v in bad.items() if v}
    assert not bad, bad


def assert_all_fit(fake: FakeDiscord) -> None:
    """Every message the bot sent or edited in ``fake`` fits Discord's limits."""
    assert_fit(e.message for e in fake.events)
