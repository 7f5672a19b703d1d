"""Issue 48 §3: no token, webhook token or password in any log line, at DEBUG too, with
discord.py's own HTTP and webhook code really running: its :class:`discord.http.HTTPClient`
(login, a message answered first with a 429, a channel webhook created) and its
:class:`discord.Webhook` (executed with its token, as ``/decir`` does, and an interaction's callback
and follow-up) talk to a fake Discord HTTP server on the loopback address, under the bot's
own logging set-up (``configure_logging``) at ``LOG_LEVEL=DEBUG``, in both formats."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route

from bot.process.config import SQL_LOGGERS, configure_logging
from bot.process.logs import redact
from bot.process.metrics import Metrics

TOKEN = "MTEyMzQ1Njc4OTAxMjM0NTY3OA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789_-AB"
WEBHOOK_ID, WEBHOOK_TOKEN = 424242424242424242, "hookSecret-" + "q" * 57
INTERACTION_ID, INTERACTION_TOKEN = 515151515151515151, "aW50ZXJhY3Rpb246c2VjcmV0" + "z" * 60
APPLICATION_ID, CHANNEL_ID = 900000000000000001, 900000000000000010
USER = {"id": str(APPLICATION_ID), "username": "Umbral", "discriminator": "0", "avatar": None}


def message(channel_id: int, content: str) -> dict[str, Any]:
    return {
        "id": "1000000000000000001",
        "channel_id": str(channel_id),
        "type": 0,
        "content": content,
        "author": USER,
        "timestamp": "2026-12-04T23:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
    }


def answer(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it: ``Content-Type: application/json`` exactly (discord.py reads
    anything else as text)."""
    found = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(payload).encode(), status=status, headers=found)


def fake_discord() -> web.Application:
    """Discord's HTTP API, the few routes the test uses; the first message is a 429."""
    app = web.Application()
    limited = [True]

    async def me(_request: web.Request) -> web.Response:
        return answer(USER)

    async def send(request: web.Request) -> web.Response:
        body = await request.json()
        if limited.pop() if limited else False:
            headers = {"Via": "1.1 google", "X-RateLimit-Scope": "user"}
            payload = {"message": "You are being rate limited.", "retry_after": 0.01}
            return answer(payload, 429, headers)
        return answer(message(int(request.match_info["channel"]), body["content"]))

    def hook() -> dict[str, Any]:
        return {
            "id": str(WEBHOOK_ID),
            "type": 1,
            "channel_id": str(CHANNEL_ID),
            "name": "Umbral",
            "avatar": None,
            "token": WEBHOOK_TOKEN,
            "application_id": str(APPLICATION_ID),
            "url": f"https://discord.com/api/webhooks/{WEBHOOK_ID}/{WEBHOOK_TOKEN}",
        }

    async def create_hook(_request: web.Request) -> web.Response:
        return answer(hook())

    async def execute(request: web.Request) -> web.Response:
        data = await request.post() if request.content_type.startswith("multipart") else None
        body = json.loads(str(data["payload_json"])) if data else await request.json()
        return answer(message(CHANNEL_ID, body.get("content", "")))

    async def callback(_request: web.Request) -> web.Response:
        return web.Response(status=204)

    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_post("/api/v10/channels/{channel}/messages", send)
    app.router.add_post("/api/v10/channels/{channel}/webhooks", create_hook)
    app.router.add_post("/api/v10/webhooks/{id}/{token}", execute)
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", callback)
    return app


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TestServer]:
    found = TestServer(fake_discord(), host="127.0.0.1")
    await found.start_server()
    base = str(found.make_url("/api/v10"))
    monkeypatch.setattr(Route, "BASE", base)  # discord.py's HTTP and webhooks share Route
    try:
        yield found
    finally:
        await found.close()


@pytest.fixture
def bot_logging(request: pytest.FixtureRequest) -> Iterator[tuple[str, io.StringIO]]:
    """The bot's own handler on the root logger (pytest's set aside meanwhile), writing
    into a buffer instead of standard error."""
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    sql_levels = {name: logging.getLogger(name).level for name in SQL_LOGGERS}
    root.handlers.clear()
    configure_logging("DEBUG", request.param, [TOKEN])
    written = io.StringIO()
    (handler,) = root.handlers
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(written)
    try:
        yield request.param, written
    finally:
        for handler in root.handlers:
            handler.flush()
        root.handlers[:] = saved
        root.setLevel(level)
        for name, sql_level in sql_levels.items():
            logging.getLogger(name).setLevel(sql_level)


@pytest.mark.parametrize("bot_logging", ["text", "json"], indirect=True)
async def test_discord_py_debug_lines_never_show_a_token(
    server: TestServer, bot_logging: tuple[str, io.StringIO]
) -> None:
    log_format, written = bot_logging
    metrics = Metrics()
    http = discord.http.HTTPClient(
        discord.utils.MISSING, http_trace=metrics.http_trace()
    )  # discord.py's own client, as the bot's
    try:
        await http.static_login(TOKEN)
        sent = await http.send_message(CHANNEL_ID, params=_params("hola"))
        assert sent["content"] == "hola"
        created = await http.request(
            Route("POST", "/channels/{channel_id}/webhooks", channel_id=CHANNEL_ID),
            json={"name": "Umbral"},
        )
        session = http._HTTPClient__session  # type: ignore[attr-defined]
        # /decir: the channel's webhook, executed with its token (under a character's name)
        voice = discord.Webhook.partial(int(created["id"]), created["token"], session=session)
        said = await voice.send("Íñigo dice algo", username="Íñigo", wait=True)
        assert said.content == "Íñigo dice algo"
        # a command's answer: the interaction's callback, then a follow-up by its token
        followup = discord.Webhook.partial(APPLICATION_ID, INTERACTION_TOKEN, session=session)
        await followup.send("hecho", wait=True)
        await http.request(
            Route(
                "POST",
                "/interactions/{interaction_id}/{interaction_token}/callback",
                interaction_id=INTERACTION_ID,
                interaction_token=INTERACTION_TOKEN,
            ),
            json={"type": 4, "data": {"content": "hecho"}},
        )
        logging.getLogger("bot").debug("Conectando a postgresql://umbral:secreta@db/umbral")
    finally:
        await http.close()

    lines = written.getvalue().splitlines()
    assert any("has returned 429" in line or "rate limited" in line for line in lines)
    assert any("Webhook ID" in line for line in lines)  # discord.py's webhook DEBUG lines
    assert metrics.discord_429._value.get() == 1  # the trace saw the real 429
    for line in lines:
        if log_format == "json":
            json.loads(line)
        for secret in (TOKEN, WEBHOOK_TOKEN, INTERACTION_TOKEN, "secreta"):
            assert secret not in line, line
    assert any(f"/webhooks/{WEBHOOK_ID}/***" in line for line in lines)


def _params(content: str) -> Any:
    from discord.http import handle_message_parameters

    return handle_message_parameters(content=content)


def test_redact_hides_what_looks_like_a_secret() -> None:
    assert redact(f"token {TOKEN}") == "token ***"
    assert redact("x", ["x"]) == "***"
    assert redact("{'token': 'abc', 'id': '1'}") == "{'token': '***', 'id': '1'}"
    assert redact('{"password": "p4ss"}') == '{"password": "***"}'
    assert redact("Authorization: Bot abc.def") == "Authorization: Bot ***"
    assert redact("postgresql://u:p@h/db") == "postgresql://u:***@h/db"
    assert redact("/interactions/123/tok-en/callback") == "/interactions/123/***/callback"
    assert redact("Bot listo en 3 shards") == "Bot listo en 3 shards"  # plain words stay


def test_a_record_whose_arguments_dont_fit_still_reaches_the_handler() -> None:
    from bot.process.logs import Redactor

    record = logging.LogRecord("bot", logging.INFO, __file__, 1, "%d ms", ("x",), None)
    assert Redactor([TOKEN]).filter(record)  # no exception out of the filter
    record = logging.LogRecord("bot", logging.INFO, __file__, 1, "token %s", (TOKEN,), None)
    assert Redactor([TOKEN]).filter(record) and record.getMessage() == "token ***"


@pytest.mark.parametrize("bot_logging", ["text", "json"], indirect=True)
def test_a_traceback_with_a_token_in_it_is_redacted(bot_logging: tuple[str, io.StringIO]) -> None:
    _, written = bot_logging
    try:
        raise RuntimeError(f"falló con {TOKEN} en /webhooks/{WEBHOOK_ID}/{WEBHOOK_TOKEN}")
    except RuntimeError:
        logging.getLogger("bot").exception("Error inesperado")
    text = written.getvalue()
    assert "Error inesperado" in text and "RuntimeError" in text
    assert TOKEN not in text and WEBHOOK_TOKEN not in text
