"""The log's two formats and what never reaches it.

``LOG_FORMAT=json`` writes one JSON object a line (:class:`JsonFormatter`: time, level,
logger, message; a command's name, guild, channel, outcome and milliseconds; the traceback
as ``exc``); the default is readable text. On either, :class:`Redactor` (a filter on the
root handler, so discord.py's own DEBUG lines pass it too) hides the bot's token, any
Discord token, the token of a webhook or interaction URL, an ``Authorization`` header and
the password of a database URL, in the message, its arguments and its traceback."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime

HIDDEN = "***"
#: What a secret looks like wherever it is written.
PATTERNS = (
    # a bot token: base64 user id . timestamp . HMAC
    (re.compile(r"[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}"), HIDDEN),
    # webhook and interaction URLs: /webhooks/{id}/{token}, /interactions/{id}/{token}
    (re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/?\s'\"]+"), r"\g<1>" + HIDDEN),
    # an Authorization header's value (Bot …, Bearer …)
    (
        re.compile(r"""([Aa]uthorization['"]?\s*[:=]\s*['"]?(?:(?:Bot|Bearer)\s+)?)[^'"\s,}]+"""),
        r"\g<1>" + HIDDEN,
    ),
    # a URL's password: scheme://user:password@host
    (re.compile(r"(://[^:/@\s]*:)[^@\s/]+@"), r"\g<1>" + HIDDEN + "@"),
    # a "token" or "password" field in a dict or JSON body
    (re.compile(r"""(['"](?:token|password)['"]\s*:\s*['"])[^'"]+"""), r"\g<1>" + HIDDEN),
)
#: The fields of a command's record (``bot.edge.context.command_outcome``), written out by
#: the JSON format.
COMMAND_FIELDS = ("command", "guild", "channel", "outcome", "ms")


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    for secret in secrets:
        if secret:
            text = text.replace(secret, HIDDEN)
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class Redactor(logging.Filter):
    """Hides secrets in every record the handler writes: the message is formatted here (its
    arguments with it) and so is the traceback (``exc_text``, which formatters then use)."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)
        self._format = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # arguments that don't fit the message: the handler reports it
            return True
        record.msg = redact(message, self.secrets)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = self._format.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.secrets)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line."""

    def format(self, record: logging.LogRecord) -> str:
        found: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in COMMAND_FIELDS:
            if hasattr(record, name):
                found[name] = getattr(record, name)
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            found["exc"] = record.exc_text
        if record.stack_info:
            found["stack"] = record.stack_info
        return json.dumps(found, ensure_ascii=False, default=str)


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def formatter(kind: str) -> logging.Formatter:
    """``json`` or ``text`` (LOG_FORMAT)."""
    return JsonFormatter() if kind == "json" else logging.Formatter(TEXT_FORMAT)
