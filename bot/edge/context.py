"""The per-command context: one command (or button press) as the features see it — the guild,
the channel, who acts and whether as the GM, the services its cog was handed, its declared
permission — and the trackers its committed changes must bring up to date (asked for with
an after-commit hook of the unit of work; done once the command has answered, by
:func:`~bot.edge.channel_access.refresh` and
:func:`~bot.edge.channel_access.refresh_elsewhere`, which hand the channel to the
background :class:`~bot.edge.publisher.TrackerPublisher`).

A command is written as::

    @app_commands.command(name="asalto", description="…")
    @command_context("máster", what="pasar el asalto")
    async def asalto(self, ctx: Context) -> None:
        await ctx.interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> list[Event]:
            turn.events = turn.document.advance(ctx.dice)
            return turn.events

        events = await run_step(ctx, UMBRAL, Step("asalto", rules))  # the one path
        await send(ctx.interaction, ...)

where :func:`~bot.edge.path.run_step` loads the encounter, checks the declaration
(:meth:`Context.require`), calls the rules, saves, logs and asks for the tracker
(:meth:`Context.show_tracker`, once committed and once the command has answered), in the
channel's unit of work with the retry. A command that rolls dice says so,
``command_context(..., rolls=True)``, and the tree's gate limits it (:func:`rolls_dice`).

:func:`command_context` wraps the body: discord.py calls it with the interaction and the
options as usual; the body gets a :class:`Context` instead of the interaction, and after it
returns the context refreshes the trackers asked for. The declaration is the command's one
statement of who may use it (:mod:`bot.edge.permissions`): :meth:`Context.require` checks it
(the GM and the managers: :func:`is_gm`, :func:`is_manager`),
:func:`permission_rows` prints it and the permissions test drives the bot against it.

What became of each command — done, refused or failed: its log line and its metrics — is
said once per command by :func:`command_outcome`, from the gate, the error handler or the
command's own callback once its body has returned.
"""

from __future__ import annotations

import functools
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

import discord
from discord import app_commands

from bot.edge.channel_access import TrackerChange, refresh, refresh_elsewhere
from bot.edge.permissions import (
    MANAGER_REFUSAL,
    NOT_IN_GUILD,
    Permission,
    Variant,
    gm_refusal,
    require_guild,
)
from bot.edge.services import NO_STORAGE, CommandMetrics, ServedCog, Services
from bot.jsontypes import JsonObject
from bot.storage.unit import operation
from umbral_rules import DiceSource, UmbralError
from umbral_rules.encounter import Encounter
from umbral_rules.systems import UMBRAL, PlaysOther
from umbral_rules.text import word_key

if TYPE_CHECKING:
    from bot.storage import Storage, UnitOfWork

log = logging.getLogger(__name__)

P = ParamSpec("P")
CogT = TypeVar("CogT", bound=ServedCog)
Body = Callable[Concatenate[CogT, "Context", P], Awaitable[None]]
Callback = Callable[Concatenate[CogT, discord.Interaction, P], Coroutine[Any, Any, None]]

#: Every command callback made by :func:`command_context`, with its declaration.
_DECLARED: dict[Callable[..., Any], Permission] = {}
#: The callbacks of the commands that declared they roll dice (``rolls=True``).
_ROLLING: set[Callable[..., Any]] = set()


#: [D] While a guild has configured no GM role, a role with one of these names counts as it.
DEFAULT_GM_ROLE_NAMES = frozenset({"master", "gm", "dj", "director de juego"})


def is_manager(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def is_gm(
    interaction: discord.Interaction, gm_role_id: int | None, creator_id: int | None = None
) -> bool:
    """The encounter's creator, Manage Server, or the configured GM role (while none is
    configured, a role named as one of :data:`DEFAULT_GM_ROLE_NAMES`)."""
    if creator_id is not None and interaction.user.id == creator_id:
        return True
    if is_manager(interaction):
        return True
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if gm_role_id is not None:
        return any(role.id == gm_role_id for role in member.roles)
    return any(word_key(role.name) in DEFAULT_GM_ROLE_NAMES for role in member.roles)


def ids_of(interaction: discord.Interaction) -> tuple[int, int]:
    """The guild and channel of an interaction (refused in direct messages)."""
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None:  # (as :func:`require_guild`)
        raise UmbralError(NOT_IN_GUILD)
    if channel_id is None:
        raise UmbralError("No sé en qué canal estás.")
    return guild_id, channel_id


def command_path(data: Any) -> str:
    """``encuentro terminar`` from an interaction's data (what the undo record names)."""
    data = data or {}
    parts = [str(data.get("name", "?"))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand (group)
        parts.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return " ".join(parts)


class ShowsTrackers(Protocol):
    """Who asks for trackers while a unit of work runs — a command's context, or the bot
    acting by itself, which subclass it for its :meth:`show_tracker` — and brings them up to
    date once the change has committed (its ``finish``)."""

    #: The changes of the channel's encounter committed so far, to show.
    _here: list[TrackerChange]

    def show_tracker(
        self,
        uow: UnitOfWork,
        enc: Encounter | JsonObject,
        *,
        ended: bool = False,
        repost: bool = False,
    ) -> None:
        """Once ``uow`` commits: this channel's tracker shows ``enc`` — Umbral's encounter,
        or the document of another system's — (``ended``: its final state; ``repost``: in a
        new message at the bottom of the channel), with the message it had."""
        info = uow.encounter.info
        tracker_id = info.tracker_message_id if info else None
        change = TrackerChange(enc, tracker_id, ended, repost, info.system if info else UMBRAL)
        uow.after_commit(functools.partial(self._here.append, change))


class Context(ShowsTrackers):
    """What one call works with. ``options``: the command's options by parameter name
    (defaults included); ``given``: those the user sent."""

    def __init__(
        self,
        interaction: discord.Interaction,
        services: Services,
        permission: Permission,
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.interaction = interaction
        self.services = services
        self.permission = permission
        self.options = dict(options or {})
        #: Who called the command.
        self.user_id: int = interaction.user.id
        #: The injected dice (the services' own, which never change).
        self.dice: DiceSource = services.dice
        #: A command every game system plays (``command_context(shared=True)``): its name.
        self.shared: str | None = None
        self._here: list[TrackerChange] = []
        self._elsewhere: list[int] = []

    @functools.cached_property
    def given(self) -> dict[str, object]:
        """Of the command's ``options`` (defaults included), those the user sent, by
        parameter name (an option left out has its default, but was not chosen); read when
        first asked for."""
        command = self.interaction.command
        if not isinstance(command, app_commands.Command):  # a form sent names what it filled
            filled = self.interaction.extras.get("form_given") or ()
            return {name: value for name, value in self.options.items() if name in filled}
        namespace = self.interaction.namespace
        sent = {p.name for p in command.parameters if p.display_name in namespace}
        return {name: value for name, value in self.options.items() if name in sent}

    # --- who and where --------------------------------------------------------------------

    @property
    def guild_id(self) -> int:
        """The guild (refused in direct messages)."""
        return require_guild(self.interaction)

    def ids(self) -> tuple[int, int]:
        """The guild and channel of the call (refused in direct messages)."""
        return ids_of(self.interaction)

    def is_gm(self, gm_role_id: int | None, creator_id: int | None = None) -> bool:
        """The configured GM role (``gm_role_id``), the encounter's creator, or Manage Server."""
        return is_gm(self.interaction, gm_role_id, creator_id)

    def require(self, gm_role_id: int | None, creator_id: int | None = None) -> None:
        """Refuse (:class:`UmbralError`, nothing changed) unless the user may use the command
        as called: what its declaration says of the GM and the managers, for the command's
        own rule, then for those of the variants the options given chose (in the order
        declared), with their declared Spanish refusals. Only ``máster`` and ``gestor`` are
        checked here (the other rules are about the character a command names, which only
        the command can find: it asks :meth:`is_gm` and compares owners)."""
        permission, interaction = self.permission, self.interaction
        uses: list[tuple[str, str, str | None]] = [(permission.rule, permission.what, None)]
        if permission.variants:  # (the options given matter only to a variant)
            given = self.given
            uses += [(v.rule, v.what, v.refusal) for v in permission.variants if v.chosen(given)]
        for rule, what, refusal in uses:
            if rule == "gestor" and not is_manager(interaction):
                raise UmbralError(MANAGER_REFUSAL)
            if rule == "máster" and not is_gm(interaction, gm_role_id, creator_id):
                raise UmbralError(refusal or gm_refusal(what))

    # --- services -------------------------------------------------------------------------

    @property
    def storage(self) -> Storage:
        storage = self.services.storage
        if storage is None:  # (as :meth:`Services.require_storage`)
            raise UmbralError(NO_STORAGE)
        return storage

    # --- after the change has committed ---------------------------------------------------

    def show_tracker_of(self, uow: UnitOfWork, channel_id: int) -> None:
        """Once ``uow`` commits: the tracker of another channel's encounter (a character left
        it, or its sheet changed) is brought up to date too."""
        uow.after_commit(functools.partial(self._elsewhere.append, channel_id))

    async def finish(self) -> None:
        """After the command has answered: the trackers its committed changes asked for,
        this channel's first."""
        here, self._here = self._here, []
        elsewhere, self._elsewhere = self._elsewhere, []
        for change in here:
            await refresh(self.interaction, self.services.trackers, change)
        for channel_id in elsewhere:
            refresh_elsewhere(self.interaction, self.services.trackers, channel_id)


def command_context(
    rule: str,
    *,
    what: str = "hacer eso",
    variants: tuple[Variant, ...] = (),
    label: str | None = None,
    rolls: bool = False,
    shared: bool = False,
) -> Callable[[Body[CogT, P]], Callback[CogT, P]]:
    """Declare who may use the command (a :class:`Permission`: ``rule``, ``what`` the GM's
    refusal names, the ``variants`` of its options and the plain use's ``label``) and
    whether it ``rolls`` dice (then the tree's gate rate-limits it: :func:`rolls_dice`), and
    give its body a :class:`Context`. Put it right above the ``async def`` (under
    discord.py's own decorators, which then see the command's options as usual). A
    ``shared`` command is played by more than one game system: the channel's system is
    handed the command when the body finds the channel plays it
    (:meth:`bot.edge.systems.Systems.dispatch`)."""
    permission = Permission(rule, what, variants, label)

    def decorate(body: Body[CogT, P]) -> Callback[CogT, P]:
        # discord.py reads the options from this signature: the body's, with the interaction
        # in the place of the context, and its annotations resolved where the body lives
        signature = inspect.signature(body, eval_str=True)
        params = list(signature.parameters.values())
        params[1] = params[1].replace(name="interaction", annotation=discord.Interaction)

        @functools.wraps(body)
        async def callback(
            cog: CogT, interaction: discord.Interaction, /, *args: P.args, **kwargs: P.kwargs
        ) -> None:
            ctx = Context(interaction, cog.services, permission, kwargs)
            # the operation the undo record of this command's unit of work names
            # (a form sent for a command names it in ``extras``: its data has no name)
            path = interaction.extras.get("command_path") or command_path(interaction.data)
            ctx.shared = path if shared else None
            with operation(path, interaction.user.id):
                try:
                    await body(cog, ctx, *args, **kwargs)
                except PlaysOther as other:  # the channel plays another game system
                    if not shared:
                        raise
                    await cog.services.systems.dispatch(ctx, other.system, path)
                await ctx.finish()
            command_outcome(interaction, "done", cog.services.metrics)

        callback.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
        _DECLARED[callback] = permission
        if rolls:
            _ROLLING.add(callback)
        return callback

    return decorate


def declared(
    command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu,
) -> Permission | None:
    """The permission ``command`` declared (``None``: it declared none); a context menu's
    callback may be a cog's method, bound: its function is what was declared."""
    callback = command.callback
    return _DECLARED.get(getattr(callback, "__func__", callback))


def rolls_dice(
    command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu,
) -> bool:
    """Whether ``command`` declared that it rolls dice (``command_context(..., rolls=True)``)."""
    callback = command.callback
    return getattr(callback, "__func__", callback) in _ROLLING


def permission_rows(tree: app_commands.CommandTree[Any]) -> list[tuple[str, str]]:
    """Every command's rows of the permissions table, from their declarations, in the
    order of the tree: ``(label, rule)``."""
    rows: list[tuple[str, str]] = []
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            permission = declared(command)
            if permission is None:
                raise LookupError(f"/{command.qualified_name} declares no permission")
            rows.extend(permission.rows(command.qualified_name))
    return rows


# --- what became of each command -------------------------------------------------------
# One log line (with its name, guild, channel, outcome and milliseconds, fields of the record
# that ``LOG_FORMAT=json`` writes out) and its counters in the bot's metrics (the tree's
# ``metrics``). Called once per command: the gate notes the start (``extras[STARTED]``, in
# :meth:`~bot.edge.tree.GuardedTree.interaction_check`), and the end comes from one place
# each — the gate's refusal, the error handler (refused or failed), the command's own
# callback once its body and ``Context.finish`` have returned (done: :func:`command_context`).

commands_log = logging.getLogger("bot.commands")

STARTED = "umbral_started"


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
    commands_log.info("/%s: %s en %d ms", name, WORDS.get(outcome, outcome), ms, extra=fields)
