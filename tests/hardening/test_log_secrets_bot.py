"""Issue 48 §3, the whole bot: ``/decir`` and a command run with discord.py's own HTTP client
and webhook adapter (not the console's stand-ins) against a fake Discord HTTP server on
the loopback address, at ``LOG_LEVEL=DEBUG`` under the bot's own logging set-up; no line
holds the bot's token, a webhook's token or an interaction's token.

The server is a bridge: each real HTTP request is turned back into the console Discord's
routes (:class:`bot.console.FakeDiscord`), which answer as strictly as for every other test;
the console still plays the gateway (the guild in the cache, the interactions)."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route
from discord.webhook import async_ as webhook_async

from bot.console import FakeDiscord
from bot.console.payloads import bot_user_payload
from bot.process.config import SQL_LOGGERS, configure_logging
from tests.bot.conftest import KAEDA, Script

pytestmark = pytest.mark.backends("sqlite")

TOKEN = "MTEyMzQ1Njc4OTAxMjM0NTY3OA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789_-AB"
#: The concrete path's segments → discord.py's route template (its parameters by name).
TEMPLATES = [
    (r"/channels/(?P<channel_id>\d+)/messages", "/channels/{channel_id}/messages"),
    (
        r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)",
        "/channels/{channel_id}/messages/{message_id}",
    ),
    (r"/channels/(?P<channel_id>\d+)/webhooks", "/channels/{channel_id}/webhooks"),
    (r"/webhooks/(?P<webhook_id>\d+)/(?P<webhook_token>[^/]+)", None),
    (
        r"/webhooks/(?P<webhook_id>\d+)/(?P<webhook_token>[^/]+)/messages/(?P<message_id>[^/]+)",
        None,
    ),
    (r"/interactions/(?P<webhook_id>\d+)/(?P<webhook_token>[^/]+)/callback", None),
]


def template_of(path: str) -> tuple[str, dict[str, str]]:
    for pattern, template in TEMPLATES:
        found = re.fullmatch(pattern, path)
        if found:
            params = found.groupdict()
            if template is None:  # the webhook routes: discord.py's own names
                template = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", pattern)
                if params.get("message_id") == "@original":
                    template = template.replace("{message_id}", "@original")
                    params.pop("message_id")
            return template, params
    raise LookupError(path)


def bridge(fake: FakeDiscord, adapter: Any, requests: list[str]) -> web.Application:
    """Discord's HTTP API on loopback, answered by the console's Discord (``adapter``: its
    answers to webhook and interaction routes)."""

    async def handle(request: web.Request) -> web.Response:
        path = request.path.removeprefix("/api/v10")
        requests.append(f"{request.method} {path}")
        if path == "/users/@me":
            return answer(bot_user_payload())
        template, params = template_of(path)
        route = Route(request.method, template, **params)
        files: list[dict[str, Any]] = []
        body: Any = None
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            for name, value in form.items():
                content = value.file.read() if hasattr(value, "file") else str(value)
                files.append(
                    {
                        "name": name,
                        "value": io.BytesIO(content) if name != "payload_json" else content,
                    }
                )
        elif request.can_read_body:
            body = await request.json()
        try:
            if request.headers.get("Authorization") == f"Bot {TOKEN}" and not path.startswith(
                ("/webhooks/", "/interactions/")
            ):
                kwargs = {"form": files} if files else {"json": body}
                result = await fake._http_request(route, **kwargs)
            else:
                payload = None if files else body
                multipart = files or None
                result = await adapter.request(
                    route, None, payload=payload, multipart=multipart, params=dict(request.query)
                )
        except discord.HTTPException as error:
            return answer({"code": error.code, "message": error.text}, error.status)
        return web.Response(status=204) if result is None else answer(result)

    app = web.Application()
    app.router.add_route("*", "/api/v10/{tail:.*}", handle)
    return app


def answer(payload: Any, status: int = 200) -> web.Response:
    body = json.dumps(payload).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


@pytest.fixture
def written() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    sql_levels = {name: logging.getLogger(name).level for name in SQL_LOGGERS}
    root.handlers.clear()
    configure_logging("DEBUG", "json", [TOKEN])
    buffer = io.StringIO()
    (handler,) = root.handlers
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(buffer)
    try:
        yield buffer
    finally:
        root.handlers[:] = saved
        root.setLevel(level)
        for name, sql_level in sql_levels.items():
            logging.getLogger(name).setLevel(sql_level)


@pytest.fixture
async def real_http(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[str]]:
    """The bot's HTTP client and webhook adapter as in production, the API on loopback."""
    requests: list[str] = []
    server = TestServer(bridge(fake, fake._adapter, requests), host="127.0.0.1")
    await server.start_server()
    monkeypatch.setattr(Route, "BASE", str(server.make_url("/api/v10")))
    http = fake.bot.http
    del http.request  # the console's stand-in: discord.py's own request again
    del http.get_from_cdn
    # the interactions' answers, and /decir's webhook, through discord.py's own adapter
    monkeypatch.setattr(fake, "_adapter", webhook_async.AsyncWebhookAdapter())
    await http.static_login(TOKEN)
    try:
        yield requests
    finally:
        await http.close()
        await server.close()


async def test_decir_and_a_command_over_real_http_log_no_token(
    fake: FakeDiscord, script: Script, written: io.StringIO, real_http: list[str]
) -> None:
    await script.run(*KAEDA)
    said = await fake.command("kaeda", "mesa", "decir", {"texto": "Nadie cruza el puente"})
    assert said.last.content == "Dicho como Íñigo."
    rolled = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12"})
    assert not rolled.first.ephemeral

    assert any(r.startswith("POST /channels/") and r.endswith("/webhooks") for r in real_http)
    interactions = [r.split("/")[3] for r in real_http if r.startswith("POST /interactions/")]
    assert len(interactions) >= 6  # every command answered through real HTTP
    hooks = list(fake.webhooks.values())
    assert hooks  # /decir made the channel's webhook, and spoke through it
    assert any(f"/webhooks/{hooks[0].id}/" in r for r in real_http)
    secrets = [TOKEN, *(h.token for h in hooks), *interactions]
    lines = written.getvalue().splitlines()
    assert any('"logger": "discord.http"' in line for line in lines)
    assert any('"logger": "discord.webhook.async_"' in line for line in lines)
    for line in lines:
        json.loads(line)
        for secret in secrets:
            assert secret not in line, line
