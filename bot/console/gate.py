"""What the console's Discord refuses, and the record of every request the bot made.

Every request passes :meth:`Gate.enter` (the ``--registro`` line and the simulated network
latency); the handlers then ask the gate whether Discord would accept it: the body against
Discord's schema and limits (:mod:`.strict`), the rate limit of the channel, the edits of old
messages. A refusal is a :class:`Refused`: it becomes a :class:`Notice` (the console prints
it as a ``(discord)`` line) and the ``discord.HTTPException`` discord.py would raise.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

import discord

from bot.console import limits, strict
from bot.console.clock import FakeClock

LATENCY_S = 0.05  # one round trip to Discord, in the fake's time
RATE_LIMIT = 5  # message creates and edits per channel…
RATE_WINDOW_S = 5.0  # …in this many seconds
OLD_MESSAGE_S = 3600.0  # a message older than this…
OLD_EDITS_PER_HOUR = 3  # …accepts this many edits per hour, then 30046
TOKEN_LIFETIME_S = 15 * 60  # follow-ups and edits through an interaction's token
FIRST_RESPONSE_S = 3.0  # the first response to an interaction

UNKNOWN_MESSAGE, UNKNOWN_INTERACTION, INVALID_WEBHOOK_TOKEN = 10008, 10062, 50027
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013
ALREADY_ACKNOWLEDGED, TOO_LARGE, MAX_PINS, OLD_EDITS = 40060, 40005, 30003, 30046
THREAD_ARCHIVED = 50083
INVALID_CODES = {strict.INVALID_FORM_BODY, ALREADY_ACKNOWLEDGED, TOO_LARGE}
REASONS = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found"}
REASONS |= {413: "Payload Too Large", 429: "Too Many Requests"}


class FakeResponse:
    """What discord.py reads of an HTTP response to build its exception."""

    def __init__(self, status: int, reason: str | None = None) -> None:
        self.status = status
        self.reason = reason or REASONS.get(status, "Error")


class Refused(Exception):
    """Discord's answer to a request it refuses."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    @property
    def invalid(self) -> bool:
        """The bot's fault (a body Discord rejects, a second response), not the console's."""
        return self.code in INVALID_CODES

    def body(self) -> dict[str, Any]:
        found: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            found["errors"] = self.errors
        return found

    def exception(self) -> discord.HTTPException:
        kind = {403: discord.Forbidden, 404: discord.NotFound}.get(self.status)
        response: Any = FakeResponse(self.status)
        return (kind or discord.HTTPException)(response, self.body())


def details(errors: Mapping[str, Any], at: str = "") -> list[str]:
    """``{"embeds": {"0": {"title": {"_errors": [...]}}}}`` → ``["embeds.0.title: …"]``."""
    found: list[str] = []
    for key, value in errors.items():
        if key == "_errors":
            found += [f"{at or 'cuerpo'}: {e['message']}" for e in value]
        else:
            found += details(value, f"{at}.{key}" if at else key)
    return found


@dataclass
class Notice:
    """One ``(discord)`` line; ``counts`` makes the console exit non-zero."""

    text: str
    counts: bool
    code: int = 0
    kind: str = "refused"  # "invalid" (the bot's bad request), "late", "unanswered"

    @property
    def line(self) -> str:
        return f"(discord) {self.text}"


@dataclass
class Gate:
    clock: FakeClock
    log: TextIO | None = None
    latency: float = LATENCY_S
    notices: list[Notice] = field(default_factory=list)
    requests: int = 0
    rate_limited: int = 0
    #: Told of each response the bot's HTTP client would see from the network (a 429:
    #: discord.py's trace, :func:`bot.console.gateway.http_answered`): method, path, status.
    answered: Callable[[str, str, int], Awaitable[None]] | None = None
    # Faults of the bot not looked for: only tests marked lenient_discord set it (a bot
    # fault another issue fixes); "invalid" accepts bad bodies, "late" and "unanswered"
    # note nothing.
    tolerated: frozenset[str] = frozenset()
    #: Every request as it left the bot: (time on the fake's clock, method, path).
    history: list[tuple[float, str, str]] = field(default_factory=list)
    _buckets: dict[int, list[float]] = field(default_factory=dict)

    async def enter(self, method: str, path: str, body: Any) -> None:
        """A request leaves the bot: write its ``--registro`` line, then the round trip."""
        self.requests += 1
        self.history.append((self.clock.now, method, path))
        if self.log is not None:
            self.log.write(
                json.dumps({"method": method, "path": path, "body": body}, ensure_ascii=False)
                + "\n"
            )
            self.log.flush()
        await self.clock.sleep(self.latency)

    def refuse(self, refused: Refused, method: str, path: str) -> discord.HTTPException:
        """Note the refusal for the console and give the exception discord.py raises."""
        key = strict.route_key(method, path) or path
        text = f"{refused.status} {refused.code} {refused.message} — {key}"
        if refused.errors:
            text += ": " + "; ".join(details(refused.errors))
        kind = "invalid" if refused.invalid else "refused"
        self.notices.append(Notice(text, refused.invalid, refused.code, kind))
        return refused.exception()

    def note(self, text: str, kind: str) -> None:
        """An interaction left without its answer (or answered late): always counts."""
        if kind not in self.tolerated:
            self.notices.append(Notice(text, True, kind=kind))

    @property
    def failed(self) -> bool:
        return any(n.counts for n in self.notices)

    # --- the checks ---------------------------------------------------------------------

    def check_body(self, method: str, path: str, body: Any, branch: int | None = None) -> None:
        """``body`` as Discord's schema and limits take it (``branch``: the union member a
        body that does not name it is read as, :func:`.strict.problems`)."""
        if "invalid" in self.tolerated:
            return
        key = strict.route_key(method, path)
        found = strict.problems(key, body, branch) if key else []
        if found:
            error = strict.error_body(found)
            raise Refused(400, error["code"], error["message"], error["errors"])

    def check_files(self, sizes: Mapping[str, int]) -> None:
        if limits.upload_problems(sizes) and "invalid" not in self.tolerated:
            raise Refused(413, TOO_LARGE, "Request entity too large")

    async def take_slot(self, channel_id: int, method: str, path: str) -> None:
        """A message create or edit in ``channel_id``: past 5 in 5 s Discord answers 429;
        discord.py waits ``retry_after`` and tries again, so the wait moves the fake's clock."""
        bucket = self._buckets.setdefault(channel_id, [])
        while True:
            now = self.clock.now
            bucket[:] = [t for t in bucket if t + RATE_WINDOW_S > now]
            if len(bucket) < RATE_LIMIT:
                bucket.append(now)
                return
            free_at = bucket[0] + RATE_WINDOW_S
            retry_after = round(free_at - now, 3)
            self.rate_limited += 1
            if self.answered is not None:
                await self.answered(method, path, 429)
            key = strict.route_key(method, path) or path
            self.notices.append(
                Notice(
                    f"429 0 You are being rate limited. — {key}: retry_after {retry_after} s "
                    "(discord.py espera y lo repite)",
                    False,
                    429,
                )
            )
            await self.clock.sleep_until(free_at)

    def check_old_edit(self, created: float, edits: list[float]) -> None:
        """An edit of a message older than an hour: a few per hour, then 30046."""
        now = self.clock.now
        if now - created < OLD_MESSAGE_S:
            return
        edits[:] = [t for t in edits if t > now - 3600.0]
        if len(edits) >= OLD_EDITS_PER_HOUR:
            raise Refused(
                400,
                OLD_EDITS,
                "Maximum number of edits to messages older than 1 hour reached. Try again later",
            )
        edits.append(now)
