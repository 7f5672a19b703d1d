"""Where a game system plugs into the commands the systems share (issue 45 item 1).

A command that more than one game system plays — ``/atacar``, ``/asalto``, ``/encuentro
empezar``… — declares it with ``command_context(..., shared=True)``, and its body is
Umbral's. When that body reads the channel's encounter and finds another system's
(``uow.encounter.get()`` raises :class:`~umbral_rules.systems.PlaysOther`; ``/encuentro
empezar`` raises it when asked for another system), the declaration hands the command to
that system (:meth:`Systems.dispatch`): the options it sent that mean nothing there are
refused in Spanish (never ignored), then the system's own command runs — after the body's
first reply (a ``defer``), so nothing reads the database before Discord is answered. A
system that does not play the command refuses it saying so.

In Umbral, the options another system added to a shared command are refused by
:func:`bot.edge.path.run_step` once the encounter is read (:meth:`Systems.refuse_given`).

Each system registers a :class:`SystemPlugin` in its feature's ``setup``; Umbral's says only
which options each shared command takes in Umbral (its bodies are the commands' own).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Protocol

from discord import app_commands

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.systems import SYSTEM_LABELS, other_system, system_label

if TYPE_CHECKING:
    import discord


class Call(Protocol):
    """What the systems' commands are handed: a :class:`bot.edge.context.Context` (named
    by its shape, as the context module imports this one)."""

    @property
    def interaction(self) -> discord.Interaction: ...

    @property
    def given(self) -> Mapping[str, object]: ...


#: The command that starts an encounter: its system is the one it is asked for.
START = "encuentro empezar"
#: Its option naming the system (the server's default when left out).
SYSTEM_OPTION = "sistema"


@dataclass(frozen=True)
class Verb:
    """How one system plays a shared command: the options it takes (parameter names, as in
    ``ctx.options``) and, for a system other than Umbral, the command itself, called with
    the command's :class:`~bot.edge.context.Context` (``None`` for
    Umbral, whose command body is the shared command's own). ``run`` is called once the
    command has answered Discord or not: it defers only if nothing was sent yet
    (``interaction.response.is_done()``) and then answers with followups."""

    takes: frozenset[str]
    run: Callable[[Any], Awaitable[None]] | None = None


@dataclass(frozen=True)
class Awaited:
    """Someone an encounter of a system other than Umbral waits for (the reminders by post,
    issue 19): the player to remind, a key of what is awaited (a new key is a new wait) and
    the line that says it (plain text: the reminder escapes it)."""

    user_id: int
    ref: str
    line: str


@dataclass(frozen=True)
class SystemPlugin:
    """A game system as the shared commands see it: its stored name and the commands it
    plays, by qualified name (``atacar``, ``encuentro terminar``)."""

    name: str
    verbs: Mapping[str, Verb]
    #: The names of the combatants of one of its encounters' documents (what the shared
    #: commands' ``objetivo``/``atacante`` autocompletes offer), if it says them.
    names: Callable[[JsonObject], list[str]] | None = None
    #: Who one of its encounters' documents waits for (the reminders), if it says it.
    waiting: Callable[[JsonObject], list[Awaited]] | None = None
    #: Closes the round of the channel's encounter once its time is up, if its rounds are
    #: timed: called with the bot acting by itself there (issue 46), a
    #: :class:`bot.edge.unattended.Unattended` (named by its shape: it imports the
    #: services, which import this module).
    closes: Callable[[Any], Awaitable[None]] | None = None
    #: How long the round of one of its encounters' documents stays open once it has
    #: something to resolve (``None``: it does not close by itself), if its rounds are timed.
    window: Callable[[JsonObject], timedelta | None] | None = None


@dataclass
class Systems:
    """The game systems the bot's features registered (one per name)."""

    plugins: dict[str, SystemPlugin] = field(default_factory=dict)

    def add(self, plugin: SystemPlugin) -> None:
        if plugin.name not in SYSTEM_LABELS:
            raise ValueError(f"Unknown game system {plugin.name!r}")
        self.plugins[plugin.name] = plugin

    def names(self, system: str, doc: JsonObject) -> list[str]:
        """The combatants of ``system``'s document ``doc`` (none if it does not say them)."""
        plugin = self.plugins.get(system)
        return [] if plugin is None or plugin.names is None else plugin.names(doc)

    def waiting(self, system: str, doc: JsonObject) -> list[Awaited]:
        """Who ``system``'s document ``doc`` waits for (nobody if it does not say)."""
        plugin = self.plugins.get(system)
        return [] if plugin is None or plugin.waiting is None else plugin.waiting(doc)

    def window(self, system: str, doc: JsonObject) -> timedelta | None:
        """How long the round of ``system``'s document ``doc`` stays open (``None``: it
        does not close by itself)."""
        plugin = self.plugins.get(system)
        return None if plugin is None or plugin.window is None else plugin.window(doc)

    async def close(self, system: str, caller: object) -> None:
        """The bot closes the round of ``system``'s encounter in ``caller``'s channel, if that
        system's rounds close by themselves (:attr:`SystemPlugin.closes`)."""
        plugin = self.plugins.get(system)
        if plugin is not None and plugin.closes is not None:
            await plugin.closes(caller)

    def verb(self, system: str, command: str) -> Verb | None:
        """How ``system`` plays ``command`` (``None``: it does not, or nobody said)."""
        plugin = self.plugins.get(system)
        return None if plugin is None else plugin.verbs.get(command)

    def refuse_given(self, ctx: Call, system: str, command: str) -> None:
        """Refuse, in Spanish, the options ``ctx`` was given that ``system`` does not take
        for ``command`` (nothing to refuse when nobody said which it takes), named as users
        type them (read only then)."""
        verb = self.verb(system, command)
        if verb is None:
            return
        extra = [name for name in ctx.given if name not in verb.takes and name != SYSTEM_OPTION]
        if extra:
            shown = shown_names(ctx)
            extra = sorted(shown.get(name, name) for name in extra)
            names = ", ".join(f"`{name}`" for name in extra)
            takes = ", ".join(sorted(f"`{shown.get(name, name)}`" for name in verb.takes))
            raise UmbralError(
                f"En {system_label(system)}, /{command} no usa {names}: no se ha hecho nada. "
                f"Opciones que usa: {takes or 'ninguna'}."
            )

    async def dispatch(self, ctx: Call, system: str, command: str) -> None:
        """Run ``command`` as ``system`` plays it, or refuse it in Spanish."""
        verb = self.verb(system, command)
        if verb is None or verb.run is None:
            if command == START:
                raise UmbralError(f"Aún no se pueden llevar encuentros de {system_label(system)}.")
            raise UmbralError(other_system(system))
        self.refuse_given(ctx, system, command)
        await verb.run(ctx)


def shown_names(ctx: Call) -> dict[str, str]:
    """The command's options as users type them, by parameter name (``dueno`` → ``dueño``)."""
    command = ctx.interaction.command
    if not isinstance(command, app_commands.Command):
        return {}
    return {p.name: p.display_name for p in command.parameters}
