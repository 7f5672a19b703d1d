"""Context-menu commands (Discord's «Aplicaciones» menu on a user or a message) and the
command sync that registers them.

The sync (``PUT /applications/{id}/commands``, what ``tree.sync()`` sends) is checked
against Discord's schema (at most 130 commands) and its limits per type: 100 slash commands,
15 user commands and 15 message commands (Discord's documentation of application commands;
discord.py itself stops at 5 of each kind when they are added to the tree). Past a limit
Discord answers 30032.

A context-menu command arrives as an application command (interaction type 2) whose data
has the command's type (2 user, 3 message), ``target_id`` and the target in ``resolved``:
:func:`menu_data` builds it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from bot.console.gate import Gate, Refused
from bot.console.payloads import APPLICATION_ID, GUILD_ID, stable_id

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
#: Commands an application may register of each type (in one scope).
COMMAND_LIMITS = {CHAT_INPUT: 100, USER: 15, MESSAGE: 15}
MAX_COMMANDS = 30032
KINDS = {"usuario": USER, "mensaje": MESSAGE}


class Commands:
    """The commands the bot registered, globally and per guild (``tree.sync()``)."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self.registered: dict[str, list[dict[str, Any]]] = {}  # by the sync's path

    def route(self, method: str, path: str, body: Any) -> Any:
        if method == "GET":
            return self.registered.get(path, [])
        if method != "PUT":
            raise NotImplementedError(f"La consola no sabe hacer {method} {path}.")
        self.gate.check_body(method, path, body)
        commands = list(body or [])
        for kind, limit in COMMAND_LIMITS.items():
            if sum(1 for c in commands if int(c.get("type") or CHAT_INPUT) == kind) > limit:
                raise Refused(
                    400, MAX_COMMANDS, f"Maximum number of application commands reached ({limit})"
                )
        guild = f"/guilds/{GUILD_ID}/" in path
        self.registered[path] = [_registered(c, guild) for c in commands]
        return self.registered[path]


def _registered(command: Mapping[str, Any], guild: bool) -> dict[str, Any]:
    """A command as Discord answers the sync with it."""
    found = {
        **command,
        "id": str(stable_id("command", str(command["name"]))),
        "application_id": str(APPLICATION_ID),
        "type": int(command.get("type") or CHAT_INPUT),
        "description": command.get("description") or "",
        "version": "1",
        "default_member_permissions": command.get("default_member_permissions"),
    }
    if guild:
        found["guild_id"] = str(GUILD_ID)
    return found


def _key(name: str) -> str:
    """A menu's name as typed: any case, any accents, «...» for «…»."""
    folded = unicodedata.normalize("NFKD", name.casefold().replace("…", "..."))
    return "".join(c for c in folded if not unicodedata.combining(c)).strip()


def find_menu(names: Iterable[str], typed: str, kind: str) -> str:
    """The context-menu command ``typed`` names, among ``names`` (the tree's of that kind)."""
    known = list(names)
    for name in known:
        if _key(name) == _key(typed):
            return name
    shown = ", ".join(f"«{n}»" for n in known) or "ninguno"
    raise LookupError(f"No hay ningún comando de {kind} «{typed}» (hay: {shown}).")


def menu_data(name: str, kind: int, target_id: int, resolved: Mapping[str, Any]) -> dict[str, Any]:
    """The interaction data of the context-menu command ``name`` run on ``target_id``."""
    return {
        "id": str(stable_id("command", name)),
        "name": name,
        "type": kind,
        "target_id": str(target_id),
        "resolved": dict(resolved),
        "guild_id": str(GUILD_ID),
    }
