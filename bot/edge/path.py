"""The one path of every command that changes a channel's encounter (and of ``/tirar``'s log):
load → check → the guild's tables → rules → save → log → the tracker after COMMIT, in one
unit of work re-run from a fresh read when another process changed the encounter meanwhile
(:meth:`~bot.storage.Storage.run_in_channel`).

A command supplies what it is and its rules call, as a :class:`Step`::

    played = await run_step(ctx, UMBRAL, Step("asalto", rules))

and a game system plugs in what is its own — its document, how it is loaded and saved, how
its events are logged — as a :class:`GameSystem` (Umbral's is
:data:`bot.features.system.UMBRAL`). The edge imports no feature: the system is passed in.
Who may use the command is its ``@command_context`` declaration (:mod:`.context`), which
:meth:`Context.require` checks here, once the encounter is read (its creator is a GM).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeVar

from bot.edge.context import Context, ShowsTrackers
from bot.jsontypes import JsonObject
from bot.storage.encounters import NO_ENCOUNTER
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter

if TYPE_CHECKING:
    from bot.edge.services import Services
    from bot.storage import GuildSettings, Storage, UnitOfWork
    from umbral_rules import DiceSource

#: Which encounter a step acts on: the channel's, which must exist (``require``; ``look``:
#: only to look at it, never saved); the channel's if there is one (``get``); none read
#: before the rules (``none``: they start one, or the step only logs).
Need = Literal["require", "look", "get", "none"]
#: How the channel's tracker shows the step's document once committed (``None``: it doesn't).
Tracker = Literal["show", "ended", "repost"]

Doc = TypeVar("Doc")
Memo = TypeVar("Memo")
Event = TypeVar("Event")
EventIn = TypeVar("EventIn", contravariant=True)
R = TypeVar("R")


class GameSystem(Protocol[Doc, Memo, EventIn]):
    """What a game system plugs into the path: its name (as :mod:`umbral_rules.systems`
    stores it), its document (Umbral's :class:`Encounter`), read and written in the unit of
    work, made current with the guild's tables, and its events logged. ``Memo`` is what the
    log needs of the document as it was before the rules (Umbral: the names of the attackers
    pending, gone once answered)."""

    @property
    def name(self) -> str: ...

    async def load(self, uow: UnitOfWork, need: Need) -> Doc | None:
        """The channel's document (``need`` ``get``: ``None`` when there is none)."""
        ...

    def prepare(self, doc: Doc, settings: GuildSettings) -> Memo:
        """The guild's tables into ``doc`` as they are now; the memo for the log."""
        ...

    async def save(self, uow: UnitOfWork, doc: Doc) -> None: ...

    async def log(
        self,
        uow: UnitOfWork,
        user_id: int,
        command: str,
        doc: Doc,
        events: Sequence[EventIn],
        memo: Memo | None,
    ) -> None:
        """Every roll among ``events`` to the roll log, under ``command``, rolled by
        ``user_id`` (the bot's own user when it acts by itself)."""
        ...

    def tracked(self, doc: Doc) -> Encounter | JsonObject | None:
        """What the channel's tracker draws of ``doc`` (``None``: it has no tracker)."""
        ...


class Caller(ShowsTrackers, Protocol):
    """Who runs a step: a command (:class:`~bot.edge.context.Context`) or the bot acting by
    itself in a channel (:class:`~bot.edge.unattended.Unattended`: a round whose window ran
    out). What the path asks of it: where, the services, who rolls, the declared check, and
    (:class:`~bot.edge.context.ShowsTrackers`) the tracker to show once committed."""

    @property
    def services(self) -> Services: ...

    @property
    def storage(self) -> Storage: ...

    @property
    def dice(self) -> DiceSource: ...

    @property
    def user_id(self) -> int: ...

    def ids(self) -> tuple[int, int]: ...

    def require(self, gm_role_id: int | None, creator_id: int | None = None) -> None: ...


class Stored(Protocol):
    """A game's typed encounter document: what it stores is its ``to_dict()``."""

    def to_dict(self) -> JsonObject: ...


StoredDoc = TypeVar("StoredDoc", bound=Stored)


class DocumentSystem(Generic[StoredDoc]):
    """The part every game other than Umbral plays alike: its encounter is one typed
    document (``decode`` reads it, ``to_dict`` writes it), stored with the encounter's
    ``system``, with no guild tables to bring in and its tracker drawn from what it stores.
    A game sets ``name`` and ``decode`` and writes its own ``log``."""

    name: str

    def decode(self, data: JsonObject) -> StoredDoc:
        raise NotImplementedError

    async def load(self, uow: UnitOfWork, need: Need) -> StoredDoc | None:
        data = await uow.encounter.document(self.name)
        if data is None:
            if need in ("require", "look"):
                raise UmbralError(NO_ENCOUNTER)
            return None
        return self.decode(data)

    def prepare(self, doc: StoredDoc, settings: GuildSettings) -> None:
        return None  # (its rules travel in its document)

    def window(self, doc: StoredDoc) -> timedelta | None:
        """How long the round it is in may stay open once it has something to resolve
        (``None``: it does not close by itself now)."""
        return None

    async def save(self, uow: UnitOfWork, doc: StoredDoc) -> None:
        await uow.encounter.save(doc.to_dict(), window=self.window(doc))

    def tracked(self, doc: StoredDoc) -> JsonObject:
        return doc.to_dict()


@dataclass
class Turn(Generic[Doc, Memo, Event]):
    """What a step's rules work with, inside the unit of work: the command's context, the
    unit, the guild's settings, the document read (``None`` when the step's ``need`` let it
    be missing) and the encounter's creator. The rules put the events to log in ``events``
    and may change what follows them: ``saves`` (write the document), ``tracker``."""

    caller: Caller
    uow: UnitOfWork
    settings: GuildSettings
    doc: Doc | None
    creator_id: int | None
    memo: Memo | None = None
    events: list[Event] = field(default_factory=list)
    saves: bool = True
    tracker: Tracker | None = "show"

    @property
    def ctx(self) -> Context:
        """The command's context (a step the bot runs by itself has none)."""
        if not isinstance(self.caller, Context):
            raise RuntimeError("This step runs without a command.")
        return self.caller

    @property
    def document(self) -> Doc:
        """The document read (a step whose ``need`` is ``require`` always has one)."""
        if self.doc is None:
            raise RuntimeError("This step read no document.")
        return self.doc


Rules = Callable[[Turn[Doc, Memo, Event]], Awaitable[R]]
OwnLog = Callable[[Turn[Doc, Memo, Event], R], Awaitable[None]]


@dataclass(frozen=True)
class Step(Generic[Doc, Memo, Event, R]):
    """One encounter command as the path runs it: ``logs`` the name its rolls are logged
    under (``None``: it logs nothing, or ``own_log`` writes its entry), ``rules`` the call
    into the game's rules (it may run more than once: no messages inside), ``need`` which
    encounter it acts on (``missing``: with ``get``, the refusal when there is none, said
    before any other; ``demands``: what it refuses of the document, such as a board, said
    before who may)."""

    logs: str | None
    rules: Rules[Doc, Memo, Event, R]
    need: Need = "require"
    own_log: OwnLog[Doc, Memo, Event, R] | None = None
    missing: str | None = None
    demands: Callable[[Doc], None] | None = None


async def run_step(
    ctx: Caller, system: GameSystem[Doc, Memo, Event], step: Step[Doc, Memo, Event, R]
) -> R:
    """Run ``step`` in the channel's unit of work, with the retry; what its rules returned.
    Nothing is sent from here: the caller answers once it has committed. ``ctx`` is the
    command's context, or the bot acting by itself (:class:`Caller`)."""
    guild_id, channel_id = ctx.ids()

    async def work(uow: UnitOfWork) -> R:
        doc = None if step.need == "none" else await system.load(uow, step.need)
        if doc is None and step.missing is not None:
            raise UmbralError(step.missing)
        if doc is not None and step.demands is not None:
            step.demands(doc)
        if doc is not None and isinstance(ctx, Context) and ctx.shared is not None:
            # what this system does not take
            ctx.services.systems.refuse_given(ctx, system.name, ctx.shared)
        info = uow.encounter.info if doc is not None else None
        settings = await uow.guild.get()
        creator_id = None if info is None else info.creator_id
        ctx.require(settings.gm_role_id, creator_id)  # what the command declared
        turn: Turn[Doc, Memo, Event] = Turn(ctx, uow, settings, doc, creator_id)
        turn.saves = step.need != "look"
        if doc is not None and step.need != "look":  # (a look leaves the document as read)
            turn.memo = system.prepare(doc, settings)
        result = await step.rules(turn)
        doc = turn.doc  # (a step that starts an encounter leaves it here)
        if doc is not None and turn.saves:
            await system.save(uow, doc)
        if step.own_log is not None:
            await step.own_log(turn, result)
        elif step.logs is not None and doc is not None and turn.events:
            await system.log(uow, ctx.user_id, step.logs, doc, turn.events, turn.memo)
        shown = None if doc is None or turn.tracker is None else system.tracked(doc)
        if shown is not None and turn.tracker is not None:
            ctx.show_tracker(
                uow, shown, ended=turn.tracker == "ended", repost=turn.tracker == "repost"
            )
        return result

    return await ctx.storage.run_in_channel(guild_id, channel_id, work)
