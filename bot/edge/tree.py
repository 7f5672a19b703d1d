"""The tree's gate, on discord.py's public hook (``CommandTree.interaction_check``): every
option checked against what the command declares (:mod:`.options`), the rolling commands
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
from discord.ext import commands

from bot.edge.context import rolls_dice
from bot.edge.errors import UmbralTree, refusal_text
from bot.edge.options import check_options
from bot.edge.outcome import STARTED, command_outcome
from bot.edge.ratelimit import RateLimiter

log = logging.getLogger(__name__)

FLOOD_NOTICE = "Vas demasiado deprisa: espera {segundos} s antes de volver a tirar."
UI_TASKS = ("discord-ui-view-dispatch", "discord-ui-modal-dispatch", "discord-ui-dynamic-item")
CLOSING_NOTICE = "El bot se está reiniciando: vuelve a intentarlo en unos segundos."


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
