"""The per-command context: one command (or button press) as the features see it — the guild,
the channel, who acts and whether as the GM, the services its cog was handed, its declared
permission — and the trackers its committed changes must bring up to date (asked for with
an after-commit hook of the unit of work; done once the command has answered, by
:func:`refresh` and :func:`refresh_elsewhere`, which hand the channel to the background
:class:`~bot.edge.publisher.TrackerPublisher`).

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
statement of who may use it (:mod:`bot.edge.permissions`): :meth:`Context.require` checks it,
:func:`permission_rows` prints it and the permissions test drives the bot against it.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.edge.channel_access import (
    closed_thread,
    in_thread,
    missing,
    tracker_needs,
    tracker_note,
)
from bot.edge.options import command_path
from bot.edge.permissions import (
    MANAGER_REFUSAL,
    NOT_IN_GUILD,
    Permission,
    Variant,
    gm_refusal,
    is_gm,
    is_manager,
    require_guild,
)
from bot.edge.publisher import TRACKER_CHANNELS, TrackerPublisher
from bot.edge.services import NO_STORAGE, ServedCog, Services
from bot.jsontypes import JsonObject
from bot.render.tracker import tracker_embed
from bot.render.trackers import system_tracker
from bot.storage.undo import operation
from umbral_rules import DiceSource, UmbralError
from umbral_rules.encounter import Encounter
from umbral_rules.systems import UMBRAL, PlaysOther

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


@dataclass(frozen=True)
class TrackerChange:
    """A committed change of the command's channel's encounter, to show in its tracker:
    ``tracker_id`` the message it had; ``ended``: show the final state; ``repost``: post
    the tracker again at the bottom of the channel (and keep that one up to date)."""

    #: What the tracker draws: Umbral's ``Encounter``, or another system's document.
    enc: Encounter | JsonObject
    tracker_id: int | None
    ended: bool = False
    repost: bool = False
    #: The game system the encounter plays.
    system: str = UMBRAL

    @classmethod
    def of(
        cls, uow: UnitOfWork, enc: Encounter | JsonObject, *, ended: bool, repost: bool
    ) -> TrackerChange:
        """The change ``uow`` makes to its channel's encounter, shown as ``enc``."""
        info = uow.encounter.info
        tracker_id = info.tracker_message_id if info else None
        return cls(enc, tracker_id, ended, repost, info.system if info else UMBRAL)


async def refresh(
    interaction: discord.Interaction, publisher: TrackerPublisher, change: TrackerChange
) -> None:
    """After a committed change: the channel's tracker is brought up to date in the background
    (:class:`~.publisher.TrackerPublisher`). When the bot may not post it here, the user gets
    a short private note saying which permission is missing — never an error: the change
    was saved."""
    channel = interaction.channel
    if not isinstance(channel, TRACKER_CHANNELS):
        return
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        return
    perms = interaction.app_permissions
    if change.ended:
        if isinstance(change.enc, Encounter):
            embed = tracker_embed(change.enc, ended=True)
        else:
            embed = system_tracker(change.system, change.enc, ended=True)
        publisher.ended(guild_id, channel_id, channel, perms, change.tracker_id, embed)
        return
    lacking = missing(perms, tracker_needs(in_thread(interaction)))
    closed = closed_thread(interaction) or ""
    if lacking or closed:
        note = tracker_note(lacking) if lacking else f"Hecho, pero {closed[:1].lower()}{closed[1:]}"
        try:
            await interaction.followup.send(note, ephemeral=True)
        except discord.HTTPException:
            log.warning("No se pudo avisar de los permisos que faltan", exc_info=True)
        return
    publisher.changed(
        guild_id, channel_id, channel, perms, repost=change.repost, committed=change.enc
    )


def refresh_elsewhere(
    interaction: discord.Interaction, publisher: TrackerPublisher, channel_id: int
) -> None:
    """The encounter of another channel changed (a character moved out of it, or its sheet
    changed): its tracker is brought up to date in the background too. The bot's permissions
    there come from discord.py's cache; where it may not post the tracker nothing is asked of
    Discord (the next command in that channel says what is missing). A channel not in the
    cache gets its tracker edited (or posted again), never pinned."""
    guild_id = interaction.guild_id
    if guild_id is None:
        return
    guild = interaction.client.get_guild(guild_id)
    target = guild.get_channel_or_thread(channel_id) if guild is not None else None
    me = guild.me if guild is not None else None
    if isinstance(target, discord.TextChannel | discord.Thread) and me is not None:
        perms = target.permissions_for(me)
        lacking = missing(perms, tracker_needs(isinstance(target, discord.Thread)))
        if lacking:
            log.info("No actualizo el tracker del canal %s: me falta %s", channel_id, lacking)
            return
        publisher.changed(guild_id, channel_id, target, perms)
        return
    channel = interaction.client.get_partial_messageable(channel_id, guild_id=guild_id)
    publisher.changed(guild_id, channel_id, channel, None)


def ids_of(interaction: discord.Interaction) -> tuple[int, int]:
    """The guild and channel of an interaction (refused in direct messages)."""
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None:  # (as :func:`require_guild`)
        raise UmbralError(NOT_IN_GUILD)
    if channel_id is None:
        raise UmbralError("No sé en qué canal estás.")
    return guild_id, channel_id


def given_options(
    interaction: discord.Interaction, options: Mapping[str, object]
) -> dict[str, object]:
    """Of the command's ``options`` (by parameter name, defaults included), those the user
    sent (an option left out has its default, but was not chosen)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):  # a form sent names what it filled
        filled = interaction.extras.get("form_given") or ()
        return {name: value for name, value in options.items() if name in filled}
    namespace = interaction.namespace
    sent = {p.name for p in command.parameters if p.display_name in namespace}
    return {name: value for name, value in options.items() if name in sent}


class Context:
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
        #: The injected dice (the services' own, which never change).
        self.dice: DiceSource = services.dice
        #: A command every game system plays (``command_context(shared=True)``): its name.
        self.shared: str | None = None
        self._here: list[TrackerChange] = []
        self._elsewhere: list[int] = []

    @functools.cached_property
    def given(self) -> dict[str, object]:
        """The options the user sent, by parameter name (read when first asked for)."""
        return given_options(self.interaction, self.options)

    # --- who and where --------------------------------------------------------------------

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

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

    def show_tracker(
        self,
        uow: UnitOfWork,
        enc: Encounter | JsonObject,
        *,
        ended: bool = False,
        repost: bool = False,
    ) -> None:
        """Once ``uow`` commits, and once the command has answered: this channel's tracker
        shows ``enc`` — Umbral's encounter, or the document of another system's —
        (``ended``: its final state; ``repost``: in a new message at the bottom of the
        channel)."""
        change = TrackerChange.of(uow, enc, ended=ended, repost=repost)
        uow.after_commit(functools.partial(self._here.append, change))

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
