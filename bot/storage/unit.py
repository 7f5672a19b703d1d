"""The unit of work: what one command sees, repositories that share one transaction, scoped
by guild; each made when the command first uses it (:class:`~bot.storage.uow.Storage` opens
the units)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property

from sqlalchemy.ext.asyncio import AsyncSession

from bot.clock import Now, system_now

from .encounter_info import Committed, EncounterCache
from .encounters import EncounterRepository
from .reminders import ReminderRepository
from .repositories import BestiaryRepository, CharacterRepository
from .rolllog import RollLogRepository
from .saved_rolls import SavedRollRepository
from .scene import SceneRepository
from .sessions import ActivityRepository, SessionRepository
from .settings import GuildSettingsRepository, SettingsCache
from .system_sheets import SystemSheetRepository
from .undo import UNDO_INSERT, Pending, UndoRepository

CommitListener = Callable[[Committed], None]


@dataclass(frozen=True)
class Operation:
    """Who runs which command now (set around each interaction the bot handles): what the
    unit's undo record names (:meth:`UnitOfWork.finish`)."""

    command: str
    user_id: int


#: The operation the current task is running, for the unit of work's record.
CURRENT: ContextVar[Operation | None] = ContextVar("umbral_operation", default=None)


@contextmanager
def operation(command: str, user_id: int) -> Iterator[None]:
    token = CURRENT.set(Operation(command, user_id))
    try:
        yield
    finally:
        CURRENT.reset(token)


class UnitOfWork:
    """What one command sees: repositories that share one transaction, scoped by guild.

    Attributes: ``guild`` (settings), ``characters``, ``bestiary``, ``rolls`` (the roll log),
    ``saved_rolls``, ``scene`` (channel webhooks and lines said as characters) and, in a
    channel unit, ``encounter`` (the channel's active encounter). Each repository is made
    when the command first uses it (a ``/tirar`` makes two of them, not eleven).
    """

    def __init__(
        self,
        session: AsyncSession,
        guild_id: int,
        channel_id: int | None,
        *,
        lock_encounter: bool = False,
        settings_cache: SettingsCache | None = None,
        encounter_cache: EncounterCache | None = None,
        clock: Now = system_now,
    ) -> None:
        self.session, self.clock = session, clock
        self.guild_id, self.channel_id = guild_id, channel_id
        self._lock_encounter = lock_encounter
        self._settings_cache = settings_cache
        self.undo = Pending()
        #: What runs once this unit has committed (see :meth:`after_commit`).
        self._after_commit: list[Callable[[], None]] = []
        self._encounter_cache = encounter_cache
        self._others: list[EncounterRepository] = []
        #: The channel's encounter repository once made (one slot: the roll log asks it for
        #: the encounter's id through this box, never through the unit; see :attr:`rolls`).
        self._made: list[EncounterRepository] = []

    # --- the repositories, each made when first used -------------------------------------

    @cached_property
    def guild(self) -> GuildSettingsRepository:
        return GuildSettingsRepository(
            self.session, self.guild_id, self._settings_cache, self._after_commit
        )

    @cached_property
    def characters(self) -> CharacterRepository:
        return CharacterRepository(self.session, self.guild_id)

    @cached_property
    def bestiary(self) -> BestiaryRepository:
        return BestiaryRepository(self.session, self.guild_id)

    @cached_property
    def reminders(self) -> ReminderRepository:
        return ReminderRepository(self.session)

    @cached_property
    def saved_rolls(self) -> SavedRollRepository:
        return SavedRollRepository(self.session, self.guild_id)

    @cached_property
    def sessions(self) -> SessionRepository:
        return SessionRepository(self.session, self.guild_id)

    @cached_property
    def activity(self) -> ActivityRepository:
        return ActivityRepository(self.session, self.guild_id)

    @cached_property
    def scene(self) -> SceneRepository:
        return SceneRepository(self.session, self.guild_id)

    @cached_property
    def undo_log(self) -> UndoRepository | None:
        """What ``/deshacer`` can take back: written by :meth:`finish` in this transaction."""
        if self.channel_id is None:
            return None
        return UndoRepository(self.session, self.guild_id, self.channel_id, self.clock)

    @cached_property
    def system_sheets(self) -> SystemSheetRepository:
        """The sheets and bestiary entries of the game systems other than Umbral."""
        return SystemSheetRepository(self.session, self.guild_id)

    @cached_property
    def rolls(self) -> RollLogRepository:
        # (given the box of the encounter's repository, not a method of this unit: a unit
        # that referred to itself would outlive its command until a collection, with its
        # encounter and every row)
        made = self._made if self.channel_id is not None else ()
        return RollLogRepository(
            self.session, self.guild_id, self.channel_id, made, clock=self.clock
        )

    @property
    def encounter(self) -> EncounterRepository:
        if self._made:
            return self._made[0]
        if self.channel_id is None:
            raise RuntimeError("This unit of work has no channel: use storage.channel().")
        repo = EncounterRepository(
            self.session, self.guild_id, self.channel_id, for_update=self._lock_encounter,
            cache=self._encounter_cache, clock=self.clock,
        )  # fmt: skip
        self._made.append(repo)
        return repo

    def encounter_in(self, channel_id: int) -> EncounterRepository:
        """The active encounter of another channel of the guild, in this same transaction
        (to move a character out of it). Its channel's lock is not taken: its version check
        still refuses a save over a change made meanwhile."""
        if channel_id == self.channel_id:
            return self.encounter
        repo = EncounterRepository(
            self.session, self.guild_id, channel_id, cache=self._encounter_cache, clock=self.clock
        )
        self._others.append(repo)
        return repo

    def after_commit(self, hook: Callable[[], None]) -> None:
        """Run ``hook`` once this unit has committed (never if it rolls back, nor for an
        attempt that ``run_in_channel`` re-runs): how a command asks for what must follow
        a saved change, such as the tracker's refresh, without doing it twice or for
        nothing."""
        self._after_commit.append(hook)

    def publish(self, listeners: Sequence[CommitListener] = ()) -> None:
        """After COMMIT: the encounters of this unit go to the storage's cache, what it wrote
        of each to ``listeners`` (the tracker's publisher: drawn now, before anything can
        change it), then the unit's after-commit hooks run, in the order asked for."""
        for repo in (*self._made, *self._others):
            committed = repo.publish()
            if committed is not None:
                for listener in listeners:
                    listener(committed)
        hooks = list(self._after_commit)  # (the list stays: the settings' repository holds it)
        self._after_commit.clear()
        for hook in hooks:
            hook()

    async def flush(self) -> None:
        await self.session.flush()

    async def finish(self) -> None:
        """Before COMMIT: the undo record of what this unit did in its channel, if anything
        (one central place, the records' only writer: every command that saves the channel's
        encounter gets one), made now by :data:`CURRENT`'s user. The table's trigger
        drops the records it makes dead: undone ones, and those beyond the newest
        :data:`~.undo.KEEP`."""
        if self.channel_id is None or self.undo.skip:
            return
        if not self._made and not self.undo.sheets:  # it touched neither
            return
        enc, channel = self.encounter, self.channel_id
        if enc.created:  # a new fight starts a new undo history in the channel
            await UndoRepository(self.session, self.guild_id, channel, self.clock).clear()
            return
        if not enc.changed and not self.undo.sheets:  # (a save that changes nothing
            return  # is still an operation: /deshacer takes it back, changing nothing)
        info, before = enc.info, enc.undo_before()
        rolls: RollLogRepository | None = self.__dict__.get("rolls")  # (made if it logged)
        op = CURRENT.get() or Operation("?", 0)
        await (await self.session.connection()).execute(
            UNDO_INSERT,
            {
                "guild_id": self.guild_id,
                "channel_id": channel,
                "encounter_id": None if info is None or before is None else info.id,
                "command": op.command[:50],
                "user_id": op.user_id,
                "created_at": self.clock(),
                "rolled": rolls.rolled if rolls is not None else False,
                "ended": enc.ended,
                "version_after": None if info is None else info.version,
                "before": None if before is None else before.to_json(),
                "sheets": [s.to_json() for s in self.undo.sheets],
                "roll_ids": rolls.appended if rolls is not None else [],
            },
        )
