"""Raw gateway payloads of the fake guild: ids, the bot user, option values."""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

EPHEMERAL = 64
APPLICATION_ID = 900_000_000_000_000_001
GUILD_ID = 900_000_000_000_000_002
BOT_USER_ID = 900_000_000_000_000_003
GM_ROLE_NAME = "Máster"
OPTION_INT, OPTION_BOOL, OPTION_ROLE, OPTION_NUMBER, OPTION_ATTACHMENT = 4, 5, 8, 10, 11
OPTION_USER, OPTION_CHANNEL = 6, 7
NESTED = (1, 2)  # subcommand, subcommand group


def stable_id(kind: str, name: str) -> int:
    """The same snowflake for the same name, run after run."""
    return 800_000_000_000_000_000 + zlib.crc32(f"{kind}:{name.lower()}".encode()) * 1000


def command_data(
    path: Sequence[str],
    options: list[Any],
    resolved: Mapping[str, Any] | None = None,
    guild_id: int = GUILD_ID,
) -> dict[str, Any]:
    """The ``data`` of a slash command's interaction as Discord's client sends it: the
    options nested under the subcommand (type 1) and its group (type 2) that ``path`` names."""
    for depth in range(len(path) - 1, 0, -1):
        kind = 1 if depth == len(path) - 1 else 2
        options = [{"name": path[depth], "type": kind, "options": options}]
    data: dict[str, Any] = {
        "id": str(stable_id("command", path[0])),
        "name": path[0],
        "type": 1,
        "options": options,
        "guild_id": str(guild_id),
    }
    if resolved:
        data["resolved"] = dict(resolved)
    return data


def bot_user_payload() -> Any:
    return {
        "id": str(BOT_USER_ID),
        "username": "Umbral",
        "global_name": "Umbral",
        "discriminator": "0",
        "avatar": None,
        "bot": True,
        "verified": True,
        "mfa_enabled": False,
    }


def coerce_option(kind: int, value: Any, name: str) -> Any:
    if kind == OPTION_INT:
        try:
            return int(value)
        except (TypeError, ValueError):
            raise LookupError(f"La opción «{name}» necesita un número entero.") from None
    if kind == OPTION_NUMBER:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise LookupError(f"La opción «{name}» necesita un número.") from None
    if kind == OPTION_BOOL:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in {"si", "sí", "true", "1", "on", "verdadero"}:
            return True
        if text in {"no", "false", "0", "off", "falso"}:
            return False
        raise LookupError(f"La opción «{name}» es sí o no.")
    return str(value)
