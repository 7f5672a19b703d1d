"""What became of each slash command or context menu: one log line (with its name, guild,
channel, outcome and milliseconds, fields of the record that ``LOG_FORMAT=json`` writes out)
and its counters in the bot's metrics (the tree's ``metrics``). Called once per command:
the gate notes the start (``extras[STARTED]``, in
:meth:`~bot.edge.tree.GuardedTree.interaction_check`), and the end comes from one place
each — the gate's refusal, the error handler (refused or failed), discord.py's
``on_app_command_completion`` (done)."""

from __future__ import annotations

import logging
import time
from typing import Protocol

import discord

log = logging.getLogger("bot.commands")

STARTED = "umbral_started"


class CommandMetrics(Protocol):
    """Where a command's outcome is counted (:class:`bot.process.metrics.Metrics`)."""

    def command(self, name: str, outcome: str, seconds: float) -> None: ...


WORDS = {"done": "hecho", "refused": "rechazado", "failed": "falló"}


def command_outcome(
    interaction: discord.Interaction, outcome: str, metrics: CommandMetrics | None
) -> None:
    """``outcome``: ``done``, ``refused`` or ``failed``, logged and counted in ``metrics``.
    Nothing for what is not a command (a button, an autocomplete, an unknown command)."""
    command = interaction.command
    if command is None or interaction.type is not discord.InteractionType.application_command:
        return
    name = command.qualified_name
    started = interaction.extras.get(STARTED)
    seconds = time.perf_counter() - started if started is not None else 0.0
    if metrics is not None:
        metrics.command(name, outcome, seconds)
    ms = round(seconds * 1000)
    fields = {
        "command": name,
        "guild": interaction.guild_id,
        "channel": interaction.channel_id,
        "outcome": outcome,
        "ms": ms,
    }
    log.info("/%s: %s en %d ms", name, WORDS.get(outcome, outcome), ms, extra=fields)
