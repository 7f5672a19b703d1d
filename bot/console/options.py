"""The options of a slash command as Discord's client sends them: each value typed in the
console turned into the option's JSON (users, roles, channels and attachments resolved, as
Discord puts them in ``resolved``), checked against the command's parameters."""

from __future__ import annotations

import asyncio
import itertools
import mimetypes
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import discord
from discord import app_commands

from bot.console.channels import ChannelRoutes
from bot.console.gate import Refused
from bot.console.guild import channel_payload, role_payload
from bot.console.payloads import (
    OPTION_ATTACHMENT,
    OPTION_CHANNEL,
    OPTION_ROLE,
    OPTION_USER,
    coerce_option,
    command_data,
)
from bot.console.suggest import did_you_mean, near_command

#: A place's kind → its Discord channel type (what a channel option may offer).
CHANNEL_TYPES = {"text": 0, "voice": 2, "thread": 11}


class CommandOptions(ChannelRoutes):
    """The command tree read as Discord's client reads it (:class:`.FakeDiscord` builds on
    it)."""

    bot: discord.Client
    guild: discord.Guild
    _ids: itertools.count[int]

    def find_command(self, path: Sequence[str]) -> app_commands.Command[Any, ..., Any]:
        tree = self.bot.tree  # type: ignore[attr-defined]
        found: Any = tree.get_command(path[0])
        for part in path[1:]:
            if not isinstance(found, app_commands.Group):
                break
            found = found.get_command(part)
        if not isinstance(found, app_commands.Command):
            raise LookupError(f"No existe el comando /{' '.join(path)}.{self._near(path)}")
        return found

    def _near(self, path: Sequence[str]) -> str:
        return near_command(self.bot.tree, path)  # type: ignore[attr-defined]

    def resolve_path(self, words: Sequence[str]) -> list[str]:
        """How many leading words name the command (``ficha crear`` vs ``atacar``)."""
        tree = self.bot.tree  # type: ignore[attr-defined]
        if not words:
            raise LookupError("Falta el comando.")
        found: Any = tree.get_command(words[0])
        if found is None:
            raise LookupError(f"No existe el comando /{words[0]}.{self._near(words[:1])}")
        path = [words[0]]
        for word in words[1:]:
            if not isinstance(found, app_commands.Group):
                break
            found = found.get_command(word)
            if found is None:
                near = self._near([*path, word])
                raise LookupError(f"/{' '.join(path)} no tiene el subcomando «{word}».{near}")
            path.append(word)
        if isinstance(found, app_commands.Group):
            subs = ", ".join(c.name for c in found.commands)
            raise LookupError(f"/{' '.join(path)} necesita un subcomando: {subs}.")
        return path

    def _options(
        self,
        command: app_commands.Command[Any, ..., Any],
        options: Mapping[str, Any],
        focused: str | None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        params = {p.display_name: p for p in command.parameters}
        built: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for name, value in options.items():
            param = params.get(name)
            if param is None:
                known = ", ".join(params) or "ninguna"
                near = did_you_mean(name, list(params))
                hint = f" ¿Quisiste decir {near}:?" if near else ""
                raise LookupError(
                    f"/{command.qualified_name} no tiene la opción «{name}» ({known}).{hint}"
                )
            kind = param.type.value
            option: dict[str, Any] = {"name": name, "type": kind}
            if name == focused:
                option.update(value=str(value), focused=True)
            elif kind == OPTION_ROLE:
                role = self._role(str(value))
                resolved.setdefault("roles", {})[role["id"]] = role
                option["value"] = role["id"]
            elif kind == OPTION_USER:
                member = self._member_payload(str(value).lstrip("@").lower())
                uid = member["user"]["id"]
                resolved.setdefault("users", {})[uid] = member["user"]
                resolved.setdefault("members", {})[uid] = {
                    k: v for k, v in member.items() if k != "user"
                }
                option["value"] = uid
            elif kind == OPTION_CHANNEL:
                place = self.places.get(str(value))
                offered = {t.value for t in param.channel_types}
                if offered and CHANNEL_TYPES[place.kind] not in offered:
                    raise LookupError(f"La opción «{name}» no admite #{place.name}.")
                cid = str(place.id)
                resolved.setdefault("channels", {})[cid] = {
                    **channel_payload(place, self.clock),
                    "permissions": str(place.bot_permissions().value),
                }
                option["value"] = cid
            elif kind == OPTION_ATTACHMENT:
                attachment = self._attachment(str(value))
                resolved.setdefault("attachments", {})[attachment["id"]] = attachment
                option["value"] = attachment["id"]
            else:
                option["value"] = coerce_option(kind, value, name)
                named = [c.value for c in param.choices if c.name == str(value)]
                if named and option["value"] not in [c.value for c in param.choices]:
                    option["value"] = named[0]  # picked by the name Discord shows (pequeño)
                allowed = [c.value for c in param.choices]
                if allowed and option["value"] not in allowed:
                    shown = ", ".join(str(a) for a in allowed)
                    near = did_you_mean(str(value), [str(a) for a in allowed])
                    hint = f" ¿Quisiste decir {name}:{near}?" if near else ""
                    raise LookupError(f"La opción «{name}» admite: {shown}.{hint}")
            built.append(option)
        return built, resolved

    def _role(self, name: str) -> dict[str, Any]:
        for role in self.guild.roles:
            if (
                role.name.lower() in (name.lower(), name.lstrip("@").lower())
                or str(role.id) == name
            ):
                return role_payload(role.id, role.name, role.position, role.permissions.value)
        raise LookupError(f"No hay ningún rol «{name}» en el servidor.")

    def _attachment(self, path: str) -> dict[str, Any]:
        file = Path(path.lstrip("@"))
        if not file.is_file():
            raise LookupError(f"No encuentro el fichero {file}.")
        aid = str(600_000_000_000_000_000 + next(self._ids))
        return {
            "id": aid,
            "filename": file.name,
            "size": file.stat().st_size,
            "url": file.resolve().as_uri(),
            "proxy_url": file.resolve().as_uri(),
            "content_type": mimetypes.guess_type(file.name)[0] or "application/octet-stream",
        }

    async def _get_from_cdn(self, url: str) -> bytes:
        """An attachment's download: the console's attachments are local files."""
        parsed = urlparse(url)
        if parsed.scheme != "file":
            raise Refused(404, 0, "Unknown attachment").exception()
        return await asyncio.to_thread(Path(url2pathname(parsed.path)).read_bytes)

    def _command_data(
        self, path: Sequence[str], options: Mapping[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        built, resolved = self._options(self.find_command(path), options, focused)
        return command_data(path, built, resolved)
