"""The tree's gate, on discord.py's public hook (``CommandTree.interaction_check``): every
option checked against what the command declares (:func:`check_options`: a hostile client
can send anything Discord's own client would refuse — a wrong type, a value out of its
range, a string too long, an option that does not exist), the rolling commands
rate-limited (:mod:`.ratelimit`; a command rolls when its ``command_context`` says
``rolls=True``), and the commands in flight tracked so that a stop lets them
finish and refuses new ones.

A refused interaction gets one ephemeral Spanish line and never reaches the command.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as T
from discord.ext import commands

from bot.edge.context import STARTED, command_outcome, rolls_dice
from bot.edge.errors import UmbralTree, refusal_text
from bot.edge.ratelimit import RateLimiter
from bot.render.accents import spoken
from bot.render.limits import quote
from umbral_rules.text import unstorable

log = logging.getLogger(__name__)

FLOOD_NOTICE = "Vas demasiado deprisa: espera {segundos} s antes de volver a tirar."
UI_TASKS = ("discord-ui-view-dispatch", "discord-ui-modal-dispatch", "discord-ui-dynamic-item")
CLOSING_NOTICE = "El bot se está reiniciando: vuelve a intentarlo en unos segundos."


#: Discord's own bounds: integers are JSON numbers, strings at most 6000 characters.
MAX_SAFE_INT = 2**53
MAX_STRING = 6000
SNOWFLAKE_TYPES = {T.user, T.channel, T.role, T.mentionable, T.attachment}
#: Where Discord puts the object an option of each kind points at.
RESOLVED_KEYS = {
    T.user: ("users", "members"),
    T.channel: ("channels",),
    T.role: ("roles",),
    T.mentionable: ("users", "members", "roles"),
    T.attachment: ("attachments",),
}


def _fmt(value: Any) -> str:
    return quote(value, 40)


def check_option(param: app_commands.Parameter, value: Any) -> str | None:
    """Why ``value`` doesn't fit ``param`` (Spanish), or ``None``."""
    name = param.display_name
    kind = param.type
    if kind is T.integer:
        if not isinstance(value, int) or isinstance(value, bool):
            return f"La opción «{name}» necesita un número entero."
        if abs(value) > MAX_SAFE_INT:
            return f"El número de «{name}» es demasiado grande."
    elif kind is T.number:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"La opción «{name}» necesita un número."
        if not math.isfinite(value) or abs(value) > MAX_SAFE_INT:
            return f"El número de «{name}» no vale."
    elif kind is T.string:
        if not isinstance(value, str):
            return f"La opción «{name}» necesita un texto."
        # characters no text may keep (the same as in files: :func:`unstorable`)
        if not value.isprintable() and any(unstorable(ch) for ch in value):
            return f"El texto de «{name}» lleva caracteres que no se pueden guardar."
        if len(value) > MAX_STRING:
            return f"El texto de «{name}» es demasiado largo."
    elif kind is T.boolean:
        if not isinstance(value, bool):
            return f"La opción «{name}» es sí o no."
    elif kind in SNOWFLAKE_TYPES and not str(value).isdigit():
        return f"No entiendo «{_fmt(value)}» en la opción «{name}»."
    choices = [c.value for c in param.choices]
    if choices and not param.autocomplete and value not in choices:
        shown = ", ".join(str(c) for c in choices)
        return f"La opción «{name}» admite: {shown}."
    low, high = param.min_value, param.max_value
    if kind is T.string:
        size = len(value)
        if low is not None and size < low:
            return f"«{name}» no puede quedar vacío." if low <= 1 else f"«{name}» es muy corto."
        if high is not None and size > high:
            return f"«{name}» admite como mucho {high:g} caracteres (llegaron {size})."
    elif kind in (T.integer, T.number):
        if low is not None and high is not None and not low <= value <= high:
            return f"{spoken(name)} debe estar entre {low:g} y {high:g} (se dio {_fmt(value)})."
        if low is not None and value < low:
            return f"«{name}» debe ser al menos {low:g} (se dio {_fmt(value)})."
        if high is not None and value > high:
            return f"«{name}» debe ser como mucho {high:g} (se dio {_fmt(value)})."
    return None


def check_options(command: app_commands.Command[Any, ..., Any], data: Any) -> str | None:
    """The first problem with the options of a slash command (those of the command an
    interaction's ``data`` runs, under its subcommands), in Spanish, or ``None``."""
    options = (data or {}).get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        options = options[0].get("options") or []
    resolved = (data or {}).get("resolved")
    params = {p.display_name: p for p in command.parameters}
    given: dict[str, Any] = {}
    for option in options:
        name = option.get("name")
        if name not in params or name in given or "value" not in option:
            return f"/{command.qualified_name} no tiene la opción «{_fmt(name)}»."
        if option.get("focused"):
            continue
        given[name] = option["value"]
        if int(option.get("type", params[name].type.value)) != params[name].type.value:
            return f"La opción «{name}» no tiene el tipo que espera."
        problem = check_option(params[name], option["value"])
        if problem:
            return problem
        kind = params[name].type
        if kind in RESOLVED_KEYS and not any(
            str(option["value"]) in ((resolved or {}).get(key) or {}) for key in RESOLVED_KEYS[kind]
        ):
            return f"No encuentro lo que señala la opción «{name}»."
    for name, param in params.items():
        if param.required and name not in given:
            return f"Falta la opción «{name}» de /{command.qualified_name}."
    return None


class GuardedTree(UmbralTree):
    """:class:`UmbralTree` plus the gate. ``limiter`` is ``None`` (no limits) until the real
    bot starts (``UmbralBot.setup_hook``) or a test sets one."""

    limiter: RateLimiter | None = None
    #: Set when the process is stopping (SIGTERM): new commands get a notice and don't run.
    closing: bool = False
    #: Rolls the limit refused (the metric ``umbral_rate_limit_refusals``).
    refused_rolls: int = 0

    def __init__(self, client: discord.Client, **kwargs: Any) -> None:
        super().__init__(client, **kwargs)
        self._dispatching: set[asyncio.Task[Any]] = set()

    @property
    def in_flight(self) -> set[asyncio.Task[Any]]:
        """The dispatches (commands, autocompletes) running now; shutdown waits for them.
        (A task is done as soon as its dispatch returns; its done-callback, which forgets
        it, runs a moment later.)"""
        return {task for task in self._dispatching if not task.done()}

    async def drain(self, grace_s: float) -> bool:
        """Refuse new commands and wait (up to ``grace_s`` s) for those running and for the
        button presses being handled; whether they all finished."""
        self.closing = True
        current = asyncio.current_task()
        pending = {t for t in self.in_flight if t is not current}
        pending |= {  # button presses (Defender) and modals: discord.py's own tasks
            t for t in asyncio.all_tasks() if t.get_name().startswith(UI_TASKS) and not t.done()
        }
        if not pending:
            return True
        _done, left = await asyncio.wait(pending, timeout=grace_s)
        if left:
            log.warning("%d comandos no terminaron a tiempo al parar", len(left))
        return not left

    async def admit_roll(self, interaction: discord.Interaction) -> bool:
        """Whether a roll may go now; if not, the private notice (every time: an interaction
        Discord sent must be answered)."""
        if self.limiter is None:
            return True
        allowed, _first, wait = self.limiter.check(interaction.user.id, interaction.channel_id)
        if not allowed:
            self.refused_rolls += 1
            seconds = max(1, math.ceil(wait))
            await self._refuse(interaction, FLOOD_NOTICE.format(segundos=seconds))
        return allowed

    async def admit_component(self, interaction: discord.Interaction, *, rolls: bool) -> bool:
        """The gate for a button press: the shutdown refusal and, for a button that rolls
        (Defender), the rate limit."""
        if self.closing:
            await self._refuse(interaction, CLOSING_NOTICE)
            return False
        return await self.admit_roll(interaction) if rolls else True

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        # the task dispatching this interaction (discord.py runs each in its own) is in
        # flight until it ends
        task = asyncio.current_task()
        if task is not None and task not in self._dispatching:
            self._dispatching.add(task)
            task.add_done_callback(self._dispatching.discard)
        if interaction.type is not discord.InteractionType.application_command:
            return True  # components pass through gate_component (their own check)
        interaction.extras.setdefault(STARTED, time.perf_counter())  # (its outcome's time)
        if self.closing:
            await self._refuse(interaction, CLOSING_NOTICE)
            return False
        data: Any = interaction.data or {}
        command = interaction.command  # None: unknown, the tree answers it (CommandNotFound)
        if isinstance(command, app_commands.ContextMenu):  # no options; some roll dice
            return not rolls_dice(command) or await self.admit_roll(interaction)
        if data.get("type", 1) != 1 or not isinstance(command, app_commands.Command):
            return True
        # what the command's undo record names (``command_context``): known here, so its
        # callback does not walk the data again
        interaction.extras["command_path"] = command.qualified_name
        problem = check_options(command, data)
        rolling = rolls_dice(command)  # what the command declared (``command_context``)
        if problem is None and rolling and not await self.admit_roll(interaction):
            return False
        if problem is None:
            return True
        await self._refuse(interaction, problem)
        return False

    async def _refuse(self, interaction: discord.Interaction, message: str) -> None:
        command_outcome(interaction, "refused", self.metrics)
        try:
            await interaction.response.send_message(refusal_text(message), ephemeral=True)
        except discord.HTTPException:
            log.warning("No se pudo avisar del rechazo al usuario", exc_info=True)


async def gate_component(interaction: discord.Interaction, *, rolls: bool = False) -> bool:
    """A button's ``interaction_check``: the gate of the bot's tree (shutdown, rate limit)."""
    client = interaction.client
    tree = client.tree if isinstance(client, commands.Bot | commands.AutoShardedBot) else None
    if isinstance(tree, GuardedTree):
        return await tree.admit_component(interaction, rolls=rolls)
    return True
